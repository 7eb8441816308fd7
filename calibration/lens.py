"""Optional lens calibration from photos of a printed chessboard (without one,
calibration.lens_fit fits the lens from the table kit's own markers).

A webcam's wide lens bends straight lines near the image edges; the table homography
assumes they are straight. With a lens calibration, marker corners are undistorted
(moved to where a perfect pinhole camera would have seen them) before they are mapped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import cv2
import numpy as np

from calibration.types import CalibrationError

MIN_VIEWS = 3
MAX_RMS_PX = 1.5


@dataclass(frozen=True, eq=False)
class Lens:
    camera_matrix: np.ndarray   # 3x3
    distortion: np.ndarray      # k1, k2, p1, p2, k3
    image_size: tuple[int, int]
    rms_px: float               # the chessboard fit's reprojection error

    def undistort(self, points) -> np.ndarray:
        """Pixel points (N x 2) as an ideal pinhole camera with the same focal length and
        centre would see them."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
        if len(pts) == 0:
            return np.zeros((0, 2))
        out = cv2.undistortPoints(pts, self.camera_matrix, self.distortion,
                                  P=self.camera_matrix)
        return out.reshape(-1, 2)

    def distort(self, points) -> np.ndarray:
        """The inverse of :meth:`undistort`: ideal pixel points as the real lens shows them
        (to draw table geometry over a camera image)."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        if len(pts) == 0:
            return np.zeros((0, 2))
        k_inv = np.linalg.inv(self.camera_matrix)
        rays = np.column_stack([pts, np.ones(len(pts))]) @ k_inv.T
        out, _ = cv2.projectPoints(rays.reshape(-1, 1, 3), np.zeros(3), np.zeros(3),
                                   self.camera_matrix, self.distortion)
        return out.reshape(-1, 2)


def find_chessboard(image: np.ndarray, pattern: tuple[int, int]) -> np.ndarray | None:
    """The inner corners of a chessboard with ``pattern`` = (columns, rows) inner corners,
    refined to sub-pixel accuracy, or None."""
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    found, corners = cv2.findChessboardCornersSB(grey, pattern)
    if not found:
        found, corners = cv2.findChessboardCorners(grey, pattern)
        if not found:
            return None
        criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 40, 0.01)
        corners = cv2.cornerSubPix(grey, corners, (5, 5), (-1, -1), criteria)
    return corners.reshape(-1, 2).astype(np.float32)


def calibrate_lens(images: Iterable[np.ndarray], pattern: tuple[int, int] = (9, 6),
                   square_mm: float = 25.0) -> Lens:
    """A lens calibration from several views of one chessboard (``pattern`` inner corners,
    squares of ``square_mm``), tilted differently in each view."""
    board = np.zeros((pattern[0] * pattern[1], 3), np.float32)
    board[:, :2] = np.mgrid[0:pattern[0], 0:pattern[1]].T.reshape(-1, 2) * square_mm
    object_points, image_points = [], []
    size = None
    total = 0
    for image in images:
        total += 1
        here = (image.shape[1], image.shape[0])
        if size is not None and here != size:
            raise CalibrationError("chessboard_sizes", {"image": total,
                                                        "size": f"{here[0]}x{here[1]}",
                                                        "first": f"{size[0]}x{size[1]}"})
        size = here
        corners = find_chessboard(image, pattern)
        if corners is not None:
            object_points.append(board)
            image_points.append(corners)
    if len(image_points) < MIN_VIEWS:
        raise CalibrationError("chessboard_unseen", {"pattern": f"{pattern[0]}x{pattern[1]}",
                                                     "found": len(image_points), "images": total,
                                                     "least": MIN_VIEWS})
    # k3 stays 0: with a handful of views it only fits noise at the image corners.
    rms, matrix, dist, _, _ = cv2.calibrateCamera(object_points, image_points, size,
                                                  None, None, flags=cv2.CALIB_FIX_K3)
    if rms > MAX_RMS_PX:
        raise CalibrationError("lens_fit_poor", {"rms": rms, "limit": MAX_RMS_PX})
    return Lens(matrix, dist.reshape(-1), size, float(rms))
