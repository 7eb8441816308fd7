"""Every hand-written session in fixtures/sessions/ replays to its expected result.

``NAME.jsonl`` goes with ``NAME.summary.json`` (the exact ``companion replay --json``
output) or, for a broken session, ``NAME.error`` (``LINE:fragment of the reason``).
"""

import json
from pathlib import Path

import pytest

from companion.session import replay_file

SESSIONS = Path(__file__).resolve().parents[1] / "fixtures" / "sessions"
FIXTURES = sorted(SESSIONS.glob("*.jsonl"))


def test_every_fixture_has_an_expectation():
    assert FIXTURES, "no session fixtures found"
    for path in FIXTURES:
        expected = [path.with_suffix(".summary.json"), path.with_suffix(".error")]
        assert any(p.exists() for p in expected), f"{path.name} has no .summary.json or .error"


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_replays_as_expected(path):
    replay = replay_file(path)
    error_file = path.with_suffix(".error")
    if error_file.exists():
        line, _, fragment = error_file.read_text(encoding="utf-8").strip().partition(":")
        assert replay.error is not None, f"{path.name} should fail at line {line}"
        assert replay.error.line == int(line), str(replay.error)
        assert fragment.strip() in replay.error.reason
        assert "internal error" not in replay.error.reason
    else:
        assert replay.error is None, str(replay.error)
        expected = json.loads(path.with_suffix(".summary.json").read_text(encoding="utf-8"))
        assert replay.session.summary() == expected


def test_demo_session_is_complete():
    replay = replay_file(SESSIONS / "demo.jsonl")
    assert replay.error is None and replay.session.complete
