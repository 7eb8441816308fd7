"""Marker detection: a frame in, a :class:`vision.types.Detection` out.

:class:`MarkerDetector` looks at the whole frame (cv2.aruco, AprilTag 36h11);
vision.temporal's ``TemporalDetector`` gives the same answers faster on a video.

The catalogue (``{marker id: CardRef}``) comes from the caller. A decoded id that is not
in it is counted in ``Detection.unknown_markers`` and never reported as a card.

Settings were chosen by measurement on rendered frames (``companion bench vision``, and
tests/vision/test_detect.py): see :class:`DetectorSettings`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Iterable, Mapping, Sequence

import cv2
import numpy as np

from vision.types import CardRef, Detection, Frame, Quad, Sighting

DICTIONARY_ID = cv2.aruco.DICT_APRILTAG_36h11
MARKER_COUNT = 587

REFINEMENTS = {
    "none": cv2.aruco.CORNER_REFINE_NONE,
    "subpix": cv2.aruco.CORNER_REFINE_SUBPIX,
    "contour": cv2.aruco.CORNER_REFINE_CONTOUR,
}


@dataclass(frozen=True)
class DetectorSettings:
    """How cv2.aruco looks for markers, as measured on 16 rendered frames (720p and
    1080p, 12 and 30 cards, tilt 0-45 degrees, a third of them at blur sigma 1.5; 28 mm
    markers): recall 99.0% of the cards with a marker of at least 20 px, no false card.

    ``threshold_windows``: the adaptive-threshold window sizes tried, in pixels (evenly
    spaced from the first to the last). Each window is a full pass over the image: a
    small one finds sharp markers of every size; a larger one recovers some blurred
    small markers (one window of 7 px: 98.7%, and 40% faster).
    ``corner_refinement``: "subpix" makes corners good to a fraction of a pixel (the
    table map needs that) at little cost; cv2's "apriltag" refinement is not offered:
    it costs ~150 ms a frame.
    ``min_marker_px``: the smallest marker side looked for. Smaller candidates are
    mostly texture; markers under ~12 px do not decode reliably anyway.
    ``error_correction``: the share of the 5 correctable bits of 36h11 that may be
    corrected (cv2's default, 0.6: up to 3 bits). 0.8 found every blurred marker of the
    set above, but each corrected bit makes a chance match of texture ~8 times likelier
    (at 1.0, random block patterns decoded once in 5,000 frames): not worth it.
    ``cell_margin``: the share of each cell ignored at its edges when reading bits;
    reading only cell centres keeps blur from mixing neighbouring cells (cv2: 0.13).
    ``polygon_accuracy``: how far a contour may stray from the quad fitted to it, as a
    share of its perimeter (cv2: 0.03); an upscaled small marker's outline is rounder.
    ``sharpen``: unsharp-mask strength (and its blur ``sharpen_sigma``) applied before
    detection: it restores the cell contrast that camera blur takes from small markers
    (with 22 mm markers, recall at 20 px and blur sigma 1.5 went from 86% to 96%).
    ``noisy_grey``: above this sensor noise (grey levels, :func:`grey_noise`) the image
    is not sharpened: it would amplify the noise more than the cells. Measured on the
    filming levels' still tables (16 markers): 0 on the clean fixtures and 1.5 at medium
    (all 16 read either way); 5.9 at hardest, 7.8 markers read a frame sharpened, 10.2
    not.
    """

    threshold_windows: tuple[int, ...] = (5, 13)
    threshold_constant: float = 7.0
    corner_refinement: str = "subpix"
    min_marker_px: float = 14.0
    error_correction: float = 0.6
    cell_margin: float = 0.3
    sharpen: float = 2.0
    sharpen_sigma: float = 1.5
    polygon_accuracy: float = 0.03
    noisy_grey: float = 2.5

    def parameters(self, long_side: int) -> cv2.aruco.DetectorParameters:
        """cv2 parameters for an image whose longer side is ``long_side`` pixels."""
        p = cv2.aruco.DetectorParameters()
        windows = sorted(self.threshold_windows)
        p.adaptiveThreshWinSizeMin = windows[0]
        p.adaptiveThreshWinSizeMax = windows[-1]
        p.adaptiveThreshWinSizeStep = max(1, windows[1] - windows[0]) if len(windows) > 1 \
            else 10
        p.adaptiveThreshConstant = self.threshold_constant
        p.cornerRefinementMethod = REFINEMENTS[self.corner_refinement]
        # cv2 measures marker size relative to the image's longer side.
        p.minMarkerPerimeterRate = min(1.0, 4 * self.min_marker_px / max(long_side, 1))
        p.errorCorrectionRate = self.error_correction
        p.perspectiveRemoveIgnoredMarginPerCell = self.cell_margin
        p.polygonalApproxAccuracyRate = self.polygon_accuracy
        return p

    def prepare(self, grey: np.ndarray, noise: float) -> np.ndarray:
        """The grey image as the detector reads it: sharpened, unless its frame's
        ``noise`` (:func:`grey_noise`) is above ``noisy_grey``."""
        if self.sharpen <= 0 or noise > self.noisy_grey:
            return grey
        blurred = cv2.GaussianBlur(grey, (0, 0), self.sharpen_sigma)
        return cv2.addWeighted(grey, 1 + self.sharpen, blurred, -self.sharpen, 0)


def grey_noise(grey: np.ndarray) -> float:
    """The sensor noise of a grey image, in grey levels: the median absolute difference
    from its 3x3 median (which edges and cells barely touch), as a standard deviation;
    every third pixel of every third row counted, which is plenty and fast."""
    if grey.shape[0] < 3 or grey.shape[1] < 3:
        return 0.0
    d = cv2.absdiff(grey, cv2.medianBlur(grey, 3))[::3, ::3]
    counts = np.cumsum(np.bincount(d.ravel(), minlength=256))
    return 1.4826 * float(np.searchsorted(counts, counts[-1] / 2))


@dataclass(frozen=True, eq=False)
class Found:
    """A decoded marker in pixels (before the catalogue gives it a meaning).

    Its size, box, centre and corners as a Quad are worked out once: the temporal
    detector looks at them for every tracked marker in every frame.
    """

    marker: int
    corners: np.ndarray   # 4 x 2 float32, the marker's own corner order
    confidence: float
    side_px: float = field(init=False)
    centre: np.ndarray = field(init=False)
    low: np.ndarray = field(init=False)    # the box's top-left corner
    high: np.ndarray = field(init=False)   # and its bottom-right one
    quad: Quad = field(init=False)

    def __post_init__(self):
        corners = self.corners
        sides = np.linalg.norm(corners - np.roll(corners, 1, 0), axis=1)
        object.__setattr__(self, "side_px", float(sides.mean()))
        object.__setattr__(self, "centre", corners.mean(axis=0))
        object.__setattr__(self, "low", corners.min(axis=0))
        object.__setattr__(self, "high", corners.max(axis=0))
        object.__setattr__(self, "quad", as_quad(corners))

    def shifted(self, dx: float, dy: float) -> "Found":
        return Found(self.marker, self.corners + np.float32([dx, dy]), self.confidence)


@cache
def _base_dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(DICTIONARY_ID)


@cache
def _expected_cells(marker: int) -> np.ndarray:
    """The marker's 8 x 8 cells as booleans (True = white), border included."""
    return cv2.aruco.generateImageMarker(_base_dictionary(), marker, 8, borderBits=1) > 127


class _Decoder:
    """A cv2 ArucoDetector over the 36h11 codes in a chosen order.

    cv2 compares a candidate with the codes in dictionary order and stops at an exact
    match, so putting the markers we expect first makes them cheap to identify; every
    other 36h11 code stays in the list, so an unexpected marker is still decoded (and
    counted), never mistaken for an expected one.
    """

    def __init__(self, settings: DetectorSettings, first: Sequence[int] = ()):
        first = list(dict.fromkeys(int(m) for m in first if 0 <= m < MARKER_COUNT))
        chosen = set(first)
        self.order = np.array(first + [m for m in range(MARKER_COUNT) if m not in chosen],
                              dtype=np.int32)
        base = _base_dictionary()
        self._dictionary = cv2.aruco.Dictionary(base.bytesList[self.order], base.markerSize,
                                                base.maxCorrectionBits)
        self._settings = settings
        self._detectors: dict[int, cv2.aruco.ArucoDetector] = {}

    def find(self, grey: np.ndarray, noise: float | None = None) -> list[Found]:
        return self.find_with_candidates(grey, noise)[0]

    def find_with_candidates(self, grey: np.ndarray, noise: float | None = None
                             ) -> tuple[list[Found], list[np.ndarray]]:
        """The decoded markers, and the quads that looked like markers but did not
        decode (4 x 2 float32 each), in ``grey``'s pixels; ``noise``: its frame's sensor
        noise (a crop's says little of it), measured on ``grey`` when not given."""
        # Parameters depend on the image size and crops come in many sizes: one detector
        # per size rounded up to 32 px (rounding up only lowers the smallest marker
        # looked for, never raises it).
        long_side = -(-max(grey.shape[:2]) // 32) * 32
        detector = self._detectors.get(long_side)
        if detector is None:
            detector = cv2.aruco.ArucoDetector(self._dictionary,
                                               self._settings.parameters(long_side))
            self._detectors[long_side] = detector
        if noise is None:
            noise = grey_noise(grey)
        corners, ids, rejected = detector.detectMarkers(self._settings.prepare(grey, noise))
        candidates = [q.reshape(4, 2).astype(np.float32) for q in rejected]
        if ids is None:
            return [], candidates
        found = []
        for quad, index in zip(corners, ids.ravel()):
            marker = int(self.order[index])
            quad = quad.reshape(4, 2).astype(np.float32)
            found.append(Found(marker, quad, marker_confidence(grey, quad, marker)))
        return found, candidates


def marker_confidence(grey: np.ndarray, corners: np.ndarray, marker: int) -> float:
    """How clearly an AprilTag 36h11 marker reads (see :func:`cell_confidence`)."""
    return cell_confidence(grey, corners, _expected_cells(marker))


def cell_confidence(grey: np.ndarray, corners: np.ndarray, expected: np.ndarray) -> float:
    """0..1: how clearly the cells read as the decoded code, scaled down for small markers.

    ``expected`` holds the code's cells, border included (True = white). The marker is
    sampled at its cell centres; each cell's margin is how far it lies from the
    black/white threshold on the side its code says, as a share of half the contrast
    (1 = clearly right, negative = read wrong and repaired by error correction); the
    bit margin is their mean. Small markers get up to 40% less: their corners and
    cells are coarser.
    """
    if expected.all() or not expected.any():
        return 0.0  # a code without both colours gives no contrast to measure
    cells_per_side = expected.shape[0]
    cell = 4
    side_px = cells_per_side * cell
    target = np.float32([[0, 0], [side_px, 0], [side_px, side_px], [0, side_px]])
    warp = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    patch = cv2.warpPerspective(grey, warp, (side_px, side_px), flags=cv2.INTER_LINEAR)
    cells = patch.reshape(cells_per_side, cell, cells_per_side, cell)[:, 1:3, :, 1:3] \
        .mean(axis=(1, 3))
    mean_white, mean_black = cells[expected].mean(), cells[~expected].mean()
    contrast = mean_white - mean_black
    if contrast <= 1:
        return 0.0
    threshold = (mean_white + mean_black) / 2
    signed = np.where(expected, cells - threshold, threshold - cells) / (contrast / 2)
    bit_margin = float(np.clip(np.clip(signed, -1.0, 1.0).mean(), 0.0, 1.0))
    side = float(np.mean(np.linalg.norm(corners - np.roll(corners, 1, 0), axis=1)))
    return round(bit_margin * size_weight(side), 3)


def size_weight(side_px: float) -> float:
    """How much a read of a marker this wide counts: up to 40% less when small."""
    return 0.6 + 0.4 * min(1.0, side_px / 32.0)


def clarity(found: Found) -> float:
    """How clearly a marker's cells read, whatever its size (its confidence without the
    small marker's discount): about 0.97 on a sharp frame, 0.9 blurred and compressed."""
    return found.confidence / size_weight(found.side_px)


def to_grey(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return image
    if image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2GRAY)
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def as_quad(corners: np.ndarray) -> Quad:
    return tuple((float(x), float(y)) for x, y in corners)  # type: ignore[return-value]


def build_detection(found: Iterable[Found], catalog: Mapping[int, CardRef],
                    frame_index: int, timestamp: float) -> Detection:
    """Sightings for the catalogued markers; the others are only counted."""
    sightings = []
    unknown = 0
    for f in found:
        card = catalog.get(f.marker)
        if card is None:
            unknown += 1
            continue
        sightings.append(Sighting(f.marker, card, f.quad, f.confidence))
    sightings.sort(key=lambda s: (s.marker, s.corners[0][1], s.corners[0][0]))
    return Detection(frame_index, timestamp, tuple(sightings), unknown)


def _frame_parts(frame: Frame | np.ndarray) -> tuple[np.ndarray, int, float]:
    if isinstance(frame, Frame):
        return frame.image, frame.index, frame.timestamp
    return frame, 0, 0.0


class MarkerDetector:
    """Every marker in the whole frame, every time (no memory between frames)."""

    def __init__(self, catalog: Mapping[int, CardRef],
                 settings: DetectorSettings = DetectorSettings()):
        self.catalog = catalog
        self.settings = settings
        self._decoder = _Decoder(settings, sorted(catalog))
        self.last_found: list[Found] = []   # every marker decoded in the last frame

    def find(self, grey: np.ndarray) -> list[Found]:
        return self._decoder.find(grey)

    def detect(self, frame: Frame | np.ndarray) -> Detection:
        image, index, timestamp = _frame_parts(frame)
        self.last_found = self.find(to_grey(image))
        return build_detection(self.last_found, self.catalog, index, timestamp)


def best_per_place(found: Iterable[Found]) -> list[Found]:
    """The most confident marker found at each place (cv2 outlines a marker once per
    threshold window; overlapping looks find it twice)."""
    kept: list[Found] = []
    for f in sorted(found, key=lambda f: -f.confidence):
        if all(np.linalg.norm(f.centre - k.centre) > k.side_px / 2 for k in kept):
            kept.append(f)
    return kept
