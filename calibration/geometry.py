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


def quad_centre(quads) -> np.ndarray:
    """Where the diagonals of a quadrilateral cross: the true centre of a square seen in
    perspective (its corners' mean is not, under a homography). ``quads``: (..., 4, 2)."""
    q = np.asarray(quads, dtype=np.float64)
    p, r = q[..., 0, :], q[..., 2, :] - q[..., 0, :]
    s, t = q[..., 1, :], q[..., 3, :] - q[..., 1, :]
    denom = r[..., 0] * t[..., 1] - r[..., 1] * t[..., 0]
    safe = np.where(np.abs(denom) < 1e-12, 1.0, denom)
    u = ((s[..., 0] - p[..., 0]) * t[..., 1] - (s[..., 1] - p[..., 1]) * t[..., 0]) / safe
    crossing = p + u[..., None] * r
    return np.where((np.abs(denom) < 1e-12)[..., None], q.mean(axis=-2), crossing)


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


def square_angle(quads_mm):
    """The rotation (degrees, counterclockwise) that best turns an upright square into
    each quad (its corners in marker order, in table millimetres; shape (..., 4, 2)):
    least squares over all four corners. A float for one quad, else an array."""
    q = np.asarray(quads_mm, dtype=np.float64)
    d = q - q.mean(axis=-2, keepdims=True)
    ref = square_offsets(1.0)
    # The angle maximising sum(d_i . R ref_i): atan2 of the cross and dot sums.
    cross = np.sum(ref[:, 0] * d[..., 1] - ref[:, 1] * d[..., 0], axis=-1)
    dot = np.sum(ref[:, 0] * d[..., 0] + ref[:, 1] * d[..., 1], axis=-1)
    angles = np.degrees(np.arctan2(cross, dot))
    return float(angles) if angles.ndim == 0 else angles


def rectangle(centre: Point, angle_deg: float, along: tuple[float, float],
              across: tuple[float, float]) -> tuple[Point, ...]:
    """A rectangle in a frame turned by ``angle_deg`` about ``centre``: ``along`` spans its
    local x, ``across`` its local y; corners counterclockwise."""
    (a0, a1), (c0, c1) = along, across
    local = np.array([(a0, c0), (a1, c0), (a1, c1), (a0, c1)], dtype=np.float64)
    pts = rotate(local, angle_deg) + np.asarray(centre, dtype=np.float64)
    return tuple((float(x), float(y)) for x, y in pts)


def inside_convex(polygons, points) -> np.ndarray:
    """For convex polygons (K, V, 2), either winding, and points (M, 2): a (K, M) array
    telling which point lies inside (or on) which polygon."""
    poly = np.asarray(polygons, dtype=np.float64)
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    a = poly[:, None, :, :]                          # K, 1, V, 2
    b = np.roll(poly, -1, axis=1)[:, None, :, :]
    p = pts[None, :, None, :]                        # 1, M, 1, 2
    cross = (b[..., 0] - a[..., 0]) * (p[..., 1] - a[..., 1]) \
        - (b[..., 1] - a[..., 1]) * (p[..., 0] - a[..., 0])
    return np.all(cross >= -1e-9, axis=-1) | np.all(cross <= 1e-9, axis=-1)


def mean_angle(angles_deg) -> float:
    xs = sum(math.cos(math.radians(a)) for a in angles_deg)
    ys = sum(math.sin(math.radians(a)) for a in angles_deg)
    return math.degrees(math.atan2(ys, xs))


def angle_difference(a: float, b: float) -> float:
    """|a - b| in degrees, folded into 0..180."""
    return abs((a - b + 180.0) % 360.0 - 180.0)
