"""``companion scan``: cards and raw reports, JSON shapes, escapes, annotated images, errors."""

import json
from functools import cache

import cv2
import numpy as np
import pytest

from companion.bench.vision import table_scene
from companion.cli import main
from companion.commands.scan import card_report
from companion.piece_catalog import marker_catalog
from tests.vision.test_qr import qr_image
from vision.detect import MarkerDetector
from vision.qr import qr_text
from vision.render import render
from vision.types import Detection, Frame


@cache
def table_image() -> tuple[np.ndarray, frozenset[int]]:
    rendered = render(table_scene(6, 61, tilt_deg=15.0, blur_sigma=0.3), (1280, 720))
    seen = frozenset(m.marker for m in rendered.markers if m.visible_fraction > 0.99)
    return rendered.image, seen


def write_table(path) -> frozenset[int]:
    image, seen = table_image()
    cv2.imwrite(str(path), image)
    return seen


def run(capsys, *argv):
    status = main(["scan", *map(str, argv)])
    out, err = capsys.readouterr()
    return status, out, err


def test_cards_are_reported_as_json_one_object_per_image(tmp_path, capsys):
    seen = write_table(tmp_path / "table.png")
    status, out, err = run(capsys, tmp_path / "table.png", "--json")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert report["path"] == str(tmp_path / "table.png")
    assert report["unknown_markers"] == 0
    assert {c["marker"] for c in report["cards"]} == seen
    card = report["cards"][0]
    assert set(card) == {"card", "label", "side", "marker", "corners", "confidence"}
    assert card["side"] in ("face", "back") and "/" in card["card"]
    assert len(card["corners"]) == 4 and all(len(p) == 2 for p in card["corners"])


def test_the_text_report_names_cards_sides_and_markers(tmp_path, capsys):
    seen = write_table(tmp_path / "table.png")
    status, out, _ = run(capsys, tmp_path / "table.png")
    assert status == 0
    head, *rows = out.splitlines()
    assert head.startswith(f"{tmp_path / 'table.png'}: ") and "cards" in head
    assert {int(row.split("marker")[1].split()[0]) for row in rows} == seen


def raw_photo(path) -> None:
    """A QR code whose payload is not UTF-8, a 4x4 ArUco marker and a 36h11 tag."""
    photo = np.full((400, 900), 230, np.uint8)
    code = qr_image(b"caf\xe9 \xff ok", scale=6)
    photo[50:50 + code.shape[0], 40:40 + code.shape[1]] = code
    photo[80:180, 320:420] = cv2.aruco.generateImageMarker(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), 7, 100)
    photo[80:200, 520:640] = cv2.aruco.generateImageMarker(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11), 400, 120)
    cv2.imwrite(str(path), photo)


def test_raw_json_reports_every_marker_family_and_qr_payloads_with_escapes(tmp_path, capsys):
    raw_photo(tmp_path / "photo.png")
    status, out, _ = run(capsys, "--raw", "--json", tmp_path / "photo.png")
    assert status == 0
    report = json.loads(out)
    assert list(report) == ["path", "qr", "markers"]
    assert report["qr"] == ["caf\\xe9 \\xff ok"]
    assert sorted(report["markers"], key=lambda m: m["id"]) == [
        {"family": "DICT_4X4_50", "id": 7}, {"family": "DICT_APRILTAG_36h11", "id": 400}]
    assert '"caf\\\\xe9 \\\\xff ok"' in out    # the escape survives as text in the JSON


def test_qr_text_keeps_utf8_and_escapes_only_bad_bytes():
    assert qr_text("Omertà".encode()) == "Omertà"
    assert qr_text(b"\x80a\xc3") == "\\x80a\\xc3"


def test_annotate_writes_the_picture_and_numbers_it_for_several(tmp_path, capsys):
    write_table(tmp_path / "a.png")
    write_table(tmp_path / "b.png")
    status, _, _ = run(capsys, tmp_path / "a.png", "--annotate", tmp_path / "seen.png")
    assert status == 0
    drawn = cv2.imread(str(tmp_path / "seen.png"))
    original = cv2.imread(str(tmp_path / "a.png"))
    assert drawn.shape == original.shape and (drawn != original).any()
    # green outlines where the cards are
    assert ((drawn[:, :, 1] > 200) & (drawn[:, :, 0] < 90) & (drawn[:, :, 2] < 90)).sum() > 500
    status, _, _ = run(capsys, tmp_path, "--annotate", tmp_path / "out" / "x.png")
    assert status == 1    # the folder for the pictures does not exist
    (tmp_path / "out").mkdir()
    status, _, _ = run(capsys, tmp_path / "a.png", tmp_path / "b.png", "--raw",
                       "--annotate", tmp_path / "out" / "x.png")
    assert status == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["x-0001.png", "x-0002.png"]


def test_unknown_markers_are_counted_and_drawn_in_another_colour(tmp_path, capsys):
    raw_photo(tmp_path / "photo.png")
    status, out, _ = run(capsys, tmp_path / "photo.png", "--json",
                         "--annotate", tmp_path / "seen.png")
    report = json.loads(out)
    assert status == 0 and report["cards"] == [] and report["unknown_markers"] == 1
    drawn = cv2.imread(str(tmp_path / "seen.png"))
    orange = (drawn[:, :, 2] > 200) & (drawn[:, :, 1] > 100) & (drawn[:, :, 1] < 180) \
        & (drawn[:, :, 0] < 60)
    assert orange[70:210, 510:650].sum() > 50


def test_bad_files_are_reported_one_by_one_and_the_run_goes_on(tmp_path, capsys):
    write_table(tmp_path / "good.png")
    (tmp_path / "broken.jpg").write_bytes(b"\xff\xd8 not really a jpeg")
    status, out, err = run(capsys, tmp_path / "missing.png", tmp_path / "broken.jpg",
                           tmp_path / "good.png", "--json")
    assert status == 1
    assert [json.loads(line)["path"] for line in out.splitlines()] == [str(tmp_path / "good.png")]
    assert f"companion scan: {tmp_path / 'missing.png'}: no such file" in err
    assert f"{tmp_path / 'broken.jpg'}: not a readable image" in err
    assert "Traceback" not in err


def test_a_video_is_scanned_frame_by_frame(tmp_path, capsys):
    image, seen = table_image()
    writer = cv2.VideoWriter(str(tmp_path / "clip.avi"), cv2.VideoWriter_fourcc(*"MJPG"), 10,
                             (image.shape[1], image.shape[0]))
    for _ in range(4):
        writer.write(image)
    writer.release()
    status, out, _ = run(capsys, tmp_path / "clip.avi", "--json", "--frames", 3)
    reports = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert [r["frame"] for r in reports] == [0, 1, 2]
    assert all({c["marker"] for c in r["cards"]} == seen for r in reports)


def test_progress_goes_to_stderr_when_asked(tmp_path, capsys):
    write_table(tmp_path / "a.png")
    status, out, err = run(capsys, tmp_path, "--progress", "--json")
    assert status == 0 and "scan: 1/1 images" in err and "scan:" not in out


@pytest.mark.parametrize("argv,message", [
    ((), "give images, folders or videos to scan, or --camera N"),
    (("--camera", "0"), "camera 0 cannot be opened"),
    (("x.png", "--camera", "0"), "either files or --camera N"),
])
def test_bad_arguments_get_one_clear_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 1 and out == ""
    assert err.startswith("companion: ") and message in err and err.count("\n") == 1


class FakeTableMap:
    """What the calibration hook needs: locate(detection) and annotate(image)."""

    def locate(self, detection):
        return [{"card": {"key": s.card.key, "label": s.card.label}, "zone": "play:1",
                 "position_mm": (100.0, 200.0)} for s in detection.sightings[:1]]

    def annotate(self, image):
        return np.zeros_like(image)


def test_the_report_takes_a_table_map_for_positions_and_zones():
    image, _ = table_image()
    detection = MarkerDetector(marker_catalog()).detect(image)
    report = card_report(Frame(image, 0.0, 0, "t.png"), detection, FakeTableMap())
    assert report["placements"][0]["zone"] == "play:1"
    assert report["placements"][0]["position_mm"] == [100.0, 200.0]
    empty = card_report(Frame(image, 0.0, 0, "t.png"), Detection(0, 0.0, ()), None)
    assert "placements" not in empty and empty["cards"] == []


def png_claiming(path, width, height):
    """A PNG whose header claims ``width`` x ``height`` pixels, with almost no data."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                     + chunk(b"IDAT", zlib.compress(bytes(100))) + chunk(b"IEND", b""))
    return path


@pytest.mark.parametrize("width, height", [(100000, 100000), (12000, 9000)])
def test_an_image_whose_header_claims_a_huge_size_is_refused_before_decoding(
        tmp_path, capsys, width, height):
    huge = png_claiming(tmp_path / "huge.png", width, height)
    write_table(tmp_path / "good.png")
    status, out, err = run(capsys, huge, tmp_path / "good.png", "--json")
    assert status == 1
    assert [json.loads(line)["path"] for line in out.splitlines()] == [str(tmp_path / "good.png")]
    line = next(line for line in err.splitlines() if "huge.png" in line)
    assert line.startswith(f"companion scan: {huge}: its header claims ")
    assert "megapixels" in line and "Traceback" not in err


@pytest.mark.parametrize("suffix", [".png", ".jpg"])
def test_a_truncated_image_is_refused_in_one_line(tmp_path, capsys, suffix):
    write_table(tmp_path / f"whole{suffix}")
    data = (tmp_path / f"whole{suffix}").read_bytes()
    cut = tmp_path / f"cut{suffix}"
    cut.write_bytes(data[:len(data) // 2])
    status, out, err = run(capsys, cut)
    assert status == 1
    assert err.strip().splitlines()[0] == (f"companion scan: {cut}: the "
                                           f"{'PNG' if suffix == '.png' else 'JPEG'} file is "
                                           f"cut short (truncated): copy or export it again")
    assert "Traceback" not in err and "libpng" not in err


def test_a_jpeg_with_data_after_its_end_is_still_read(tmp_path, capsys):
    """Phones append data after the picture (a motion photo's video): not a truncation."""
    seen = write_table(tmp_path / "whole.jpg")
    photo = tmp_path / "phone.jpg"
    photo.write_bytes((tmp_path / "whole.jpg").read_bytes() + bytes(range(256)) * 40)
    status, out, err = run(capsys, photo, "--json")
    assert status == 0, err
    assert {c["marker"] for c in json.loads(out)["cards"]} == set(seen)
