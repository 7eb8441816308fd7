"""The README's one command on the hardest level's setup footage (720p, 50 degrees of
tilt, k1 -0.25, heavy noise, MJPEG q60), filmed by the simulator as a webcam would: it
is accepted, the lens and the table come back, and the error it reports bounds the true
one (the simulator's camera maps the table's points into the image). A table whose
markers do not lie where they should is still refused."""

import cv2
import numpy as np

from companion.calibrated_table import load_table_map
from companion.cli import main
from companion.simulator.field_test import field_fixture, film
from companion.simulator.levels import level
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


def test_the_hardest_levels_setup_footage_is_accepted_with_an_honest_error(tmp_path, capsys):
    fixture = field_fixture("pumafiosi", "hardest", 0, length=1)
    film(fixture, level("hardest").jpeg_quality, tmp_path / "setup.avi", tmp_path / "game.avi")
    out = tmp_path / "table.json"
    assert main(["calibrate", str(tmp_path / "setup.avi"), "--out", str(out)]) == 0, \
        capsys.readouterr().err
    cal = load_table_map(out).calibration
    assert abs(cal.lens.distortion[0] - fixture.look.camera.k1) < 0.05
    for measured, true in zip(cal.table_mm, fixture.look.table_mm):
        assert abs(measured / true - 1) < 0.02
    real = true_error_mm(fixture, out)
    assert real <= cal.error_mm < 30
    assert real < 12    # before the corner bias was fitted: 16 mm, the table 804 x 615


def test_a_corner_piece_off_its_corner_is_refused_without_a_table_size(tmp_path, capsys):
    # One corner piece 60 mm in from its corner, the lens fitted from the markers: the
    # markers cannot all lie on one flat table of the known marker sizes.
    placed = corners(c3=(TABLE[0] - 60.0, TABLE[1] - 40.0)) + seat_markers() \
        + hierarchy(300.0)
    frame = shoot(placed, tilt=40.0, size=(1280, 720), k1=-0.15, with_corners=False,
                  noise_sigma=2.0, jpeg_quality=80).image
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), frame)
    assert main(["calibrate", str(photo), "--out", str(tmp_path / "t.json")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: calibration refused: ") and "Traceback" not in err
    assert not (tmp_path / "t.json").exists()
