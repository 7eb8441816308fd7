"""What makes footage unkind, as a real table's is: stickers printed, cut out and stuck by
hand (vision.handmade), cards held in the air, glossy cards under a lamp, a depth of field,
a Bayer sensor and the webcam's sharpening (vision.render, vision.camera_effects). Each
does what it says, measurably, and its truth is what a detector sees."""

import dataclasses

import cv2
import numpy as np
import pytest

from companion.piece_catalog import deck_pieces
from companion.simulator.scenes import table_scene
from vision.camera_effects import defocus, develop, mosaic
from vision.handmade import cut_outline_mm, handmade_side, printed_sticker
from vision.markers import quiet_zone_mm
from vision.render import camera_extrinsics, lamp_mm, render, specular_spot
from vision.sheet import PRINT_WHITE
from vision.sticker import card_side, sticker_positions_mm, sticker_size_mm
from vision.types import CameraPose, Conditions, Placed, Stickers
from tests.vision.test_render import corner_errors, detect

TABLE = (800.0, 600.0)
CARD = deck_pieces("pumafiosi")[30]
STRAIGHT = Stickers(cut_mm=0.0, offset_mm=0.0, turn_deg=0.0)


def flat_scene(*placed, **fields):
    fields.setdefault("camera", CameraPose(tilt_deg=0.0, distance_mm=700.0))
    return table_scene(placed, TABLE, noise_sigma=0.0, jpeg_quality=None, **fields)


def tag_centres(artwork):
    return [np.array(quad).mean(axis=0) for _, quad in artwork.markers]


# --- stickers made by hand ------------------------------------------------------------

def test_a_printed_sticker_is_the_sheets_black_and_white_with_its_ink_spreading():
    sharp, quad = printed_sticker(CARD.marker, CARD.label, CARD.marker_mm, None, 300.0, 0.0)
    assert len(np.unique(sharp.reshape(-1, 3), axis=0)) == 2   # paper and ink, as the PDF
    spread, again = printed_sticker(CARD.marker, CARD.label, CARD.marker_mm, None, 300.0, 0.08)
    assert len(np.unique(spread.reshape(-1, 3), axis=0)) > 20  # grey where the ink ran
    assert np.array_equal(quad, again)
    side = np.linalg.norm(np.subtract(quad[1], quad[0]))
    assert side == pytest.approx(CARD.marker_mm * 300 / 25.4, abs=1)
    assert PRINT_WHITE < spread.max() and spread.min() < 60


def test_the_scissors_wander_off_the_cut_line_and_round_or_clip_the_corners():
    w, h = sticker_size_mm(CARD.marker_mm)
    rng = np.random.default_rng(4)
    outline = cut_outline_mm((w, h), False, Stickers(cut_mm=0.6, corner_mm=1.5), rng)
    assert outline.min(axis=0) == pytest.approx((0, 0), abs=0.61)
    assert outline.max(axis=0) == pytest.approx((w, h), abs=0.61)
    # no cut reaches a corner of the printed line: each is rounded or clipped away
    for corner in [(0, 0), (w, 0), (w, h), (0, h)]:
        assert np.linalg.norm(outline - corner, axis=1).min() > 0.15
    exact = cut_outline_mm((w, h), False, Stickers(cut_mm=0.0, corner_mm=0.3), rng)
    assert exact.min(axis=0) == pytest.approx((0, 0), abs=0.01)


def test_stickers_stuck_by_hand_sit_off_their_guides_each_its_own_way():
    ppm = 8.0
    drawn = card_side(CARD, True, ppm)
    straight = handmade_side(CARD, True, ppm, STRAIGHT)
    for exact, cut in zip(tag_centres(drawn), tag_centres(straight)):
        assert np.abs(exact - cut).max() < 0.5     # on the guide, as the art draws them
    offsets = []
    for seed in range(6):
        stuck = handmade_side(CARD, True, ppm, Stickers(seed=seed))
        moved = [np.linalg.norm(a - b) / ppm for a, b in zip(tag_centres(drawn),
                                                                tag_centres(stuck))]
        assert max(moved) <= 2.0 + 0.2             # within offset_mm of the guide
        offsets.append(moved)
    assert max(max(o) for o in offsets) > 1.0 and all(a != b for a, b in offsets)


def test_the_rendered_truth_follows_the_stuck_sticker_and_the_detector_agrees():
    placed = Placed(CARD, 400.0, 300.0)
    stickers = Stickers(seed=3, offset_mm=3.0, turn_deg=6.0)
    exact = render(flat_scene(placed), (1920, 1080))
    stuck = render(flat_scene(placed, stickers=stickers), (1920, 1080))
    pairs = corner_errors(stuck, detect(stuck.image))
    assert all(error is not None and error < 1.5 for _, error in pairs)
    before = [np.array(m.corners) for m in exact.markers if m.marker == CARD.marker]
    after = [np.array(m.corners) for m in stuck.markers if m.marker == CARD.marker]
    assert max(np.abs(a - b).max() for a, b in zip(before, after)) > 4   # px: it shows


def test_the_corner_and_seat_markers_are_laid_by_their_marker():
    corner = deck_pieces("kit")[0]
    assert len(sticker_positions_mm(corner)) == 1
    drawn, cut = card_side(corner, True, 4.0), handmade_side(corner, True, 4.0, Stickers(seed=2))
    assert np.abs(np.array(drawn.markers[0][1]) - np.array(cut.markers[0][1])).max() < 0.5
    assert not np.array_equal(drawn.image, cut.image)     # cut out by hand all the same


# --- cards in the air -------------------------------------------------------------------

def test_a_raised_card_projects_larger_and_shifted_not_at_its_table_place():
    camera = CameraPose(tilt_deg=35.0, distance_mm=950.0)
    lying = Placed(CARD, 400.0, 250.0)
    scenes = [flat_scene(dataclasses.replace(lying, height_mm=up), camera=camera)
              for up in (0.0, 120.0)]
    (low, high) = ([m for m in render(s, (1280, 720)).markers if m.marker == CARD.marker]
                   for s in scenes)
    assert np.mean([m.side_px for m in high]) > 1.07 * np.mean([m.side_px for m in low])
    shift = np.array(high[0].corners).mean(axis=0) - np.array(low[0].corners).mean(axis=0)
    assert np.linalg.norm(shift) > 30
    image = render(scenes[1], (1280, 720)).image
    assert CARD.marker in [m for m, _ in detect(image)]     # where it projects, read


# --- glossy cards ---------------------------------------------------------------------

def test_the_lamps_spot_shows_on_a_glossy_card_moves_as_it_turns_and_washes_a_marker_out():
    camera = CameraPose(tilt_deg=30.0, distance_mm=950.0)
    scene = flat_scene(Placed(CARD, 400.0, 300.0), camera=camera, seed=1, light_gradient=0.0,
                       conditions=Conditions(gloss=1.0))
    _, lens = camera_extrinsics(camera)
    lamp = lamp_mm(scene)
    spots = {angle: specular_spot(Placed(CARD, 400.0, 300.0, angle), lens, lamp, 1)
             for angle in (0.0, 40.0)}
    assert np.linalg.norm(np.subtract(spots[0.0], spots[40.0])) > 10   # mm: it moved
    # the card laid so that the spot falls on its first sticker's tag
    x, y, _ = sticker_positions_mm(CARD)[0]
    tag = np.array([x, y]) + quiet_zone_mm(CARD.marker_mm) + CARD.marker_mm / 2
    (u, v) = spots[0.0]
    under = Placed(CARD, 400.0 + u - tag[0], 300.0 - (v - tag[1]))
    assert specular_spot(under, lens, lamp, 1) == pytest.approx(tuple(tag), abs=1)
    glossy = render(dataclasses.replace(scene, pieces=scene.pieces[:-1] + (under,)))
    matte = render(dataclasses.replace(scene, pieces=scene.pieces[:-1] + (under,),
                                       conditions=Conditions()))
    assert (glossy.image.astype(int) - matte.image).min() >= 0      # light only adds
    inside = np.zeros(glossy.image.shape[:2], np.uint8)   # the card's two tags
    for truth in glossy.markers:
        if truth.marker == CARD.marker:
            cv2.fillConvexPoly(inside, np.round(np.array(truth.corners)).astype(np.int32), 1)
    white = [int(((image.min(axis=2) >= 250) & (inside > 0)).sum()) for image in
             (matte.image, glossy.image)]
    assert white[1] > white[0] + 0.1 * inside.sum()    # black cells washed out to white


# --- the depth of field ----------------------------------------------------------------

def test_defocus_blurs_away_from_the_focus_and_nothing_at_it():
    rng = np.random.default_rng(0)
    image = rng.integers(0, 256, (120, 160, 3)).astype(np.uint8)
    assert np.array_equal(defocus(image, np.zeros(120)), image)
    rows = np.abs(np.arange(120) - 60) / 60 * 2.0      # sharp in the middle, 2 px at the ends
    soft = defocus(image, rows)
    assert np.array_equal(soft[60], image[60])
    spread = [float(soft[r].std()) for r in (0, 30, 60)]
    assert spread[0] < spread[1] < spread[2]
    camera = CameraPose(tilt_deg=45.0, distance_mm=900.0)
    far, centre = Placed(CARD, 400.0, 540.0), Placed(deck_pieces("pumafiosi")[31], 400.0, 300.0)
    sharp, blurred = (render(flat_scene(far, centre, camera=camera, conditions=conditions),
                             (1280, 720)) for conditions in (Conditions(),
                                                             Conditions(defocus_px=1.0)))

    def detail(rendered, piece):   # the marker copies' edge energy, blurred over sharp
        return [energy(blurred.image, truth) / energy(sharp.image, truth)
                for truth in sharp.markers if truth.marker == piece.piece.marker]

    assert min(detail(blurred, centre)) > 0.85      # in focus: nearly as sharp as it was
    assert max(detail(blurred, far)) < 0.7          # the far edge of the table: soft


def energy(image, truth):
    quad = np.array(truth.corners)
    (x0, y0), (x1, y1) = quad.min(axis=0).astype(int), quad.max(axis=0).astype(int) + 1
    grey = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY).astype(float)
    return float((np.diff(grey, axis=0) ** 2).mean() + (np.diff(grey, axis=1) ** 2).mean())


# --- the sensor and the webcam's processing ---------------------------------------------------

def test_a_bayer_sensor_keeps_flat_colours_and_fringes_sharp_edges():
    flat = np.full((40, 40, 3), (200, 100, 30), np.uint8)
    assert np.array_equal(mosaic(flat)[0::2, 0::2], np.full((20, 20), 30))   # red sites
    assert np.array_equal(mosaic(flat)[1::2, 1::2], np.full((20, 20), 200))  # blue sites
    developed = develop(flat, Conditions(bayer=True))
    assert np.abs(developed[4:-4, 4:-4].astype(int) - flat[4:-4, 4:-4]).max() <= 1
    edge = np.zeros((40, 40, 3), np.uint8)
    edge[:, 20:] = (40, 160, 240)
    fringed = develop(edge, Conditions(bayer=True)).astype(int)
    sides = {(0, 0, 0), (40, 160, 240)}
    strays = {tuple(p) for p in fringed[8:-8, 17:23].reshape(-1, 3)} - sides
    assert strays      # colours neither side has: the demosaicing's fringe
    assert all(tuple(p) in sides for p in fringed[8:-8, 4:14].reshape(-1, 3))
    assert develop(edge, Conditions()) is edge


def test_sharpening_rings_every_edge_with_halos():
    edge = np.full((30, 60, 3), 60, np.uint8)
    edge[:, 30:] = 180
    sharpened = develop(edge, Conditions(sharpen=0.8, sharpen_px=1.2)).astype(int)
    row = sharpened[15, :, 1]
    assert row[:30].min() < 55 and row[30:].max() > 185    # a dark rim and a bright one
    assert row[0] == 60 and row[-1] == 180                  # flat far from the edge
