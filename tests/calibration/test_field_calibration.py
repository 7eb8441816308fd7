"""The README's one command on the hardest level's setup footage (720p, 50 degrees of
tilt, k1 -0.25, heavy noise, MJPEG q60), filmed by the simulator as a webcam would: it
is accepted, the lens and the table come back, and the error it reports bounds the true
one (the simulator's camera maps the table's points into the image). A table whose
markers do not lie where they should is still refused."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.calibrated_table import load_table_map
from companion.cli import main
from companion.piece_catalog import marker_catalog
from companion.simulator.field_test import field_fixture, film
from companion.simulator.levels import level
from vision.detect import MarkerDetector
from vision.frames import open_source
from vision.render import camera_matrix, distort_points, table_homography

from .calibration_tables import TABLE, seat_markers, shoot
from .test_calibrate_command import corners
from .test_table_zones import hierarchy


def true_error_mm(fixture, table_path) -> float:
    """The worst distance, over a grid spanning the table, between a point and where the
    calibration puts the pixel the simulator's camera sees it at."""
    pose, size = fixture.look.camera, fixture.size
    w, d = fixture.look.table_mm
    xs, ys = np.meshgrid(np.linspace(0, w, 9), np.linspace(0, d, 7))
    points = np.column_stack([xs.ravel(), ys.ravel()])
    pixels = cv2.perspectiveTransform(points.reshape(-1, 1, 2),
                                      table_homography(pose, size)).reshape(-1, 2)
    pixels = distort_points(pixels, camera_matrix(pose, size), (pose.k1, pose.k2))
    placed = load_table_map(table_path).to_table(pixels)
    return float(np.linalg.norm(placed - points, axis=1).max())


def calibrated(tmp_path, capsys, game, seed):
    """The hardest level's setup footage of a game, filmed and calibrated as a user does;
    the fixture, the footage and the calibration."""
    fixture = field_fixture(game, "hardest", seed, length=1)
    film(fixture, level("hardest").jpeg_quality, tmp_path / "setup.avi", tmp_path / "game.avi")
    out = tmp_path / "table.json"
    assert main(["calibrate", str(tmp_path / "setup.avi"), "--out", str(out)]) == 0, \
        capsys.readouterr().err
    cal = load_table_map(out).calibration
    assert abs(cal.lens.distortion[0] - fixture.look.camera.k1) < 0.05
    for measured, true in zip(cal.table_mm, fixture.look.table_mm):
        assert abs(measured / true - 1) < 0.02
    real = true_error_mm(fixture, out)
    assert real <= cal.error_mm < 35   # pumafiosi seed 1: 33 mm, a corner 20 mm off
    return fixture, tmp_path / "setup.avi", real


@pytest.mark.parametrize("seed", [0, 1])
def test_the_hardest_levels_setup_footage_is_accepted_with_an_honest_error(tmp_path, capsys,
                                                                           seed):
    # Seed 1's far corner, left out, lands 20 mm off: refused by a fixed 15 mm limit,
    # though under four times what its markers' noise explains there.
    _, _, real = calibrated(tmp_path, capsys, "pumafiosi", seed)
    assert real < 12    # before the corner bias was fitted: 16 mm, the table 804 x 615


def test_a_corner_no_single_frame_shows_is_read_from_the_still_table(tmp_path, capsys):
    # Mafia's far corner 2 at the hardest level: 40 x 18 px under heavy noise, decoded in
    # none of the frames; the frames' median read at twice the size shows it.
    _, setup, _ = calibrated(tmp_path, capsys, "mafia", 1)
    detector = MarkerDetector(marker_catalog())
    with open_source(str(setup), on_problem=print) as frames:
        labels = {s.card.label for frame in frames for s in detector.detect(frame).sightings}
    assert "corner 2" not in labels and {"corner 1", "corner 3", "corner 4"} <= labels


def refused(tmp_path, capsys, placed) -> str:
    """Why the README command refuses a 720p photo of ``placed`` through a wide lens."""
    frame = shoot(placed, tilt=40.0, size=(1280, 720), k1=-0.15, with_corners=False,
                  noise_sigma=2.0, jpeg_quality=80).image
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), frame)
    assert main(["calibrate", str(photo), "--out", str(tmp_path / "t.json")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: calibration refused: ") and "Traceback" not in err
    assert not (tmp_path / "t.json").exists()
    return err


def test_a_corner_piece_off_its_corner_is_refused_without_a_table_size(tmp_path, capsys):
    # One corner piece 60 mm in from its corner, the lens fitted from the markers: the
    # markers cannot all lie on one flat table of the known marker sizes.
    refused(tmp_path, capsys, corners(c3=(TABLE[0] - 60.0, TABLE[1] - 40.0))
            + seat_markers() + hierarchy(300.0))


def test_a_corner_piece_25_mm_off_its_corner_is_more_than_noise(tmp_path, capsys):
    # Left out, it lands 24 mm off: over six times what its markers' noise explains.
    err = refused(tmp_path, capsys, corners(c1=(0.0, 25.0)) + seat_markers()
                  + hierarchy(300.0))
    assert "do not fit one flat table" in err


def test_a_seat_marker_printed_too_small_is_refused(tmp_path, capsys):
    # Printed at 40 mm where the kit says 50: its misfit bends the lens and the table,
    # and a corner left out lands 24 mm off.
    seats = seat_markers()
    seats[0] = replace(seats[0], piece=replace(seats[0].piece, marker_mm=40.0))
    err = refused(tmp_path, capsys, corners() + seats + hierarchy(300.0))
    assert "do not fit one flat table" in err


def test_hand_stuck_stickers_at_the_hard_1080p_table_are_accepted_with_an_honest_error(
        tmp_path, capsys):
    # Every card's two stickers stuck a few mm and degrees off the printed guide, each its
    # own way: held rigidly to the print in the lens fit, they bent the lens, corners left
    # out landed 18 mm off (4.9 times their noise) and this good table (seed 116, a report
    # seed) was refused. Each card's second sticker may now lie off the first (1.5 mm and
    # 3 degrees cost as much as a corner's noise; the cards' mean departure held at the
    # print): the worst corner left out lands 11 mm off, the table placed 11 mm off.
    fixture = field_fixture("pumafiosi", "wild-table1080", 116, length=1)
    film(fixture, level("wild-table1080").jpeg_quality, tmp_path / "setup.avi",
         tmp_path / "game.avi")
    out = tmp_path / "table.json"
    assert main(["calibrate", str(tmp_path / "setup.avi"), "--out", str(out),
                 "--game", "pumafiosi", "--players", "3"]) == 0, capsys.readouterr().err
    cal = load_table_map(out).calibration
    assert len(cal.seats) == 3
    assert true_error_mm(fixture, out) <= cal.error_mm < 25
