"""A fourth game, registered once from outside the companion (tests/toygame/game.py,
named in COMPANION_GAMES), played through the commands and screens the bundled games
use: ``companion play`` typed at the dashboard, ``companion replay``, ``companion export``,
``companion cards``, the web page, and a rendered recording read back by ``companion
record``. Nothing here or in the duel's modules edits a shared module."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from companion.cli import build_parser, main
from companion.commands import play as play_command
from companion.decks import all_decks, deck_names
from companion.i18n import LANGS
from companion.live_table import Table
from companion.registry import game_names, game_spec
from companion.session import Session, parse_header, replay_file
from companion.web.server import WebView
from companion.web.state import PageState
from tests.dashboard.pilot import enter, shown

SEED = 1
SIZE = (120, 44)


def script() -> tuple[dict, list[dict]]:
    header, moves = game_spec("duel").part("random_session")(SEED)
    return header.to_json(), moves


def expected_summary() -> dict:
    header, moves = game_spec("duel").part("random_session")(SEED)
    session = Session(header)
    for move in moves:
        session.apply(move)
    return session.summary()


def test_the_duel_is_known_everywhere_the_bundled_games_are():
    assert "duel" in game_names() and deck_names()[-1] == "duel"
    deck = all_decks()["duel"]   # checked with the others: no marker shared
    assert sorted(c.marker for c in deck.cards) == list(range(575, 585))
    choices = next(a for a in build_parser("play")._subparsers._group_actions[0]
                   .choices["play"]._actions if a.dest == "game").choices
    assert "duel" in choices


def test_its_stickers_print(tmp_path, capsys):
    assert main(["cards", "print", "duel", "--out", str(tmp_path / "duel.png")]) == 0
    assert "20 stickers on 1 A4 page" in capsys.readouterr().out   # two a blade
    assert (tmp_path / "duel.png").stat().st_size > 0


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """The duel's journal, typed move by move at ``companion play``'s dashboard."""
    return tmp_path_factory.mktemp("play") / "duel.jsonl"


async def test_play_types_a_whole_duel_at_the_dashboard(played):
    _, moves = script()
    args = build_parser("play").parse_args(["play", "duel", "--players", "Ann", "Bob",
                                            "--journal", str(played)])
    app, journal = play_command.prepare(args)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await enter(pilot, "ann 9")   # no such blade: refused in the duel's words
            assert "no blade 9" in shown(pilot, "#message")
            for number, move in enumerate(moves, 1):
                word = "plays " if number % 2 else ""   # as the screen says it, or short
                await enter(pilot, f"{move['player'].lower()} {word}{move['card']}")
                assert len(app.table.session.moves) == number, shown(pilot, "#message")
            assert app.table.session.summary() == expected_summary()
            screen = "\n".join(shown(pilot, s) for s in ("#heading", "#board", "#scores"))
            assert "Duel" in screen and "Ann won" in screen
            assert app.table.history[-1].text() == "Ann wins the duel with 3 points."
    finally:
        journal.close()


def test_replay_reads_the_journal_back(played, capsys):
    assert main(["replay", str(played)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Duel, 2 players: Ann, Bob")
    assert "Ann wins round 5. Points: Ann 3, Bob 2." in out and "Winner: Ann" in out
    assert main(["replay", "--json", str(played)]) == 0
    assert json.loads(capsys.readouterr().out) == expected_summary()


def test_export_writes_its_bgstats_play(played, tmp_path):
    out = tmp_path / "duel.bgsplay"
    assert main(["export", str(played), "--bgstats", "--out", str(out),
                 "--date", "2026-12-06 20:00"]) == 0
    play_file = json.loads(out.read_text())
    assert play_file["games"][0]["name"] == "Duel"
    assert not play_file["games"][0]["usesTeams"]
    scores = {s["playerRefId"]: (s["score"], s["winner"], s["startPlayer"])
              for s in play_file["plays"][0]["playerScores"]}
    assert scores == {1: ("3", True, True), 2: ("2", False, False)}
    assert main(["export", str(played), "--bgstats", "--cops", "Bob", "--out",
                 str(tmp_path / "x.bgsplay")]) == 1   # a game without teams has no cops


def test_the_web_page_shows_it_in_both_languages():
    header, moves = script()
    table = Table(Session(parse_header(header)))
    builder, web = PageState(), WebView()
    web.start()
    try:
        for number, move in enumerate(moves, 1):
            table.apply(move)
            lang = LANGS[number % len(LANGS)]
            state = json.loads(json.dumps(builder.build(table, lang, None)))
            assert state["game"] == "duel" and state["moves"] == number
            assert len(state["history"]) == len(table.history)
        assert state["title"] == {"en": "Duel", "vi": "Song đấu"}[lang]
        web.publish(table, "vi")
        with urllib.request.urlopen(f"http://127.0.0.1:{web.port}/{web.token}/") as page:
            text = page.read().decode("utf-8")
        assert '"game": "duel"' in text or '"game":"duel"' in text
    finally:
        web.stop()
    rows = {row["key"]: [c["t"] for c in row["cells"]] for row in state["scores"]["rows"]
            if row["key"]}
    assert rows == {"Ann": ["Ann", "3"], "Bob": ["Bob", "2"]}


def test_a_rendered_duel_is_read_back_by_record(tmp_path, capsys):
    """The simulator acts the duel out on a rendered table and films it (the fixture
    maker's own path, which refuses a replay that differs from the script); ``companion
    record`` reads the video into the same journal."""
    from companion.simulator.act import Look
    from companion.simulator.make_fixtures import Fixture, render_fixture
    from vision.types import CameraPose

    header, moves = script()
    filmed = tmp_path / "filmed"
    render_fixture(Fixture("duel", header, moves, Look(
        camera=CameraPose(target_mm=(400.0, 300.0), distance_mm=950.0, tilt_deg=10.0),
        texture="wood", seed=2), size=(960, 540), seed=2), filmed)
    recorded = tmp_path / "recorded"
    assert main(["record", "--camera", str(filmed / "video.mp4"), "--calibration",
                 str(filmed / "calibration.json"), "--game", "duel", "--players", "Ann",
                 "Bob", "--out", str(recorded)]) == 0
    assert "10 moves recorded" in capsys.readouterr().err
    journal = replay_file(recorded / "session.jsonl")
    assert [{k: v for k, v in s.move.items() if k != "t"} for s in journal.steps] == moves
    assert journal.session.summary() == expected_summary()
    assert (recorded / "session.jsonl").read_text() == (filmed / "session.jsonl").read_text()
