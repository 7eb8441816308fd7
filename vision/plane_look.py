"""A look at a region on the table's plane, for markers too small to have an outline.

At a far seat, 720p and 50 degrees tilt, a card's marker is 14-22 px wide and 8-12 px
tall; blurred and compressed, its outline no longer thresholds into a quad, so neither
cv2.aruco nor the upscaled look (vision/small.py) has a candidate to soft-read. But the
camera's geometry is known: where the marker lies on the table, how large it is and how
the camera sees it there. So the region is rectified to the table plane (a local
homography over the crop, lens included), where every marker of a kind is the same
square of ``marker_mm``; the marker's dark border inside its white quiet zone is found by
a ring template at a few angles; each peak's position and angle are refined on the
original pixels (the most quiet-minus-border contrast); and its cells are soft-read
(vision/soft.py) like any other candidate: a good guess, to be confirmed over frames.

Measured on 91 far-seat markers of hardest Pumafiosi footage (means of 4 still frames):
the upscaled look read 54, this one 90, with no read on 108 crops of bare checkered cloth;
about 33 ms per region of 100 x 70 px.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Protocol, Sequence

import cv2
import numpy as np

from vision.detect import Found
from vision.soft import soft_found

Box = tuple[int, int, int, int]
# The rectified view of a region is at most this many times its own pixels: a region near
# the top of a steeply tilted frame spans metres of plane (and the memory to match).
MAX_GROWTH = 25


class TablePlane(Protocol):
    """Where the camera sees the table: pixels to table millimetres and back (the
    calibration's lens and homography; calibration.table_map.TableMap is one)."""

    def to_table(self, pixels) -> np.ndarray: ...

    def to_image(self, points_mm) -> np.ndarray: ...


@dataclass(frozen=True)
class PlaneLookSettings:
    """How a region is searched on the table's plane (measured on hardest footage).

    ``px_per_mm``: the rectified view's resolution (1.0 read as many as 1.5, in half the
    time). ``angle_step``: degrees between the ring template's angles over a quarter
    turn (9: ten angles; the refinement finds the rest; 3 read no more at 5x the cost).
    ``peaks``: the strongest ring responses refined and read per ``peak_area`` pixels
    of region, at least (a hand's wide change region holds many cards: on hardest Pungi
    footage a card never read lay among sixteen ring peaks of one), ``max_peaks`` at most
    (a whole-table region's 60 tripled the hard fixtures' replay time).
    ``min_ring``: grey levels the quiet zone must be brighter than the border for a peak.
    ``below_px``: only where the plane shows a marker narrower than this is it worth the
    look (larger ones have an outline: vision/small.py reads them).
    ``min_match``/``min_margin``: a soft read's acceptance, as in vision/small.py.
    """

    px_per_mm: float = 1.0
    angle_step: float = 9.0
    peaks: int = 4
    peak_area: int = 30000
    max_peaks: int = 16
    min_ring: float = 10.0
    below_px: float = 26.0
    min_match: float = 0.7
    min_margin: float = 0.17


class PlaneReader:
    """Soft reads of markers of the given sides (mm) in boxes of a grey frame."""

    def __init__(self, plane: TablePlane, marker_mm: Sequence[float],
                 settings: PlaneLookSettings = PlaneLookSettings()):
        self.plane = plane
        self.marker_mm = tuple(sorted(set(float(m) for m in marker_mm)))
        self.settings = settings

    def side_px(self, box: Box) -> float:
        """How wide the largest of the markers looks at the centre of ``box`` (pixels;
        infinite without markers)."""
        if not self.marker_mm:
            return math.inf
        x0, y0, x1, y1 = box
        centre = self.plane.to_table([[(x0 + x1) / 2, (y0 + y1) / 2]])[0]
        quad = self.plane.to_image(_square_mm(centre, 0.0, max(self.marker_mm)))
        return float(np.linalg.norm(quad - np.roll(quad, 1, 0), axis=1).mean())

    def worth_it(self, side_px: float) -> bool:
        """Is a look on the plane worth it where markers look ``side_px`` wide?"""
        return side_px < self.settings.below_px

    def read(self, region: np.ndarray, origin: tuple[int, int],
             known: Sequence[Sequence[float]] = ()) -> tuple[Found, ...]:
        """Soft reads in ``region`` (grey, its top-left pixel at ``origin`` of the frame),
        in the region's pixels. ``known``: centres (frame pixels) of markers read there
        already, whose rings would only take peaks from the markers not yet read."""
        s = self.settings
        h, w = region.shape
        if h < 8 or w < 8:
            return ()
        local = _LocalPlane(self.plane, origin, w, h)
        r = s.px_per_mm
        lo, hi = local.low_mm, local.high_mm
        size = (int((hi[0] - lo[0]) * r) + 1, int((hi[1] - lo[1]) * r) + 1)
        if size[0] * size[1] > MAX_GROWTH * w * h:
            return ()   # the region runs off the table towards the horizon: no card there
        # rectified pixel (u, v) is table point (lo.x + u / r, hi.y - v / r): y points up
        to_region = local.homography @ np.float64([[1 / r, 0, lo[0]], [0, -1 / r, hi[1]],
                                                   [0, 0, 1]])
        flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
        flat = cv2.warpPerspective(region, to_region, size, flags=flags,
                                   borderMode=cv2.BORDER_CONSTANT).astype(np.float32)
        inside = cv2.warpPerspective(np.ones_like(region), to_region, size,
                                     flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP) > 0
        grey = region.astype(np.float32)   # (the refinement samples it bilinearly)
        known_uv = []
        if len(known):
            mm = self.plane.to_table(np.float64(known).reshape(-1, 2))
            known_uv = np.column_stack([(mm[:, 0] - lo[0]) * r, (hi[1] - mm[:, 1]) * r])
        found: list[Found] = []
        for side in self.marker_mm:
            free = inside.copy()
            for u, v in known_uv:
                cv2.circle(free.view(np.uint8), (int(round(u)), int(round(v))),
                           int(side * r * 0.6), 0, -1)
            count = min(s.max_peaks, max(s.peaks, round(s.peaks * h * w / s.peak_area)))
            peaks = np.float64([(lo[0] + u / r, hi[1] - v / r, angle)
                                for u, v, angle in self._peaks(flat, free, side, count)])
            for x, y, angle in _refined(grey, local, peaks.reshape(-1, 3), side):
                quad = _image_quad(local, np.float64([x, y]), angle, side)
                if quad.min() < 0 or quad[:, 0].max() > w - 1 or quad[:, 1].max() > h - 1:
                    continue
                hit = soft_found(region, quad, s.min_match, s.min_margin)
                if hit is not None:
                    found.append(hit)
        return tuple(found)

    def _peaks(self, flat: np.ndarray, inside: np.ndarray, side: float, count: int):
        """The strongest ring responses: (u, v) in the rectified view, table angle."""
        s = self.settings
        angles = np.arange(0.0, 90.0, s.angle_step)
        responses = _ring_responses(flat, side, tuple(angles), s.px_per_mm)
        best = responses.max(axis=0)
        best[~inside] = -np.inf
        spacing = int(side * s.px_per_mm * 0.6) | 1   # two markers lie at least this apart
        local_max = best >= cv2.dilate(best, np.ones((spacing, spacing), np.uint8))
        vs, us = np.nonzero(local_max & (best > s.min_ring))
        order = np.argsort(-best[vs, us])[:count]
        vs, us = vs[order], us[order]
        strongest = angles[responses[:, vs, us].argmax(axis=0)]   # (only at the peaks)
        # (the view's y points down, the table's up: an angle turns the other way)
        return [(int(u), int(v), -float(a)) for u, v, a in zip(us, vs, strongest)]


class _LocalPlane:
    """The table plane over one region as a single homography (fitted on a 5 x 5 grid of
    its pixels through the lens model: over a region the lens bends too little to
    matter, and one transform is far cheaper than the lens per point)."""

    def __init__(self, plane: TablePlane, origin: tuple[int, int], w: int, h: int):
        gx, gy = np.meshgrid(np.linspace(0, w - 1, 5), np.linspace(0, h - 1, 5))
        pixels = np.column_stack([gx.ravel(), gy.ravel()])
        mm = plane.to_table(pixels + np.float64(origin))
        self.homography, _ = cv2.findHomography(mm, pixels)
        self.low_mm, self.high_mm = mm.min(0), mm.max(0)

    def to_image(self, points_mm: np.ndarray) -> np.ndarray:
        return cv2.perspectiveTransform(np.asarray(points_mm, np.float64).reshape(-1, 1, 2),
                                        self.homography).reshape(-1, 2)


# Refinement steps (mm, degrees), coarse to fine: the template's grid is 1 / px_per_mm mm
# and angle_step degrees; a quarter of a cell (28 mm marker: 0.9 mm) is what soft reading
# tolerates.
_STEPS = ((1.0, 2.0), (0.5, 1.0), (0.25, 0.5))


def _refined(grey: np.ndarray, local: _LocalPlane, poses: np.ndarray,
             side: float) -> np.ndarray:
    """The poses (x mm, y mm, degrees) near the peaks where the marker's rings show the
    most contrast (quiet zone minus border): steepest ascent, each step's six neighbours
    (x, y, angle, either way) sampled at once, for all the peaks still climbing."""
    poses = poses.copy()
    best = _ring_contrast(grey, local, poses, side) if len(poses) else np.zeros(0)
    for step_mm, step_deg in _STEPS:
        moves = np.float64([[step_mm, 0, 0], [-step_mm, 0, 0], [0, step_mm, 0],
                            [0, -step_mm, 0], [0, 0, step_deg], [0, 0, -step_deg]])
        climbing = np.arange(len(poses))
        for _ in range(_MAX_CLIMB):
            if not len(climbing):
                break
            tries = poses[climbing, None] + moves[None]
            scores = _ring_contrast(grey, local, tries.reshape(-1, 3), side) \
                .reshape(len(climbing), len(moves))
            k = scores.argmax(axis=1)
            top = scores[np.arange(len(climbing)), k]
            up = top > best[climbing] + 1e-6
            poses[climbing[up]] = tries[up, k[up]]
            best[climbing[up]] = top[up]
            climbing = climbing[up]
    return poses


_MAX_CLIMB = 12   # steps at one step size at most (a peak is within a step or two)


def _ring_contrast(grey: np.ndarray, local: _LocalPlane, poses: np.ndarray,
                   side: float) -> np.ndarray:
    """For each pose (x mm, y mm, degrees): the quiet zone's mean grey minus the
    border's, sampled bilinearly at 2 x 2 points of each of their cells (a warp of the
    whole marker per try costs five times as long)."""
    quiet, border = _ring_points()
    points = np.vstack([quiet, border]) * (side / 8)             # (n, 2) mm, unturned
    a = np.radians(poses[:, 2])[:, None]
    x = np.cos(a) * points[:, 0] - np.sin(a) * points[:, 1] + poses[:, :1]
    y = np.sin(a) * points[:, 0] + np.cos(a) * points[:, 1] + poses[:, 1:2]
    px = local.to_image(np.stack([x, y], axis=-1)).astype(np.float32).reshape(len(poses), -1, 2)
    values = cv2.remap(grey, px[..., 0], px[..., 1], cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_CONSTANT)
    n = len(quiet)
    return values[:, :n].mean(axis=1) - values[:, n:].mean(axis=1)


@cache
def _ring_points() -> tuple[np.ndarray, np.ndarray]:
    """Sample points of the quiet-zone and border cells, in cells from the centre."""
    ring = np.zeros((10, 10), int)
    for k in range(5):
        ring[k:10 - k, k:10 - k] = k
    sub = np.float64([[-0.25, -0.25], [0.25, -0.25], [-0.25, 0.25], [0.25, 0.25]])
    points = {0: [], 1: []}
    for i, j in zip(*np.nonzero(ring <= 1)):
        points[int(ring[i, j])].append(np.float64([j - 4.5, 4.5 - i]) + sub)
    return np.vstack(points[0]), np.vstack(points[1])


def _square_mm(centre: np.ndarray, angle: float, side: float) -> np.ndarray:
    """A marker's corners on the table (its own order: top-left first, table y up)."""
    a = np.radians(angle)
    h = side / 2
    rotation = np.float64([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    return np.float64([[-h, h], [h, h], [h, -h], [-h, -h]]) @ rotation.T + centre


def _image_quad(plane, centre: np.ndarray, angle: float, side: float) -> np.ndarray:
    """The marker's corners in the image, clockwise there (as cv2 orders a marker's)."""
    quad = plane.to_image(_square_mm(centre, angle, side)).astype(np.float32)
    x, y = quad[:, 0], quad[:, 1]
    return quad if np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y) > 0 else quad[::-1].copy()


def _ring_responses(flat: np.ndarray, side: float, angles: tuple[float, ...],
                    px_per_mm: float) -> np.ndarray:
    """The ring template's response at each angle, (angle, v, u): the view's spectrum
    taken once for all angles (cv2.filter2D took it again for each, and the region's
    ten filters were a third of a hard replay's time). As filter2D with a constant zero
    border: the view is padded by the kernel's reach before the transform."""
    n = _ring_kernel(side, 0.0, px_per_mm).shape[0]   # (every angle's is this size)
    h, w = flat.shape
    size = (cv2.getOptimalDFTSize(h + n - 1), cv2.getOptimalDFTSize(w + n - 1))
    half = (n - 1) // 2
    padded = np.zeros(size, np.float32)
    padded[half:half + h, half:half + w] = flat   # (so the response at (v, u) is at (v, u))
    spectrum = cv2.dft(padded)
    out = np.empty((len(angles), h, w), np.float32)
    for i, angle in enumerate(angles):
        product = cv2.mulSpectrums(spectrum, _kernel_spectrum(side, float(angle), px_per_mm,
                                                              size), 0, conjB=True)
        out[i] = cv2.idft(product, flags=cv2.DFT_SCALE | cv2.DFT_REAL_OUTPUT)[:h, :w]
    return out


@cache
def _kernel_spectrum(side: float, angle: float, px_per_mm: float,
                     size: tuple[int, int]) -> np.ndarray:
    padded = np.zeros(size, np.float32)
    kernel = _ring_kernel(side, angle, px_per_mm)
    padded[:kernel.shape[0], :kernel.shape[1]] = kernel
    return cv2.dft(padded)


@cache
def _ring_kernel(side: float, angle: float, px_per_mm: float) -> np.ndarray:
    """+1 on a marker's quiet-zone ring, -1 on its border ring (the 36h11 marker is 8
    cells, border included, inside a quiet zone of one), each normalised to sum 1: the
    response is the quiet zone's mean grey minus the border's."""
    cell = side / 8
    half = 5 * cell * 1.45   # the ring's reach at any angle (sqrt 2, and a margin)
    n = int(np.ceil(half * px_per_mm)) * 2 + 1
    ys, xs = (np.mgrid[0:n, 0:n] - (n - 1) / 2) / px_per_mm
    a = np.radians(angle)
    u = (np.cos(a) * xs + np.sin(a) * ys) / cell
    v = (-np.sin(a) * xs + np.cos(a) * ys) / cell
    ring = np.maximum(np.abs(u), np.abs(v))
    kernel = np.zeros((n, n), np.float32)
    quiet, border = (ring >= 4) & (ring < 5), (ring >= 3) & (ring < 4)
    kernel[quiet] = 1.0 / quiet.sum()
    kernel[border] = -1.0 / border.sum()
    return kernel
