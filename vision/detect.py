"""Marker detection: a frame in, a :class:`vision.types.Detection` out.

:class:`MarkerDetector` looks at the whole frame (cv2.aruco, AprilTag 36h11).
:class:`TemporalDetector` gives the same answers faster on a video: it re-examines only
what changed since it last looked (a frame difference on a small grey copy), searches
for known markers in crops around their last positions, and scans the whole frame every
few frames, whose result always replaces what it tracked.

The catalogue (``{marker id: CardRef}``) comes from the caller. A decoded id that is not
in it is counted in ``Detection.unknown_markers`` and never reported as a card.

Settings were chosen by measurement on rendered frames (``companion bench vision``, and
tests/vision/test_detect.py): see :class:`DetectorSettings`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
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

    def prepare(self, grey: np.ndarray) -> np.ndarray:
        """The grey image as the detector reads it (sharpened)."""
        if self.sharpen <= 0:
            return grey
        blurred = cv2.GaussianBlur(grey, (0, 0), self.sharpen_sigma)
        return cv2.addWeighted(grey, 1 + self.sharpen, blurred, -self.sharpen, 0)


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

    def find(self, grey: np.ndarray) -> list[Found]:
        return self.find_with_candidates(grey)[0]

    def find_with_candidates(self, grey: np.ndarray) -> tuple[list[Found], list[np.ndarray]]:
        """The decoded markers, and the quads that looked like markers but did not
        decode (4 x 2 float32 each), in ``grey``'s pixels."""
        # Parameters depend on the image size and crops come in many sizes: one detector
        # per size rounded up to 32 px (rounding up only lowers the smallest marker
        # looked for, never raises it).
        long_side = -(-max(grey.shape[:2]) // 32) * 32
        detector = self._detectors.get(long_side)
        if detector is None:
            detector = cv2.aruco.ArucoDetector(self._dictionary,
                                               self._settings.parameters(long_side))
            self._detectors[long_side] = detector
        corners, ids, rejected = detector.detectMarkers(self._settings.prepare(grey))
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
    return round(bit_margin * (0.6 + 0.4 * min(1.0, side / 32.0)), 3)


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


@dataclass(frozen=True)
class TemporalSettings:
    """When the temporal detector looks again, and where (measured on moving scenes).

    ``full_scan_every``: frames between whole-frame scans (new cards are found by the
    change map sooner; the full scan is the safety net and resets the change map).
    ``scale``: the change map is the grey frame shrunk by this factor.
    ``change_threshold``: grey levels a change-map pixel must move to count as changed
    (above sensor noise, which averaging over scale x scale pixels mostly removes).
    ``margin``: how far around a marker's last box to search, in marker sides (it may
    have moved); ``new_margin``: how far around a changed area to search for new
    markers, in sides of the largest marker tracked (at least ``new_margin_px``): a
    marker the change only touched reaches at most that far beyond it.
    ``max_changed``: above this share of changed pixels a full scan is cheaper.
    ``crop_windows``: the adaptive-threshold windows used in crops. One window costs
    15% less per frame than the full scan's two and found every marker the full
    detector found on the benchmark's moving-hand sequences (full scans keep both).
    ``look_frames``: a region where something changed and came to rest, or where a
    tracked marker was lost, is looked at closely (vision/small.py) in this many of its
    still frames; ``votes_needed``: a soft read there counts once seen at its place in
    this many of the last ``look_frames`` frames (vision/votes.py). 0 looks: none.
    ``look_margin_px``: how far around a changed area a closer look reaches (a small
    marker the change did not touch would have been found by the crops: it was not new).
    ``max_watched``: regions waiting for a closer look at most (the oldest go first).
    ``readable_px``: a region holding a tracked marker at least this wide is not looked
    at closely: markers lying there are seen that large too, and the crops read them
    (on the benchmark's 1080p moving-hand sequences looks doubled the CPU, finding
    nothing).
    """

    full_scan_every: int = 30
    scale: int = 8
    change_threshold: int = 10
    margin: float = 0.5
    new_margin: float = 1.3
    new_margin_px: int = 40
    max_changed: float = 0.3
    crop_windows: tuple[int, ...] = (7,)
    look_frames: int = 5
    votes_needed: int = 2
    look_margin_px: int = 12
    max_watched: int = 24
    readable_px: float = 26.0


@dataclass
class TemporalStats:
    frames: int = 0
    full_scans: int = 0
    crops: int = 0
    crop_pixels: int = 0
    kept: int = 0
    looks: int = 0           # closer looks at a region (vision/small.py)
    look_pixels: int = 0     # upscaled pixels they read
    looked_up: int = 0       # markers found by them (strict, or soft and voted)


class TemporalDetector:
    """Detection that uses time: looks again only where the image changed.

    Each frame: the grey image is shrunk ``scale`` times and compared with the copy
    last examined. Markers whose surroundings did not change are kept as they were;
    markers whose surroundings changed are searched for in a crop around their last
    box; changed areas away from any marker are searched for new ones. Every
    ``full_scan_every`` frames (or when much of the image changed, or its size did) the
    whole frame is scanned and that result replaces everything tracked.

    Markers too small for those passes are looked for closely (upscaled, soft decoding,
    votes over frames: vision/small.py) where something changed and came to rest, and
    where a tracked marker was lost (also by a full scan); once found they are tracked
    like the others.
    """

    def __init__(self, catalog: Mapping[int, CardRef],
                 settings: DetectorSettings = DetectorSettings(),
                 temporal: TemporalSettings = TemporalSettings(),
                 looks: "SmallLookSettings | None" = None):
        from vision.small import SmallLookSettings   # (small.py builds on this module)

        self.catalog = catalog
        self.settings = settings
        self.temporal = temporal
        self.looks = looks or SmallLookSettings()
        self.stats = TemporalStats()
        self._crop_settings = replace(settings, threshold_windows=temporal.crop_windows)
        self._decoders_for: tuple[int, ...] | None = None
        self._reader = None
        self.reset()

    def reset(self) -> None:
        from vision.votes import Votes

        self.last_found: list[Found] = []   # every marker decoded in the last frame
        self._tracked: list[Found] = []
        self._reference: np.ndarray | None = None   # the frame as last examined (small)
        self._since_full = 0
        self._watched: list[list] = []       # [box, still frames left to look at it]
        t = self.temporal
        self._votes = Votes(min(t.votes_needed, max(1, t.look_frames)), max(1, t.look_frames))

    def detect(self, frame: Frame | np.ndarray) -> Detection:
        image, index, timestamp = _frame_parts(frame)
        self.last_found = self._step(to_grey(image))
        return build_detection(self.last_found, self.catalog, index, timestamp)

    # -- the steps ------------------------------------------------------------------

    def _step(self, grey: np.ndarray) -> list[Found]:
        t = self.temporal
        self.stats.frames += 1
        h, w = grey.shape
        small = cv2.resize(grey, (w // t.scale, h // t.scale), interpolation=cv2.INTER_AREA)
        reference = self._reference
        if (reference is None or reference.shape != small.shape
                or self._since_full + 1 >= t.full_scan_every):
            return self._full_scan(grey, small)
        changed = cv2.absdiff(small, reference) > t.change_threshold
        if changed.mean() > t.max_changed:
            return self._full_scan(grey, small)
        self._since_full += 1
        if not changed.any():
            self.stats.kept += len(self._tracked)
            self._look(grey, changed)
            return list(self._tracked)

        # Markers whose surroundings changed: look for them again, near where they were.
        kept, searched = [], []
        fresh = changed.copy()
        for f in self._tracked:
            box = _grow(f, t.margin * f.side_px + 2, w, h)
            sx0, sy0, sx1, sy1 = (v // t.scale for v in box)
            if changed[sy0:sy1 + 1, sx0:sx1 + 1].any():
                searched.append(box)
                fresh[sy0:sy1 + 1, sx0:sx1 + 1] = False
            else:
                kept.append(f)
        # Other changed areas may hold a new marker (a card put down, a hand gone).
        # (Waiting until a moving area comes to rest saved 15% but found markers a
        # hand uncovered a frame late; measured on the benchmark's sequences.)
        to_look = []
        if fresh.any():
            largest = max((f.side_px for f in self._tracked), default=0.0)
            pad = int(max(t.new_margin_px, t.new_margin * largest))
            count, _, boxes, _ = cv2.connectedComponentsWithStats(fresh.view(np.uint8), 8)
            for x, y, bw, bh, _ in boxes[1:count]:
                changed_box = (x * t.scale, y * t.scale, (x + bw) * t.scale, (y + bh) * t.scale)
                searched.append(_pad(changed_box, pad, w, h))
                to_look.append(_pad(changed_box, t.look_margin_px, w, h))
        found = self._search(grey, _merge(searched))
        # What was looked at is now the reference for the change map.
        for x0, y0, x1, y1 in searched:
            reference[y0 // t.scale:y1 // t.scale + 1, x0 // t.scale:x1 // t.scale + 1] = \
                small[y0 // t.scale:y1 // t.scale + 1, x0 // t.scale:x1 // t.scale + 1]
        self.stats.kept += len(kept)
        lost = [f for f in self._tracked if f not in kept and self._small(f)
                and not any(g.marker == f.marker for g in found)]
        self._tracked = _without_overlaps(kept, found) + found
        # Where something changed, and where a marker was lost, may hold a marker too
        # small for the crops: looked at closely once the change is over.
        self._watch(to_look + [_grow(f, t.new_margin * f.side_px, w, h) for f in lost])
        self._look(grey, changed)
        return list(self._tracked)

    def _full_scan(self, grey: np.ndarray, small: np.ndarray) -> list[Found]:
        self.stats.full_scans += 1
        self._since_full = 0
        self._reference = small.copy()
        before = self._tracked
        self._tracked = self._decoders()[0].find(grey)
        h, w = grey.shape
        self._watch([_grow(f, self.temporal.new_margin * f.side_px, w, h) for f in before
                     if self._small(f) and not any(g.marker == f.marker
                                                   for g in self._tracked)])
        self._look(grey, np.zeros_like(small, dtype=bool))
        return list(self._tracked)

    # -- closer looks (vision/small.py) ------------------------------------------------

    def _watch(self, boxes: list[Box]) -> None:
        """Regions to look at closely in their next ``look_frames`` still frames."""
        t = self.temporal
        if t.look_frames <= 0 or not boxes:
            return
        for box in boxes:
            self._watched = [entry for entry in self._watched if not _inside(entry[0], box)]
            self._watched.append([box, t.look_frames])
        del self._watched[:-t.max_watched]

    def _look(self, grey: np.ndarray, changed: np.ndarray) -> None:
        """One closer look at each watched region that did not change this frame (within
        the pixel budget); strict reads join the tracked markers, soft ones once voted."""
        if self.temporal.look_frames <= 0:
            return
        scale = self.temporal.scale
        reader = self._small_reader()
        budget = self.looks.max_pixels
        strict: list[Found] = []
        soft: list[Found] = []
        looked = False
        for entry in self._watched:
            box = entry[0]
            x0, y0, x1, y1 = (v // scale for v in box)
            cost = reader.upscaled_pixels(box)
            if changed[y0:y1 + 1, x0:x1 + 1].any() or (cost > budget and looked):
                continue   # still moving, or no budget left this frame: later
            if self._readable(box):
                entry[1] = 0
                continue
            looked = True
            budget -= cost
            entry[1] -= 1
            look = reader.read(grey, box)
            self.stats.looks += 1
            self.stats.look_pixels += cost
            strict += look.strict
            soft += look.soft
        self._watched = [entry for entry in self._watched if entry[1] > 0]
        voted = self._votes.add(soft)
        new = [f for f in best_per_place(strict + voted)
               if all(np.linalg.norm(f.centre - g.centre) > g.side_px / 2
                      for g in self._tracked)]
        self.stats.looked_up += len(new)
        self._tracked += new

    def _readable(self, box: Box) -> bool:
        """Does a tracked marker in ``box`` show that markers there are large?"""
        x0, y0, x1, y1 = box
        return any(f.side_px >= self.temporal.readable_px and x0 <= f.centre[0] <= x1
                   and y0 <= f.centre[1] <= y1 for f in self._tracked)

    def _small(self, f: Found) -> bool:
        """Small enough to need a closer look when lost (larger ones the crops find)."""
        return f.side_px <= self.looks.max_side_px

    def _small_reader(self):
        from vision.small import SmallMarkerReader

        if self._reader is None:
            self._reader = SmallMarkerReader(self.looks, sorted(self.catalog))
        return self._reader

    def _search(self, grey: np.ndarray, boxes: list[tuple[int, int, int, int]]) -> list[Found]:
        decoder = self._decoders()[1]
        found = []
        for x0, y0, x1, y1 in boxes:
            self.stats.crops += 1
            self.stats.crop_pixels += (x1 - x0) * (y1 - y0)
            found.extend(f.shifted(x0, y0) for f in decoder.find(grey[y0:y1, x0:x1]))
        return found

    def _decoders(self) -> tuple[_Decoder, _Decoder]:
        """Decoders (whole frame, crops) that try the tracked markers' codes first, then
        the catalogue's: rebuilt when the set of tracked markers changes."""
        tracked = tuple(sorted({f.marker for f in self._tracked}))
        if tracked != self._decoders_for:
            first = list(tracked) + sorted(self.catalog)
            self._decoder_pair = (_Decoder(self.settings, first),
                                  _Decoder(self._crop_settings, first))
            self._decoders_for = tracked
        return self._decoder_pair


Box = tuple[int, int, int, int]


def _grow(f: Found, margin: float, w: int, h: int) -> Box:
    x0, y0 = f.low
    x1, y1 = f.high
    return _pad((int(x0), int(y0), int(np.ceil(x1)), int(np.ceil(y1))), int(margin), w, h)


def _pad(box: Box, margin: int, w: int, h: int) -> Box:
    x0, y0, x1, y1 = box
    return max(0, x0 - margin), max(0, y0 - margin), min(w, x1 + margin), min(h, y1 + margin)


def _merge(boxes: list[Box]) -> list[Box]:
    """Overlapping boxes joined, so no marker is searched for (and found) twice."""
    merged = list(boxes)
    changed = True
    while changed:
        changed = False
        out: list[Box] = []
        for box in merged:
            for i, other in enumerate(out):
                if box[0] < other[2] and other[0] < box[2] and box[1] < other[3] \
                        and other[1] < box[3]:
                    out[i] = (min(box[0], other[0]), min(box[1], other[1]),
                              max(box[2], other[2]), max(box[3], other[3]))
                    changed = True
                    break
            else:
                out.append(box)
        merged = out
    return merged


def _inside(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] \
        and inner[3] <= outer[3]


def best_per_place(found: Iterable[Found]) -> list[Found]:
    """The most confident marker found at each place (cv2 outlines a marker once per
    threshold window; overlapping looks find it twice)."""
    kept: list[Found] = []
    for f in sorted(found, key=lambda f: -f.confidence):
        if all(np.linalg.norm(f.centre - k.centre) > k.side_px / 2 for k in kept):
            kept.append(f)
    return kept


def _without_overlaps(kept: list[Found], found: list[Found]) -> list[Found]:
    """The kept markers that no freshly found marker lies on (fresh sightings win)."""
    if not found or not kept:
        return kept
    fresh = np.array([f.centre for f in found])
    old = np.array([k.centre for k in kept])
    nearest = np.linalg.norm(old[:, None] - fresh[None], axis=2).min(axis=1)
    return [k for k, d in zip(kept, nearest) if d > k.side_px / 2]
