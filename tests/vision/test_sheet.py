"""Sticker sheets: A4 at true size, every marker scans back, a QR code says what is on it."""

import subprocess
from collections import Counter

import cv2
import numpy as np
import pytest
import zxingcpp
from PIL import Image

from companion.commands.cards import card_stickers
from vision.markers import dictionary
from vision.render import render
from vision.sheet import (MARGIN_MM, PAGE_MM, StickerSpec, layout, write_pdf, write_png)
from vision.types import CameraPose, PieceSpec, Placed, Scene

DPI = 200


def detect(image):
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = cv2.aruco.ArucoDetector(dictionary()).detectMarkers(grey)
    if ids is None:
        return []
    return list(zip(ids.ravel().tolist(), [c.reshape(4, 2) for c in corners]))


def test_layout_keeps_stickers_on_the_page_apart_and_groups_on_their_own_pages():
    pages = layout([("kit", card_stickers("kit", 3)), ("pungi", card_stickers("pungi"))])
    assert [p.group for p in pages][:2] == ["kit", "pungi"]
    assert all(p.count == len(pages) for p in pages)
    placed = [s for p in pages for s, _, _ in p.stickers]
    assert Counter(s.marker for s in placed)[208] == 2 * 10   # a back pair per mouse card
    for page in pages:
        boxes = [(x, y, x + s.size_mm()[0], y + s.size_mm()[1]) for s, x, y in page.stickers]
        for x0, y0, x1, y1 in boxes:
            assert MARGIN_MM <= x0 and x1 <= PAGE_MM[0] - MARGIN_MM
            assert MARGIN_MM <= y0 and y1 <= PAGE_MM[1] - MARGIN_MM
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    assert pages[1].payload.startswith(f"companion-sheet/1 pungi page 2/{len(pages)} markers 110-")


def test_pdf_is_a4_at_true_size_and_its_qr_code_names_the_page(tmp_path):
    stickers = [StickerSpec(20, "1", 22.0)] * 2 + [StickerSpec(4, "seat 1", 40.0)]
    pages = layout([("test", stickers)])
    path = write_pdf(pages, tmp_path / "sheet.pdf", dpi=300)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    size = next(line for line in info.splitlines() if line.startswith("Page size"))
    width_pt, height_pt = (float(v) for v in size.split(":")[1].split("pts")[0].split(" x "))
    assert width_pt / 72 * 25.4 == pytest.approx(210.0, abs=0.5)
    assert height_pt / 72 * 25.4 == pytest.approx(297.0, abs=0.5)
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", str(path),
                    str(tmp_path / "page")], check=True)
    raster = cv2.imread(str(tmp_path / "page.png"))
    assert raster.shape[:2] == (round(297 / 25.4 * DPI), round(210 / 25.4 * DPI))
    found = detect(raster)
    assert sorted(m for m, _ in found) == [4, 20, 20]
    for marker, quad in found:
        # aruco puts corners on the outermost black pixels' centres: add one pixel back
        side_mm = (np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1).mean() + 1) / DPI * 25.4
        assert side_mm == pytest.approx(40.0 if marker == 4 else 22.0, abs=0.3)
    codes = zxingcpp.read_barcodes(cv2.cvtColor(raster, cv2.COLOR_BGR2GRAY))
    assert [c.text for c in codes] == [pages[0].payload]
    assert pages[0].payload == "companion-sheet/1 test page 1/1 markers 4-20"


def test_png_pages_carry_their_dpi(tmp_path):
    pages = layout([("pumafiosi", card_stickers("pumafiosi"))])
    assert len(pages) > 1
    paths = write_png(pages[:2], tmp_path / "puma.png", dpi=150)
    assert [p.name for p in paths] == ["puma-1.png", "puma-2.png"]
    with Image.open(paths[0]) as image:
        assert image.size == (round(210 / 25.4 * 150), round(297 / 25.4 * 150))
        assert image.info["dpi"] == pytest.approx((150, 150), abs=0.1)
    single = write_png(pages[:1], tmp_path / "one.png", dpi=100)
    assert [p.name for p in single] == ["one.png"]


def photo_of(page, seed):
    """A webcam photo of a printed page lying on a table: perspective, blur, noise."""
    sheet = PieceSpec(marker=0, label="sheet", size_mm=PAGE_MM, marker_mm=22.0, printed=page)
    scene = Scene(table_mm=(600.0, 450.0),
                  pieces=(Placed(sheet, 300.0, 225.0, angle_deg=93.0),),
                  camera=CameraPose(target_mm=(300.0, 225.0), distance_mm=560.0,
                                    tilt_deg=25.0, pan_deg=4.0),
                  texture="wood", blur_sigma=0.8, noise_sigma=3.0, light_gradient=0.4,
                  jpeg_quality=85, seed=seed)
    return render(scene, (1920, 1080))


@pytest.mark.parametrize("game, which", [("kit", 0), ("pumafiosi", -1), ("pungi", -1),
                                         ("mafia", 0)])
def test_every_marker_on_a_page_scans_back_from_a_photo(game, which):
    pages = layout([(game, card_stickers(game))])
    page = pages[which]
    photo = photo_of(page, seed=len(game))
    expected = Counter(s.marker for s, _, _ in page.stickers)
    assert Counter(m.marker for m in photo.markers) == expected
    assert min(m.side_px for m in photo.markers) > 30
    assert Counter(m for m, _ in detect(photo.image)) == expected
