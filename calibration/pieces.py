"""A card's centre and rotation on the table, from one copy of its marker.

Cards carry two stickers in opposite corners, the second turned half a turn (see
vision.sticker): either copy therefore sees the card's centre at the same place in the
marker's own frame, and the card reads the same both ways up, so its rotation is known
only up to half a turn. Pieces with a single sticker (table kit, round tokens) have a
full rotation. Stuck by hand, the two copies sit a few millimetres and degrees off the
guide, or on the other two corners: then each sees the centre somewhat elsewhere, but the
two tags still lie about the printed span apart (``twin_span_mm``) and nearly parallel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from calibration.geometry import quad_centre, square_angle
from calibration.types import PieceShape
from vision.markers import quiet_zone_mm
from vision.sticker import sticker_positions_mm
from vision.types import PieceSpec, Point


@dataclass(frozen=True)
class CardPose:
    centre: Point
    angle_deg: float     # folded into (-90, 90] when the card is symmetric
    symmetric: bool      # the card reads the same turned half a turn
    tag_centre: Point    # the marker's own centre


@lru_cache(maxsize=256)
def tag_layout(shape: PieceShape) -> tuple[Point, bool]:
    """The card's centre seen from the centre of its (first) tag, in the tag's frame
    (x along its top edge, y towards its top, millimetres), and whether it has two
    copies."""
    if shape.round:
        return (0.0, 0.0), False
    w, h = shape.size_mm
    positions = sticker_positions_mm(PieceSpec(0, "", shape.size_mm, shape.marker_mm))
    x, y, _ = positions[0]
    q = quiet_zone_mm(shape.marker_mm)
    tag_x = x + q + shape.marker_mm / 2
    tag_y = y + q + shape.marker_mm / 2
    # Sticker positions are in the printed card's own frame (y down the card); on the
    # table the card's top points to +y.
    return (w / 2 - tag_x, -(h / 2 - tag_y)), len(positions) > 1


def twin_span_mm(shape: PieceShape) -> float | None:
    """How far apart a card's two tags are printed, centre to centre (None: a piece with
    one tag). The two lie symmetrically about the card's centre, so a person who sticks
    them on the other two corners keeps this span."""
    (x, y), twins = tag_layout(shape)
    return 2 * math.hypot(x, y) if twins else None


def card_poses(tags_mm, shapes: Sequence[PieceShape | None]) -> list[CardPose]:
    """Where each card lies given its tag's corners in table millimetres (N x 4 x 2, in
    marker order) and its piece shape (None: the tag's own centre and rotation)."""
    tags = np.asarray(tags_mm, dtype=np.float64).reshape(-1, 4, 2)
    if len(tags) == 0:
        return []
    angles = np.atleast_1d(square_angle(tags))
    centres = quad_centre(tags)
    layouts = [tag_layout(shape) if shape else ((0.0, 0.0), False) for shape in shapes]
    offsets = np.array([offset for offset, _ in layouts])
    a = np.radians(angles)
    c, s = np.cos(a), np.sin(a)
    xs = centres[:, 0] + c * offsets[:, 0] - s * offsets[:, 1]
    ys = centres[:, 1] + s * offsets[:, 0] + c * offsets[:, 1]
    return [CardPose((float(x), float(y)), fold(float(angle)) if symmetric else float(angle),
                     symmetric, (float(tag[0]), float(tag[1])))
            for x, y, angle, (_, symmetric), tag in zip(xs, ys, angles, layouts, centres)]


def card_pose(tag_mm, shape: PieceShape | None) -> CardPose:
    return card_poses([tag_mm], [shape])[0]


def fold(angle_deg: float) -> float:
    """An angle of a half-turn-symmetric card, in (-90, 90]."""
    a = (angle_deg + 90.0) % 180.0 - 90.0
    return 90.0 if a == -90.0 else a
