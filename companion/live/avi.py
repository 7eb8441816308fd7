"""A Motion-JPEG .avi written from JPEG bytes we encoded ourselves, and read back.

Why not cv2.VideoWriter: a recording must replay to exactly the session it recorded, so
the pipeline has to see, while recording, the very pixels a replay will read back.
Writing our own JPEG bytes (cv2.imencode) lets the recorder decode them (cv2.imdecode)
for the pipeline, and the replay decodes the same bytes with the same decoder
(:func:`jpeg_frames`; OpenCV's own MJPEG reader, ``cv2.CAP_OPENCV_MJPEG``, gives the
same pixels, FFmpeg's decoder does not). The file is a plain AVI 1.0 (RIFF, one ``00dc``
chunk per frame, an ``idx1`` index), readable by any player; reading it chunk by chunk
also reads a file cut short by a crash, up to its last whole frame.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Iterator

import cv2
import numpy as np


def encode_jpeg(image: np.ndarray, quality: int) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise ValueError("the frame cannot be encoded as JPEG")
    return data.tobytes()


def decode_jpeg(data: bytes) -> np.ndarray | None:
    """The picture, or None for bytes that are no (whole) JPEG."""
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)


def jpeg_frames(path: str | Path) -> Iterator[bytes]:
    """Each frame's JPEG bytes, in order, from the ``movi`` list of an MJPEG .avi; a file
    cut short ends at its last whole chunk. ValueError if it is no AVI at all."""
    with open(path, "rb") as stream:
        head = stream.read(12)
        if len(head) < 12 or head[:4] != b"RIFF" or head[8:12] != b"AVI ":
            raise ValueError(f"{path}: not an AVI file")
        while True:   # the top-level chunks, up to the movi list
            tag = stream.read(12)
            if len(tag) < 12:
                return
            size = struct.unpack("<I", tag[4:8])[0]
            if tag[:4] == b"LIST" and tag[8:12] == b"movi":
                break
            stream.seek(size - 4 + (size & 1), 1)
        end = stream.tell() + size - 4
        while stream.tell() + 8 <= end:
            header = stream.read(8)
            if len(header) < 8:
                return
            kind, size = header[:4], struct.unpack("<I", header[4:8])[0]
            data = stream.read(size)
            if len(data) < size:
                return   # the last chunk was cut short
            if size & 1:
                stream.read(1)
            if kind[2:4] in (b"dc", b"db"):
                yield data


class MjpegAviWriter:
    """Append JPEG frames; ``close`` writes the index and the sizes (a file cut short by
    a crash lacks them; ``close`` in a ``finally`` keeps that from happening on Ctrl-C)."""

    def __init__(self, path: str | Path, size: tuple[int, int], fps: float):
        self.path = Path(path)
        self.size = size
        self.fps = fps
        self.frames = 0
        self._index: list[tuple[int, int]] = []   # (offset in movi, length)
        self._largest = 0
        self._file = self.path.open("wb")
        self._file.write(self._headers())
        self._movi_start = self._file.tell() - 4   # where "movi" begins (offsets count from it)

    def _headers(self) -> bytes:
        w, h = self.size
        rate = int(round(self.fps * 1000))
        avih = struct.pack("<IIIIIIIIII4I", int(round(1e6 / self.fps)), 0, 0, 0x10,
                           self.frames, 0, 1, self._largest, w, h, 0, 0, 0, 0)
        strh = (b"vids" + b"MJPG" + struct.pack("<IHHIIIIIIIIhhhh", 0, 0, 0, 0, 1000, rate,
                                                 0, self.frames, self._largest, 0xFFFFFFFF,
                                                 0, 0, 0, w, h))
        strf = struct.pack("<IiiHH4sIiiII", 40, w, h, 1, 24, b"MJPG", w * h * 3, 0, 0, 0, 0)
        strl = _list(b"strl", _chunk(b"strh", strh) + _chunk(b"strf", strf))
        hdrl = _list(b"hdrl", _chunk(b"avih", avih) + strl)
        movi_size = 4 + sum(8 + n + (n & 1) for _, n in self._index)
        return (b"RIFF" + struct.pack("<I", 0) + b"AVI " + hdrl
                + b"LIST" + struct.pack("<I", movi_size) + b"movi")

    def write(self, jpeg: bytes) -> None:
        offset = self._file.tell() - self._movi_start
        self._file.write(_chunk(b"00dc", jpeg))
        self._index.append((offset, len(jpeg)))
        self._largest = max(self._largest, len(jpeg))
        self.frames += 1

    def close(self) -> None:
        if self._file.closed:
            return
        index = b"".join(b"00dc" + struct.pack("<III", 0x10, offset, length)
                         for offset, length in self._index)
        self._file.write(_chunk(b"idx1", index))
        end = self._file.tell()
        self._file.seek(0)
        self._file.write(self._headers())
        self._file.seek(4)
        self._file.write(struct.pack("<I", end - 8))
        self._file.close()


def _chunk(tag: bytes, data: bytes) -> bytes:
    return tag + struct.pack("<I", len(data)) + data + (b"\0" if len(data) & 1 else b"")


def _list(kind: bytes, data: bytes) -> bytes:
    return b"LIST" + struct.pack("<I", len(data) + 4) + kind + data
