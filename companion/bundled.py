"""The files that come with the companion, in fixtures/: the 3-game demo session and the
rendered recordings of whole games (made by companion.simulator.make_fixtures)."""

from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
DEMO_SESSION = FIXTURES / "sessions" / "demo.jsonl"
RECORDINGS = FIXTURES / "recordings"
DEMO_RECORDING = "pumafiosi-3p"   # what ``companion demo`` plays


def recording_names() -> list[str]:
    """The bundled recordings, by folder name."""
    return sorted(p.parent.name for p in RECORDINGS.glob("*/manifest.json"))
