"""The README's one command on photos through a wide webcam lens: the kit's own markers
give the lens back, the table is measured within 2%, and the error the calibration
reports bounds the real one (the renderer's ground truth)."""

import json
import math
import re

import cv2
import pytest

from calibration.homography import corner_positions
from companion.cli import main
from companion.calibrated_table import load_table_calibration, table_map

from .calibration_tables import TABLE, detect, seat_markers, shoot
from .test_table_zones import hierarchy


def kit():
    return seat_markers() + hierarchy(300.0)


def truth() -> dict[int, tuple[float, float]]:
    where = {p.piece.marker: (p.x_mm, p.y_mm) for p in kit()}
    return where | {n - 1: p for n, p in corner_positions(TABLE).items()}


@pytest.mark.parametrize("size, tilt, k1", [
    ((1280, 720), 20.0, -0.25), ((1280, 720), 50.0, -0.15), ((1920, 1080), 35.0, -0.15),
    ((1920, 1080), 50.0, -0.25), ((1920, 1080), 20.0, 0.0)])
def test_the_readme_command_calibrates_a_wide_lens_from_the_kit(tmp_path, capsys, size,
                                                                tilt, k1):
    frame = shoot(kit(), tilt=tilt, size=size, k1=k1, seed=1, noise_sigma=2.0,
                  jpeg_quality=90).image
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), frame)
    out = tmp_path / "table.json"
    assert main(["calibrate", str(photo), "--out", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    cal = load_table_calibration(out)
    for measured, true in zip(cal.table_mm, TABLE):
        assert abs(measured / true - 1) < 0.02
    if k1:
        assert abs(cal.lens.distortion[0] - k1) < 0.05   # the lens is 70 degrees wide
    table = table_map(cal)
    real = max(math.dist(p.position_mm, truth()[p.marker]) for p in table.locate(detect(frame)))
    assert real <= cal.error_mm == round(report["error_mm"], 1)
    assert cal.error_mm < 30


def test_far_seats_get_a_warning_with_numbers_and_what_to_do(tmp_path, capsys):
    frame = shoot(kit(), tilt=50.0, size=(1280, 720), k1=-0.15).image
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), frame)
    assert main(["calibrate", str(photo), "--out", str(tmp_path / "t.json"), "--json"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    sizes = {z["zone"]: z for z in report["marker_px"]}
    assert sizes["seat:3"]["card_px"] < 20 < sizes["seat:1"]["card_px"]   # far and near
    assert sizes["seat:3"]["token_px"] < sizes["seat:3"]["card_px"]
    warning = next(w for w in report["warnings"] if w.startswith("warning: card markers"))
    assert f"seat:3 {sizes['seat:3']['card_px']:.0f} px" in warning
    assert "raise the camera" in warning and "use 1080p" in warning
    assert warning in captured.err   # said to the user as well


def test_a_near_overhead_1080p_camera_gets_no_card_warning(tmp_path, capsys):
    frame = shoot(kit(), tilt=20.0, size=(1920, 1080), distance=1000.0).image
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), frame)
    assert main(["calibrate", str(photo), "--out", str(tmp_path / "t.json"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert min(z["card_px"] for z in report["marker_px"]) >= 20
    assert not [w for w in report["warnings"] if w.startswith("warning: card markers")]


def test_a_live_camera_through_a_wide_lens_needs_no_chessboard(tmp_path, capsys):
    from tests.mjpeg_stream import mjpeg_stream

    bent = shoot(kit(), tilt=30.0, size=(1280, 720), k1=-0.25).image
    with mjpeg_stream([bent] * 30) as url:
        assert main(["calibrate", url, "--out", str(tmp_path / "t.json")]) == 0
    out = capsys.readouterr().out
    assert "all 4 corners seen, fitting the table only roughly" in out
    assert re.search(r"lens fitted from the 1\d pieces' markers: k1 -0\.2[2-8]", out), out
    assert "calibration saved to" in out
