"""Named filming levels, from a tidy table to a hostile one, defined once for the fixture
maker, the benchmarks and the tests.

A level is what a real webcam over a real table adds to a game's clean look: the frame
size, how far the camera is tilted, the cloth, the lens's focus, the hands' pace and
hesitations, and the webcam's effects (vision.types.Conditions: motion blur, shake,
noise in a dim room, auto-exposure drift, vignetting, warm uneven light, moving shadows,
MJPEG). ``dress(look, level)`` keeps what is the game's own (the table, where the camera
aims, its seed) and takes the rest from the level.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.simulator.act import Handling, Look
from vision.types import Conditions


@dataclass(frozen=True)
class Level:
    size: tuple[int, int]
    tilt_deg: float
    distance_mm: float
    lens_k1: float              # the webcam's barrel distortion (OpenCV k1), ~70 degree lens
    texture: str
    blur_sigma: float           # focus, px
    noise_sigma: float          # the renderer's plain noise, on top of the sensor's
    jpeg_quality: int           # the webcam's MJPEG
    conditions: Conditions
    handling: Handling


LENS_FOV_DEG = 70.0   # a typical webcam's horizontal field of view

LEVELS: dict[str, Level] = {
    "easy": Level(
        (1920, 1080), 20.0, 1000.0, -0.05, "wood", 0.0, 0.0, 90,
        Conditions(exposure_s=1 / 120, read_noise=1.5, shot_noise=0.3, exposure_drift=0.03,
                   vignetting=0.15, warmth=0.3),
        Handling(hand_mm_s=500.0, pause_chance=0.0, sloppiness=1.5)),
    "medium": Level(
        (1280, 720), 30.0, 1000.0, -0.1, "wood", 0.5, 0.0, 80,
        Conditions(exposure_s=1 / 60, shake_px=0.5, light_level=0.8, read_noise=2.5,
                   shot_noise=0.5, exposure_drift=0.06, vignetting=0.25, warmth=0.5,
                   light_slope=0.2, shadows=1),
        Handling(hand_mm_s=600.0, pause_chance=0.2, pause_s=1.0, sloppiness=2.0)),
    "hard": Level(
        (1280, 720), 40.0, 950.0, -0.15, "check", 0.7, 0.0, 70,
        Conditions(exposure_s=1 / 40, shake_px=1.0, light_level=0.6, read_noise=3.5,
                   shot_noise=0.8, exposure_drift=0.1, vignetting=0.35, warmth=0.7,
                   light_slope=0.3, shadows=2),
        Handling(hand_mm_s=800.0, pause_chance=0.4, pause_s=1.0, sloppiness=2.5)),
    "hardest": Level(
        (1280, 720), 50.0, 950.0, -0.25, "check", 0.9, 0.0, 60,
        Conditions(exposure_s=1 / 30, shake_px=1.5, light_level=0.4, read_noise=5.0,
                   shot_noise=1.2, exposure_drift=0.15, vignetting=0.45, warmth=0.9,
                   light_slope=0.4, shadows=3),
        Handling(hand_mm_s=1000.0, pause_chance=0.6, pause_s=1.2, sloppiness=3.0)),
}


def level(name: str) -> Level:
    """The level called ``name``, or a ValueError that lists them."""
    if name not in LEVELS:
        raise ValueError(f"unknown conditions {name!r}: use one of {', '.join(LEVELS)}")
    return LEVELS[name]


def dress(look: Look, chosen: Level) -> Look:
    """``look`` filmed at ``chosen``: its table, aim and seed kept, the rest the level's."""
    camera = replace(look.camera, tilt_deg=chosen.tilt_deg, distance_mm=chosen.distance_mm,
                     fov_deg=LENS_FOV_DEG, k1=chosen.lens_k1, k2=0.0)
    return replace(look, camera=camera, texture=chosen.texture, blur_sigma=chosen.blur_sigma,
                   noise_sigma=chosen.noise_sigma, jpeg_quality=chosen.jpeg_quality,
                   conditions=chosen.conditions, handling=chosen.handling)
