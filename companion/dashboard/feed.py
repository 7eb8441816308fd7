"""What the live pipeline hands the dashboard: plain values, so any source can feed it.

The dashboard is the last stage of the flow; the glue that runs the camera (the ``play``
command) turns its tracker's view into these values. ``None`` for the camera means there
is no camera, and the dashboard says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


# How the camera panel shows the table: a drawn plan of its zones and cards, the latest
# frame, or a text list of the cards by zone.
CAMERA_VIEWS = ("plan", "image", "map")

Point = tuple[float, float]


@dataclass(frozen=True)
class CameraStatus:
    fps: float
    cards_seen: int
    warnings: tuple[str, ...] = ()   # e.g. "card 23 should be on step 7, it is on step 8"
    question: str = ""               # what the table is asked, e.g. "Bob's card? type it ..."


@dataclass(frozen=True)
class SeenZone:
    name: str                        # e.g. "step 8", "Ann's play", "mission 1"
    cards: tuple[str, ...]           # the labels of the cards lying there


@dataclass(frozen=True)
class PlanZone:
    name: str                        # as people call it, e.g. "step 8", "Ann's play"
    short: str                       # where the name does not fit, e.g. "8", "Ann"
    polygon: tuple[Point, ...]       # table millimetres
    owner: str | None = None         # the player whose seat or play zone it is
    layer: int = 0                   # where zones overlap, the higher layer is drawn


@dataclass(frozen=True)
class PlanCard:
    label: str
    position: Point                  # table millimetres, the card's centre
    owner: str | None = None         # the player it came from, if known


@dataclass(frozen=True)
class TablePlan:
    """The table seen from above: its size, its zones and the cards at rest on it, in
    table millimetres (x to the right, y away from the camera)."""

    size_mm: Point
    zones: tuple[PlanZone, ...]
    cards: tuple[PlanCard, ...] = ()


@dataclass(frozen=True)
class SeenTable:
    """The cards the camera recognised, by zone of the table, in table order; with the
    latest camera frame where there is one: a small BGR image with the recognised cards
    already outlined (companion.frame_annotation's ``annotate_cards``), e.g. 320x180; and
    the plan of the table where its calibration is known."""

    zones: tuple[SeenZone, ...]
    frame: np.ndarray | None = field(default=None, compare=False, repr=False)
    plan: TablePlan | None = None
