"""The game view (companion.board): each game's picture as values, the same for the
terminal (companion.dashboard.widgets.board_text, view_text) and the web page (its JSON,
page.css)."""

from __future__ import annotations

import doctest
import importlib
import re
from dataclasses import replace
from pathlib import Path

import pytest

from companion.board import view
from companion.board.game_view import Clock, GameView, Timed
from companion.board.values import (EMPTY, GOOD, HELD, JOIN, LIVE, OWNER, ROLES, SCORE, STEP,
                                    Board, Cell, Row, Section)
from companion.live_table import Table
from companion.dashboard.widgets.board_text import LOOKS
from companion.omerta import OmertaTimer
from companion.registry import game_names, game_spec
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
    for name in game_names():
        assert callable(game_spec(name).part("view").view)
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


def test_the_omerta_s_clocks_run_where_the_timer_and_the_rules_agree():
    """The banner runs the silence's clock and the next turn's (a clock per turn: time
    left, then over by); a timer that disagrees with the rules (it kept an Omertà and a
    turn the table took back) shows no clock, and an Omertà the rules no longer hold
    (undone) no banner."""
    name = "mafia-mobsters-win.jsonl"
    moves = table_at(name).session.moves
    turn = next(i for i, m in enumerate(moves) if m["type"] == "omerta") + 1
    table = table_at(name, turn + 1)   # Bob called it, now Cy's turn: 10 s a move
    timer = OmertaTimer(turn_seconds=60)
    for number, outcomes in enumerate(table.in_force):
        for outcome in outcomes:
            timer.observe(outcome, 10.0 * number)
    shown = view_of(table, omerta=timer.view(10.0 * turn + 75))
    silence, cy = shown.banner.clocks
    assert shown.banner.text == "OMERTÀ called by Bob: silence until Bob's turn"
    assert silence == Timed("", Clock(85.0, "silent for {clock}"))
    assert cy.text == "turn: Cy" and cy.clock == shown.turn.clock
    assert cy.clock.reading() == ("(over by {clock})", 15.0)
    assert [(c.text, c.seat) for c in shown.turn.cells] == [("turn:", None), ("Cy", 2)]
    behind = replace(timer.view(10.0 * turn + 75), called_by="Ann", turn="Dee")
    unaware = view_of(table, omerta=behind)
    assert unaware.banner.clocks == (Timed("turn: Cy"),) and unaware.clocks == ()
    assert shown.clocks == (cy.clock, silence.clock, cy.clock)
    table.apply({"type": "undo"})
    table.apply({"type": "undo"})
    assert view_of(table, omerta=timer.view(10.0 * turn + 75)).banner is None


@pytest.mark.parametrize("name", ["demo.jsonl", "pungi-series-4p.jsonl"])
def test_the_chart_holds_each_finished_game_and_the_scores_now(name):
    """After every move: the finished games as the summary has them, and while the
    series runs, its total if the game ended now (Pungi's snakes held counted)."""
    table = table_at(name, 0)
    for move in table_at(name).session.moves:
        table.apply(move)
        shown = view_of(table)
        games = table.game.summary()["games"]
        assert shown.chart.games == tuple(tuple(g["scores"][n] for n in table.names)
                                          for g in games)
        totals = [sum(int(c.text) for c in row.cells if c.role in (SCORE, LIVE))
                  for row in shown.scores.rows[1:]]
        assert shown.chart.now == (None if table.game.complete else tuple(totals))
    assert len(games) == shown.games_in_series > 1
