"""How many pixels a marker will have in each zone, from the calibrated camera: said at
calibration, so a table where the far seats' cards will be too small to read is known
before the game, with what to do about it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from calibration.geometry import square_offsets
from calibration.table_map import TableMap
from calibration.types import Note, PieceShape

MIN_MARKER_PX = 20.0   # below this, recall falls (doc/markers.md: ~18 px sharp, ~20 at blur)
ANGLES = (0.0, 45.0)   # a card lying square or turned: the smaller side counts
# The largest marker each kind of piece takes (doc/markers.md): two 32 mm stickers still
# fit on a 59 x 91 mm card; 20 mm is already the most a 32 mm round token holds.
LARGEST_MM = {"card": 32.0, "token": 20.0}


@dataclass(frozen=True)
class ZoneSize:
    zone: str
    pixels: dict[str, float]   # marker kind ("card", "token") -> side in pixels


def game_marker_sizes(shapes: Iterable[PieceShape]) -> dict[str, float]:
    """The smallest card marker and token marker of the games' pieces (not the kit's)."""
    shapes = [s for s in shapes
              if not (s.anchor and s.anchor.split(":")[0] in ("corner", "seat"))]
    cards = [s.marker_mm for s in shapes if not s.round]
    tokens = [s.marker_mm for s in shapes if s.round]
    return {"card": min(cards), **({"token": min(tokens)} if tokens else {})}


def marker_sizes(table: TableMap, markers_mm: dict[str, float]) -> list[ZoneSize]:
    """For each zone, the side in pixels a marker of each kind's size will have there
    (the mean of its four sides, the smaller of it lying square and turned 45 degrees)."""
    out = []
    for zone in table.zones:
        pixels = {}
        for kind, side_mm in markers_mm.items():
            sides = []
            for angle in ANGLES:
                a = np.radians(angle)
                turn = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
                quad = table.to_image(square_offsets(side_mm) @ turn.T + zone.centre)
                sides.append(float(np.linalg.norm(quad - np.roll(quad, 1, axis=0),
                                                  axis=1).mean()))
            pixels[kind] = round(min(sides), 1)
        out.append(ZoneSize(zone.name, pixels))
    return out


def size_warnings(sizes: list[ZoneSize], markers_mm: dict[str, float],
                  image_size: tuple[int, int]) -> list[Note]:
    """One line per marker kind too small somewhere: where, how small, what to do."""
    lines = []
    for kind, side_mm in markers_mm.items():
        small = [(s.pixels[kind], s.zone) for s in sizes if s.pixels[kind] < MIN_MARKER_PX]
        if not small:
            continue
        small.sort()
        where = ", ".join(f"{zone} {px:.0f} px" for px, zone in small[:6])
        more = Note("more_places", {"count": len(small) - 6}) if len(small) > 6 else ""
        # what to do: the camera always, then what else would help (or nothing: "")
        resolution = Note("advice_1080p", {"size": f"{image_size[0]}x{image_size[1]}"}) \
            if image_size[1] < 1080 else ""
        larger = Note("advice_print_card" if kind == "card" else "advice_print_token",
                      {"largest": LARGEST_MM[kind]}) \
            if side_mm < LARGEST_MM.get(kind, side_mm) else ""
        advice = Note("advice_camera", {"resolution": resolution, "larger": larger})
        lines.append(Note("card_markers_small" if kind == "card" else "token_markers_small",
                          {"mm": side_mm, "px": MIN_MARKER_PX, "where": where, "more": more,
                           "advice": advice}))
    return lines
