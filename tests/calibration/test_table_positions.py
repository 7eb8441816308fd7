"""Table positions from rendered frames with a known camera pose: within 5 mm of the
truth, from 0 to 45 degrees of tilt, at 720p and 1080p, with and without lens
distortion."""

import math

import numpy as np
import pytest

from calibration.geometry import angle_difference
from calibration.pieces import fold
from vision.types import Placed

from .calibration_tables import TABLE, calibrate, card, detect, seat_markers, shoot, table_map

TOLERANCE_MM = 5.0


def loose_cards(seed: int, table=TABLE) -> list[Placed]:
    """Pumafioso cards and a Pungi animal back about the table, at random angles."""
    rng = np.random.default_rng(seed)
    sx, sy = table[0] / TABLE[0], table[1] / TABLE[1]
    spots = [(200, 180), (330, 300), (470, 200), (620, 270), (720, 430), (250, 470),
             (560, 480), (430, 380)]
    pieces = [card("pumafiosi", "pumafioso", i) for i in range(7)]
    pieces.append(card("pungi", "animal", 0))
    return [Placed(p, x * sx + rng.uniform(-15, 15), y * sy + rng.uniform(-15, 15),
                   float(rng.uniform(-180, 180)), face_up=(i != 7))
            for i, (p, (x, y)) in enumerate(zip(pieces, spots))]


@pytest.mark.parametrize("tilt", [0.0, 25.0, 45.0])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_cards_are_placed_within_5_mm(tilt, size):
    # A 720p camera is brought nearer a smaller table, so that markers stay readable.
    table_mm, distance = (TABLE, 1150.0) if size[1] == 1080 else ((720.0, 500.0), 850.0)
    cards = loose_cards(int(tilt) + size[0], table_mm)
    rendered = shoot(seat_markers(table=table_mm) + cards, tilt=tilt, size=size,
                     seed=int(tilt), table=table_mm, distance=distance)
    table = table_map([rendered.image], table=table_mm)
    by_marker = {p.marker: p for p in table.locate(detect(rendered.image))}
    # Every card whose markers the detector is asked to read (20 px and more) is placed.
    readable = {m.marker for m in rendered.markers if m.side_px >= 20}
    placed = 0
    for truth in cards:
        marker = truth.piece.marker if truth.face_up else truth.piece.back_marker
        got = by_marker.get(marker)
        if got is None:
            assert marker not in readable
            continue
        placed += 1
        error = math.dist(got.position_mm, (truth.x_mm, truth.y_mm))
        assert error < TOLERANCE_MM, (marker, got.position_mm, truth)
        # Cards read the same turned half a turn: their angle is known modulo 180.
        assert angle_difference(got.angle_deg, fold(truth.angle_deg)) < 3.0
    assert placed >= len(cards) // 2


def test_seats_registered_where_the_seat_markers_lie():
    frame = shoot(seat_markers(), tilt=30.0).image
    cal, messages = calibrate([frame], players=4)
    for n in (1, 2, 3, 4):
        assert f"seat {n} registered" in messages
    for seat, truth in zip(cal.seats, seat_markers()):
        assert math.dist(seat.point, (truth.x_mm, truth.y_mm)) < TOLERANCE_MM
    assert cal.reprojection_mm < 1.0


def test_any_card_registers_a_seat_numbered_clockwise_from_corner_1():
    spots = [(840, 325), (450, 60), (60, 325)]   # right, near, left side of the table
    cards = [Placed(card("pumafiosi", "pumafioso", i), x, y) for i, (x, y) in enumerate(spots)]
    cal, messages = calibrate([shoot(cards).image], players=3)
    assert [s.number for s in cal.seats] == [1, 2, 3]
    # Clockwise seen from above, starting towards corner 1 (near left): left, then far
    # side would come next, then right, then near.
    order = [min(range(3), key=lambda i: math.dist(s.point, spots[i])) for s in cal.seats]
    assert order == [2, 0, 1]
    assert "seat 1 registered (a card)" in messages


def test_the_table_size_is_measured_from_the_corner_markers_when_not_given():
    frame = shoot(seat_markers(), tilt=20.0).image
    cal, messages = calibrate([frame], table=None)
    assert abs(cal.table_mm[0] - TABLE[0]) < 0.03 * TABLE[0]
    assert abs(cal.table_mm[1] - TABLE[1]) < 0.03 * TABLE[1]
    assert any(m.startswith("table measured from the markers") for m in messages)


def test_a_bumped_camera_is_followed_from_the_corner_markers():
    cards = loose_cards(5)
    table = table_map([shoot(seat_markers() + cards, tilt=20.0).image])
    bumped = shoot(seat_markers() + cards, tilt=32.0, seed=2).image
    for placement in table.locate(detect(bumped)):
        truth = next((c for c in cards if placement.marker in
                      (c.piece.marker if c.face_up else c.piece.back_marker,)), None)
        if truth is not None:
            assert math.dist(placement.position_mm, (truth.x_mm, truth.y_mm)) < TOLERANCE_MM


def test_a_cards_twin_span_is_the_printed_distance_between_its_tags_and_a_tag_has_none():
    from calibration.pieces import twin_span_mm
    from companion.piece_catalog import piece_shapes
    from vision.sticker import card_side

    pumafioso = card("pumafiosi", "pumafioso", value=37)
    ppm = 10.0
    centres = [np.mean(quad, axis=0) for _, quad in card_side(pumafioso, True, ppm).markers]
    printed = math.dist(*centres) / ppm
    assert twin_span_mm(piece_shapes()[pumafioso.marker]) == pytest.approx(printed, abs=0.2)
    (seat,) = seat_markers(1)
    assert twin_span_mm(piece_shapes()[seat.piece.marker]) is None   # one tag
