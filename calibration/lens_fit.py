"""The lens and the table, fitted together from the kit's own markers (no chessboard).

Every marker on the table is a square of known side lying flat on one plane: the corner
pieces at the table's corners, seat markers and the game's cards anywhere. Through a
perfect lens each would be the image of such a square under one homography; a webcam's
wide lens bends them, the more the further from the image centre. One least-squares fit
finds the radial distortion (k1, k2, the principal point at the image centre), the
homography, the table size (unless given), every other piece's place and turn, and where
each card's second sticker, stuck by hand, lies off the first, so that each marker corner
seen falls where the model puts it.

The detector sees a small, blurred marker's corners a fraction of a pixel inside its true
ones; left alone, that makes every marker look small and the table large (2-3% on 720p
footage). The fit measures that inward bias too, from markers of different pixel sizes.

The focal length is fixed at a typical webcam's (70 degrees across): radial distortion
in pixels depends only on k1/f^2 and k2/f^4, so this loses nothing for placing cards.

How good it is gets measured, not assumed: each piece in turn is left out, the rest
fitted again, and the left-out piece placed by that fit; the worst distance between that
place and the full fit's is the error the calibration reports. Each such miss is also
weighed against what the marker corners' noise explains there (the rest's uncertainty
where the piece lies, and the piece's own corners): a far, small corner the rest must
reach out to may land well off and still fit one flat table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Sequence

import cv2
import numpy as np

from calibration.geometry import apply_homography, quad_centre, square_angle, \
    square_offsets
from calibration.homography import CORNERS, corner_positions, measure_size
from calibration.lens import Lens
from calibration.pieces import card_pose, tag_layout
from calibration.types import CalibrationError, PieceShape

NOMINAL_FOV_DEG = 70.0
ROUNDS = 60              # Levenberg-Marquardt iterations, at most
HELD_OUT_ROUNDS = 8      # refits from the full fit's answer need few
MIN_PIECES = 6           # fewer pieces than this cannot pin down a lens
MODELS = ((), ("k1",), ("k1", "k2"))
# The detector sees a blurred marker's corners up to about this far inside its true
# corners (0.1-0.22 px measured on rendered 720p and 1080p frames): every marker looks a
# little small, so a table measured from them looks a little large, which no held-out
# piece can reveal. The error reported allows for it.
CORNER_BIAS_PX = 0.25
# The fit measures the bias too (0.7-0.9 px on blurred, noisy 720p markers of 20-30 px):
# markers of different pixel sizes tell it from scale. Where they hardly differ, this
# pull keeps it near the usual: a 0.25 px departure costs as much as one corner 1 px off.
BIAS_WEIGHT = 4.0
# A free bias overshoots: on rendered tables the true size lay between the sizes fitted
# with no bias and with the free one, about halfway. The map is made with half the
# fitted bias, pinned, and the other half counts as the scale the corners leave open.
PIN_WEIGHT = 1e4
CHI2_MEDIAN = 0.455      # the median of a squared standard normal
# A card's two stickers are cut out and stuck by hand, each up to 2 mm and 4 degrees off
# the printed guide (vision.types.Stickers): held to the print, a card whose stickers
# disagree with it bends the lens. So a card's second sticker may lie off the first, by
# about 1.5 mm a direction and 3 degrees (the spread of the difference of two such
# draws), and a departure that size costs as much as one corner off by its usual noise,
# half a pixel. The hand departs each card its own way: a departure all cards share is
# the spans' scale, which the print knows better than the blurred corners, so their mean
# is held at the print.
DEPART_MM, DEPART_DEG, CORNER_NOISE_PX = 1.5, 3.0, 0.5
MEAN_WEIGHT = 100.0      # px a millimetre of the cards' mean departure: held
NUDGE_PX = 0.1           # a marker corner's nudge, for how its piece's place follows it


@dataclass(frozen=True)
class PieceView:
    """One piece as the camera sees it: its shape, each marker copy's pixel corners, and
    its table corner (1-4) when it is a corner piece."""

    shape: PieceShape
    quads: tuple[np.ndarray, ...]
    corner: int | None = None


@dataclass(frozen=True, eq=False)
class PlaneFit:
    lens: Lens | None                # None: the markers show no distortion worth fitting
    image_to_table: np.ndarray       # undistorted pixels -> table millimetres
    table_mm: tuple[float, float]
    residual_px: float               # rms of marker corners, fitted against seen
    held_out_mm: float               # worst placement of a piece left out of the fit
    misses: tuple[tuple[float, float], ...]  # each piece left out: how far off it lands
    #                                          (mm), and that in units of its noise there
    held_out_size_pct: float         # twice the size's jackknife error (one piece left out)
    scale_pct: float                 # what the corner bias may do to a measured size
    pieces: int

    @property
    def error_mm(self) -> float:
        """An honest bound on a card's placement error: the worst held-out piece, plus
        the scale error the markers' corners allow times the table's diagonal."""
        return self.held_out_mm + self.scale_pct / 100 * math.hypot(*self.table_mm)

    @property
    def size_error_pct(self) -> float:
        return self.scale_pct + self.held_out_size_pct


def nominal_camera(image_size: tuple[int, int]) -> np.ndarray:
    w, h = image_size
    f = (w / 2) / math.tan(math.radians(NOMINAL_FOV_DEG) / 2)
    return np.array([[f, 0, (w - 1) / 2], [0, f, (h - 1) / 2], [0, 0, 1]])


class _Model:
    """The parameter vector and what it predicts: [H (8), k1, k2, corner bias, W, D,
    corner turns (4), then x, y, turn of every other piece, then of every piece with two
    copies how far the second lies off the print from the first: dx, dy (mm) and turn, in
    the piece's frame]; k and W, D only when fitted."""

    def __init__(self, views: Sequence[PieceView], image_size, table_mm, terms):
        self.k = nominal_camera(image_size)
        self.image_size = tuple(image_size)
        self.terms = terms
        self.fixed_size = table_mm
        self.views = list(views)
        self.corners = [i for i, v in enumerate(self.views) if v.corner is not None]
        self.free = [i for i, v in enumerate(self.views) if v.corner is None]
        self.twins = [i for i, v in enumerate(self.views) if len(v.quads) == 2]
        # every marker copy: its piece, the offset of its corners and of its own centre
        # from the piece's centre in the piece's frame, and the half-turn it is set at
        self.copy_piece, self.copy_local, self.copy_tag, self.copy_turn = [], [], [], []
        seen = []
        for i, v in enumerate(self.views):
            tag = -np.asarray(tag_layout(v.shape)[0])
            for q in v.quads:
                self.copy_piece.append(i)
                self.copy_local.append(square_offsets(v.shape.marker_mm) + tag)
                self.copy_tag.append(tag)
                seen.append(np.asarray(q, np.float64).reshape(4, 2))
                self.copy_turn.append(0.0)
        self.copy_piece = np.array(self.copy_piece)
        self.copy_local = np.array(self.copy_local)          # C x 4 x 2
        self.copy_tag = np.array(self.copy_tag)              # C x 2
        self.seen = np.array(seen)                            # C x 4 x 2
        first_copy = np.searchsorted(self.copy_piece, self.twins)
        self.twin_copies = np.stack([first_copy, first_copy + 1], axis=-1).reshape(-1, 2)
        self.depart_weight = CORNER_NOISE_PX / np.array([DEPART_MM, DEPART_MM,
                                                         math.radians(DEPART_DEG)])
        self.nk = len(terms)
        self.ns = 0 if table_mm else 2
        self.base = 8 + self.nk + 1 + self.ns
        self.bias_at, self.bias_weight = CORNER_BIAS_PX, BIAS_WEIGHT

    # --- the parameter vector --------------------------------------------------------

    def split(self, p: np.ndarray):
        h = np.append(p[:8], 1.0).reshape(3, 3)
        ks = dict(zip(self.terms, p[8:8 + self.nk]))
        size = self.fixed_size or (p[9 + self.nk], p[10 + self.nk])
        corner_turns = p[self.base:self.base + len(self.corners)]
        rest = p[self.base + len(self.corners):self.twins_at].reshape(-1, 3)
        return h, ks.get("k1", 0.0), ks.get("k2", 0.0), size, corner_turns, rest

    @property
    def twins_at(self) -> int:
        return self.base + len(self.corners) + 3 * len(self.free)

    def departures(self, p: np.ndarray) -> np.ndarray:
        """Each copy's place off the print (dx, dy, turn), C x 3: a piece's two copies
        half its departure each, the other way, so the piece lies midway as printed."""
        out = np.zeros((len(self.copy_piece), 3))
        half = p[self.twins_at:].reshape(-1, 3) / 2
        out[self.twin_copies[:, 0]] = -half
        out[self.twin_copies[:, 1]] = half
        return out

    def poses(self, p: np.ndarray) -> np.ndarray:
        """Every piece's centre (mm) and turn (radians), N x 3."""
        _, _, _, size, corner_turns, rest = self.split(p)
        places = corner_positions(size)
        out = np.zeros((len(self.views), 3))
        for i, turn in zip(self.corners, corner_turns):
            out[i] = (*places[self.views[i].corner], turn)
        for i, row in zip(self.free, rest):
            out[i] = row
        return out

    def predict(self, p: np.ndarray) -> np.ndarray:
        """Every marker copy's corners where the model sees them, in pixels (C x 4 x 2)."""
        h, k1, k2, _, _, _ = self.split(p)
        pose = self.poses(p)[self.copy_piece]
        off = self.departures(p)
        tag = self.copy_tag[:, None]
        # each sticker turned about its own centre, set on the piece, moved on it, and the
        # piece set on the table
        local = _turned(self.copy_local - tag, off[:, 2]) + tag
        local = _turned(local, np.asarray(self.copy_turn)) + off[:, None, :2]
        x, y = np.moveaxis(pose[:, None, :2] + _turned(local, pose[:, 2]), -1, 0)
        # table millimetres -> normalised camera coordinates (metres keep H well scaled)
        xm, ym = x / 1000.0, y / 1000.0
        den = h[2, 0] * xm + h[2, 1] * ym + h[2, 2]
        u = (h[0, 0] * xm + h[0, 1] * ym + h[0, 2]) / den
        v = (h[1, 0] * xm + h[1, 1] * ym + h[1, 2]) / den
        r2 = u * u + v * v
        bend = 1 + k1 * r2 + k2 * r2 * r2
        f, cx, cy = self.k[0, 0], self.k[0, 2], self.k[1, 2]
        px = np.stack([u * bend * f + cx, v * bend * f + cy], axis=-1)
        # the detector's corners lie inside a blurred marker's true ones by about the same
        # few tenths of a pixel on every marker: fitted, it no longer passes for scale
        out = px - px.mean(axis=1, keepdims=True)
        return px - self.bias(p) * out / np.linalg.norm(out, axis=-1, keepdims=True)

    def bias(self, p: np.ndarray) -> float:
        return float(p[8 + self.nk])

    def misfits(self, p: np.ndarray) -> np.ndarray:
        """The marker corners' misfits (px)."""
        return (self.predict(p) - self.seen).ravel()

    def residuals(self, p: np.ndarray) -> np.ndarray:
        """The marker corners' misfits (px), the bias's pull towards its usual size, each
        two-copy piece's departure's pull towards its print, then their mean's."""
        departs = p[self.twins_at:].reshape(-1, 3)
        mean = departs[:, :2].mean(axis=0) if self.twins else np.zeros(2)
        return np.concatenate([self.misfits(p),
                               [self.bias_weight * (self.bias(p) - self.bias_at)],
                               (departs * self.depart_weight).ravel(), MEAN_WEIGHT * mean])

    def image_to_table(self, p: np.ndarray) -> np.ndarray:
        """Undistorted pixels -> table mm."""
        h = np.append(p[:8], 1.0).reshape(3, 3)
        to_mm = np.diag([1000.0, 1000.0, 1.0])
        return to_mm @ np.linalg.inv(h) @ np.linalg.inv(self.k)

    def lens(self, p: np.ndarray, rms: float = 0.0) -> Lens | None:
        _, k1, k2, _, _, _ = self.split(p)
        if not self.terms:
            return None
        return Lens(self.k.copy(), np.array([k1, k2, 0.0, 0.0, 0.0]), self.image_size, rms)

    def solve(self, p: np.ndarray, rounds: int) -> np.ndarray:
        """Levenberg-Marquardt from ``p``."""
        lam = 1e-3
        r = self.residuals(p)
        cost = float(r @ r)
        for _ in range(rounds):
            jac = _jacobian(self, p, r)
            a, g = jac.T @ jac, jac.T @ r
            for _ in range(8):
                try:
                    delta = -np.linalg.solve(a + lam * np.diag(np.diag(a) + 1e-12), g)
                except np.linalg.LinAlgError:
                    lam *= 10
                    continue
                rq = self.residuals(p + delta)
                if float(rq @ rq) < cost:
                    p, r, cost, lam = p + delta, rq, float(rq @ rq), max(lam / 3, 1e-9)
                    break
                lam *= 10
            else:
                break
            if cost < 1e-12 or float(np.abs(delta).max()) < 1e-9:
                break
        return p


def _turned(points: np.ndarray, turn: np.ndarray) -> np.ndarray:
    """Each row of points (N x ... x 2) turned by its own angle (N, radians)."""
    c = np.cos(turn).reshape(-1, *[1] * (points.ndim - 2))
    s = np.sin(turn).reshape(c.shape)
    x, y = points[..., 0], points[..., 1]
    return np.stack([c * x - s * y, s * x + c * y], axis=-1)


def _step(model: _Model, j: int) -> float:
    """The nudge of shared parameter ``j`` for a forward difference: the bias and the
    table size are in pixels and millimetres, the rest near 1."""
    return 1e-3 if j >= 8 + model.nk else 1e-6


def _jacobian(model: _Model, p: np.ndarray, r0: np.ndarray) -> np.ndarray:
    """Forward differences, nudging at once the parameters of different pieces (they
    touch different residuals): about 20 evaluations a round for any number of pieces."""
    first = model.base + len(model.corners)
    jac = np.zeros((len(r0), len(p)))
    # each residual's piece (-1: the bias's pull, -2: the cards' mean departure's)
    rows_of = np.concatenate([np.repeat(model.copy_piece, 8), [-1],
                              np.repeat(model.twins, 3), [-2, -2]])
    for j in range(model.base):
        step = _step(model, j)
        q = p.copy()
        q[j] += step
        jac[:, j] = (model.residuals(q) - r0) / step
    blocks = [(model.corners, model.base, 1, 1e-6)] + [
        (pieces, start + a, 3, 1e-3 if a < 2 else 1e-6) for a in range(3)
        for pieces, start in ((model.free, first), (model.twins, model.twins_at))]
    for pieces, start, stride, step in blocks:
        if not pieces:
            continue
        q = p.copy()
        q[start:start + stride * len(pieces):stride] += step
        dr = (model.residuals(q) - r0) / step
        for k, i in enumerate(pieces):
            rows = rows_of == i
            jac[rows, start + stride * k] = dr[rows]
    for a in range(2):       # the mean departure's rows: each piece's share in it
        jac[len(r0) - 2 + a, model.twins_at + a::3] = MEAN_WEIGHT / max(len(model.twins), 1)
    return jac


def _start(model: _Model, table_mm) -> np.ndarray:
    """A first guess through a perfect lens: the homography from the corner markers'
    centres, each piece where it then lies, each copy's half-turn on its piece."""
    quads = {model.views[i].corner: model.views[i].quads[0] for i in model.corners}
    unit = cv2.getPerspectiveTransform(
        np.float32([quad_centre(quads[n]) for n in CORNERS]),
        np.float32([corner_positions((1.0, 1.0))[n] for n in CORNERS]))
    size = table_mm or measure_size(unit, quads, model.views[model.corners[0]].shape.marker_mm)
    to_table = np.diag([size[0], size[1], 1.0]) @ unit          # px -> mm
    h = np.linalg.inv(model.k) @ np.linalg.inv(to_table) @ np.diag([1000.0, 1000.0, 1.0])
    p = list((h / h[2, 2]).ravel()[:8]) + [0.0] * model.nk + [0.0]
    if not table_mm:
        p += list(size)
    poses, turns = [], []
    for view in model.views:
        tags = [apply_homography(to_table, q) for q in view.quads]
        angles = [math.radians(square_angle(t)) for t in tags]
        turns += [math.pi * round((a - angles[0]) / math.pi) for a in angles]
        poses.append((*card_pose(tags[0], view.shape).centre, angles[0]))
    model.copy_turn = turns
    p += [poses[i][2] for i in model.corners]
    for i in model.free:
        p += list(poses[i])
    return np.array(p + [0.0] * 3 * len(model.twins))


def _fit(views, image_size, table_mm, terms, start=None, pin=None):
    """A model of ``views`` and its fitted parameters, from scratch or from ``start``
    (parameters and each copy's half-turn, from a fit of more pieces), the corner bias
    free or pinned at ``pin`` px."""
    model = _Model(views, image_size, table_mm, terms)
    if pin is not None:
        model.bias_at, model.bias_weight = pin, PIN_WEIGHT
    if start is None:
        return model, model.solve(_start(model, table_mm), ROUNDS)
    model.copy_turn = start[1]
    return model, model.solve(start[0], HELD_OUT_ROUNDS)


def _place(model: _Model, p: np.ndarray, view: PieceView) -> np.ndarray:
    """Where ``model`` puts a piece from its marker copies: its centre in mm."""
    lens = model.lens(p)
    centres = []
    for q in view.quads:
        pts = lens.undistort(q) if lens is not None else np.asarray(q, np.float64)
        centres.append(card_pose(apply_homography(model.image_to_table(p), pts),
                                 view.shape).centre)
    return np.mean(centres, axis=0)


def _without(model: _Model, p: np.ndarray, i: int) -> np.ndarray:
    """The parameter vector with piece ``i``'s own entries taken out."""
    if i in model.corners:
        drop = [model.base + model.corners.index(i)]
    else:
        k = model.base + len(model.corners) + 3 * model.free.index(i)
        drop = [k, k + 1, k + 2]
    if i in model.twins:
        k = model.twins_at + 3 * model.twins.index(i)
        drop += [k, k + 1, k + 2]
    return np.delete(p, drop)


def _miss_spread(sub: _Model, q: np.ndarray, view: PieceView, noise: float) -> np.ndarray:
    """The covariance (mm^2, 2 x 2) of where a fit made without a piece places it, from
    the marker corners' noise (``noise``: their variance, px^2): through the uncertainty
    of that fit's lens, map and size where the piece lies (large for a far corner the rest
    must reach out to), and through the piece's own corners (large where a pixel is many
    millimetres)."""
    jac = _jacobian(sub, q, sub.residuals(q))
    shared = np.linalg.pinv(jac.T @ jac)[:sub.base, :sub.base] * noise
    at = _place(sub, q, view)
    by_fit = np.zeros((2, sub.base))
    for j in range(sub.base):
        nudged = q.copy()
        nudged[j] += _step(sub, j)
        by_fit[:, j] = (_place(sub, nudged, view) - at) / _step(sub, j)
    spread = by_fit @ shared @ by_fit.T
    for k in range(len(view.quads)):
        by_corner = np.zeros((2, 8))
        for j in range(8):
            quads = [np.array(quad, np.float64) for quad in view.quads]
            quads[k].reshape(-1)[j] += NUDGE_PX
            by_corner[:, j] = (_place(sub, q, replace(view, quads=tuple(quads))) - at) \
                / NUDGE_PX
        spread += by_corner @ by_corner.T * noise
    return spread


def _sigmas(miss: np.ndarray, spread: np.ndarray) -> float:
    """How many standard deviations of its own a miss is (its Mahalanobis distance)."""
    return float(math.sqrt(max(float(miss @ np.linalg.pinv(spread) @ miss), 0.0)))


def fit_plane(views: Sequence[PieceView], image_size: tuple[int, int],
              table_mm: tuple[float, float] | None = None) -> PlaneFit:
    """The lens (or none), the table map and its measured error, from the pieces seen:
    of a perfect lens, k1, and k1 with k2, the model whose held-out error is least."""
    views = list(views)
    if sorted(v.corner for v in views if v.corner is not None) != list(CORNERS):
        raise CalibrationError("lens_fit_corners")
    best = None
    for terms in MODELS:
        if terms and len(views) < MIN_PIECES + len(terms):
            break
        free, p = _fit(views, image_size, table_mm, terms)
        pin = free.bias(p) / 2
        model, p = _fit(views, image_size, table_mm, terms, (p, free.copy_turn), pin)
        r = model.misfits(p)
        held, sizes, sigmas = [], [], []
        # the corners' noise from the median misfit, so that one misprinted marker's
        # large misfits do not pass for noise that explains its own miss
        noise = float(np.median(r ** 2)) / CHI2_MEDIAN * len(r) / max(len(r) - len(p), 1)
        for i, view in enumerate(views):
            rest = views[:i] + views[i + 1:]
            turns = [t for t, piece in zip(model.copy_turn, model.copy_piece) if piece != i]
            sub, q = _fit(rest, image_size, table_mm, terms, (_without(model, p, i), turns),
                          pin)
            miss = _place(sub, q, view) - model.poses(p)[i][:2]
            held.append(float(np.linalg.norm(miss)))
            sigmas.append(_sigmas(miss, _miss_spread(sub, q, view, noise)))
            sizes.append(sub.split(q)[3])
        size = np.asarray(model.split(p)[3])
        # twice the jackknife standard error of the size: about 95% of the spread
        spread = np.asarray(sizes) / size - 1
        n = len(views)
        change = 2 * float(np.sqrt((n - 1) / n * ((spread - spread.mean(axis=0)) ** 2)
                                   .sum(axis=0)).max()) * 100
        rms = float(np.sqrt(np.mean(r ** 2)))
        sides = np.linalg.norm(model.seen - np.roll(model.seen, 1, axis=1), axis=-1)
        # a corner bias b shrinks a side of s pixels by b * sqrt(2): a scale of that share
        scale = 0.0 if table_mm else max(pin, CORNER_BIAS_PX) * math.sqrt(2) / float(
            np.median(sides))
        scale *= 100
        fit = PlaneFit(model.lens(p, rms), model.image_to_table(p),
                       (float(size[0]), float(size[1])), rms, float(max(held)),
                       tuple(zip(held, sigmas)), change, scale, len(views))
        if best is None or fit.held_out_mm < best.held_out_mm:
            best = fit
    return best
