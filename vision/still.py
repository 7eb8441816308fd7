"""A still table read closer: the per-pixel median of its last frames, at twice the size,
and with its contrast evened out.

Calibration footage shows a table at rest, but every frame of it is noisy: a far corner
marker seen 40 x 18 px at 60 degrees, under sensor noise and JPEG, may decode in none of
them. Their median has the noise (and a hand passing through a few of them) gone, and
upscaled (cubic) its small markers decode where no single frame's did. A marker far from
the lamp in a dim room is another matter: its paper and ink lie a few grey levels apart,
about the adaptive threshold's own margin, however large it is drawn; evened out tile by
tile (CLAHE), its cells stand apart again.
"""

from __future__ import annotations

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


def still_picture(images: Sequence[np.ndarray]) -> np.ndarray:
    """Each pixel's median over the images (all of one size)."""
    if len(images) == 1:
        return images[0]
    return np.median(np.stack(images), axis=0).astype(np.uint8)


def evened(grey: np.ndarray) -> np.ndarray:
    """The grey image with its contrast evened out tile by tile (CLAHE)."""
    return cv2.createCLAHE(clipLimit=EVEN_CLIP,
                           tileGridSize=(EVEN_TILES, EVEN_TILES)).apply(grey)


def _read(detector: MarkerDetector, image: np.ndarray, scale: int) -> list[Found]:
    """The markers of ``image`` read ``scale`` times the size, in the image's pixels."""
    if scale == 1:
        return detector.find(to_grey(image))
    big = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    # pixel centres: upscaled x' lies at (x' + 0.5) / scale - 0.5 in the image
    return [Found(f.marker, (f.corners + 0.5) / scale - 0.5, f.confidence)
            for f in detector.find(to_grey(big))]


def closer_detection(detector: MarkerDetector, image: np.ndarray, index: int = 0,
                     timestamp: float = 0.0, scale: int = CLOSER) -> Detection:
    """The markers of the image read upscaled, their corners in the image's pixels; then
    the image with its contrast evened out, read as it is and upscaled, for markers at
    places the first read found none (the evened read only adds: a marker read plainly
    keeps its plain corners)."""
    found = _read(detector, image, scale)
    even = evened(to_grey(image))
    for f in best_per_place(_read(detector, even, 1) + _read(detector, even, scale)):
        if all(np.linalg.norm(f.centre - k.centre) > k.side_px / 2 for k in found):
            found.append(f)
    return build_detection(found, detector.catalog, index, timestamp)
