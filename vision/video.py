"""Writing frames to an MJPEG .avi that cv2.VideoCapture reads back (tests, fixtures)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

import cv2
import numpy as np

FOURCC = cv2.VideoWriter_fourcc(*"MJPG")


def write_mjpeg(path: str | Path, frames: Iterable[np.ndarray], fps: float = 30.0,
                quality: int = 90) -> int:
    """Write BGR (or grey) uint8 ``frames``, all the same size, to ``path`` (.avi, Motion
    JPEG at ``quality``); returns how many frames were written."""
    path = Path(path)
    if path.suffix.lower() != ".avi":
        raise ValueError(f"{path}: an MJPEG video must be an .avi file")
    writer = None
    count = 0
    size = None
    try:
        for frame in frames:
            if frame.ndim == 2:
                frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
            if writer is None:
                size = (frame.shape[1], frame.shape[0])
                writer = cv2.VideoWriter(str(path), FOURCC, fps, size)
                if not writer.isOpened():
                    raise OSError(f"{path}: cannot open it for writing an MJPEG video")
                writer.set(cv2.VIDEOWRITER_PROP_QUALITY, quality)
            elif (frame.shape[1], frame.shape[0]) != size:
                raise ValueError(f"{path}: frame {count} is {frame.shape[1]}x{frame.shape[0]}, "
                                 f"the video is {size[0]}x{size[1]}")
            writer.write(np.ascontiguousarray(frame))
            count += 1
    finally:
        if writer is not None:
            writer.release()
    if count == 0:
        raise ValueError(f"{path}: no frames to write")
    return count
