"""Optional lens calibration: a printed chessboard seen through a distorting lens gives
the lens back, and a table seen through that lens is then placed within 5 mm."""

import math

import cv2
import numpy as np
import pytest

from calibration.lens import calibrate_lens
from calibration.types import CalibrationError
from vision.render import camera_matrix
from vision.types import CameraPose, Placed

from .calibration_tables import card, detect, seat_markers, shoot, table_map

SIZE = (1280, 720)
K1 = -0.18
PATTERN = (9, 6)
SQUARE_MM = 25.0
BOARD_PPM = 6.0


def board_image() -> np.ndarray:
    cols, rows = PATTERN[0] + 1, PATTERN[1] + 1
    margin = SQUARE_MM
    w = int((cols * SQUARE_MM + 2 * margin) * BOARD_PPM)
    h = int((rows * SQUARE_MM + 2 * margin) * BOARD_PPM)
    board = np.full((h, w), 255, np.uint8)
    for r in range(rows):
        for c in range(cols):
            if (r + c) % 2 == 0:
                x0 = int((margin + c * SQUARE_MM) * BOARD_PPM)
                y0 = int((margin + r * SQUARE_MM) * BOARD_PPM)
                board[y0:y0 + int(SQUARE_MM * BOARD_PPM), x0:x0 + int(SQUARE_MM * BOARD_PPM)] = 0
    return board


def ideal_pixels(k: np.ndarray) -> np.ndarray:
    """Where a perfect pinhole camera would see what each pixel of the lens shows."""
    xs, ys = np.meshgrid(np.arange(SIZE[0], dtype=np.float64), np.arange(SIZE[1], dtype=np.float64))
    distorted = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
    return cv2.undistortPoints(distorted, k, np.array([K1, 0, 0, 0]), P=k).reshape(-1, 1, 2)


def chessboard_view(k: np.ndarray, ideal: np.ndarray, board: np.ndarray, rvec, tvec
                    ) -> np.ndarray:
    """The board (its first inner corner at the origin, mm) as the lens sees it."""
    rot, _ = cv2.Rodrigues(np.asarray(rvec, np.float64))
    to_image = k @ np.column_stack([rot[:, 0], rot[:, 1], tvec])
    # board image px -> board mm (origin at the first inner corner)
    offset = SQUARE_MM * 2
    px_to_mm = np.array([[1 / BOARD_PPM, 0, -offset], [0, 1 / BOARD_PPM, -offset], [0, 0, 1]])
    board_px = cv2.perspectiveTransform(ideal, np.linalg.inv(to_image @ px_to_mm))
    maps = board_px.reshape(SIZE[1], SIZE[0], 2).astype(np.float32)
    view = cv2.remap(board, maps[..., 0], maps[..., 1], cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_CONSTANT, borderValue=200)
    return cv2.GaussianBlur(view, (0, 0), 0.6)


@pytest.fixture(scope="module")
def lens():
    k = camera_matrix(CameraPose(), SIZE)
    ideal, board = ideal_pixels(k), board_image()
    views = []
    # The board near and far, in the middle and towards each corner, tilted each way.
    poses = [(0.0, 0.0, -100, -60, 600), (0.35, 0.0, -60, -40, 550), (0.0, 0.4, -120, -80, 650),
             (-0.3, 0.2, -330, -200, 520), (0.2, -0.35, 90, -200, 520),
             (-0.25, -0.25, -330, 40, 520), (0.25, 0.25, 90, 40, 520), (0.1, 0.1, -110, -70, 380)]
    for i, (rx, ry, x, y, z) in enumerate(poses):
        views.append(chessboard_view(k, ideal, board, (rx, ry, 0.05 * i),
                                     np.array([x, y, z], float)))
    return calibrate_lens(views, PATTERN, SQUARE_MM)


def test_the_chessboard_gives_the_lens_back(lens):
    k = camera_matrix(CameraPose(), SIZE)
    assert lens.rms_px < 0.5
    assert abs(lens.camera_matrix[0, 0] - k[0, 0]) < 0.03 * k[0, 0]
    # Distortion is judged by what it does: points near the image corner undistort to
    # where the true lens puts them.
    corner = np.array([[150.0, 100.0], [1130.0, 620.0], [640.0, 60.0]])
    truth = cv2.undistortPoints(corner.reshape(-1, 1, 2), k, np.array([K1, 0, 0, 0]),
                                P=k).reshape(-1, 2)
    assert np.abs(lens.undistort(corner) - truth).max() < 2.0
    assert np.abs(lens.distort(lens.undistort(corner)) - corner).max() < 0.05


def test_a_distorting_lens_is_corrected_before_mapping(lens):
    cards = [Placed(card("pumafiosi", "pumafioso", i), x, y, 20.0 * i)
             for i, (x, y) in enumerate([(120, 120), (780, 530), (450, 330), (800, 130)])]
    frame = shoot(seat_markers() + cards, tilt=25.0, size=SIZE, distance=900.0,
                  k1=K1, seed=4).image

    def worst(table) -> float:
        got = {p.marker: p.position_mm for p in table.locate(detect(frame))}
        return max(math.dist(got[c.piece.marker], (c.x_mm, c.y_mm)) for c in cards
                   if c.piece.marker in got)

    assert worst(table_map([frame], lens=lens)) < 5.0
    # Without the chessboard the markers themselves give the lens (test_lens_from_markers).
    assert worst(table_map([frame])) < 5.0


def test_too_few_chessboard_views():
    blank = np.full((SIZE[1], SIZE[0]), 128, np.uint8)
    with pytest.raises(CalibrationError, match=r"found in 0 of 2 images; need at least 3"):
        calibrate_lens([blank, blank], PATTERN, SQUARE_MM)
