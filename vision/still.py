"""A still table read closer: the per-pixel median of its last frames, at twice the size.

Calibration footage shows a table at rest, but every frame of it is noisy: a far corner
marker seen 40 x 18 px at 60 degrees, under sensor noise and JPEG, may decode in none of
them. Their median has the noise (and a hand passing through a few of them) gone, and
upscaled (cubic) its small markers decode where no single frame's did.
"""

from __future__ import annotations

from typing import Sequence

import cv2
import numpy as np

from vision.detect import Found, MarkerDetector, build_detection, to_grey
from vision.types import Detection

STILL_FRAMES = 15   # the last frames the median is taken over
CLOSER = 2          # the upscaling


def still_picture(images: Sequence[np.ndarray]) -> np.ndarray:
    """Each pixel's median over the images (all of one size)."""
    if len(images) == 1:
        return images[0]
    return np.median(np.stack(images), axis=0).astype(np.uint8)


def closer_detection(detector: MarkerDetector, image: np.ndarray, index: int = 0,
                     timestamp: float = 0.0, scale: int = CLOSER) -> Detection:
    """The markers of the image read upscaled, their corners in the image's pixels."""
    big = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    # pixel centres: upscaled x' lies at (x' + 0.5) / scale - 0.5 in the image
    found = [Found(f.marker, (f.corners + 0.5) / scale - 0.5, f.confidence)
             for f in detector.find(to_grey(big))]
    return build_detection(found, detector.catalog, index, timestamp)
