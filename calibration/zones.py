"""The table's zones, laid out from the seats and the game's anchor cards.

- ``seat:N`` around where player N's seat marker lay, ``play:N`` in front of it, towards
  the table centre (where the player lays the cards they play).
- ``step:V`` beside the Pumafiosi hierarchy card of step V, on the side where winners
  lay their cards (towards the table centre unless the file says ``left``/``right``,
  seen from above walking down the column from step 10); ``hierarchy:V`` is the
  hierarchy card itself. The column's steps, top to bottom, come from the rules
  (companion.games.pumafiosi.STEPS, passed in); the last, the casualties, holds any
  number of cards: its zone reaches further.
- ``layout:K`` the K-th place of the Pungi layout row: place 1 next to the pungi card,
  then along its arrow; ``pungi`` is the card itself. The row runs along the card's
  width; towards the side with more free table (the rulebook asks for free space on the
  arrow's side) unless the file gives the arrow's direction in degrees.
- ``mission:K`` the Mafia mission in slot K and the contributions laid next to it.

Where zones overlap, anchor zones win over play zones, play zones over seat zones, and
between two of a kind the one whose centre is nearer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from calibration.geometry import inside_convex, rectangle
from calibration.types import Anchor, Seat, Zone
from vision.types import Point

RANK = {"hierarchy": 0, "pungi": 0, "step": 0, "layout": 0, "mission": 0, "play": 1,
        "seat": 2}
SEAT_DEPTH_MM = (-90.0, 50.0)   # the seat zone, from the seat marker towards the centre
PLAY_REACH_MM = (150.0, 320.0)  # how far the play zone may reach towards the centre
GAP_MM = 4.0
# How many anchor cards of a kind must be known for its zones to be laid out: two
# hierarchy cards give the column's direction and pitch (the steps between them and
# beyond are laid out from those), the pungi card the layout row; a mission slot opens
# where its mission card is laid in play, so a table needs none at calibration.
LAYOUT_NEEDS = {"step": 2, "pungi": 1, "mission": 0}


@dataclass(frozen=True)
class LayoutOptions:
    """The choices a table may make in the calibration file."""

    steps_side: str = "auto"            # "auto" (towards the centre), "left", "right"
    arrow: str | float = "auto"         # "auto" or the arrow's direction (degrees, table)
    # Pungi layout places; default: one per seat, and in a session one per player (the
    # session lays them out: TableMap.lay_out)
    layout_places: int | None = None


def build_zones(table_mm: tuple[float, float], seats: Sequence[Seat],
                anchors: Sequence[Anchor], steps: Sequence[int],
                options: LayoutOptions = LayoutOptions()) -> tuple[Zone, ...]:
    """The zones; ``steps``: the hierarchy column's step values, top to bottom."""
    zones: list[Zone] = []
    zones += _hierarchy_zones(table_mm, [a for a in anchors if a.name.startswith("step:")],
                              options.steps_side, tuple(steps))
    for anchor in anchors:
        if anchor.name == "pungi":
            places = options.layout_places or max(len(seats), 2)
            zones += _layout_zones(table_mm, anchor, options.arrow, places)
        elif anchor.name.startswith("mission:"):
            zones.append(_mission_zone(anchor))
    zones += _seat_zones(table_mm, seats)
    return tuple(zones)


def zones_at(zones: Sequence[Zone], points) -> list[str | None]:
    """The name of the zone each point lies in (see the module docstring for overlaps)."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    if not zones or len(pts) == 0:
        return [None] * len(pts)
    inside = inside_convex([z.polygon for z in zones], pts)             # zones x points
    centres = np.array([z.centre for z in zones])
    distance = np.linalg.norm(pts[None, :, :] - centres[:, None, :], axis=-1)
    rank = np.array([RANK.get(z.kind, 3) for z in zones], dtype=np.float64)
    # Rank first, distance second: ranks are whole numbers, distances far below 1e6 mm.
    score = np.where(inside, rank[:, None] * 1e6 + distance, np.inf)
    best = np.argmin(score, axis=0)
    return [zones[k].name if np.isfinite(score[k, m]) else None for m, k in enumerate(best)]


def _extent(anchor: Anchor, direction: np.ndarray) -> float:
    """How far the anchor card reaches along a unit ``direction`` (its full length)."""
    a = math.radians(anchor.angle_deg)
    along_x = abs(direction[0] * math.cos(a) + direction[1] * math.sin(a))
    along_y = abs(-direction[0] * math.sin(a) + direction[1] * math.cos(a))
    return anchor.size_mm[0] * along_x + anchor.size_mm[1] * along_y


def _footprint(name: str, anchor: Anchor, margin: float = 0.0) -> Zone:
    w, h = anchor.size_mm
    return Zone(name, rectangle(anchor.point, anchor.angle_deg, (-w / 2 - margin, w / 2 + margin),
                                (-h / 2 - margin, h / 2 + margin)))


def _hierarchy_zones(table_mm, cards: list[Anchor], side: str,
                     steps: tuple[int, ...]) -> list[Zone]:
    if not cards:
        return []
    by_rank = {steps.index(int(c.name.split(":")[1])): c for c in cards}
    zones = [_footprint(f"hierarchy:{steps[r]}", c) for r, c in sorted(by_rank.items())]
    if len(by_rank) < LAYOUT_NEEDS["step"]:
        return zones  # one card alone does not tell which way the column runs
    ranks = np.array(sorted(by_rank), dtype=float)
    points = np.array([by_rank[int(r)].point for r in ranks])
    slope = np.polyfit(ranks, points, 1)          # row 0: per rank, row 1: offset
    step_vec = slope[0]
    pitch = float(np.linalg.norm(step_vec))
    if pitch < 1.0:
        return zones
    down = step_vec / pitch                        # from step 10 towards the casualty
    left = np.array([-down[1], down[0]])           # seen from above, walking down
    if side == "left":
        out = left
    elif side == "right":
        out = -left
    else:
        centre = np.array(table_mm) / 2
        out = left if np.dot(centre - points.mean(axis=0), left) >= 0 else -left
    angle = math.degrees(math.atan2(out[1], out[0]))
    # In the zone's frame x runs along ``out`` and y along ``out`` turned a quarter
    # counterclockwise: ``down`` is +y or -y there.
    down_sign = 1.0 if np.dot(np.array([-out[1], out[0]]), down) > 0 else -1.0
    reference = by_rank[int(ranks[0])]
    for rank, value in enumerate(steps):
        card = by_rank.get(rank)
        centre = np.array(card.point) if card else slope[1] + slope[0] * rank
        near = _extent(card or reference, out) / 2 + GAP_MM
        reach = 1.6 * max(reference.size_mm)
        span = [-pitch / 2, pitch / 2]
        if rank == len(steps) - 1:   # the casualties' step
            reach *= 1.5
            span[1] += pitch
        across = (span[0], span[1]) if down_sign > 0 else (-span[1], -span[0])
        zones.append(Zone(f"step:{value}",
                          rectangle(tuple(centre), angle, (near, near + reach), across)))
    return zones


def _layout_zones(table_mm, pungi: Anchor, arrow: str | float, places: int) -> list[Zone]:
    a = math.radians(pungi.angle_deg)
    axis = np.array([math.cos(a), math.sin(a)])    # the card's width
    if isinstance(arrow, (int, float)):
        wanted = np.array([math.cos(math.radians(arrow)), math.sin(math.radians(arrow))])
        direction = axis if np.dot(axis, wanted) >= 0 else -axis
    else:
        direction = axis if _room(table_mm, pungi.point, axis) >= \
            _room(table_mm, pungi.point, -axis) else -axis
    pitch = _extent(pungi, direction) + 2 * GAP_MM
    half_across = _extent(pungi, np.array([-direction[1], direction[0]])) / 2 + 25.0
    angle = math.degrees(math.atan2(direction[1], direction[0]))
    zones = [_footprint("pungi", pungi)]
    for k in range(1, places + 1):
        zones.append(Zone(f"layout:{k}", rectangle(
            pungi.point, angle, ((k - 0.5) * pitch, (k + 0.5) * pitch),
            (-half_across, half_across))))
    return zones


def _room(table_mm, point: Point, direction: np.ndarray) -> float:
    """How far from ``point`` along ``direction`` the table edge is."""
    best = math.inf
    for i, limit in enumerate(table_mm):
        if direction[i] > 1e-9:
            best = min(best, (limit - point[i]) / direction[i])
        elif direction[i] < -1e-9:
            best = min(best, -point[i] / direction[i])
    return best


def _mission_zone(mission: Anchor) -> Zone:
    """The mission card and a card's width around it, where contributions go."""
    margin = min(mission.size_mm) + GAP_MM * 2
    return _footprint(mission.name, mission, margin)


def _seat_zones(table_mm, seats: Sequence[Seat]) -> list[Zone]:
    centre = np.array(table_mm, dtype=float) / 2
    zones = []
    for seat in seats:
        p = np.array(seat.point)
        to_centre = centre - p
        distance = float(np.linalg.norm(to_centre))
        u = to_centre / distance if distance > 1e-6 else np.array([0.0, 1.0])
        angle = math.degrees(math.atan2(u[1], u[0]))
        nearest = min((math.dist(seat.point, s.point) for s in seats if s is not seat),
                      default=math.inf)
        half = max(40.0, min(140.0, 0.45 * nearest))
        reach = max(PLAY_REACH_MM[0], min(0.75 * distance, PLAY_REACH_MM[1]))
        zones.append(Zone(f"seat:{seat.number}",
                          rectangle(seat.point, angle, SEAT_DEPTH_MM, (-half, half))))
        zones.append(Zone(f"play:{seat.number}",
                          rectangle(seat.point, angle, (SEAT_DEPTH_MM[1], reach), (-half, half))))
    return zones
