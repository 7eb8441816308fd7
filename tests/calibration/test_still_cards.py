"""A face-up card no set-up frame decoded but the closer read of the table at rest
(vision.still) did is one of the calibration's cards: an anchor here. It stays out of the
lens fit, whose pieces are read in the frames (see Calibrator.complete)."""

import math
from dataclasses import replace

import numpy as np

from calibration.calibrator import Calibrator
from companion.piece_catalog import piece_shapes
from vision.types import Placed

from .calibration_tables import TABLE, card, detect, seat_markers, shoot

PUNGI_AT = (300.0, 325.0)
SIZE = (1920, 1080)   # shoot's frame


def is_pungi(marker: int) -> bool:
    shape = piece_shapes().get(marker)
    return shape is not None and shape.anchor == "pungi"


def calibrated(frame, still=None):
    calibrator = Calibrator(piece_shapes(), TABLE, players=4)
    calibrator.add(frame)
    if still is not None:
        calibrator.complete(still)
    return calibrator.finish(SIZE)[0]


def test_a_card_only_the_still_table_shows_is_an_anchor_but_not_in_the_lens_fit():
    pungi = Placed(card("pungi", "pungi"), *PUNGI_AT, 0.0)
    seen = detect(shoot(seat_markers(4) + [pungi], k1=-0.2, size=SIZE).image)
    assert any(is_pungi(s.marker) for s in seen.sightings)
    # the frames miss the pungi card; the still table's read (here the same frame) has it
    frame = replace(seen, sightings=tuple(s for s in seen.sightings if not is_pungi(s.marker)))
    without, with_still = calibrated(frame), calibrated(frame, still=seen)
    assert [a.name for a in without.anchors] == []
    anchor, = with_still.anchors
    assert anchor.name == "pungi" and math.dist(anchor.point, PUNGI_AT) < 3.0
    assert np.array_equal(with_still.image_to_table, without.image_to_table)
