"""The game view (companion.board): each game's picture as values, the same for the
terminal (companion.dashboard.widgets.board_text, view_text) and the web page (its JSON,
page.css)."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

from companion.board import VIEWS, view
from companion.board.game_view import GameView
from companion.board.values import (EMPTY, GOOD, HELD, JOIN, OWNER, ROLES, STEP, Board, Cell,
                                    Row, Section)
from companion.live_table import Table
from companion.dashboard.widgets.board_text import LOOKS
from companion.games import GAME_NAMES
from companion.session import Session, replay_file
from companion.web.server import STATIC

SESSIONS = Path(__file__).resolve().parents[1] / "fixtures" / "sessions"


@pytest.mark.parametrize("name", ["companion.board.values", "companion.board.game_view",
                                  "companion.board.pungi",
                                  "companion.dashboard.widgets.board_text",
                                  "companion.dashboard.widgets.view_text"])
def test_the_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, name


def test_every_game_has_a_board_and_every_role_a_look_on_both_faces():
    assert set(VIEWS) == set(GAME_NAMES)
    assert set(LOOKS) == set(ROLES)
    css = (STATIC / "page.css").read_text(encoding="utf-8")
    unstyled = {role for role in ROLES if not re.search(rf"\.{role}\b", css)}
    assert unstyled == {OWNER, "plain"}   # an owner takes its seat's colour


def table_at(name: str, moves: int | None = None) -> Table:
    replay = replay_file(SESSIONS / name)
    table = Table(Session(replay.session.header))
    table.apply_all(step.move for step in replay.steps[:moves])
    return table


def view_of(table: Table, lang: str = "en", **kwargs) -> GameView:
    return view(table.session.header.game, table.game, table.names, table.in_force, lang,
                **kwargs)


def board_of(table: Table, lang: str = "en") -> Board:
    return view_of(table, lang).board


def cells(section: Section) -> list[list[tuple[str, str, int | None]]]:
    return [[(c.text, c.role, c.seat) for c in row.cells] for row in section.rows]


def test_a_shared_card_names_both_owners_in_their_seats_and_its_item():
    hierarchy = board_of(table_at("demo.jsonl", 100)).sections[0]   # Bob 33, Cy's ring on it
    assert [("6", STEP, None), ("33", "card", None), ("Bob", OWNER, 1), ("&", JOIN, None),
            ("Cy", OWNER, 2), ("wedding ring", HELD, None)] in cells(hierarchy)
    assert hierarchy.rows[0].cells[0] == Cell("10", STEP, width=2)


def test_the_last_hand_out_is_the_one_in_force():
    """An undo takes a round's hand-out back: the board shows the round before's."""
    def handed_out(table):
        section = board_of(table).sections[-1]
        assert section.title == "Last round's snakes"
        return cells(section)

    table = table_at("pungi-series-4p.jsonl", 1)
    ends = []   # the moves that end a round
    for move in table_at("pungi-series-4p.jsonl").session.moves[1:20]:
        if any(o.kind == "snake_taken" for o in table.apply(move)):
            ends.append(len(table.session.moves))
    second, third = (table_at("pungi-series-4p.jsonl", n) for n in ends[1:3])
    assert handed_out(second) != handed_out(third)
    third.apply({"type": "undo"})
    assert handed_out(third) == handed_out(second)


def test_a_mission_says_who_is_on_it_what_it_needs_and_how_it_ended():
    first, second = board_of(table_at("mafia-mobsters-win.jsonl"), "vi").sections
    assert first.title == "Nhiệm vụ 1" and cells(first) == [
        [("Judge bribery", "strong", None), ("$6 xanh", "blue", None)],
        [("được giao:", "plain", None), ("Ann", OWNER, 0), ("Cy", OWNER, 2)],
        [("+4 +3 -1 +2 -2 = $6 / $6", "plain", None), ("THÀNH CÔNG", GOOD, None)]]
    assert cells(second)[2] == [("lá bài 3/4", "plain", None), ("▮▮▮▯", "tally", None)]
    start = board_of(table_at("mafia-mobsters-win.jsonl", 0)).sections
    assert [cells(s) for s in start] == [[[("no mission", EMPTY, None)]]] * 2


def test_the_values_are_frozen():
    row = Row((Cell("Ann", OWNER, 0),))
    with pytest.raises(AttributeError):
        row.cells = ()
    assert hash(Board((Section("", (row,)),)))
