"""What the live pipeline hands the dashboard: plain values, so any source can feed it.

The dashboard is the last stage of the flow; the glue that runs the camera (the ``play``
command) turns its tracker's view into these values. ``None`` for the camera means there
is no camera, and the dashboard says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


CAMERA_VIEWS = ("image", "map")   # how the camera panel shows it: the frame, or the zones


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
class SeenTable:
    """The cards the camera recognised, by zone of the table, in table order; with the
    latest camera frame where there is one: a small BGR image with the recognised cards
    already outlined (companion.frame_annotation's ``annotate_cards``), e.g. 320x180."""

    zones: tuple[SeenZone, ...]
    frame: np.ndarray | None = field(default=None, compare=False, repr=False)
