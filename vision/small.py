"""A second, closer look at a region for markers too small for the whole-frame pass.

A marker 14-22 px wide at a far seat (seen at 50 degrees it is only 8-12 px tall),
blurred and JPEG-compressed, is missed by the whole-frame detector twice over: its
outline is too small to become a candidate, and its cells too blurred to threshold. In
a region worth the cost (where something settled, where a marker was seen before) the
:class:`SmallMarkerReader` upscales the crop (cubic), sharpens it and runs cv2.aruco with
parameters for small outlines; what decodes is a marker as sure as any other (a
*strict* read), and the quads that looked like markers but did not decode are read again
by soft decoding (vision/soft.py). A soft read is a good guess, never a card by itself:
it counts once :class:`vision.votes.Votes` has seen it at that place in enough frames.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Sequence

import cv2
import numpy as np

from vision.detect import DetectorSettings, Found, _Decoder, best_per_place
from vision.soft import soft_found

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class SmallLookSettings:
    """How a region is looked at again (measured on 720p frames at 50 degrees tilt with
    motion blur, noise and JPEG q65-70: ``companion bench vision``).

    ``scale``: the crop is upscaled this many times (cubic) before detection.
    ``detector``: cv2.aruco on the upscaled crop: wider adaptive-threshold windows (in
    upscaled pixels), a looser polygon fit (an upscaled small outline is rounded) and a
    sharpening blur of one original pixel.
    ``min_side_px``/``max_side_px``: candidate quads read by soft decoding, mean side
    in original pixels (smaller ones have no cells left; larger ones the whole-frame
    pass reads).
    ``min_match``/``min_margin``: a soft read counts when its correlation with the best
    code is at least ``min_match`` and beats every other code and turn by
    ``min_margin`` (texture reached 0.61 and 0.14 in the measurements; markers mostly
    0.65-0.8 and 0.15-0.26).
    ``max_pixels``: upscaled pixels read per frame at most (the rest waits a frame).
    """

    scale: float = 3.0
    detector: DetectorSettings = field(default_factory=lambda: DetectorSettings(
        threshold_windows=(9, 21), sharpen_sigma=3.0, polygon_accuracy=0.05))
    min_side_px: float = 7.0
    max_side_px: float = 40.0
    min_match: float = 0.7
    min_margin: float = 0.17
    max_pixels: int = 1_500_000


@dataclass(frozen=True)
class Look:
    """What one closer look found, in the frame's pixels."""

    strict: tuple[Found, ...] = ()   # decoded by cv2.aruco: as sure as any marker
    soft: tuple[Found, ...] = ()     # soft reads: to be confirmed over frames


class SmallMarkerReader:
    """Reads boxes of a grey frame closely; ``first`` are the markers tried first."""

    def __init__(self, settings: SmallLookSettings = SmallLookSettings(),
                 first: Sequence[int] = ()):
        self.settings = settings
        detector = replace(settings.detector,
                           min_marker_px=settings.min_side_px * settings.scale)
        self._decoder = _Decoder(detector, first)

    def upscaled_pixels(self, box: Box) -> int:
        x0, y0, x1, y1 = box
        return int((x1 - x0) * (y1 - y0) * self.settings.scale ** 2)

    def read(self, grey: np.ndarray, box: Box) -> Look:
        s = self.settings
        x0, y0, x1, y1 = box
        crop = grey[y0:y1, x0:x1]
        if crop.shape[0] < 4 or crop.shape[1] < 4:
            return Look()
        up = cv2.resize(crop, None, fx=s.scale, fy=s.scale, interpolation=cv2.INTER_CUBIC)
        found, candidates = self._decoder.find_with_candidates(up)
        strict = tuple(self._back(f.marker, f.corners, f.confidence, x0, y0) for f in found)
        soft: list[Found] = []
        for quad in candidates:
            side = float(np.linalg.norm(quad - np.roll(quad, 1, 0), axis=1).mean()) / s.scale
            if not s.min_side_px <= side <= s.max_side_px:
                continue
            hit = soft_found(up, quad, s.min_match, s.min_margin, s.scale)
            if hit is not None:
                soft.append(self._back(hit.marker, hit.corners, hit.confidence, x0, y0))
        return Look(strict, tuple(best_per_place(soft)))

    def _back(self, marker: int, corners: np.ndarray, confidence: float,
              x0: int, y0: int) -> Found:
        """A read in upscaled crop pixels as a marker in frame pixels (pixel centres:
        upscaled x is (x + 0.5) * scale - 0.5)."""
        scale = self.settings.scale
        frame = (corners + 0.5) / scale - 0.5 + np.float32([x0, y0])
        return Found(marker, frame.astype(np.float32), confidence)

