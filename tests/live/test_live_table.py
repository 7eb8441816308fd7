"""The live table alone: every move's one way in (stamped, journalled, folded, the Omertà
clock moved, the subscribers told in order), a refusal as a value, a journal that cannot
hold a move, undo, a journal rewritten, and the clock of a resumed game."""

from __future__ import annotations

import json
from pathlib import Path

from companion.live_table import CAMERA, PERSON, LiveTable, Played, Table
from companion.session import Journal, Session, parse_header

MAFIA = parse_header({"format": "companion-session/1", "game": "mafia",
                      "players": [{"name": n} for n in ("Ann", "Bob", "Cy")]})


class Clock:
    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def live_table(tmp_path: Path, clock: Clock | None = None) -> tuple[LiveTable, Path]:
    path = tmp_path / "game.jsonl"
    return LiveTable(Table(Session(MAFIA)), Journal.create(path, MAFIA),
                     clock=clock or Clock()), path


def journalled(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


def test_a_move_is_stamped_journalled_folded_and_told(tmp_path):
    clock = Clock()
    live, path = live_table(tmp_path, clock)
    heard: list[Played] = []
    live.subscribe(heard.append)
    clock.now += 2.5
    played = live.play({"type": "turn", "player": "Bob"})
    live.play({"type": "omerta", "player": "Bob"}, at=3.25, by=CAMERA)   # seen at 3.25 s
    live.play({"type": "spoke", "t": 4.0})   # heard with its own time
    assert journalled(path) == [{"type": "turn", "player": "Bob", "t": 2.5},
                                {"type": "omerta", "player": "Bob", "t": 3.25},
                                {"type": "spoke", "t": 4.0}]
    # The rules get the move as given; the journal, with its time.
    assert live.table.session.moves[0] == {"type": "turn", "player": "Bob"}
    assert played.refused is None and played.by == PERSON
    assert [t.outcomes[0].kind for p in heard for t in p.taken] == [
        "turn_passed", "omerta_started", "omerta_broken"]
    assert [p.by for p in heard] == [PERSON, CAMERA, PERSON]
    assert live.table.latest == heard[-1].taken[0].outcomes


def test_subscribers_hear_every_move_in_the_order_it_was_taken(tmp_path):
    """A subscriber that plays a move while it is told (the camera's adapter hearing a
    person's move) does not make the others hear the moves out of order."""
    live, path = live_table(tmp_path)
    heard: dict[str, list[str]] = {"first": [], "second": []}

    def first(played: Played) -> None:
        heard["first"] += [t.move["player"] for t in played.taken]
        if played.by == PERSON:   # a follow-up of its own, played while told
            live.play({"type": "turn", "player": "Cy"}, by=CAMERA)

    live.subscribe(first)
    live.subscribe(lambda played: heard["second"].append(
        (played.taken[0].move["player"], [m.get("player") for m in live.table.session.moves])))
    live.play({"type": "turn", "player": "Bob"})
    assert heard["first"] == ["Bob", "Cy"]
    # Both moves were taken by the time the second heard of the first: in order still.
    assert heard["second"] == [("Bob", ["Bob", "Cy"]), ("Cy", ["Bob", "Cy"])]
    assert [m["player"] for m in journalled(path)] == ["Bob", "Cy"]


def test_a_move_the_rules_refuse_is_a_value_and_changes_nothing(tmp_path):
    live, path = live_table(tmp_path)
    heard: list[Played] = []
    live.subscribe(heard.append)
    played = live.play({"type": "spoke"})
    assert played.taken == () and played.refused.rules
    assert played.refused.reason.key == "refusal:no_omerta"   # said in any language
    assert heard == [played]
    assert live.table.session.moves == [] and journalled(path) == []


def test_a_move_the_journal_cannot_hold_is_taken_back_and_said(tmp_path):
    full = Journal(open("/dev/full", "a", encoding="utf-8"), Path("/dev/full"))
    live = LiveTable(Table(Session(MAFIA)), full)
    played = live.play({"type": "turn", "player": "Bob"}, {"type": "omerta", "player": "Bob"})
    assert played.taken == () and not played.refused.rules
    assert played.refused.reason.startswith("Cannot write the journal /dev/full (")
    assert live.table.session.moves == [] and live.table.game.to_act is None
    assert live.omerta.turn is None   # the clock never saw the move


def test_undo_and_a_journal_rewritten_go_the_same_way(tmp_path):
    live, path = live_table(tmp_path)
    heard: list[Played] = []
    live.subscribe(heard.append)
    live.play({"type": "turn", "player": "Bob"})
    live.play({"type": "turn", "player": "Cy"})
    undone = live.play({"type": "undo"})
    assert undone.taken[0].outcomes[0].kind == "move_undone"
    assert [m["player"] for m in live.table.session.moves] == ["Bob"]
    # Undo back to Bob's turn, Ann's instead, Cy's again: one piece of news.
    rewritten = live.play({"type": "undo"}, {"type": "turn", "player": "Ann"},
                          {"type": "turn", "player": "Cy"})
    assert len(rewritten.taken) == 3 and heard[-1] is rewritten
    assert [m["type"] for m in journalled(path)] == ["turn", "turn", "undo", "undo", "turn",
                                                     "turn"]
    assert [m["player"] for m in live.table.session.moves] == ["Ann", "Cy"]
    # A rewrite the rules refuse half-way stops there: the moves after it are not tried.
    stopped = live.play({"type": "spoke"}, {"type": "turn", "player": "Bob"})
    assert stopped.taken == () and stopped.refused is not None
    assert [m["player"] for m in live.table.session.moves] == ["Ann", "Cy"]


def test_a_resumed_game_keeps_its_silence_and_turn_on_the_clock(tmp_path):
    clock = Clock(1000.0)
    live, path = live_table(tmp_path, clock)
    for seconds, move in ((10.0, {"type": "turn", "player": "Bob"}),
                          (20.0, {"type": "omerta", "player": "Bob"}),
                          (30.0, {"type": "turn", "player": "Cy"})):
        clock.now = 1000.0 + seconds
        live.play(move)
    live.journal.close()

    journal, replay = Journal.resume(path)
    resumed = LiveTable(Table.from_replay(replay), journal, clock=Clock(50.0),
                        session_t=95.0)   # the table's time went on while it was closed
    view = resumed.omerta.view(resumed.now())
    assert (view.in_force, view.called_by, view.silent_s) == (True, "Bob", 75.0)
    assert (view.turn, view.turn_s) == ("Cy", 65.0)
    resumed.play({"type": "turn", "player": "Ann"})
    journal.close()
    assert journalled(path)[-1] == {"type": "turn", "player": "Ann", "t": 95.0}
