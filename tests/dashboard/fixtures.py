"""Shared by the dashboard tests: the session fixtures, and each move as a person types it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

SESSIONS = Path(__file__).resolve().parents[2] / "fixtures" / "sessions"


def session_lines(name: str) -> tuple[dict, list[dict]]:
    """A fixture's header and moves."""
    lines = [json.loads(line) for line in
             (SESSIONS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    return lines[0], lines[1:]


def expected_summary(name: str) -> dict:
    return json.loads((SESSIONS / f"{name}.summary.json").read_text(encoding="utf-8"))


def valid_sessions(prefix: str = "") -> list[str]:
    return sorted(p.stem for p in SESSIONS.glob(f"{prefix}*.jsonl")
                  if p.with_suffix(".summary.json").exists())


def typed(game: str, move: dict) -> str:
    """The words a person types at the command line for ``move``."""
    kind = move["type"]
    if kind == "undo":
        return "undo"
    if game == "pumafiosi":
        if kind == "tony":
            return f"tony {move['card']}"
        if kind == "play":
            return f"{move['player'].lower()} {move['card']}" + (
                " gun" if move.get("machine_gun") else "")
        if kind == "place":
            return " ".join([f"place {move['card']} at {move['step']}",
                             move.get("item") or "", "ring" if move.get("ring") else ""]).strip()
        if kind == "honor_violation":
            return f"honor {move['player']}"
    if game == "pungi":
        if kind == "first":
            return f"first {move['player']}"
        if kind == "layout":
            return "layout " + " ".join(str(c) for c in move["cards"])
        if kind == "play":
            return f"{move['player']} {move['animal']} {move['value']}"
    if game == "mafia":
        if kind == "mission":
            return " ".join(["mission", str(move["slot"]), str(move["mission"]),
                             *move["assigned"]])
        if kind == "contribute":
            return f"contribute {move['player']} {move['slot']}" + (
                " salvatore" if move.get("skill") else "")
        if kind == "reveal":
            return f"reveal {move['slot']} " + " ".join(
                f"{c['value']}{c['color'][0]}" for c in move["cards"])
        if kind in ("abort", "assign", "release"):
            return f"{kind} {move['slot']} {move['player']}"
        if kind == "adjust":
            return f"adjust {move['slot']} {move['player']} {move['delta']}"
        if kind == "reveal_cop":
            return f"cop {move['player']}"
        if kind in ("omerta", "turn"):
            return f"{kind} {move['player']}"
        if kind == "spoke":
            return f"spoke {move['player']}" if "player" in move else "spoke"
    raise ValueError(f"no words for {game} {move}")


def without_time(move: dict) -> dict:
    return {k: v for k, v in move.items() if k != "t"}


@cache
def camera_frame(size: tuple[int, int] = (320, 180)):
    """A rendered table (vision.render) with the cards the detector found outlined by the
    scan command's drawing, shrunk as the live pipeline hands it on: (frame, cards seen)."""
    import cv2

    from companion.bench.vision import table_scene
    from companion.frame_annotation import annotate_cards
    from companion.piece_catalog import marker_catalog
    from vision.detect import MarkerDetector
    from vision.render import render

    image = render(table_scene(6, 61, tilt_deg=15.0, blur_sigma=0.3), (1280, 720)).image
    detection = MarkerDetector(marker_catalog()).detect(image)
    drawn = annotate_cards(image, detection, [])
    return cv2.resize(drawn, size, interpolation=cv2.INTER_AREA), len(detection.sightings)
