"""A face-up card's two stickers in the calibration: two places however the frames show
them."""

import math
from dataclasses import replace

import numpy as np

from calibration.calibrator import Calibrator
from companion.piece_catalog import piece_shapes
from vision.types import Placed

from .calibration_tables import TABLE, card, detect, seat_markers, shoot


def test_a_cards_two_stickers_stay_two_when_a_frame_misses_one():
    # The hard 1080p table's setup (seed 116): a frame read only one of step 5's stickers;
    # the next read both, the first went to the other's track as a possible move, and the
    # other started a new track where it lay: one sticker counted twice, its card pinned
    # to one spot in the lens fit.
    step5 = Placed(card("pumafiosi", "hierarchy", step=5), 600.0, 300.0, 0.0)
    both = detect(shoot(seat_markers(4) + [step5]).image)
    marker = step5.piece.marker
    first = next(s for s in both.sightings if s.marker == marker)
    one = replace(both, sightings=tuple(s for s in both.sightings if s is not first))
    calibrator = Calibrator(piece_shapes(), TABLE, players=4)
    for frame in (both, one, both):
        calibrator.add(frame)
    a, b = (np.mean(s.corners, axis=0) for s in calibrator.cards[marker])
    assert math.dist(a, b) > 40
