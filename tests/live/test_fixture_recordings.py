"""Every rendered recording in fixtures/recordings replays through vision, tracker and
rules to its expected session file (byte for byte, moves and their times) and summary;
the ones filmed at a level hold the journal the pipeline made, and say how much of their
script it has right."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.simulator.make_fixtures import at_level, fixtures, scored
from tests.live.recordings import FIXTURES

RECORDINGS = sorted(p.name for p in FIXTURES.iterdir() if (p / "manifest.json").exists())


# What each hard fixture's journal makes of its script: (script moves, right, missed,
# phantom, corrected, final summary equal).
HARD_SCORES = {
    "pumafiosi-3p-hard": (20, 20, 0, 0, 0, True),
    "pungi-4p-hard": (15, 15, 0, 0, 0, True),
    "mafia-5p-omerta-abort-hard": (9, 9, 0, 0, 0, True),
}
HARD = sorted(HARD_SCORES)


def test_the_fixtures_cover_the_games_the_issue_asks_for():
    assert {"pumafiosi-3p", "pumafiosi-2p-tony-items", "pungi-4p",
            "mafia-5p-omerta-abort", *HARD} <= set(RECORDINGS)


@pytest.mark.parametrize("name", RECORDINGS)
def test_a_fixture_recording_replays_to_its_expected_session(name, capsys):
    folder = FIXTURES / name
    assert main(["replay", str(folder), "--check", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report == {"match": True, "differences": [],
                      "frames": json.loads((folder / "manifest.json").read_text())["frames"]}
    moves = (folder / "session.jsonl").read_text().splitlines()[1:]
    assert moves and all('"t": ' in line for line in moves)


@pytest.mark.parametrize("name", HARD)
def test_a_hard_fixture_is_its_script_filmed_at_the_hard_level(name):
    """Its script is the clean fixture's first moves, and its journal (corrections
    included) has this many of them right."""
    base = next(f for f in fixtures() if f"{f.name}-hard" == name)
    fixture = at_level(base, "hard")
    script = json.loads((FIXTURES / name / "script.json").read_text())
    assert script["moves"] == fixture.moves and script["level"] == "hard"
    got = scored(fixture.header, fixture.moves, (FIXTURES / name / "session.jsonl").read_text())
    assert got == {k: script[k] for k in got}
    counts = (len(fixture.moves), got["right"], got["missed"], got["phantom"],
              got["corrected"], got["summary_equal"])
    assert counts == HARD_SCORES[name]
    summary = json.loads((FIXTURES / name / "summary.json").read_text())
    assert (summary == got["script_summary"]) == got["summary_equal"]
