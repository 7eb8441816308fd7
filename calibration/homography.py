"""The homography from image pixels to table millimetres, from the four corner markers.

The corner pieces' centres are the table's corners: corner 1 at the origin, then
clockwise as seen from above (x to the right, y away from the camera), so corner 2 is at
(0, depth), corner 3 at (width, depth), corner 4 at (width, 0). Each marker is a square of
known side and known place on its piece, lying at an unknown rotation, so its four
corners give four points each: the fit uses all 16, alternating between the homography
and each marker's rotation.
Everything that makes a calibration unusable raises a CalibrationError saying why.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Sequence

import cv2
import numpy as np

from calibration.geometry import apply_homography, quad_centre, rotate, square_angle, \
    square_offsets
from calibration.lens import Lens
from calibration.pieces import tag_layout
from calibration.types import CalibrationError, PieceShape
from vision.types import Point, Quad

CORNERS = (1, 2, 3, 4)
MAX_RMS_MM = 2.0          # the 16-point fit's reprojection error that is still accepted
MAX_VIEW_ANGLE_DEG = 70.0  # steeper than this, markers foreshorten past reliable reading
MIN_SHAPE = 0.1           # smallest triangle of three corners, as a share of the table
FIT_ROUNDS = 4


class ReprojectionError(CalibrationError):
    """The corner markers do not fit the table closely enough (a bent view, a wrong
    size or a marker off its corner)."""


@dataclass(frozen=True, eq=False)
class TableFit:
    image_to_table: np.ndarray     # 3x3, undistorted pixels -> table millimetres
    table_mm: tuple[float, float]  # width (x), depth (y)
    rms_mm: float                  # reprojection error over the 16 marker corners
    max_mm: float
    size_measured: bool            # the table size came from the markers, not the user
    view_angle_deg: float          # the most oblique view of any table corner
    worst_corner: int              # the corner whose marker fits worst
    lens: Lens | None = None       # the lens the pixels are undistorted with


def corner_positions(table_mm: tuple[float, float]) -> dict[int, Point]:
    """Where each corner marker's centre lies, in table millimetres."""
    w, d = table_mm
    return {1: (0.0, 0.0), 2: (0.0, d), 3: (w, d), 4: (w, 0.0)}


def fit_table(corners: Sequence[tuple[int, Quad]], piece: PieceShape,
              table_mm: tuple[float, float] | None = None,
              lens: Lens | None = None) -> TableFit:
    """The table fit from the corner markers seen: ``corners`` holds (corner number,
    marker corners in pixels) for each marker seen; ``piece`` is the corner pieces'
    shape (size, marker side); ``table_mm`` the table's size if known (else measured
    from the markers)."""
    marker_mm = piece.marker_mm
    quads = _one_per_corner(corners)
    if lens is not None:
        quads = {n: lens.undistort(q) for n, q in quads.items()}
    centres = {n: quad_centre(q) for n, q in quads.items()}
    _check_shape(centres, quads)
    unit = cv2.getPerspectiveTransform(
        np.float32([centres[n] for n in CORNERS]),
        np.float32([corner_positions((1.0, 1.0))[n] for n in CORNERS]))
    measured = table_mm is None
    size = measure_size(unit, quads, marker_mm) if measured else table_mm
    matrix = np.diag([size[0], size[1], 1.0]) @ unit
    targets = corner_positions(size)
    image_points = np.concatenate([np.asarray(quads[n]) for n in CORNERS])
    for _ in range(FIT_ROUNDS):
        table_points = _ideal_corners(matrix, quads, targets, piece)
        refit, _ = cv2.findHomography(image_points, table_points, cv2.RANSAC, 3.0)
        if refit is None:
            raise CalibrationError("corners_not_flat")
        matrix = refit
    fit = measure_fit(matrix, corners, piece, size, measured, lens)
    if fit.rms_mm > MAX_RMS_MM:
        raise ReprojectionError("reprojection_high", {"rms": fit.rms_mm, "limit": MAX_RMS_MM,
                                                      "corner": fit.worst_corner,
                                                      "marker": marker_mm})
    check_view(fit)
    return fit


def measure_fit(matrix: np.ndarray, corners: Sequence[tuple[int, Quad]], piece: PieceShape,
                size: tuple[float, float], measured: bool,
                lens: Lens | None = None) -> TableFit:
    """How well ``matrix`` (undistorted pixels -> table mm) puts the corner markers'
    16 corners where they lie, and how obliquely it sees the table."""
    quads = _one_per_corner(corners)
    if lens is not None:
        quads = {n: lens.undistort(q) for n, q in quads.items()}
    image_points = np.concatenate([np.asarray(quads[n]) for n in CORNERS])
    table_points = _ideal_corners(matrix, quads, corner_positions(size), piece)
    errors = np.linalg.norm(apply_homography(matrix, image_points) - table_points, axis=1)
    rms = float(np.sqrt(np.mean(errors ** 2)))
    return TableFit(matrix, (float(size[0]), float(size[1])), rms, float(errors.max()),
                    measured, _worst_view_angle(matrix, size),
                    CORNERS[int(np.argmax(errors)) // 4], lens)


def check_view(fit: TableFit) -> None:
    if fit.view_angle_deg > MAX_VIEW_ANGLE_DEG:
        raise CalibrationError("too_oblique",
                               {"angle": fit.view_angle_deg, "limit": MAX_VIEW_ANGLE_DEG})


def _one_per_corner(corners: Sequence[tuple[int, Quad]]) -> dict[int, np.ndarray]:
    quads: dict[int, np.ndarray] = {}
    for number, quad in corners:
        q = np.asarray(quad, dtype=np.float64).reshape(4, 2)
        if number in quads:
            a, b = quad_centre(quads[number]), quad_centre(q)
            at = f"{a[0]:.0f},{a[1]:.0f}", f"{b[0]:.0f},{b[1]:.0f}"
            raise CalibrationError(
                "corner_seen_twice_at", {"corner": number, "first": at[0], "second": at[1]})
        quads[number] = q
    missing = [n for n in CORNERS if n not in quads]
    if missing:
        raise corners_not_seen(missing)
    return quads


def corners_not_seen(missing: Sequence[int]) -> CalibrationError:
    names = ", ".join(str(n) for n in missing)
    return CalibrationError(
        "corners_not_seen" if len(missing) > 1 else "corner_not_seen", {"corners": names})


def _check_shape(centres: dict[int, np.ndarray], quads: dict[int, np.ndarray]) -> None:
    """Refuse corners that do not span a table: on top of each other, three on one line,
    or not going round in order."""
    side_px = {n: float(np.mean(np.linalg.norm(q - np.roll(q, 1, axis=0), axis=1)))
               for n, q in quads.items()}
    for a, b in itertools.combinations(CORNERS, 2):
        if np.linalg.norm(centres[a] - centres[b]) < 1.5 * max(side_px[a], side_px[b]):
            raise CalibrationError("corners_same_place", {"first": a, "second": b})
    poly = np.array([centres[n] for n in CORNERS])
    area = _signed_area(poly)
    for trio in itertools.combinations(range(4), 3):
        tri = abs(_signed_area(poly[list(trio)]))
        if tri < MIN_SHAPE * abs(area) or tri < 1e-6:
            first, last = ", ".join(str(CORNERS[i]) for i in trio[:2]), CORNERS[trio[2]]
            raise CalibrationError("corners_in_line", {"corners": first, "last": last})
    # Seen from above and in the image alike, 1-2-3-4 runs clockwise (negative area in
    # y-down pixel coordinates is counterclockwise).
    turns = [_cross(poly[(i + 1) % 4] - poly[i], poly[(i + 2) % 4] - poly[(i + 1) % 4])
             for i in range(4)]
    if not all(t > 0 for t in turns):
        raise CalibrationError("corners_out_of_order")


def _signed_area(poly: np.ndarray) -> float:
    x, y = poly[:, 0], poly[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


def measure_size(unit: np.ndarray, quads: dict[int, np.ndarray],
                  marker_mm: float) -> tuple[float, float]:
    """The table's width and depth from the markers' known side: in the unit-square frame
    each marker side (u, v) has (u*W)^2 + (v*D)^2 = side^2."""
    rows, rhs = [], []
    for q in quads.values():
        m = apply_homography(unit, q)
        for side in m - np.roll(m, 1, axis=0):
            rows.append(side ** 2)
            rhs.append(marker_mm ** 2)
    a = np.array(rows)
    if np.linalg.cond(a) > 50:
        raise CalibrationError("corners_turned")
    squares, *_ = np.linalg.lstsq(a, np.array(rhs), rcond=None)
    if np.any(squares <= 0):
        raise CalibrationError("size_unmeasured")
    return (float(math.sqrt(squares[0])), float(math.sqrt(squares[1])))


def _ideal_corners(matrix: np.ndarray, quads: dict[int, np.ndarray],
                   targets: dict[int, Point], piece: PieceShape) -> np.ndarray:
    """Where each marker's corners lie on the table: a square of the printed side, where
    the sticker sits on a piece centred on its table corner, turned as the current
    homography says the marker is turned."""
    offset, _ = tag_layout(piece)
    out = []
    for n in CORNERS:
        angle = square_angle(apply_homography(matrix, quads[n]))
        tag = square_offsets(piece.marker_mm) - np.asarray(offset)
        out.append(rotate(tag, angle) + np.asarray(targets[n]))
    return np.concatenate(out)


def _worst_view_angle(matrix: np.ndarray, size: tuple[float, float]) -> float:
    """How far from straight down the camera sees the most oblique table corner: from the
    foreshortening of the table-to-image map there (its singular values' ratio)."""
    inverse = np.linalg.inv(matrix)
    worst = 0.0
    for point in corner_positions(size).values():
        ratio = _foreshortening(inverse, np.asarray(point))
        worst = max(worst, math.degrees(math.acos(min(1.0, ratio))))
    return worst


def _foreshortening(table_to_image: np.ndarray, point: np.ndarray, step: float = 5.0) -> float:
    probes = np.array([point, point + (step, 0.0), point + (0.0, step)])
    img = apply_homography(table_to_image, probes)
    jac = np.column_stack([(img[1] - img[0]) / step, (img[2] - img[0]) / step])
    s = np.linalg.svd(jac, compute_uv=False)
    return float(s[1] / s[0]) if s[0] > 0 else 0.0


def _cross(a: np.ndarray, b: np.ndarray) -> float:
    return float(a[0] * b[1] - a[1] * b[0])
