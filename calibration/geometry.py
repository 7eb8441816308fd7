"""Small plane-geometry helpers shared by the fit, the card poses and the zones."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.types import Point


def apply_homography(matrix: np.ndarray, points) -> np.ndarray:
    """``points`` (N x 2) mapped through the 3x3 ``matrix``; N x 2 float64."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
    if len(pts) == 0:
        return np.zeros((0, 2))
    return cv2.perspectiveTransform(pts, matrix).reshape(-1, 2)


def quad_centre(quad) -> np.ndarray:
    """Where the diagonals of a quadrilateral cross: the true centre of a square seen in
    perspective (its corners' mean is not, under a homography)."""
    q = np.asarray(quad, dtype=np.float64).reshape(4, 2)
    p, r = q[0], q[2] - q[0]
    s, t = q[1], q[3] - q[1]
    denom = r[0] * t[1] - r[1] * t[0]
    if abs(denom) < 1e-12:
        return q.mean(axis=0)
    u = ((s[0] - p[0]) * t[1] - (s[1] - p[1]) * t[0]) / denom
    return p + u * r


def square_offsets(side: float) -> np.ndarray:
    """A marker's corners relative to its centre when it lies upright (angle 0) on the
    table: top-left, top-right, bottom-right, bottom-left, with "top" away from the camera
    (+y), as cv2.aruco orders them."""
    h = side / 2.0
    return np.array([(-h, h), (h, h), (h, -h), (-h, -h)], dtype=np.float64)


def rotate(vectors, angle_deg: float) -> np.ndarray:
    a = math.radians(angle_deg)
    c, s = math.cos(a), math.sin(a)
    return np.asarray(vectors, dtype=np.float64) @ np.array([[c, s], [-s, c]])


def square_angle(quad_mm) -> float:
    """The rotation (degrees, counterclockwise) that best turns an upright square into
    ``quad_mm`` (its corners in marker order, in table millimetres): least squares over
    all four corners."""
    q = np.asarray(quad_mm, dtype=np.float64).reshape(4, 2)
    d = q - q.mean(axis=0)
    ref = square_offsets(1.0)
    # The angle maximising sum(d_i . R ref_i): atan2 of the cross and dot sums.
    cross = float(np.sum(ref[:, 0] * d[:, 1] - ref[:, 1] * d[:, 0]))
    dot = float(np.sum(ref[:, 0] * d[:, 0] + ref[:, 1] * d[:, 1]))
    return math.degrees(math.atan2(cross, dot))


def rectangle(centre: Point, angle_deg: float, along: tuple[float, float],
              across: tuple[float, float]) -> tuple[Point, ...]:
    """A rectangle in a frame turned by ``angle_deg`` about ``centre``: ``along`` spans its
    local x, ``across`` its local y; corners counterclockwise."""
    (a0, a1), (c0, c1) = along, across
    local = np.array([(a0, c0), (a1, c0), (a1, c1), (a0, c1)], dtype=np.float64)
    pts = rotate(local, angle_deg) + np.asarray(centre, dtype=np.float64)
    return tuple((float(x), float(y)) for x, y in pts)


def contains(polygon, point: Point) -> bool:
    """Whether ``point`` lies inside (or on) a convex polygon, either winding."""
    px, py = point
    sign = 0
    n = len(polygon)
    for i in range(n):
        x0, y0 = polygon[i]
        x1, y1 = polygon[(i + 1) % n]
        cross = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0)
        if abs(cross) < 1e-9:
            continue
        side = 1 if cross > 0 else -1
        if sign and side != sign:
            return False
        sign = side
    return True


def mean_angle(angles_deg) -> float:
    xs = sum(math.cos(math.radians(a)) for a in angles_deg)
    ys = sum(math.sin(math.radians(a)) for a in angles_deg)
    return math.degrees(math.atan2(ys, xs))


def angle_difference(a: float, b: float) -> float:
    """|a - b| in degrees, folded into 0..180."""
    return abs((a - b + 180.0) % 360.0 - 180.0)
