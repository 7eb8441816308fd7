"""Named filming levels, from a tidy table to a hostile one, defined once for the fixture
maker, the benchmarks and the tests.

A level is what a real webcam over a real table adds to a game's clean look: the frame
size, how far the camera is tilted, the cloth, the lens's focus, the hands' pace and
hesitations, and the webcam's effects (vision.types.Conditions: motion blur, shake,
noise in a dim room, auto-exposure drift, vignetting, warm uneven light, moving shadows,
MJPEG). ``dress(look, level)`` keeps what is the game's own (the table, where the camera
aims, its seed) and takes the rest from the level.

The four of ``LEVELS`` are the ladder the live path was tuned on. ``WILD_LEVELS`` film the
conditions of independently made footage the live path never saw, unkind in its ways:
stickers printed, cut out and stuck by hand (vision.handmade), a Bayer sensor with the
webcam's sharpening, glossy cards under a lamp, a depth of field, cards carried in the
air and held over others, Pumafiosi cascades carried out in either order, discards
dropped on piles and finished Mafia missions carried to their side's pile.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.simulator.act import Handling, Look
from vision.types import Conditions, Stickers


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
    stickers: Stickers | None = None   # made by hand (its seed the game's), or as drawn


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


# What every wild level's cards and hands have: stickers made by hand; cards carried
# through the air, half the cascades made bottom-up, discards on piles, half the Mafia
# contributions laid straight from the hand.
HANDMADE = Stickers()
WILD_HANDS = dict(lift_mm=90.0, room_first=0.5, piles=True, straight=0.5)
# The webcam and room effects every wild level adds: a Bayer sensor, sharpening halos,
# glossy cards under a lamp (at 720p the sharpening's radius a little smaller).
WILD_720 = dict(bayer=True, sharpen=0.7, sharpen_px=1.0, gloss=0.7)
WILD_1080 = dict(bayer=True, sharpen=0.8, sharpen_px=1.3, gloss=0.7)

# The hard table's room and players, filmed at either size.
HARD_ROOM = dict(exposure_s=1 / 30, light_level=0.4, read_noise=5.0, shot_noise=1.2,
                 exposure_drift=0.15, vignetting=0.45, warmth=0.9, light_slope=0.4, shadows=3)
HARD_HANDS = Handling(hand_mm_s=900.0, pause_chance=0.5, pause_s=1.2, sloppiness=3.0,
                      **WILD_HANDS)

WILD_LEVELS: dict[str, Level] = {
    "wild-1080p20": Level(
        (1920, 1080), 20.0, 1000.0, -0.05, "wood", 0.0, 0.0, 85,
        Conditions(exposure_s=1 / 100, read_noise=2.0, shot_noise=0.4, exposure_drift=0.04,
                   vignetting=0.2, warmth=0.3, defocus_px=0.6, **WILD_1080),
        Handling(hand_mm_s=600.0, pause_chance=0.2, pause_s=1.0, sloppiness=2.0,
                 **WILD_HANDS), HANDMADE),
    "wild-720p30": Level(
        (1280, 720), 30.0, 1000.0, -0.1, "cloth", 0.3, 0.0, 80,
        Conditions(exposure_s=1 / 60, shake_px=0.5, light_level=0.8, read_noise=2.5,
                   shot_noise=0.5, exposure_drift=0.06, vignetting=0.25, warmth=0.5,
                   light_slope=0.2, shadows=1, defocus_px=0.4, **WILD_720),
        Handling(hand_mm_s=700.0, pause_chance=0.3, pause_s=1.0, sloppiness=2.0,
                 **WILD_HANDS), HANDMADE),
    "wild-720p40": Level(
        (1280, 720), 40.0, 950.0, -0.15, "laminate", 0.4, 0.0, 75,
        Conditions(exposure_s=1 / 40, shake_px=0.8, light_level=0.6, read_noise=3.5,
                   shot_noise=0.8, exposure_drift=0.1, vignetting=0.3, warmth=0.6,
                   light_slope=0.3, shadows=2, defocus_px=0.5, **WILD_720),
        Handling(hand_mm_s=800.0, pause_chance=0.4, pause_s=1.0, sloppiness=2.5,
                 **WILD_HANDS), HANDMADE),
    # the hard table: a wide cheap lens tilted far, a dim room, a check cloth; the card
    # markers at the far seats 15-18 px across at 720p
    "wild-table720": Level(
        (1280, 720), 50.0, 1050.0, -0.25, "check", 0.5, 0.0, 65,
        Conditions(shake_px=1.2, defocus_px=0.6, **HARD_ROOM, **WILD_720), HARD_HANDS, HANDMADE),
    "wild-table1080": Level(
        (1920, 1080), 50.0, 1050.0, -0.25, "check", 0.7, 0.0, 70,
        Conditions(shake_px=1.8, defocus_px=0.9, **HARD_ROOM, **WILD_1080), HARD_HANDS,
        HANDMADE),
}
ALL_LEVELS: dict[str, Level] = {**LEVELS, **WILD_LEVELS}


def level(name: str) -> Level:
    """The level called ``name``, or a ValueError that lists them."""
    if name not in ALL_LEVELS:
        raise ValueError(f"unknown conditions {name!r}: use one of {', '.join(ALL_LEVELS)}")
    return ALL_LEVELS[name]


def dress(look: Look, chosen: Level) -> Look:
    """``look`` filmed at ``chosen``: its table, aim and seed kept, the rest the level's
    (stickers made by hand are the game's own: drawn from its seed)."""
    camera = replace(look.camera, tilt_deg=chosen.tilt_deg, distance_mm=chosen.distance_mm,
                     fov_deg=LENS_FOV_DEG, k1=chosen.lens_k1, k2=0.0)
    stickers = None if chosen.stickers is None else replace(chosen.stickers, seed=look.seed)
    return replace(look, camera=camera, texture=chosen.texture, blur_sigma=chosen.blur_sigma,
                   noise_sigma=chosen.noise_sigma, jpeg_quality=chosen.jpeg_quality,
                   conditions=chosen.conditions, handling=chosen.handling, stickers=stickers)
