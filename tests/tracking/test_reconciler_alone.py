"""The reconciler stands alone: it imports no adapter (not even for type checking), and
judging the table changes nothing of the adapter that asks; the adapter hands out what
it judged."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.reconcile
from tests.tracking.test_reconcile import PUMAFIOSI, play, round_won_by_ann_with_13, \
    step_at, table


def test_reconcile_imports_no_adapter_at_all():
    tree = ast.parse(Path(companion.reconcile.__file__).read_text(encoding="utf-8"))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom)]
    assert imported and not [name for name in imported if "adapters" in name]


def test_judging_the_table_changes_nothing_of_the_adapter():
    driver, sim = table(PUMAFIOSI)
    adapter, judged = driver.adapter, []
    check = adapter.reconciler.check

    def watched(now, sense, t):
        before = (list(adapter._expected), adapter._handed_last, list(adapter._pending),
                  adapter._wake)
        result = check(now, sense, t)
        assert (list(adapter._expected), adapter._handed_last, list(adapter._pending),
                adapter._wake) == before
        judged.append(result)
        return result

    adapter.reconciler.check = watched
    round_won_by_ann_with_13(sim)
    for value, seat in ((9, 1), (50, 2), (44, 3)):
        play(sim, value, seat)
    sim.move("c44", "step:-3", step_at(-3))           # booked at -3 (it lay there a while) ...
    sim.wait(2.0)
    sim.move("c44", "step:2", step_at(2, 1))          # ... put on step 2
    sim.move("c13", "step:1", step_at(1))
    sim.wait(0.3)
    for key in ("c50", "c9"):
        sim.take(key)
    sim.wait(3.0)
    corrected = [r.moves for r in judged if r.moves]
    assert corrected == [({"type": "undo"},
                          {"type": "place", "player": "Cy", "card": 44, "step": 2})]
    assert driver.moves[-2:] == list(corrected[0])    # handed out, and journalled
