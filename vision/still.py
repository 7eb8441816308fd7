"""A still table read closer: the per-pixel median of its last frames, at twice the size,
with its contrast evened out, and with a gentler threshold.

Calibration footage shows a table at rest, but every frame of it is noisy: a far corner
marker seen 40 x 18 px at 60 degrees, under sensor noise and JPEG, may decode in none of
them. Their median has the noise (and a hand passing through a few of them) gone, and
upscaled (cubic) its small markers decode where no single frame's did. A marker far from
the lamp in a dim room is another matter: its paper and ink lie a few grey levels apart,
about the adaptive threshold's own margin, however large it is drawn; evened out tile by
tile (CLAHE), its cells stand apart again. Glare that saturates the paper lifts the ink of
the marker under it towards the paper: part of its black border no longer lies the
threshold's margin below its surroundings, the border is cut open and no quad is found at
all. The margin is set against one frame's noise; the median has about half of it, so the
still is read once more with a gentler margin. Glare that leaves the border whole may still
wash the cells under it grey: less the light (the still blurred over a few cells), the
cells stand apart again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

import cv2
import numpy as np

from vision.detect import Found, MarkerDetector, best_per_place, build_detection, to_grey
from vision.types import Detection

STILL_FRAMES = 15   # the last frames the median is taken over
CLOSER = 2          # the upscaling
# CLAHE: each tile of a grid of EVEN_TILES x EVEN_TILES stretched to its own range, the
# stretch limited to EVEN_CLIP (a flat tile's noise is not blown up to full contrast).
EVEN_TILES = 8
EVEN_CLIP = 3.0
GENTLE_CONSTANT = 3.0   # the gentler read's threshold margin, in grey levels
# The light: the still blurred with this sigma (px), wider than a near marker's cell and
# narrower than a glare spot (seat markers washed by glare at 1080p read from 4 to 10 px).
LIGHT_SIGMA_PX = 6.0


def still_picture(images: Sequence[np.ndarray]) -> np.ndarray:
    """Each pixel's median over the images (all of one size)."""
    if len(images) == 1:
        return images[0]
    return np.median(np.stack(images), axis=0).astype(np.uint8)


def evened(grey: np.ndarray) -> np.ndarray:
    """The grey image with its contrast evened out tile by tile (CLAHE)."""
    return cv2.createCLAHE(clipLimit=EVEN_CLIP,
                           tileGridSize=(EVEN_TILES, EVEN_TILES)).apply(grey)


def without_light(grey: np.ndarray) -> np.ndarray:
    """The grey image less its light (its blur over ``LIGHT_SIGMA_PX``), about mid-grey."""
    light = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), LIGHT_SIGMA_PX)
    return np.clip(grey.astype(np.float32) - light + 128.0, 0, 255).astype(np.uint8)


def _read(detector: MarkerDetector, image: np.ndarray, scale: int) -> list[Found]:
    """The markers of ``image`` read ``scale`` times the size, in the image's pixels."""
    if scale == 1:
        return detector.find(to_grey(image))
    big = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    # pixel centres: upscaled x' lies at (x' + 0.5) / scale - 0.5 in the image
    return [Found(f.marker, (f.corners + 0.5) / scale - 0.5, f.confidence)
            for f in detector.find(to_grey(big))]


def _gentler(detector: MarkerDetector) -> MarkerDetector:
    """The detector with the gentler threshold margin (GENTLE_CONSTANT)."""
    return MarkerDetector(detector.catalog, replace(detector.settings,
                                                    threshold_constant=GENTLE_CONSTANT))


def _add_at_new_places(found: list[Found], more: list[Found]) -> None:
    """Append to ``found`` the markers of ``more`` lying where it has none."""
    for f in more:
        if all(np.linalg.norm(f.centre - k.centre) > k.side_px / 2 for k in found):
            found.append(f)


def closer_detection(detector: MarkerDetector, image: np.ndarray, index: int = 0,
                     timestamp: float = 0.0, scale: int = CLOSER) -> Detection:
    """The markers of the image read upscaled, their corners in the image's pixels; then
    the image with its contrast evened out, and the image without its light, each read as
    it is and upscaled, and last the image read with a gentler threshold margin, each for
    markers at places the reads before found none (the later reads only add: a marker
    read plainly keeps its plain corners)."""
    found = _read(detector, image, scale)
    grey = to_grey(image)
    for changed in (evened(grey), without_light(grey)):
        _add_at_new_places(found, best_per_place(_read(detector, changed, 1) +
                                                 _read(detector, changed, scale)))
    _add_at_new_places(found, best_per_place(_read(_gentler(detector), grey, 1)))
    return build_detection(found, detector.catalog, index, timestamp)
