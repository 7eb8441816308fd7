"""Fiducial markers of every common ArUco and AprilTag family, for checking any photo.

``find_markers(image)`` reports each marker once with the family it belongs to. Several
families are searched at once (cv2's multi-dictionary detection shares the expensive
part, finding square candidates, between them). Two rules keep out false positives:

- Small codes match texture by chance: 4x4 codes have only 16 bits, and
  DICT_4X4_1000 uses 1000 of the 65,536 patterns, so a random square has a 6% chance
  of decoding. A family's marker is reported only when its cells read clearly (cell
  contrast, see vision.detect.cell_confidence) above a bar that is higher the fewer
  bits and the more codes the family has.
- One square decoded by two families (a 36h11 tag read as a 6x6 code with corrected
  bits) is reported once, as the family that reads it most clearly (ties: more bits).

DICT_NxN families are nested (DICT_4X4_50 is the first 50 codes of DICT_4X4_1000), so a
marker is named by the smallest predefined dictionary that holds its id.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from vision.detect import DetectorSettings, as_quad, cell_confidence, to_grey
from vision.types import Quad

# The dictionaries searched (the largest of each nested series) and the confidence a
# marker needs: more bits per code and fewer codes make a chance match less likely.
FAMILIES: dict[str, float] = {
    "DICT_APRILTAG_36h11": 0.5,
    "DICT_ARUCO_MIP_36h12": 0.5,
    "DICT_APRILTAG_36h10": 0.6,
    "DICT_7X7_1000": 0.6,
    "DICT_6X6_1000": 0.6,
    "DICT_5X5_1000": 0.75,
    "DICT_APRILTAG_25h9": 0.75,
    "DICT_ARUCO_ORIGINAL": 0.8,
    "DICT_4X4_1000": 0.85,
    "DICT_APRILTAG_16h5": 0.85,
}
NESTED_SIZES = (50, 100, 250, 1000)


@dataclass(frozen=True)
class FamilyMarker:
    family: str        # e.g. "DICT_APRILTAG_36h11", "DICT_4X4_50"
    marker: int
    corners: Quad
    confidence: float


@cache
def _dictionary(name: str) -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name))


@cache
def _expected(name: str, marker: int) -> np.ndarray:
    dictionary = _dictionary(name)
    return dictionary.generateImageMarker(marker, dictionary.markerSize + 2, borderBits=1) > 127


def family_name(series: str, marker: int) -> str:
    """The smallest predefined dictionary holding ``marker`` (DICT_4X4_1000, 7 -> DICT_4X4_50)."""
    if not series.endswith("_1000"):
        return series
    stem = series[: -len("1000")]
    return next(f"{stem}{n}" for n in NESTED_SIZES if marker < n)


@cache
def _detector(long_side: int) -> cv2.aruco.ArucoDetector:
    # The single-family settings, less the sharpening: a photo of any origin is read as
    # it is, with cv2's default adaptive-threshold windows (3 to 23 px) for any size.
    settings = DetectorSettings(threshold_windows=(3, 13, 23), min_marker_px=10.0,
                                sharpen=0.0)
    detector = cv2.aruco.ArucoDetector(_dictionary("DICT_APRILTAG_36h11"),
                                       settings.parameters(long_side))
    detector.setDictionaries([_dictionary(name) for name in FAMILIES])
    return detector


def find_markers(image: np.ndarray) -> list[FamilyMarker]:
    """Every marker of the families in FAMILIES, once each, top to bottom."""
    grey = to_grey(image)
    corners, ids, _, families = _detector(max(grey.shape[:2])).detectMarkersMultiDict(grey)
    if ids is None or len(ids) == 0:
        return []
    names = list(FAMILIES)
    candidates = []
    for quad, marker, index in zip(corners, np.ravel(ids), np.ravel(families)):
        series = names[int(index)]
        quad = quad.reshape(4, 2).astype(np.float32)
        confidence = cell_confidence(grey, quad, _expected(series, int(marker)))
        if confidence >= FAMILIES[series]:
            bits = _dictionary(series).markerSize ** 2
            candidates.append((confidence, bits, series, int(marker), quad))
    candidates.sort(key=lambda c: (-c[0], -c[1]))
    kept: list[tuple[float, int, str, int, np.ndarray]] = []
    for candidate in candidates:
        if not any(_overlap(candidate[4], other[4]) for other in kept):
            kept.append(candidate)
    kept.sort(key=lambda c: (float(c[4][:, 1].min()), float(c[4][:, 0].min())))
    return [FamilyMarker(family_name(series, marker), marker, as_quad(quad), confidence)
            for confidence, _, series, marker, quad in kept]


def _overlap(a: np.ndarray, b: np.ndarray) -> bool:
    side = max(np.ptp(a, axis=0).max(), np.ptp(b, axis=0).max())
    return float(np.linalg.norm(a.mean(axis=0) - b.mean(axis=0))) < side / 2
