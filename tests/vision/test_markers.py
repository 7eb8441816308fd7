"""Marker images, stickers and card sides decode back to their ids, corners where said."""

import cv2
import numpy as np
import pytest

from vision.markers import MARKER_CELLS, dictionary, marker_image, quiet_zone_mm
from vision.sticker import (card_side, round_sticker_fits, sticker_image,
                            sticker_positions_mm, sticker_size_mm)
from vision.types import PieceSpec


def detect(image):
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = cv2.aruco.ArucoDetector(dictionary()).detectMarkers(grey)
    if ids is None:
        return []
    return sorted(((int(i), c.reshape(4, 2)) for i, c in zip(ids.ravel(), corners)),
                  key=lambda found: found[0])


@pytest.mark.parametrize("marker", [0, 1, 4, 11, 20, 103, 110, 213, 220, 330, 586])
def test_marker_image_decodes_to_its_id(marker):
    image = marker_image(marker, 80, quiet_px=10)
    assert image.shape == (100, 100)
    assert (image[:10] == 255).all() and (image[:, -10:] == 255).all()  # quiet zone
    assert [m for m, _ in detect(image)] == [marker]


def test_marker_cells_are_even_when_the_side_divides():
    image = marker_image(5, 8 * 12)
    cells = image[6::12, 6::12]   # the centre of each cell
    assert cells.shape == (MARKER_CELLS, MARKER_CELLS)
    assert (cells[0] == 0).all() and (cells[:, 0] == 0).all()  # the black border
    assert np.array_equal(cv2.resize(cells, (96, 96), interpolation=cv2.INTER_NEAREST), image)


@pytest.mark.parametrize("bad", [-1, 587, 1.5, True])
def test_bad_marker_ids_are_refused(bad):
    with pytest.raises(ValueError, match="AprilTag 36h11"):
        marker_image(bad, 80)


def test_sticker_holds_marker_quiet_zone_and_label():
    ppm = 10.0
    art = sticker_image(37, "snake -3", 22.0, ppm)
    w_mm, h_mm = sticker_size_mm(22.0)
    assert art.image.shape[:2] == (round(h_mm * ppm), round(w_mm * ppm))
    assert h_mm > w_mm == pytest.approx(22.0 + 2 * quiet_zone_mm(22.0))
    found = detect(cv2.copyMakeBorder(art.image, 5, 5, 5, 5, cv2.BORDER_CONSTANT,
                                      value=(255, 255, 255)))
    assert [m for m, _ in found] == [37]
    assert np.abs(found[0][1] - 5 - np.array(art.markers[0][1])).max() <= 1.0
    label_strip = art.image[round((w_mm) * ppm):-2, 2:-2]
    assert (label_strip < 128).any()  # the label is printed under the marker


def test_card_face_has_two_stickers_in_opposite_corners_reading_both_ways():
    piece = PieceSpec(56, "37", (59.0, 91.0), 22.0)
    art = card_side(piece, True, 6.0)
    assert [m for m, _ in art.markers] == [56, 56]
    (_, first), (_, second) = art.markers
    h, w = art.image.shape[:2]
    assert max(x for x, _ in first) < w / 2 and max(y for _, y in first) < h / 2
    assert min(x for x, _ in second) > w / 2 - 1 and min(y for _, y in second) > h / 2
    padded = cv2.copyMakeBorder(art.image, 8, 8, 8, 8, cv2.BORDER_CONSTANT, value=(255,) * 3)
    found = detect(padded)
    assert [m for m, _ in found] == [56, 56]
    for _, quad in art.markers:   # each copy's corners in the detector's own order
        errors = [np.abs(q - 8 - np.array(quad)).max() for _, q in found]
        assert min(errors) <= 1.0


def test_back_shows_the_back_marker_or_nothing():
    read = PieceSpec(150, "mouse 3", (59.0, 91.0), 22.0, back_marker=208, back_label="mouse back")
    assert [m for m, _ in card_side(read, False, 5.0).markers] == [208, 208]
    padded = cv2.copyMakeBorder(card_side(read, False, 5.0).image, 8, 8, 8, 8,
                                cv2.BORDER_CONSTANT, value=(255,) * 3)
    assert [m for m, _ in detect(padded)] == [208, 208]
    plain = PieceSpec(20, "1", (59.0, 91.0), 22.0)
    art = card_side(plain, False, 5.0)
    assert art.markers == () and detect(art.image) == []
    other = card_side(PieceSpec(21, "2", (59.0, 91.0), 22.0), False, 5.0)
    assert np.array_equal(art.image, other.image)   # a plain back tells nothing


def test_round_token_has_one_centred_sticker():
    token = PieceSpec(90, "notebook 2", (32.0, 32.0), 20.0, round=True)
    art = card_side(token, True, 10.0)
    assert art.mask is not None and art.mask[0, 0] == 0 and art.mask[160, 160] == 255
    padded = cv2.copyMakeBorder(art.image, 8, 8, 8, 8, cv2.BORDER_CONSTANT, value=(255,) * 3)
    assert [m for m, _ in detect(padded)] == [90]
    assert not round_sticker_fits(30.0, 32.0)


def test_stickers_that_do_not_fit_are_refused():
    assert len(sticker_positions_mm(PieceSpec(4, "seat 1", (70.0, 70.0), 50.0))) == 1
    with pytest.raises(ValueError, match="does not fit"):
        sticker_positions_mm(PieceSpec(4, "x", (40.0, 40.0), 50.0))
    with pytest.raises(ValueError, match="does not fit"):
        card_side(PieceSpec(90, "x", (32.0, 32.0), 30.0, round=True), True, 4.0)
