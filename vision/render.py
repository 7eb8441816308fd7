"""The table renderer: realistic camera frames of a table from a list of placed pieces.

``render(scene, size)`` draws the very card sides that ``companion cards print`` prints
(vision.sticker), each warped once into its bounding box, over a procedural table seen
through a pinhole camera, then the things a webcam adds: hands and arms over the cards,
uneven light and glare, lens distortion (k1, k2), blur, sensor noise and JPEG compression,
and those ``Scene.conditions`` asks for (vision.camera_effects: motion blur, a room's
light and shadows, a real sensor's noise and gain). The same scene always gives the
same bytes.

Geometry. Table millimetres: x to the right, y away from the camera, z up; the table
surface spans ``scene.table_mm`` plus ``TABLE_MARGIN_MM`` on every side (so corner
markers centred on the corners of ``table_mm`` lie on it). The camera looks at
``target_mm`` from ``distance_mm``, tilted ``tilt_deg`` from straight down towards the
near edge (y < target) and turned ``pan_deg`` about the vertical; the far side of the
table is at the top of the image. Image coordinates are pixel-centre based (pixel (0, 0)
has its centre at (0, 0)); lens distortion follows OpenCV's radial model:
``x_d = x_u (1 + k1 r_u^2 + k2 r_u^4)`` in normalised coordinates, so
``cv2.undistortPoints(pts, K, (k1, k2, 0, 0))`` undoes it (``camera_matrix`` gives K).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from vision.camera_effects import (NOISE_SLACK, blend, defocus, develop, expose,
                                   jpeg_round_trip, lit, smear_region)
from vision.handmade import handmade_side
from vision.sticker import Artwork, card_side
from vision.types import (CameraPose, Hand, MarkerTruth, Placed, Quad, Rendered, Scene,
                          Stickers)

TABLE_MARGIN_MM = 80.0
TEXTURE_PX_PER_MM = 1.0
PLAIN_TEXTURES = ("wood", "cloth", "laminate")   # what the random test tables are drawn from
TEXTURES = PLAIN_TEXTURES + ("check",)            # the busy check: a filming level's choice
CHECK_MM = 25.0           # the red and white check cloth repeats every 25 mm
FLOOR_BGR = (38, 42, 48)
SKIN_TONES = ((120, 150, 205), (95, 130, 190), (70, 100, 150), (140, 170, 225), (45, 65, 105))
ART_LEVELS = (1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0)  # card-art resolutions, px/mm
HAND_LABEL = -1
MAX_VIEW_DEG = 85.0       # the steepest ray from the camera that still meets the table
LIFT_SHADOW = (0.3, -0.45)  # a raised thing's shadow: this far aside (table mm per mm up)
DEFOCUS_DEPTH = 0.25      # Conditions.defocus_px is the blur this far off the focus, relative
DEFOCUS_MAX = 4.0         # ... and the blur grows to at most this many times that


# --- the camera --------------------------------------------------------------------

def camera_matrix(pose: CameraPose, size: tuple[int, int]) -> np.ndarray:
    """The pinhole intrinsics K of ``pose`` for an image of ``size`` (w, h)."""
    w, h = size
    f = (w / 2) / np.tan(np.radians(pose.fov_deg) / 2)
    return np.array([[f, 0, (w - 1) / 2], [0, f, (h - 1) / 2], [0, 0, 1]])


def camera_extrinsics(pose: CameraPose) -> tuple[np.ndarray, np.ndarray]:
    """Rotation R (rows: image right, image down, forward) and centre C in table mm."""
    if not 0 <= pose.tilt_deg < 89:
        raise ValueError(f"camera tilt {pose.tilt_deg} degrees: use 0 (straight down) to 45")
    tilt, pan = np.radians(pose.tilt_deg), np.radians(pose.pan_deg)
    away = np.array([np.sin(pan), np.cos(pan), 0.0])      # table direction up the image
    right = np.cross(away, [0.0, 0.0, 1.0])
    target = np.array([pose.target_mm[0], pose.target_mm[1], 0.0])
    up = np.array([0.0, 0.0, 1.0])
    centre = target + pose.distance_mm * (np.cos(tilt) * up - np.sin(tilt) * away)
    forward = (target - centre) / np.linalg.norm(target - centre)
    down = np.cross(forward, right)
    return np.stack([right, down, forward]), centre


def _check_view(pose: CameraPose, k: np.ndarray, size: tuple[int, int]) -> None:
    """Refuse a camera whose frame reaches the horizon: the table plane would fold back."""
    rot, _ = camera_extrinsics(pose)
    w, h = size
    rays = rot.T @ np.linalg.inv(k) @ np.array([[0, w - 1, w - 1, 0], [0, 0, h - 1, h - 1],
                                               [1, 1, 1, 1]], np.float64)
    steepest = np.degrees(np.arccos(np.clip(-rays[2] / np.linalg.norm(rays, axis=0), -1, 1)))
    if steepest.max() >= MAX_VIEW_DEG:
        raise ValueError(f"camera tilt {pose.tilt_deg:g} degrees with a {pose.fov_deg:g} degree "
                         f"lens sees the horizon: tilt it less (0-45) or narrow the lens")


def table_homography(pose: CameraPose, size: tuple[int, int],
                     height_mm: float = 0.0) -> np.ndarray:
    """The 3x3 map from table millimetres to undistorted image pixels, on the table
    (z = 0) or on a plane ``height_mm`` above it (a card held in the air)."""
    rot, centre = camera_extrinsics(pose)
    t = -rot @ centre + rot[:, 2] * height_mm
    h = camera_matrix(pose, size) @ np.column_stack([rot[:, 0], rot[:, 1], t])
    return h / h[2, 2]


def _project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(np.asarray(pts, np.float64).reshape(-1, 1, 2), h).reshape(-1, 2)


def distortion(pose: CameraPose) -> tuple[float, float]:
    """The pose's radial distortion (k1, k2)."""
    return (pose.k1, pose.k2)


def distort_points(pts: np.ndarray, k: np.ndarray, radial: tuple[float, float]) -> np.ndarray:
    """Undistorted pixel points -> distorted ones (OpenCV model, radial k1 and k2)."""
    pts = np.asarray(pts, np.float64)
    k1, k2 = radial
    if k1 == 0 and k2 == 0:
        return pts
    n = (pts - k[:2, 2]) / (k[0, 0], k[1, 1])
    r2 = (n ** 2).sum(axis=1, keepdims=True)
    return n * (1 + k1 * r2 + k2 * r2 * r2) * (k[0, 0], k[1, 1]) + k[:2, 2]


@lru_cache(maxsize=8)
def _undistort_maps(size: tuple[int, int], f: float, radial: tuple[float, float],
                    pad: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """For each distorted output pixel, where it lies on the padded undistorted canvas."""
    w, h = size
    cx, cy = (w - 1) / 2, (h - 1) / 2
    xd, yd = np.meshgrid((np.arange(w) - cx) / f, (np.arange(h) - cy) / f)
    rd2 = xd * xd + yd * yd
    scale = np.ones_like(rd2)
    k1, k2 = radial
    for _ in range(8):  # solve x_d = x_u (1 + k1 r_u^2 + k2 r_u^4) for x_u by fixed point
        ru2 = rd2 * scale * scale
        scale = 1.0 / (1 + k1 * ru2 + k2 * ru2 * ru2)
    map_x = (xd * scale * f + cx + pad[0]).astype(np.float32)
    map_y = (yd * scale * f + cy + pad[1]).astype(np.float32)
    return map_x, map_y


def _canvas_padding(size: tuple[int, int], f: float,
                    radial: tuple[float, float]) -> tuple[int, int]:
    """How far the undistorted view must extend beyond the frame to fill it."""
    if radial == (0, 0):
        return 0, 0
    w, h = size
    map_x, map_y = _undistort_maps(size, f, radial, (0, 0))
    pad_x = max(0.0, -float(map_x.min()), float(map_x.max()) - (w - 1))
    pad_y = max(0.0, -float(map_y.min()), float(map_y.max()) - (h - 1))
    return int(np.ceil(pad_x)) + 2, int(np.ceil(pad_y)) + 2


# --- the table surface --------------------------------------------------------------

def _smooth_noise(rng: np.random.Generator, shape: tuple[int, int],
                  cells: tuple[int, int]) -> np.ndarray:
    """Low-frequency noise in [-1, 1] over ``shape`` (h, w), ``cells`` blobs across."""
    small = rng.uniform(-1, 1, (cells[1] + 1, cells[0] + 1)).astype(np.float32)
    return cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


@lru_cache(maxsize=16)
def table_texture(kind: str, table_mm: tuple[float, float], seed: int) -> np.ndarray:
    """The table surface as a BGR image at TEXTURE_PX_PER_MM, covering table_mm plus
    the margin; row 0 is the far edge (largest y). Each kind gives a brightness map,
    a base colour and the strength of its fine grain."""
    w = int(round((table_mm[0] + 2 * TABLE_MARGIN_MM) * TEXTURE_PX_PER_MM))
    h = int(round((table_mm[1] + 2 * TABLE_MARGIN_MM) * TEXTURE_PX_PER_MM))
    rng = np.random.default_rng([seed, TEXTURES.index(kind) if kind in TEXTURES else 99])
    if kind == "wood":
        tone, base, grain = _wood(rng, w, h)
    elif kind == "cloth":
        tone, base, grain = _cloth(rng, w, h)
    elif kind == "laminate":
        tone, base, grain = _laminate(rng, w, h)
    elif kind == "check":
        tone, base, grain = _check(rng, w, h)
    else:
        raise ValueError(f"unknown table texture {kind!r}: use one of {', '.join(TEXTURES)}")
    noise = rng.standard_normal((h, w), dtype=np.float32) * np.float32(grain)
    planes = [tone[:, :, i] if tone.ndim == 3 else tone for i in range(3)]  # one tone or three
    return cv2.merge([cv2.convertScaleAbs(cv2.scaleAdd(p.astype(np.float32), float(b), noise))
                      for p, b in zip(planes, base)])


def _wood(rng: np.random.Generator, w: int, h: int) -> tuple[np.ndarray, np.ndarray, float]:
    """Planks along x: each a stretch of one random grain profile (fine and broad
    streaks), bent by smooth noise, with its own tone, seams and a butt joint."""
    base = np.array(rng.choice([(40, 75, 125), (60, 105, 160), (30, 55, 95), (85, 135, 185)]),
                    np.float32)
    ppm = TEXTURE_PX_PER_MM
    plank = float(rng.uniform(90, 200)) * ppm
    length = 4 * h + 400
    fine = cv2.GaussianBlur(rng.normal(0, 1, (length, 1)).astype(np.float32), (0, 0), 1.0 * ppm)
    broad = cv2.GaussianBlur(rng.normal(0, 1, (length, 1)).astype(np.float32), (0, 0), 5.0 * ppm)
    profile = fine / fine.std() * 0.45 + broad / broad.std()
    y = np.arange(h, dtype=np.float32)[:, None]
    planks = (y // plank).astype(np.int32)
    count = int(planks.max()) + 1
    offsets = rng.uniform(0, length - h - 200, count).astype(np.float32)
    warp = _smooth_noise(rng, (h, w), (3, 8)) * 14 * ppm + _smooth_noise(rng, (h, w), (20, 12)) * 2
    map_y = (y + warp + offsets[planks] + 100).astype(np.float32)
    grain = cv2.remap(profile, np.zeros_like(map_y), map_y, cv2.INTER_LINEAR)
    tone = rng.uniform(0.82, 1.12, count).astype(np.float32)[planks]
    tone = tone * (1 + 0.09 * grain + 0.05 * _smooth_noise(rng, (h, w), (12, 10)))
    tone *= np.where((y % plank) < 1.5 * ppm, 0.45, 1.0).astype(np.float32)
    for k in range(count):  # butt joints where two boards meet end to end
        x = int(rng.integers(0, w))
        tone[int(k * plank):int((k + 1) * plank), x:x + max(1, round(1.2 * ppm))] *= 0.5
    return tone, base, 4.0


def _cloth(rng: np.random.Generator, w: int, h: int) -> tuple[np.ndarray, np.ndarray, float]:
    base = np.array(rng.choice([(60, 110, 40), (110, 60, 30), (40, 40, 120), (70, 70, 70),
                                (50, 90, 60)]), np.float32)
    mottle = (1 + 0.08 * _smooth_noise(rng, (h, w), (12, 8))
              + 0.04 * _smooth_noise(rng, (h, w), (60, 40)))
    return mottle, base, 6.0


def _laminate(rng: np.random.Generator, w: int, h: int) -> tuple[np.ndarray, np.ndarray, float]:
    base = np.array(rng.choice([(225, 225, 220), (200, 215, 225), (190, 190, 195),
                                (170, 200, 215)]), np.float32)
    veins = np.abs(np.sin(_smooth_noise(rng, (h, w), (8, 6)) * 9
                          + _smooth_noise(rng, (h, w), (30, 20))))
    tone = 1 - 0.18 * (veins < 0.08) - 0.03 * _smooth_noise(rng, (h, w), (20, 15))
    return tone, base, 5.0


def _check(rng: np.random.Generator, w: int, h: int) -> tuple[np.ndarray, np.ndarray, float]:
    """A red and white check: red bands half a period wide, across and along; where two
    cross the red is full, where one runs it is half way to white; mottled, woven grain."""
    white, red = np.array((232, 236, 240), np.float32), np.array((48, 42, 180), np.float32)
    period = CHECK_MM * TEXTURE_PX_PER_MM

    def band(n: int) -> np.ndarray:   # 1 inside a band, 0 between, a pixel-wide soft edge
        phase = (np.arange(n, dtype=np.float32) + 0.5) % period
        return np.clip(0.5 + period / 4 - np.abs(phase - period / 2), 0, 1)

    red_share = (band(w)[None, :] + band(h)[:, None]) / 2
    mottle = 1 + 0.05 * _smooth_noise(rng, (h, w), (10, 8))
    colour = white + red_share[:, :, None] * (red - white)
    return colour * mottle[:, :, None], np.ones(3, np.float32), 5.0


@lru_cache(maxsize=2)
def _table_view(kind: str, table_mm: tuple[float, float], seed: int, pose: CameraPose,
                size: tuple[int, int]) -> np.ndarray:
    """The bare table as the camera sees it (before distortion), kept for the next frame:
    a video's frames share it, and this full-frame warp is the dearest step of a frame."""
    k = camera_matrix(pose, size)
    pad = _canvas_padding(size, k[0, 0], distortion(pose))
    shift = np.array([[1, 0, pad[0]], [0, 1, pad[1]], [0, 0, 1]], np.float64)
    to_canvas = shift @ table_homography(pose, size) @ _texture_to_table(table_mm)
    return cv2.warpPerspective(table_texture(kind, table_mm, seed), to_canvas,
                               (size[0] + 2 * pad[0], size[1] + 2 * pad[1]),
                               flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                               borderValue=FLOOR_BGR)


def _texture_to_table(table_mm: tuple[float, float]) -> np.ndarray:
    """Texture pixel -> table mm (row 0 is the far edge)."""
    s = 1.0 / TEXTURE_PX_PER_MM
    top = table_mm[1] + TABLE_MARGIN_MM
    return np.array([[s, 0, -TABLE_MARGIN_MM + 0.5 * s], [0, -s, top - 0.5 * s], [0, 0, 1]])


# --- pieces ------------------------------------------------------------------------

def _piece_to_table(placed: Placed) -> np.ndarray:
    """Card millimetres (x right, y down from the card's top-left) -> table mm."""
    w, h = placed.piece.size_mm
    a = np.radians(placed.angle_deg)
    c, s = np.cos(a), np.sin(a)
    # (u - w/2, -(v - h/2)) rotated by the angle, moved to the card centre
    return np.array([[c, s, placed.x_mm - c * w / 2 - s * h / 2],
                     [s, -c, placed.y_mm - s * w / 2 + c * h / 2],
                     [0, 0, 1]])


def _art_level(h_table: np.ndarray, placed: Placed) -> float:
    """A card-art resolution a little finer than the piece's pixels in the frame."""
    w, h = placed.piece.size_mm
    corners = _project(h_table @ _piece_to_table(placed), [(0, 0), (w, 0), (w, h), (0, h)])
    sides = np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1)
    px_per_mm = max(sides[0] / w, sides[1] / h, sides[2] / w, sides[3] / h)
    wanted = 1.4 * px_per_mm
    return next((level for level in ART_LEVELS if level >= wanted), ART_LEVELS[-1])


def _art_to_piece(art: Artwork, size_mm: tuple[float, float]) -> np.ndarray:
    """Artwork pixel (centre based) -> card mm."""
    sy = size_mm[1] / art.image.shape[0]
    sx = size_mm[0] / art.image.shape[1]
    return np.array([[sx, 0, 0.5 * sx], [0, sy, 0.5 * sy], [0, 0, 1]])


@dataclass
class _Canvas:
    """The undistorted view being drawn, and who owns each pixel (for visibility)."""

    image: np.ndarray          # BGR uint8
    owner: np.ndarray          # int16: -2 table, -1 hand, k = k-th drawn piece
    h_table: np.ndarray        # table mm -> canvas px
    pose: CameraPose
    size: tuple[int, int]      # the frame's (w, h)
    pad: tuple[int, int]       # the canvas's margin around the frame (for the lens)

    def at_height(self, height_mm: float) -> np.ndarray:
        """Table mm on a plane ``height_mm`` above the table -> canvas px."""
        if height_mm == 0:
            return self.h_table
        shift = np.array([[1, 0, self.pad[0]], [0, 1, self.pad[1]], [0, 0, 1]], np.float64)
        return shift @ table_homography(self.pose, self.size, height_mm)

    def box(self, pts: np.ndarray, grow: int = 2) -> tuple[int, int, int, int] | None:
        h, w = self.owner.shape
        x0, y0 = np.floor(pts.min(axis=0)).astype(int) - grow
        x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + grow
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def _shadow(canvas: _Canvas, outlines: list[np.ndarray], offset: tuple[float, float],
            blur_px: float, strength: float) -> None:
    """Darken the canvas under shapes lifted above the table (a card edge, a hand)."""
    pts = [o + offset for o in outlines]
    box = canvas.box(np.concatenate(pts), grow=int(2 * blur_px) + 2)
    if box is None:
        return
    x0, y0, x1, y1 = box
    down = max(1, int(blur_px // 2))  # a soft shadow has no detail: draw it small
    mask = np.zeros((-(-(y1 - y0) // down), -(-(x1 - x0) // down)), np.uint8)
    cv2.fillPoly(mask, [np.round((p - (x0, y0)) * (4 / down)).astype(np.int32) for p in pts],
                 255, cv2.LINE_AA, 2)
    if blur_px > 0.3:
        mask = cv2.GaussianBlur(mask, (0, 0), blur_px / down)
    if down > 1:
        mask = cv2.resize(mask, (mask.shape[1] * down, mask.shape[0] * down),
                          interpolation=cv2.INTER_LINEAR)[:y1 - y0, :x1 - x0]
    gain = 1.0 - (strength / 255) * mask.astype(np.float32)
    region = canvas.image[y0:y1, x0:x1]
    region[:] = cv2.multiply(region, cv2.merge([gain, gain, gain]), dtype=cv2.CV_8U)


def _draw_piece(canvas: _Canvas, placed: Placed, index: int,
                stickers: Stickers | None) -> list[tuple[int, np.ndarray]]:
    """Warp one card side into its bounding box; returns its markers' canvas corners."""
    plane = canvas.at_height(placed.height_mm)
    level = _art_level(plane, placed)
    art = card_side(placed.piece, placed.face_up, level) if stickers is None else \
        handmade_side(placed.piece, placed.face_up, level, stickers)
    to_canvas = plane @ _piece_to_table(placed) @ _art_to_piece(art, placed.piece.size_mm)
    ah, aw = art.image.shape[:2]
    corners = [(-0.5, -0.5), (aw - 0.5, -0.5), (aw - 0.5, ah - 0.5), (-0.5, ah - 0.5)]
    outline = _project(to_canvas, corners)
    scale = np.linalg.norm(outline[1] - outline[0]) / placed.piece.size_mm[0]
    if placed.height_mm > 0:   # held in the air: its soft shadow lies on the table, aside
        aside = np.array([[1, 0, LIFT_SHADOW[0] * placed.height_mm],
                          [0, 1, LIFT_SHADOW[1] * placed.height_mm], [0, 0, 1]])
        below = _project(canvas.h_table @ aside @ _piece_to_table(placed)
                         @ _art_to_piece(art, placed.piece.size_mm), corners)
        _shadow(canvas, [below], (0.0, 0.0), 0.08 * placed.height_mm * scale, 0.3)
    elif not placed.piece.round:  # a thin shadow along the card's edge; antialiasing blurs it
        _shadow(canvas, [outline], (0.4 * scale, 0.6 * scale), 0.0, 0.35)
    markers = [(m, _project(to_canvas, quad)) for m, quad in art.markers]
    box = canvas.box(outline)
    if box is None:
        return markers
    x0, y0, x1, y1 = box
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    warped = cv2.warpPerspective(art.bgra, shift @ to_canvas, (x1 - x0, y1 - y0),
                                 flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                                 borderValue=(0, 0, 0, 0))
    blend(canvas.image[y0:y1, x0:x1], warped[:, :, :3], warped[:, :, 3])
    canvas.owner[y0:y1, x0:x1][warped[:, :, 3] >= 128] = index
    return markers


# --- hands -------------------------------------------------------------------------

def _hand_outline_mm(hand: Hand, rng: np.random.Generator) -> list[np.ndarray]:
    """Forearm, palm and fingers as polygons in table mm, reaching in to (x, y)."""
    a = np.radians(hand.from_angle_deg)
    back = np.array([np.cos(a), np.sin(a)])      # from the hand towards the arm's origin
    side = np.array([-back[1], back[0]])
    tip = np.array([hand.x_mm, hand.y_mm])
    w = hand.width_mm
    palm_centre = tip + back * (0.75 * w)
    wrist = palm_centre + back * (0.55 * w)
    elbow = wrist + back * 900
    arm = np.array([wrist + side * 0.36 * w, elbow + side * 0.5 * w,
                    elbow - side * 0.5 * w, wrist - side * 0.36 * w])
    t = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    palm = palm_centre + np.outer(np.cos(t), back * 0.55 * w) + np.outer(np.sin(t), side * 0.5 * w)
    shapes = [arm, palm]
    spread = rng.uniform(-0.15, 0.15)
    for k, offset in enumerate((-0.3, -0.1, 0.1, 0.3)):
        length = w * (0.55 + 0.2 * (1 - abs(offset) * 2)) * rng.uniform(0.85, 1.05)
        direction = -back + side * (offset * 0.6 + spread)
        direction /= np.linalg.norm(direction)
        base = palm_centre - back * 0.3 * w + side * offset * w
        end = base + direction * length
        normal = np.array([-direction[1], direction[0]]) * 0.085 * w
        shapes.append(np.array([base + normal, end + normal * 0.8, end - normal * 0.8,
                                base - normal]))
    thumb_dir = -back * 0.4 + side * (1 if rng.random() < 0.5 else -1)
    thumb_dir /= np.linalg.norm(thumb_dir)
    base = palm_centre + np.sign(thumb_dir @ side) * side * 0.35 * w
    end = base + thumb_dir * 0.5 * w
    normal = np.array([-thumb_dir[1], thumb_dir[0]]) * 0.1 * w
    shapes.append(np.array([base + normal, end + normal * 0.8, end - normal * 0.8, base - normal]))
    return shapes


def _draw_hand(canvas: _Canvas, hand: Hand,
               rng: np.random.Generator) -> tuple[tuple[int, int], np.ndarray] | None:
    """Draw the hand and its shadow; returns where it lies (its box's top-left, its mask)."""
    plane = canvas.at_height(hand.height_mm)
    shapes = [_project(plane, s) for s in _hand_outline_mm(hand, rng)]
    every = np.concatenate(shapes)
    scale = np.linalg.norm(np.ptp(_project(plane, [(hand.x_mm, hand.y_mm),
                                                    (hand.x_mm + 10, hand.y_mm)]),
                                  axis=0)) / 10
    up = hand.height_mm   # a raised hand's shadow falls farther off and softer
    _shadow(canvas, shapes, ((8 + LIFT_SHADOW[0] * up) * scale,
                             (12 - LIFT_SHADOW[1] * up) * scale), (10 + 0.08 * up) * scale, 0.4)
    box = canvas.box(every)
    if box is None:
        return None
    x0, y0, x1, y1 = box
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    for s in shapes:
        cv2.fillPoly(mask, [np.round((s - (x0, y0)) * 4).astype(np.int32)], 255, cv2.LINE_AA, 2)
    # rounded shading: brighter along the middle of the arm and fingers
    # (one float plane, worked in place: an arm's box can cover a third of the frame)
    gain = cv2.distanceTransform((mask > 127).astype(np.uint8), cv2.DIST_L2, 3)
    np.multiply(gain, np.float32(1 / max(1.0, 0.25 * hand.width_mm * scale)), out=gain)
    np.minimum(gain, np.float32(1), out=gain)
    np.sqrt(gain, out=gain)
    gain *= np.float32(0.45)
    gain += np.float32(0.55)
    gain *= 1 + np.float32(0.04) * _smooth_noise(rng, mask.shape, (8, 8))
    skin = SKIN_TONES[int(rng.integers(len(SKIN_TONES)))]
    shade = cv2.merge([cv2.convertScaleAbs(gain, alpha=float(c)) for c in skin])
    blend(canvas.image[y0:y1, x0:x1], shade, mask)
    canvas.owner[y0:y1, x0:x1][mask >= 128] = HAND_LABEL
    return (x0, y0), mask


def _smear_moving(canvas: _Canvas, scene: Scene,
                  hands: list[tuple[tuple[int, int], np.ndarray] | None]) -> None:
    """Motion blur: cards and hands that move while the shutter is open smear along
    their path in the frame (the cards first: the hand that carries them lies on top)."""
    shutter = scene.conditions.exposure_s

    def motion(at: tuple[float, float], velocity: tuple[float, float],
               plane: np.ndarray) -> tuple[float, float]:
        a, b = _project(plane, [at, (at[0] + velocity[0] * shutter,
                                     at[1] + velocity[1] * shutter)])
        return float(b[0] - a[0]), float(b[1] - a[1])

    for index, placed in enumerate(scene.pieces):
        if placed.velocity_mm_s == (0.0, 0.0):
            continue
        w, h = placed.piece.size_mm
        plane = canvas.at_height(placed.height_mm)
        box = canvas.box(_project(plane @ _piece_to_table(placed),
                                  [(0, 0), (w, 0), (w, h), (0, h)]))
        if box is not None:
            x0, y0, x1, y1 = box
            mine = (canvas.owner[y0:y1, x0:x1] == index).astype(np.uint8) * 255
            smear_region(canvas.image, mine, (x0, y0),
                         motion((placed.x_mm, placed.y_mm), placed.velocity_mm_s, plane))
    for hand, drawn in zip(scene.hands, hands):
        if drawn is not None and hand.velocity_mm_s != (0.0, 0.0):
            smear_region(canvas.image, drawn[1], drawn[0],
                         motion((hand.x_mm, hand.y_mm), hand.velocity_mm_s,
                                canvas.at_height(hand.height_mm)))


# --- glossy cards and the depth of field -------------------------------------------------

def lamp_mm(scene: Scene) -> np.ndarray:
    """Where the room's lamp hangs (table mm, z up): beyond the table's far edge, so that
    its mirror image lies on the table; fixed for the video."""
    rng = np.random.default_rng([scene.seed, 23])
    w, d = scene.table_mm
    return np.array([rng.uniform(0.25, 0.75) * w, rng.uniform(1.3, 2.3) * d,
                     rng.uniform(900.0, 1500.0)])


def specular_spot(placed: Placed, camera_mm: np.ndarray, lamp: np.ndarray,
                  seed: int) -> tuple[float, float]:
    """Where on ``placed`` (card mm from its top-left) the lamp's mirror image shows to
    the camera. No card lies quite flat: each bows a few degrees one way of its own, so
    the spot moves across it as the card turns, and from card to card."""
    rng = np.random.default_rng([seed, placed.piece.marker, 29])
    bow, phase = np.radians(rng.uniform(2.0, 6.0)), rng.uniform(0, 2 * np.pi)
    facing = np.radians(placed.angle_deg) + phase
    normal = np.array([np.sin(bow) * np.cos(facing), np.sin(bow) * np.sin(facing), np.cos(bow)])
    centre = np.array([placed.x_mm, placed.y_mm, placed.height_mm])
    mirrored = camera_mm - 2 * ((camera_mm - centre) @ normal) * normal
    towards = mirrored - lamp
    hit = lamp + towards * (((centre - lamp) @ normal) / (towards @ normal))
    u, v, _ = np.linalg.inv(_piece_to_table(placed)) @ np.array([hit[0], hit[1], 1.0])
    return float(u), float(v)


def _gloss(canvas: _Canvas, scene: Scene) -> None:
    """The lamp's specular spot on each glossy card where the card shows it: a white
    blob, saturated in its core, on the card's own visible pixels."""
    c = scene.conditions
    _, camera_mm = camera_extrinsics(scene.camera)
    lamp = lamp_mm(scene)
    for index, placed in enumerate(scene.pieces):
        u, v = specular_spot(placed, camera_mm, lamp, scene.seed)
        w, h = placed.piece.size_mm
        radius = c.gloss_mm * np.random.default_rng([scene.seed, placed.piece.marker, 31]
                                                    ).uniform(0.7, 1.3)
        if not (-2 * radius < u < w + 2 * radius and -2 * radius < v < h + 2 * radius):
            continue
        to_canvas = canvas.at_height(placed.height_mm) @ _piece_to_table(placed)
        box = canvas.box(_project(to_canvas, [(0, 0), (w, 0), (w, h), (0, h)]))
        if box is None:
            continue
        x0, y0, x1, y1 = box
        mine = canvas.owner[y0:y1, x0:x1] == index
        if not mine.any():
            continue
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float64)
        on_card = _project(np.linalg.inv(to_canvas), np.stack([xx.ravel(), yy.ravel()], 1))
        d2 = ((on_card[:, 0] - u) ** 2 + (on_card[:, 1] - v) ** 2).reshape(mine.shape)
        glow = np.clip(1.6 * np.exp(-d2 / (2 * radius ** 2)), 0, 1) * (255 * c.gloss) * mine
        region = canvas.image[y0:y1, x0:x1]
        region[:] = cv2.add(region, cv2.merge([glow.astype(np.uint8)] * 3))


def _defocus_sigma(canvas: _Canvas, defocus_px: float) -> np.ndarray:
    """The depth of field's blur on each row of the canvas: the camera focused on the
    table at the frame's centre, the blur growing with the table's depth away from it
    (as a lens's circle of confusion: with |depth - focus| / depth). Beyond the horizon
    (no table) and far off, it stops growing at DEFOCUS_MAX times ``defocus_px``."""
    ch, cw = canvas.owner.shape
    pose = canvas.pose
    rot, centre = camera_extrinsics(pose)
    rows = np.arange(ch, dtype=np.float64) - canvas.pad[1]
    pixels = np.stack([np.full(ch, (canvas.size[0] - 1) / 2), rows, np.ones(ch)])
    rays = rot.T @ np.linalg.inv(camera_matrix(pose, canvas.size)) @ pixels
    # depth along the view axis: a ray's own forward component is 1
    with np.errstate(divide="ignore", invalid="ignore"):
        depth = np.where(rays[2] < -1e-9, -centre[2] / rays[2], np.inf)
        off = np.abs(depth - pose.distance_mm) / (DEFOCUS_DEPTH * depth)
    off = np.where(np.isfinite(depth), off, DEFOCUS_MAX)
    return np.minimum(off, DEFOCUS_MAX) * defocus_px


# --- light and the camera's own defects ---------------------------------------------

def _light(image: np.ndarray, scene: Scene, rng: np.random.Generator) -> np.ndarray:
    """Uneven light (a falloff from a lamp position) and a specular glare spot."""
    h, w = image.shape[:2]
    small_w, small_h = 64, max(2, round(64 * h / w))
    yy, xx = np.mgrid[0:small_h, 0:small_w].astype(np.float32)
    lamp = rng.uniform(-0.3, 1.3, 2) * (small_w, small_h)
    dist = np.hypot(xx - lamp[0], yy - lamp[1]) / np.hypot(small_w, small_h)
    gain = 1.0 - scene.light_gradient * 0.7 * np.clip(dist, 0, 1) ** 1.3
    corner2 = ((xx - small_w / 2) / (small_w / 2)) ** 2 + ((yy - small_h / 2) / (small_h / 2)) ** 2
    gain *= 1.0 - scene.light_gradient * 0.12 * corner2   # the lens darkens the corners
    gain *= 1 + 0.06 * rng.uniform(-1, 1)
    tint = 1 + rng.uniform(-0.06, 0.06, 3)       # the lamp's colour: warm or cool
    out = image
    if scene.light_gradient > 0:
        out = lit(image, np.dstack([gain * t for t in tint]))
    if scene.glare > 0:
        spot = rng.uniform(0.15, 0.85, 2) * (w, h)
        radius = rng.uniform(0.05, 0.14) * w
        x0, x1 = int(max(0, spot[0] - 3 * radius)), int(min(w, spot[0] + 3 * radius))
        y0, y1 = int(max(0, spot[1] - 3 * radius)), int(min(h, spot[1] + 3 * radius))
        if x1 > x0 and y1 > y0:
            # a smooth spot: worked out on a coarse grid, then stretched
            gx = np.exp(-((np.linspace(x0, x1 - 1, 64) - spot[0]) / radius) ** 2 / 2)
            gy = np.exp(-((np.linspace(y0, y1 - 1, 64) - spot[1]) / radius) ** 2 / 2)
            glow = np.clip(np.outer(gy, gx) * 230 * scene.glare, 0, 255).astype(np.uint8)
            glow = cv2.resize(glow, (x1 - x0, y1 - y0), interpolation=cv2.INTER_LINEAR)
            region = out[y0:y1, x0:x1]
            region[:] = cv2.add(region, cv2.merge([glow, glow, glow]))
    return out


@lru_cache(maxsize=4)
def _noise_bank(h: int, w: int, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """Gaussian sensor noise, drawn once per frame size: each frame takes a window of it
    at an offset from its seed (drawing 6 million normals per frame would cost 30 ms).
    Kept as its positive and negative parts, bytes both, for two cheap saturating ops."""
    bank = np.random.default_rng(12345).normal(0, sigma, (h + NOISE_SLACK, w + NOISE_SLACK, 3))
    bank = np.clip(np.round(bank), -255, 255)
    return np.maximum(bank, 0).astype(np.uint8), np.maximum(-bank, 0).astype(np.uint8)


def _sensor(image: np.ndarray, scene: Scene) -> np.ndarray:
    """Focus blur, the webcam's effects (vision.camera_effects), noise, compression."""
    if scene.blur_sigma > 0:
        image = cv2.GaussianBlur(image, (0, 0), scene.blur_sigma)
    image = expose(image, scene.conditions, scene.seed, scene.frame)
    image = develop(image, scene.conditions)
    if scene.noise_sigma > 0:
        h, w = image.shape[:2]
        brighter, darker = _noise_bank(h, w, float(scene.noise_sigma))
        dy, dx = np.random.default_rng([scene.seed, scene.frame, 2]).integers(0, NOISE_SLACK, 2)
        image = cv2.subtract(cv2.add(image, brighter[dy:dy + h, dx:dx + w]),
                             darker[dy:dy + h, dx:dx + w])
    if scene.jpeg_quality is not None:
        image = jpeg_round_trip(image, scene.jpeg_quality)
    return image


# --- the frame -----------------------------------------------------------------------

def _visible_fraction(quad: np.ndarray, owner: np.ndarray, index: int) -> float:
    h, w = owner.shape
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(mask, np.round((quad - (x0, y0)) * 16).astype(np.int32), 1, cv2.LINE_8, 4)
    total = int(mask.sum())
    if total == 0:
        return 0.0
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if cx1 <= cx0 or cy1 <= cy0:
        return 0.0
    inside = mask[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]
    mine = owner[cy0:cy1, cx0:cx1] == index
    return float((inside.astype(bool) & mine).sum()) / total


def render(scene: Scene, size: tuple[int, int] = (1280, 720)) -> Rendered:
    """A camera frame of ``scene`` (``size`` = (width, height)) and the ground truth of
    every marker copy at least partly in the frame: its corners (distorted like the image),
    side in px and the fraction not hidden by hands, cards on top or the frame edge."""
    w, h = size
    pose = scene.camera
    k = camera_matrix(pose, size)
    _check_view(pose, k, size)
    pad = _canvas_padding(size, k[0, 0], distortion(pose))
    canvas_size = (w + 2 * pad[0], h + 2 * pad[1])
    shift = np.array([[1, 0, pad[0]], [0, 1, pad[1]], [0, 0, 1]], np.float64)
    h_table = shift @ table_homography(pose, size)
    rng = np.random.default_rng([scene.seed, 1])

    image = _table_view(scene.texture, tuple(scene.table_mm), scene.seed, pose, size).copy()
    canvas = _Canvas(image, np.full((canvas_size[1], canvas_size[0]), -2, np.int16), h_table,
                     pose, size, pad)
    drawn: list[tuple[int, int, np.ndarray]] = []
    order = sorted(range(len(scene.pieces)), key=lambda i: (scene.pieces[i].z, i))
    for index in order:
        for marker, quad in _draw_piece(canvas, scene.pieces[index], index, scene.stickers):
            drawn.append((index, marker, quad))
    if scene.conditions.gloss > 0:
        _gloss(canvas, scene)
    hands = [_draw_hand(canvas, hand, rng) for hand in scene.hands]
    if scene.conditions.exposure_s > 0:
        _smear_moving(canvas, scene, hands)
    image = _light(canvas.image, scene, rng)
    if scene.conditions.defocus_px > 0:
        image = defocus(image, _defocus_sigma(canvas, scene.conditions.defocus_px))
    owner = canvas.owner
    if distortion(pose) != (0, 0):
        maps = _undistort_maps(size, k[0, 0], distortion(pose), pad)
        image = cv2.remap(image, *maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        owner = cv2.remap(owner, *maps, cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT,
                          borderValue=-2)
    image = _sensor(np.ascontiguousarray(image), scene)

    truths = []
    for index, marker, quad in drawn:
        corners = distort_points(quad - pad, k, distortion(pose))
        fraction = _visible_fraction(corners, owner, index)
        lo, hi = corners.min(axis=0), corners.max(axis=0)
        if hi[0] < 0 or hi[1] < 0 or lo[0] > w - 1 or lo[1] > h - 1:
            continue
        side = float(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1).mean())
        truths.append(MarkerTruth(marker, _quad(corners), side, fraction))
    homography = table_homography(pose, size) if distortion(pose) == (0, 0) else None
    return Rendered(image, tuple(truths), homography)


def _quad(corners: np.ndarray) -> Quad:
    return tuple((float(x), float(y)) for x, y in corners)  # type: ignore[return-value]
