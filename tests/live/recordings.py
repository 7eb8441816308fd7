"""Short recordings for the live tests, cut from the Pumafiosi fixture's video (its first
round: three plays and a place), recorded the way ``companion record`` does."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from companion.cli import main

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "recordings"
SOURCE = FIXTURES / "pumafiosi-3p"
FIRST_ROUND_FRAMES = 61   # (the first round's place is said at 6.0 s)


def players(folder: Path = SOURCE) -> list[str]:
    header = json.loads((folder / "manifest.json").read_text())["header"]
    return [f"{p['name']}:{p['age']}" for p in header["players"]]


def record(out: Path, camera: str | None = None, frames: int = FIRST_ROUND_FRAMES,
           calibration: Path = SOURCE / "calibration.json") -> int:
    return main(["record", "--camera", camera or str(SOURCE / "video.mp4"),
                 "--calibration", str(calibration), "--game", "pumafiosi",
                 "--players", *players(), "--out", str(out), "--max-frames", str(frames)])


def copy(folder: Path, to: Path) -> Path:
    shutil.copytree(folder, to)
    return to
