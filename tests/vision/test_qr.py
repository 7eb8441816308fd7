"""QR codes read by zxing-cpp and zbar together, byte-exact, under blur and perspective."""

import cv2
import numpy as np
import pytest
import segno

from vision.qr import _zbar, _zxing, plan, read_qr
from vision.render import table_texture


def qr_image(payload: bytes, scale: int = 6, border: int = 4) -> np.ndarray:
    code = segno.make_qr(payload, error="m")
    rows = np.array([[0 if dark else 255 for dark in row] for row in code.matrix], np.uint8)
    rows = cv2.copyMakeBorder(rows, border, border, border, border, cv2.BORDER_CONSTANT,
                              value=255)
    return cv2.resize(rows, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)


def place(canvas: np.ndarray, code: np.ndarray, corners) -> np.ndarray:
    """``code`` warped onto ``canvas`` (grey) with its corners at ``corners``."""
    h, w = code.shape
    homography = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]),
                                             np.float32(corners))
    size = (canvas.shape[1], canvas.shape[0])
    warped = cv2.warpPerspective(code, homography, size, flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full_like(code, 255), homography, size)
    return np.where(mask > 127, warped, canvas)


def background(size=(1280, 720), seed=0) -> np.ndarray:
    wood = cv2.resize(table_texture("wood", (1300.0, 800.0), seed), size)
    return cv2.cvtColor(wood, cv2.COLOR_BGR2GRAY)


PAYLOADS = [b"companion/table/3", "Lasagna $2 blue".encode(), b"\xe9t\xe9 \xff\x00\x01",
            "Omertà · 沈黙".encode("utf-8"), b"x" * 120]


def test_many_codes_in_one_picture_under_perspective_and_blur_are_read_byte_exact():
    image = background()
    spots = [[(60, 80), (330, 110), (320, 360), (50, 340)],
             [(420, 60), (640, 70), (660, 300), (400, 280)],
             [(760, 100), (1010, 60), (1040, 320), (780, 350)],
             [(120, 420), (380, 440), (360, 700), (100, 680)],
             [(560, 380), (1000, 400), (990, 710), (580, 700)]]
    for payload, spot in zip(PAYLOADS, spots):
        image = place(image, qr_image(payload), spot)
    image = cv2.GaussianBlur(image, (0, 0), 1.2)
    noisy = np.clip(image + np.random.default_rng(1).normal(0, 3, image.shape), 0, 255)
    codes = read_qr(noisy.astype(np.uint8))
    assert sorted(c.payload for c in codes) == sorted(PAYLOADS)
    for code in codes:
        assert code.reader in ("zxing", "zbar")
        assert len(code.corners) == 4


def test_zbar_returns_the_same_bytes_as_zxing():
    """zbar re-encodes what it guesses is Latin-1 or Shift-JIS unless asked for binary."""
    for payload in PAYLOADS[:4] + ["プログラム".encode("shift_jis")]:
        image = qr_image(payload)
        assert [p for p, _ in _zbar(image)] == [payload]
        assert [p for p, _ in _zxing(image)] == [payload]


def test_a_code_both_readers_see_is_reported_once():
    image = qr_image(b"one code", scale=8)
    assert len(_zbar(image)) == 1 and len(_zxing(image)) == 1
    codes = read_qr(image)
    assert [c.payload for c in codes] == [b"one code"]
    assert codes[0].reader == "zxing"


def test_two_codes_with_the_same_payload_in_two_places_are_both_reported():
    image = np.hstack([qr_image(b"twin"), qr_image(b"twin")])
    codes = read_qr(image)
    assert [c.payload for c in codes] == [b"twin", b"twin"]
    assert abs(codes[0].corners[0][0] - codes[1].corners[0][0]) > 100


def test_the_retries_find_a_faint_code_the_plain_readers_miss():
    code = qr_image(b"faint but there", scale=4)
    faint = code.astype(np.float32) * 0.1 + 60    # 25 grey levels of contrast
    glare = np.tile(np.linspace(0, 200, faint.shape[1], dtype=np.float32), (faint.shape[0], 1))
    image = cv2.GaussianBlur(np.clip(faint + glare, 0, 255).astype(np.uint8), (0, 0), 1.8)
    assert read_qr(image, thorough=False) == ()
    assert [c.payload for c in read_qr(image)] == [b"faint but there"]


def test_large_photos_are_also_read_scaled_down_by_zbar():
    steps = plan((3000, 4000), thorough=False)
    assert [(p.reader, p.variant) for p in steps] == [("zxing", "grey"), ("zbar", "grey"),
                                                      ("zbar", "grey")]
    assert steps[2].scale == pytest.approx(1000 / 4000)
    assert all(p.scale == 1.0 for p in plan((720, 1280), thorough=False))


@pytest.mark.parametrize("seed", range(3))
def test_nothing_is_reported_where_there_is_no_code(seed):
    image = background(seed=seed)
    rng = np.random.default_rng(seed)
    blocks = (rng.random((60, 60)) > 0.5).astype(np.uint8) * 255
    image[100:400, 100:400] = cv2.resize(blocks, (300, 300), interpolation=cv2.INTER_NEAREST)
    assert read_qr(image) == ()


def test_colour_input_is_read_too():
    image = cv2.cvtColor(qr_image(b"colour"), cv2.COLOR_GRAY2BGR)
    assert [c.payload for c in read_qr(image)] == [b"colour"]
