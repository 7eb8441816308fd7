"""AprilTag 36h11 marker images: the square fiducial every printed sticker carries.

Why AprilTag 36h11 (doc/markers.md has the measurements behind it): its 587 ids cover
the three games and the table kit with room to spare, and its codes lie at least 11 bits
apart, so cv2.aruco corrects up to 5 wrong bits and busy card art does not turn into a
card. A QR code that a webcam could read from 1 m would be wider than a card, so QR codes
serve only the sheets (what a page holds) and close-up scans.

Size, measured with vision/render.py: plain cv2.aruco finds 98-100% of sharp markers from
16-19 px on, needs 20 px at blur sigma 0.8 and 34 px at 1.5. A webcam 1 m above the table
(70 degrees, tilt up to 30) sees the far edge at 0.72 px/mm in 720p and 1.08 px/mm in
1080p, so cards carry 28 mm markers (20 px at 720p, 30 px at 1080p; deck files).

A marker image is the 8 x 8 cell tag (6 x 6 data cells inside a one-cell black border)
surrounded by a white quiet zone: detection needs light all around the black border.
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

DICTIONARY_ID = cv2.aruco.DICT_APRILTAG_36h11
DICTIONARY_NAME = "DICT_APRILTAG_36h11"
MARKER_CELLS = 8          # 6 x 6 data cells and a one-cell black border
QUIET_CELLS = 1.0         # white margin around the black border, in cells
MARKER_COUNT = 587        # ids 0..586


@cache
def dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(DICTIONARY_ID)


def check_marker(marker: int) -> int:
    if isinstance(marker, bool) or not isinstance(marker, (int, np.integer)) \
            or not 0 <= marker < MARKER_COUNT:
        raise ValueError(f"marker {marker!r} is not an AprilTag 36h11 id (0-{MARKER_COUNT - 1})")
    return int(marker)


@cache
def _cells(marker: int) -> np.ndarray:
    """The tag as an 8 x 8 image, one pixel per cell (0 black, 255 white)."""
    return cv2.aruco.generateImageMarker(dictionary(), check_marker(marker), MARKER_CELLS, 1)


def marker_image(marker: int, side_px: int, quiet_px: int = 0) -> np.ndarray:
    """The tag ``marker`` as a grey image: ``side_px`` for the black-bordered tag, plus
    ``quiet_px`` of white on every side. Cells are ``side_px / 8`` wide (nearest pixel)."""
    if side_px < MARKER_CELLS:
        raise ValueError(f"a marker needs at least {MARKER_CELLS} px per side, not {side_px}")
    tag = cv2.resize(_cells(marker), (side_px, side_px), interpolation=cv2.INTER_NEAREST)
    if quiet_px <= 0:
        return tag
    return cv2.copyMakeBorder(tag, quiet_px, quiet_px, quiet_px, quiet_px,
                              cv2.BORDER_CONSTANT, value=255)


def quiet_zone_mm(marker_mm: float) -> float:
    """The white margin a printed marker of side ``marker_mm`` needs around it."""
    return marker_mm / MARKER_CELLS * QUIET_CELLS
