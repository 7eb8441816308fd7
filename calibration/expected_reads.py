"""What a marker's size in pixels lets the camera read, from this project's own footage, so
that calibrating can say how much of a game a table will miss and what its advice changes.

The rates are the far-seat rows of ``companion bench vision --far-only --far-seeds 6``
(720p, tilt 50, cloth; 8 cards x 6 scenes a row; a card counted when the temporal
detector reports it by the last of 6 frames, closer looks and votes included): "medium"
and "heavy" camera defects (vision.render WEBCAM_DEFECTS). A card the detector has not
read is not guessed: the live path asks for its move.

>>> read_share(18.0)
(0.42, 0.9)
>>> read_share(12.0), read_share(40.0)
((0.0, 0.02), (0.6, 0.9))
>>> read_share(19.0)
(0.49, 0.9)
"""

from __future__ import annotations

import numpy as np

# marker side px -> share of cards read by the 6th frame, (heavy defects, medium defects);
# each row made non-decreasing in px (a larger marker never reads worse; the measured dips
# are a scene or two of 48 cards).
MEASURED_PX = (14.0, 16.0, 18.0, 20.0, 22.0)
MEASURED_READ = ((0.00, 0.02), (0.00, 0.33), (0.42, 0.90), (0.56, 0.90), (0.60, 0.90))
MEASURED_BY = "companion bench vision --far-only"


def read_share(px: float) -> tuple[float, float]:
    """The share of cards with markers ``px`` wide read within their first frames, from
    heavy to medium camera defects (interpolated; flat beyond the measured widths)."""
    low = float(np.interp(px, MEASURED_PX, [r[0] for r in MEASURED_READ]))
    high = float(np.interp(px, MEASURED_PX, [r[1] for r in MEASURED_READ]))
    return round(low, 2), round(high, 2)
