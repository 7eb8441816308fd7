"""The files that come with the companion, in fixtures/: the 3-game demo session, the rules'
example sessions and the rendered recordings of whole games (made by
companion.simulator.make_fixtures)."""

from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
DEMO_SESSION = FIXTURES / "sessions" / "demo.jsonl"
RECORDINGS = FIXTURES / "recordings"
DEMO_RECORDING = "pumafiosi-3p"   # what ``companion demo`` plays


def recording_names() -> list[str]:
    """The bundled recordings, by folder name."""
    return sorted(p.parent.name for p in RECORDINGS.glob("*/manifest.json"))


def session_files() -> list[Path]:
    """Every bundled session file: the demo, the rules' example sessions (fixtures/sessions,
    some deliberately refused) and each recording's session.

    >>> files = session_files()
    >>> files[0].parent.name, "pumafiosi-3p" in {path.parent.name for path in files}
    ('sessions', True)
    """
    return sorted(FIXTURES.glob("sessions/*.jsonl")) + sorted(RECORDINGS.glob("*/session.jsonl"))
