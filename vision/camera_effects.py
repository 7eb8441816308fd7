"""What a webcam in a real room does to a drawn table: smear, light, noise, compression.

vision.render draws the table, then hands the frame to these steps, each set by one
field of :class:`vision.types.Conditions` and off at its default:

- ``smear_region`` / ``smear``: motion blur along a motion (a line kernel), for the
  hands and carried cards while the shutter is open, and for camera shake;
- ``light_map``: vignetting, colour temperature, a straight light gradient and soft
  shadows drifting across the table (people leaning over): one smooth gain per pixel;
- ``expose``: the sensor: the room's light level, shot and read noise, then the gain
  the camera's auto-exposure sets (making up for a dim room, amplifying the noise with
  it, and hunting slowly up and down);
- ``defocus``: a depth of field, the blur growing away from the focus (vision.render
  works out how much on each row from the camera's geometry);
- ``develop``: a Bayer sensor's one colour a pixel, demosaiced as the camera does, and
  the webcam's sharpening (an unsharp mask: halos along every edge);
- ``jpeg_round_trip``: the webcam's own MJPEG, a real cv2 encode and decode.

Everything is deterministic from the scene's seed and frame number.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from vision.types import Conditions

NOISE_SLACK = 97        # per-frame noise windows start at one of 97 x 97 offsets
LIGHT_GRID_PX = 96      # smooth gains are worked out on a grid this wide, then stretched
NORMAL_ONE, SIGMA_ONE = 64, 8   # noise in integers: z in 1/64ths, its sigma in 1/8ths
GAIN_ONE = 200.0        # gains stored as bytes: 200 = unchanged, up to 1.27 (a byte
                        # multiply is far cheaper than a float one)
WARM_GAINS = (-0.22, -0.05, 0.08)   # B, G, R per unit of warmth: a tungsten lamp's cast


def blend(region: np.ndarray, top: np.ndarray, alpha: np.ndarray) -> None:
    """Lay ``top`` over ``region`` (in place) where ``alpha`` (uint8) says."""
    a = alpha.astype(np.float32) * (1 / 255)
    region[:] = cv2.blendLinear(top, np.ascontiguousarray(region), a, 1 - a)


# --- motion blur ---------------------------------------------------------------------

def line_kernel(vector_px: tuple[float, float]) -> np.ndarray | None:
    """A motion blur kernel: a line as long as ``vector_px`` along it, centred, summing
    to 1 (sub-pixel points splatted bilinearly); None for motion under half a pixel."""
    dx, dy = vector_px
    length = math.hypot(dx, dy)
    if length < 0.5:
        return None
    r = int(math.ceil(length / 2)) + 1
    t = np.linspace(-0.5, 0.5, int(math.ceil(length * 4)) + 1)
    x, y = r + t * dx, r + t * dy
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    fx, fy = x - x0, y - y0
    kernel = np.zeros((2 * r + 2, 2 * r + 2), np.float64)
    for ox, oy, weight in ((0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)),
                           (0, 1, (1 - fx) * fy), (1, 1, fx * fy)):
        np.add.at(kernel, (y0 + oy, x0 + ox), weight)
    kernel = kernel[:2 * r + 1, :2 * r + 1]   # the splat never reaches the last row
    return (kernel / kernel.sum()).astype(np.float32)


def _along(image: np.ndarray, kernel: np.ndarray, border: int) -> np.ndarray:
    """``image`` filtered by a centred ``kernel`` cut to its non-zero rows and columns
    (a level motion's kernel is two rows: far cheaper than its square)."""
    r = kernel.shape[0] // 2
    rows, cols = np.nonzero(kernel.sum(axis=1))[0], np.nonzero(kernel.sum(axis=0))[0]
    cut = kernel[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
    return cv2.filter2D(image, -1, cut, anchor=(r - int(cols[0]), r - int(rows[0])),
                        borderType=border)


def smear(image: np.ndarray, vector_px: tuple[float, float]) -> np.ndarray:
    """The whole frame blurred along ``vector_px`` (the camera moved while exposing)."""
    kernel = line_kernel(vector_px)
    if kernel is None:
        return image
    return _along(image, kernel, cv2.BORDER_REFLECT)


def smear_region(image: np.ndarray, mask: np.ndarray, origin: tuple[int, int],
                 vector_px: tuple[float, float]) -> None:
    """Blur, in place, the thing ``mask`` covers (uint8, its top-left at ``origin`` in
    ``image``) along ``vector_px``: its smeared copy, mixed with what it passed over,
    laid over the frame as far as the smear reaches."""
    kernel = line_kernel(vector_px)
    if kernel is None:
        return
    r = kernel.shape[0] // 2
    h, w = image.shape[:2]
    x0, y0 = origin
    mh, mw = mask.shape
    gx0, gy0, gx1, gy1 = max(0, x0 - r), max(0, y0 - r), min(w, x0 + mw + r), min(h, y0 + mh + r)
    if gx1 <= gx0 or gy1 <= gy0:
        return
    region = image[gy0:gy1, gx0:gx1]
    grown = np.zeros(region.shape[:2], np.uint8)
    grown[y0 - gy0:y0 - gy0 + mh, x0 - gx0:x0 - gx0 + mw] = mask
    alpha = _along(grown, kernel, cv2.BORDER_CONSTANT)
    blend(region, _along(region, kernel, cv2.BORDER_REFLECT), alpha)


def shake_vector(conditions: Conditions, seed: int, frame: int) -> tuple[float, float]:
    """This frame's camera shake: up to ``shake_px`` long, in any direction."""
    rng = np.random.default_rng([seed, frame, 11])
    angle, length = rng.uniform(0, 2 * np.pi), rng.uniform(0.3, 1.0) * conditions.shake_px
    return float(length * np.cos(angle)), float(length * np.sin(angle))


# --- light ---------------------------------------------------------------------------

def light_map(conditions: Conditions, size: tuple[int, int], seed: int,
              frame: int) -> np.ndarray | None:
    """The gain per colour channel of vignetting, colour temperature, the light gradient
    and the drifting shadows over a frame of ``size``, on a coarse grid (all of them are
    smooth: ``lit`` stretches it), its corners on the frame's; None when all are off."""
    c = conditions
    if not (c.vignetting or c.warmth or c.light_slope or c.shadows):
        return None
    w, h = size
    gw, gh = LIGHT_GRID_PX, max(2, round(LIGHT_GRID_PX * h / w))
    aspect = h / w
    xx, yy = np.meshgrid(np.linspace(-1, 1, gw), np.linspace(-aspect, aspect, gh))
    gain = np.ones((gh, gw))
    rng = np.random.default_rng([seed, 13])      # fixed for the video: the room
    if c.vignetting:   # darker towards the corners, by ``vignetting`` at the corners
        gain *= 1 - c.vignetting * (xx ** 2 + yy ** 2) / (1 + aspect ** 2)
    if c.light_slope:
        a = rng.uniform(0, 2 * np.pi)
        along = (xx * np.cos(a) + yy * np.sin(a)) / math.hypot(np.cos(a), aspect * np.sin(a))
        gain *= 1 - c.light_slope * (np.clip(along, -1, 1) + 1) / 2
    t = frame / c.fps
    for _ in range(c.shadows):
        # a soft blob wandering slowly over the table on a smooth path
        centre = rng.uniform(-0.6, 0.6, 2) * (1, aspect)
        reach = rng.uniform(0.2, 0.5, 2) * (1, aspect)
        speed, phase = rng.uniform(0.15, 0.4, 2), rng.uniform(0, 2 * np.pi, 2)
        radius = rng.uniform(0.25, 0.45)
        at = centre + reach * np.sin(speed * t + phase)
        d2 = ((xx - at[0]) ** 2 + (yy - at[1]) ** 2) / radius ** 2
        gain *= 1 - c.shadow_strength * np.exp(-d2 / 2)
    return np.dstack([gain * max(0.0, 1 + c.warmth * k) for k in WARM_GAINS])


def lit(image: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """``image`` under coarse ``gains`` (h x w x 3), stretched smoothly over it."""
    h, w = image.shape[:2]
    planes = cv2.resize(np.clip(gains * GAIN_ONE, 0, 255).astype(np.uint8), (w, h),
                        interpolation=cv2.INTER_LINEAR)
    return cv2.multiply(image, planes, scale=1 / GAIN_ONE)


# --- the sensor ----------------------------------------------------------------------

@lru_cache(maxsize=2)
def _normal_bank(h: int, w: int) -> np.ndarray:
    """Standard normal noise in 1/NORMAL_ONE steps (int16), drawn once per frame size;
    each frame takes a window of it at an offset from its seed (drawing 6 million
    normals a frame would cost 30 ms)."""
    rng = np.random.default_rng(54321)
    bank = rng.standard_normal((h + NOISE_SLACK, w + NOISE_SLACK, 3), dtype=np.float32)
    return np.round(bank * NORMAL_ONE).astype(np.int16)


def _sigma_table(conditions: Conditions) -> np.ndarray:
    """The sensor noise's sigma for each grey level the lit frame can have, in
    1/SIGMA_ONE steps (int16, like the noise it scales): shot noise grows with the light
    the sensor gets (a dim room gives it less), read noise is the floor."""
    c = conditions
    grey = np.arange(256, dtype=np.float64) * c.light_level
    sigma = np.sqrt(c.shot_noise * grey + c.read_noise ** 2)
    return np.round(sigma * SIGMA_ONE).astype(np.int16)


def exposure_gain(conditions: Conditions, seed: int, frame: int) -> float:
    """The camera's gain for this frame: making up for the room's light level, and
    hunting slowly around it (two slow swings, so it never quite repeats)."""
    if conditions.light_level <= 0:
        raise ValueError(f"light level {conditions.light_level:g}: use more than 0 "
                         f"(1 = bright)")
    c = conditions
    phase = np.random.default_rng([seed, 17]).uniform(0, 2 * np.pi, 2)
    t = 2 * np.pi * frame / (c.fps * c.drift_period_s)
    swing = (np.sin(t + phase[0]) + 0.5 * np.sin(2.7 * t + phase[1])) / 1.5
    return float((1 + c.exposure_drift * swing) / c.light_level)


def expose(image: np.ndarray, conditions: Conditions, seed: int, frame: int) -> np.ndarray:
    """The frame as the sensor and the camera's gain make it: shake, the light map, the
    room's light, shot and read noise, then the auto-exposure gain."""
    c = conditions
    gain = exposure_gain(c, seed, frame)   # (refuses a light level of 0 or less)
    if c.shake_px > 0:
        image = smear(image, shake_vector(c, seed, frame))
    h, w = image.shape[:2]
    gains = light_map(c, (w, h), seed, frame)
    if gains is not None:
        image = lit(image, gains)
    level = c.light_level
    if c.read_noise == 0 and c.shot_noise == 0:
        return image if gain * level == 1 else cv2.convertScaleAbs(image, alpha=gain * level)
    # The sensor sees level * x plus noise; the gain scales both. Worked in integers
    # with cv2's whole-array ops (int16 noise in grey levels, the sum saturating to
    # bytes): a third less time than float32 at 1080p.
    sigma = cv2.LUT(image, _sigma_table(c))
    dy, dx = np.random.default_rng([seed, frame, 19]).integers(0, NOISE_SLACK, 2)
    noise = cv2.multiply(sigma, _normal_bank(h, w)[dy:dy + h, dx:dx + w],
                         scale=gain / (SIGMA_ONE * NORMAL_ONE), dtype=cv2.CV_16S)
    return cv2.add(cv2.convertScaleAbs(image, alpha=gain * level), noise, dtype=cv2.CV_8U)


# --- optics and the camera's processing ----------------------------------------------------

DEFOCUS_STEP_PX = 0.6   # the blur levels a defocused frame is mixed from, this far apart
# The sensor's colour filter: red on even rows and columns, blue on odd ones, green
# between (RGGB); OpenCV names a pattern by its second row's second and third pixels.
BAYER_TO_BGR = cv2.COLOR_BayerBG2BGR


def defocus(image: np.ndarray, sigma_rows: np.ndarray) -> np.ndarray:
    """``image`` blurred row by row by ``sigma_rows`` px (Gaussian; one a row: the table's
    depth changes down a frame, not across it, when the camera is not rolled). Each row
    is mixed from the two nearest of a few blur levels DEFOCUS_STEP_PX apart, each level
    worked out only on the runs of rows that need it."""
    h, w = image.shape[:2]
    steps = np.asarray(sigma_rows, np.float64) / DEFOCUS_STEP_PX
    out = image.copy()
    for level in range(1, int(np.ceil(float(steps.max()))) + 1):
        band = np.concatenate([[False], (steps > level - 1) & (steps <= level), [False]])
        edges = np.flatnonzero(band[1:] != band[:-1])
        margin = int(np.ceil(3 * level * DEFOCUS_STEP_PX)) + 1
        for r0, r1 in zip(edges[0::2], edges[1::2]):   # each run of rows in the band
            a0, a1 = max(0, r0 - margin), min(h, r1 + margin)
            part = image[a0:a1]
            finer = part if level == 1 else \
                cv2.GaussianBlur(part, (0, 0), (level - 1) * DEFOCUS_STEP_PX)
            coarser = cv2.GaussianBlur(part, (0, 0), level * DEFOCUS_STEP_PX)
            weight = np.ascontiguousarray(np.broadcast_to(
                (steps[r0:r1] - (level - 1)).astype(np.float32)[:, None], (r1 - r0, w)))
            out[r0:r1] = cv2.blendLinear(coarser[r0 - a0:r1 - a0], finer[r0 - a0:r1 - a0],
                                         weight, 1 - weight)
    return out


def mosaic(image: np.ndarray) -> np.ndarray:
    """What a Bayer sensor records of a BGR frame: one colour a pixel (RGGB), one plane."""
    raw = np.empty(image.shape[:2], np.uint8)
    raw[0::2, 0::2] = image[0::2, 0::2, 2]
    raw[0::2, 1::2] = image[0::2, 1::2, 1]
    raw[1::2, 0::2] = image[1::2, 0::2, 1]
    raw[1::2, 1::2] = image[1::2, 1::2, 0]
    return raw


def develop(image: np.ndarray, conditions: Conditions) -> np.ndarray:
    """The camera's processing: a Bayer sensor's frame demosaiced (bilinear, as cheap
    webcams do: colour fringes along sharp edges), then sharpened by an unsharp mask of
    ``sharpen`` (its halos: a bright rim beside every dark edge and a dark one beside
    every bright)."""
    c = conditions
    if c.bayer:
        image = cv2.cvtColor(mosaic(image), BAYER_TO_BGR)
    if c.sharpen > 0:
        soft = cv2.GaussianBlur(image, (0, 0), c.sharpen_px)
        image = cv2.addWeighted(image, 1 + c.sharpen, soft, -c.sharpen, 0)
    return image


def jpeg_round_trip(image: np.ndarray, quality: int) -> np.ndarray:
    """The frame through a real JPEG encoder and decoder at ``quality`` (1-100)."""
    if not 1 <= quality <= 100:   # cv2 would warn and fall back to 0 or 100
        raise ValueError(f"JPEG quality {quality}: use 1 to 100")
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)
