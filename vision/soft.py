"""Soft decoding: which AprilTag 36h11 code a small, blurred candidate quad shows.

cv2.aruco reads a candidate's bits by thresholding each cell: one wrong decision per
cell, and a marker 14-22 px wide, blurred and compressed, has too many wrong cells to
correct. Here the candidate's cells are compared, as grey levels, with every code of the
dictionary in its four turns at once (a correlation: a soft-decision decoder), and a code
is accepted only when it matches well *and* clearly better than every other code. All
587 codes are compared, not just the expected ones, so a marker of no card is never
taken for a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from vision.detect import MARKER_COUNT, Found, _expected_cells, size_weight

CELLS = 10          # cells across: the 36h11 marker's 8 (its black border included) and
                    # the sticker's white quiet zone around it
PX_PER_CELL = 6     # the sampling grid: each cell read from its central pixels
INNER = slice(2, 4)  # the central pixels of a cell (blur mixes its edges with neighbours)


@dataclass(frozen=True)
class SoftRead:
    marker: int
    turns: int          # quarter turns that bring the candidate's corners to the code's
    match: float        # correlation with the code, -1..1
    runner_up: float    # the best correlation of any other code (or turn)


@cache
def _patterns() -> np.ndarray:
    """Every code's 36 data cells in its four turns as zero-mean unit vectors:
    (587 * 4, 36)."""
    rows = []
    for marker in range(MARKER_COUNT):
        cells = _expected_cells(marker)[1:-1, 1:-1].astype(np.float32)
        for turns in range(4):
            v = np.rot90(cells, -turns).ravel()
            v = v - v.mean()
            rows.append(v / np.linalg.norm(v))
    return np.stack(rows)


def cell_levels(grey: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The cells around and of the candidate (its corners are the marker's) as mean grey
    levels, 10 x 10 (cubic sampling: the cells of a small marker are a pixel or two)."""
    side = CELLS * PX_PER_CELL
    target = np.float32([[1, 1], [CELLS - 1, 1], [CELLS - 1, CELLS - 1], [1, CELLS - 1]]) \
        * PX_PER_CELL
    warp = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    patch = cv2.warpPerspective(grey, warp, (side, side), flags=cv2.INTER_CUBIC)
    return patch.reshape(CELLS, PX_PER_CELL, CELLS, PX_PER_CELL)[:, INNER, :, INNER] \
        .mean(axis=(1, 3)).astype(np.float32)


def soft_read(grey: np.ndarray, corners: np.ndarray) -> SoftRead | None:
    """The code that the quad ``corners`` (4 x 2, pixels) shows best; None when its cells
    show no contrast or its border is not dark."""
    cells = cell_levels(grey, corners)
    quiet, border = _rings()
    white, black = float(np.median(cells[quiet])), float(np.median(cells[border]))
    if white - black < 12:
        return None
    data = cells[2:-2, 2:-2].ravel()
    data = data - data.mean()
    spread = float(np.linalg.norm(data))
    if spread < 1e-3:
        return None
    scores = _patterns() @ (data / spread)
    order = np.argpartition(scores, -2)[-2:]
    best, second = (order[1], order[0]) if scores[order[1]] >= scores[order[0]] \
        else (order[0], order[1])
    marker, turns = divmod(int(best), 4)
    return SoftRead(marker, turns, float(scores[best]), float(scores[second]))


def soft_found(grey: np.ndarray, corners: np.ndarray, min_match: float, min_margin: float,
               scale: float = 1.0) -> Found | None:
    """The marker the quad shows, when its soft read is good (``min_match``) and clear
    (``min_margin`` over every other code and turn); its confidence on a decoded
    marker's scale, smaller ones counting less (``scale``: pixels per frame pixel)."""
    read = soft_read(grey, corners)
    if read is None or read.match < min_match or read.match - read.runner_up < min_margin:
        return None
    side = float(np.linalg.norm(corners - np.roll(corners, 1, 0), axis=1).mean()) / scale
    confidence = round(read.match * size_weight(side), 3)
    return Found(read.marker, turned(corners, read.turns).astype(np.float32), confidence)


@cache
def _rings() -> tuple[np.ndarray, np.ndarray]:
    """Masks of the 10 x 10 cells: the white quiet zone, the black border."""
    ring = np.zeros((CELLS, CELLS), int)
    for k in range(CELLS // 2):
        ring[k:CELLS - k, k:CELLS - k] = k
    return ring == 0, ring == 1


def turned(corners: np.ndarray, turns: int) -> np.ndarray:
    """The corners reordered so the code's own top-left corner comes first."""
    return np.roll(corners, -turns, axis=0)
