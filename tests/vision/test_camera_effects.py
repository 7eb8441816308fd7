"""The webcam effects (vision.camera_effects, set by Scene.conditions) change the frame as
they say, measurably, and leave it alone when off."""

import dataclasses

import cv2
import numpy as np
import pytest

from companion.piece_catalog import deck_pieces
from companion.simulator.scenes import table_scene
from vision.camera_effects import (expose, jpeg_round_trip, light_map, line_kernel, smear,
                                   smear_region)
from vision.render import CHECK_MM, TEXTURE_PX_PER_MM, render, table_texture
from vision.types import CameraPose, Conditions, Hand, Placed

TABLE = (800.0, 600.0)
SIZE = (960, 540)
FLAT = np.full((240, 320, 3), 128, np.uint8)


def two_cards(moving=(0.0, 0.0), **fields):
    pieces = deck_pieces("pumafiosi")[:2]
    placed = (Placed(pieces[0], 250.0, 300.0, velocity_mm_s=moving),
              Placed(pieces[1], 550.0, 300.0))
    return table_scene(placed, TABLE, camera=CameraPose(tilt_deg=10.0, distance_mm=800.0),
                       noise_sigma=0.0, jpeg_quality=None, **fields)


def marker_box(rendered, marker, grow=4):
    quads = np.concatenate([np.array(m.corners) for m in rendered.markers if m.marker == marker])
    (x0, y0), (x1, y1) = quads.min(axis=0).astype(int) - grow, quads.max(axis=0).astype(int) + grow
    return slice(y0, y1), slice(x0, x1)


def energy(image, axis):
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float64)
    return float((np.diff(grey, axis=axis) ** 2).mean())


def test_all_off_by_default_leaves_the_frame_alone():
    for conditions in (Conditions(), Conditions(fps=30.0), Conditions(shadow_strength=0.9)):
        assert expose(FLAT, conditions, 3, 7) is FLAT
    # velocities draw nothing while the shutter is instant (the clean fixtures' case)
    still, moving = render(two_cards(), SIZE), render(two_cards(moving=(500.0, 0.0)), SIZE)
    assert np.array_equal(still.image, moving.image) and still.markers == moving.markers


def test_motion_blur_smears_what_moves_along_its_motion_and_nothing_else():
    conditions = Conditions(exposure_s=1 / 30)
    sharp = render(two_cards(conditions=conditions), SIZE)
    blurred = render(two_cards(moving=(450.0, 0.0), conditions=conditions), SIZE)
    first, second = deck_pieces("pumafiosi")[:2]
    moving = marker_box(sharp, first.marker)
    along = energy(blurred.image[moving], 1) / energy(sharp.image[moving], 1)
    across = energy(blurred.image[moving], 0) / energy(sharp.image[moving], 0)
    assert along < 0.1 and along < 0.25 * across   # 15 mm of motion: x edges gone, y kept
    resting = marker_box(sharp, second.marker)
    assert np.array_equal(blurred.image[resting], sharp.image[resting])


def test_a_moving_hand_smears_and_shake_smears_the_whole_frame():
    conditions = Conditions(exposure_s=1 / 20)
    hand = Hand(400.0, 200.0, from_angle_deg=270.0)
    still = render(two_cards(hands=(hand,), conditions=conditions), SIZE).image
    moving = render(two_cards(hands=(dataclasses.replace(hand, velocity_mm_s=(400.0, 0.0)),),
                              conditions=conditions), SIZE).image
    changed = np.abs(still.astype(int) - moving).max(axis=2) > 10
    assert changed.sum() > 1500       # the arm's long edges smeared sideways
    assert not changed[:, :SIZE[0] // 4].any()   # the hand is in the middle
    kernel = line_kernel((0.0, 10.0))
    assert kernel.shape[1] == kernel.shape[0] and abs(kernel.sum() - 1) < 1e-6
    assert np.count_nonzero(kernel.sum(axis=0) > 1e-3) == 1   # one column: straight down
    sharp = render(two_cards(), SIZE).image
    shaken = render(two_cards(conditions=Conditions(shake_px=6.0)), SIZE).image
    assert energy(shaken, 0) + energy(shaken, 1) < 0.8 * (energy(sharp, 0) + energy(sharp, 1))
    assert line_kernel((0.2, 0.1)) is None and smear(FLAT, (0.3, 0.0)) is FLAT


def test_smear_region_stays_inside_its_reach():
    image = np.zeros((100, 100, 3), np.uint8)
    image[40:60, 40:60] = 255
    mask = np.zeros((20, 20), np.uint8) + 255
    smear_region(image, mask, (40, 40), (16.0, 0.0))
    rows = np.argwhere(image[:, :, 0].max(axis=1) > 0).ravel()
    cols = np.argwhere(image[:, :, 0].max(axis=0) > 0).ravel()
    assert (rows.min(), rows.max()) == (40, 59)            # nothing across the motion
    assert 30 <= cols.min() <= 33 and 66 <= cols.max() <= 69   # half the smear each way


def test_read_noise_raises_the_spread_by_its_sigma_and_a_dim_room_amplifies_it():
    read = expose(FLAT, Conditions(read_noise=4.0), 1, 0).astype(float)
    assert abs(read.std() - 4.0) < 0.3 and abs(read.mean() - 128) < 0.3
    shot = expose(FLAT, Conditions(shot_noise=1.0), 1, 0).astype(float)
    assert abs(shot.std() - np.sqrt(128)) < 0.6    # photon noise: variance = signal
    dim = expose(FLAT, Conditions(read_noise=2.0, light_level=0.25), 1, 0).astype(float)
    assert abs(dim.mean() - 128) < 1 and abs(dim.std() - 8.0) < 0.6   # the gain x4 shows it
    again, other = (expose(FLAT, Conditions(read_noise=4.0), 1, f) for f in (0, 1))
    assert np.array_equal(again, read.astype(np.uint8)) and not np.array_equal(again, other)
    with pytest.raises(ValueError, match="light level"):
        expose(FLAT, Conditions(light_level=0.0), 1, 0)


def test_auto_exposure_drifts_slowly_within_its_swing():
    conditions = Conditions(exposure_drift=0.1, drift_period_s=5.0, fps=10.0)
    means = np.array([expose(FLAT, conditions, 2, f).mean() for f in range(100)])
    assert means.max() / means.min() > 1.12 and means.max() < 128 * 1.1 + 1
    assert means.min() > 128 * 0.9 - 1
    assert np.abs(np.diff(means)).max() < 4   # hunting, not flicker


def test_vignetting_warm_light_slope_and_moving_shadows():
    (h, w) = FLAT.shape[:2]
    vignette = light_map(Conditions(vignetting=0.3), (w, h), 0, 0)   # on a coarse grid
    assert abs(vignette[vignette.shape[0] // 2, vignette.shape[1] // 2].mean() - 1) < 0.01
    assert abs(vignette[0, 0].mean() - 0.7) < 0.01 and abs(vignette[-1, -1].mean() - 0.7) < 0.01
    dark = expose(FLAT, Conditions(vignetting=0.3), 0, 0).astype(float)
    assert abs(dark[0, 0].mean() - 0.7 * 128) < 2 and abs(dark[h // 2, w // 2].mean() - 128) < 2
    warm = expose(FLAT, Conditions(warmth=1.0), 0, 0)
    b, g, r = warm[h // 2, w // 2].astype(int)
    assert r > g > b and r - b > 30
    cool = expose(FLAT, Conditions(warmth=-1.0), 0, 0)[h // 2, w // 2].astype(int)
    assert cool[0] > cool[2]
    slope = light_map(Conditions(light_slope=0.4), (w, h), 5, 0)[:, :, 0]
    assert 0.55 < slope.min() < 0.65 and slope.max() > 0.95
    first, later = (light_map(Conditions(shadows=2, shadow_strength=0.4), (w, h), 5, f)
                    for f in (0, 40))
    assert first.min() < 0.75 and later.min() < 0.75
    assert np.abs(first - later).max() > 0.1    # the shadows have moved in 4 s
    assert light_map(Conditions(), (w, h), 5, 0) is None


def test_the_jpeg_round_trip_really_happens():
    clean = render(two_cards(), SIZE).image
    compressed = render(dataclasses.replace(two_cards(), jpeg_quality=40), SIZE).image
    assert np.array_equal(compressed, jpeg_round_trip(clean, 40))
    ok, data = cv2.imencode(".jpg", clean, [cv2.IMWRITE_JPEG_QUALITY, 40])
    assert np.array_equal(compressed, cv2.imdecode(data, cv2.IMREAD_COLOR))
    # 8 x 8 blocks: the steps across block edges grow more than those inside them
    grey = cv2.cvtColor(compressed, cv2.COLOR_BGR2GRAY).astype(int) - \
        cv2.cvtColor(clean, cv2.COLOR_BGR2GRAY)
    steps = np.abs(np.diff(grey, axis=1)).mean(axis=0)
    assert steps[7::8].mean() > 1.1 * np.delete(steps, np.s_[7::8]).mean()
    with pytest.raises(ValueError, match="JPEG quality 0: use 1 to 100"):
        jpeg_round_trip(clean, 0)


def test_the_check_cloth_repeats_every_period_in_red_and_white():
    texture = table_texture("check", TABLE, 0)
    grey = cv2.cvtColor(texture, cv2.COLOR_BGR2GRAY).astype(float)
    for profile in (grey.mean(axis=0), grey.mean(axis=1)):
        spectrum = np.abs(np.fft.rfft(profile - profile.mean()))
        peak = int(np.argmax(spectrum[1:])) + 1
        assert abs(len(profile) / peak - CHECK_MM * TEXTURE_PX_PER_MM) < 0.5
    b, g, r = (texture[:, :, i].astype(float) for i in range(3))
    assert ((r > 200) & (g > 200) & (b > 200)).mean() > 0.15      # white squares
    assert ((r > 140) & (g < 80) & (b < 80)).mean() > 0.15        # red where bands cross
