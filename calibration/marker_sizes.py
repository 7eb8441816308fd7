"""How many pixels a marker will have in each zone, from the calibrated camera: said at
calibration, so a table where the far seats' cards will be too small to read is known
before the game, with what to do about it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from calibration.expected_reads import MEASURED_BY, read_share
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


def small_places(sizes: list[ZoneSize], kind: str) -> list[tuple[float, str]]:
    """(pixels, zone) of each zone where a ``kind`` marker will be under MIN_MARKER_PX
    wide, the smallest first.

    >>> small_places([ZoneSize("play:1", {"card": 25.0}), ZoneSize("step:8", {"card": 17.0}),
    ...               ZoneSize("play:3", {"card": 15.5})], "card")
    [(15.5, 'play:3'), (17.0, 'step:8')]
    """
    return sorted((s.pixels[kind], s.zone) for s in sizes if s.pixels[kind] < MIN_MARKER_PX)


def advice_scales(height: int, side_mm: float, largest_mm: float) -> list[tuple[Note, float]]:
    """Each change the advice names, as a note ("at 1080p", "with 32 mm stickers", "both")
    and the factor it makes every marker's pixels larger by (markers scale with both).

    >>> [(note.code, round(scale, 2)) for note, scale in advice_scales(720, 28.0, 32.0)]
    [('change_1080p', 1.5), ('change_stickers', 1.14), ('change_both', 1.71)]
    >>> advice_scales(1080, 32.0, 32.0)
    []
    """
    changes = []
    if height < 1080:
        changes.append((Note("change_1080p"), 1080 / height))
    if side_mm < largest_mm:
        changes.append((Note("change_stickers", {"largest": largest_mm}), largest_mm / side_mm))
    if len(changes) == 2:
        changes.append((Note("change_both"), changes[0][1] * changes[1][1]))
    return changes


def size_warnings(sizes: list[ZoneSize], markers_mm: dict[str, float],
                  image_size: tuple[int, int]) -> list[Note]:
    """Two lines per marker kind too small somewhere: where, how small and what to do;
    then how much of the play there will be read, and what the advice would change."""
    lines = []
    for kind, side_mm in markers_mm.items():
        small = small_places(sizes, kind)
        if not small:
            continue
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
        lines.append(_reads_expected([px for px, _ in small], len(sizes), image_size[1],
                                     side_mm, LARGEST_MM.get(kind, side_mm)))
    return lines


def _reads_expected(small_px: list[float], places: int, height: int, side_mm: float,
                    largest_mm: float) -> Note:
    """The share of cards read at the small places (mean over them, heavy to medium camera
    defects), now and with each change the advice names (markers scale with both)."""
    def shares(scale: float) -> tuple[float, float]:
        reads = [read_share(px * scale) for px in small_px]
        return (sum(r[0] for r in reads) / len(reads), sum(r[1] for r in reads) / len(reads))

    options: Note | str = ""
    for change, scale in reversed(advice_scales(height, side_mm, largest_mm)):
        # (each option's note holds the next)
        low, high = shares(scale)
        options = Note("reads_option", {"change": change, "px": min(small_px) * scale,
                                        "low": low, "high": high, "more": options})
    low, high = shares(1.0)
    return Note("reads_expected", {"count": len(small_px), "places": places, "low": low,
                                   "high": high, "measured": MEASURED_BY, "options": options})
