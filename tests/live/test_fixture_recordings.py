"""Every rendered recording in fixtures/recordings replays through vision, tracker and
rules to its expected session file (byte for byte, moves and their times) and summary."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from tests.live.recordings import FIXTURES

RECORDINGS = sorted(p.name for p in FIXTURES.iterdir() if (p / "manifest.json").exists())


def test_the_fixtures_cover_the_games_the_issue_asks_for():
    assert {"pumafiosi-3p", "pumafiosi-2p-tony-items", "pungi-4p",
            "mafia-5p-omerta-abort"} <= set(RECORDINGS)


@pytest.mark.parametrize("name", RECORDINGS)
def test_a_fixture_recording_replays_to_its_expected_session(name, capsys):
    folder = FIXTURES / name
    assert main(["replay", str(folder), "--check", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report == {"match": True, "differences": [],
                      "frames": json.loads((folder / "manifest.json").read_text())["frames"]}
    moves = (folder / "session.jsonl").read_text().splitlines()[1:]
    assert moves and all('"t": ' in line for line in moves)
