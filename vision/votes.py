"""Votes over frames: a soft read counts once it was seen at one place in k of n frames.

Texture can, now and then, look like some code to the soft decoder; a real marker lying
still looks like its own code frame after frame, each frame with fresh sensor noise and
compression. So a soft read (vision/small.py) is confirmed only when the same marker
was read within half a side of the same place in ``needed`` of the last ``window``
frames (this one included). A card carries its marker twice, in opposite corners: the
other copy read in the same frame, a few sides away (``pair_sides``), is a vote too.
"""

from __future__ import annotations

from collections import deque
from typing import Iterable

import numpy as np

from vision.detect import Found


class Votes:
    def __init__(self, needed: int = 2, window: int = 5, pair_sides: float = 6.0):
        if not 1 <= needed <= window:
            raise ValueError(f"votes: needed {needed} of {window} frames: use 1 <= needed "
                             f"<= window")
        self.needed = needed
        self.pair_sides = pair_sides
        self._frames: deque[list[Found]] = deque(maxlen=window)

    def add(self, reads: Iterable[Found]) -> list[Found]:
        """This frame's reads (call it every frame, with none if need be); the ones
        seen at their place in enough of the recent frames."""
        reads = list(reads)
        confirmed = []
        for f in reads:
            frames = 1 + sum(any(_same(f, old) for old in frame) for frame in self._frames)
            copies = sum(1 for g in reads if g is not f and g.marker == f.marker
                         and f.side_px < float(np.linalg.norm(f.centre - g.centre))
                         <= self.pair_sides * max(f.side_px, g.side_px))
            if frames + min(copies, 1) >= self.needed:
                confirmed.append(f)
        self._frames.append(reads)
        return confirmed


def _same(a: Found, b: Found) -> bool:
    return a.marker == b.marker and \
        float(np.linalg.norm(a.centre - b.centre)) <= max(a.side_px, b.side_px) / 2
