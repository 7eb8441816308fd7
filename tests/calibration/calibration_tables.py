"""Rendered tables for the calibration tests: decks' pieces laid out as each game lays
them, seen through the renderer and the real detector."""

from __future__ import annotations

from functools import cache

from calibration.calibrator import Calibrator
from calibration.table_map import TableMap
from companion.calibrated_table import table_map as calibrated_map
from companion.decks import all_decks
from companion.piece_catalog import marker_catalog, piece_shapes, piece_spec
from companion.simulator.scenes import table_scene
from vision.detect import MarkerDetector
from vision.render import render
from vision.types import CameraPose, Conditions, Placed

TABLE = (900.0, 650.0)
SEATS = ((450.0, 60.0, 0.0), (60.0, 325.0, -90.0), (450.0, 590.0, 180.0), (840.0, 325.0, 90.0))


@cache
def detector() -> MarkerDetector:
    return MarkerDetector(marker_catalog())


def card(game: str, kind: str, index: int = 0, **face):
    cards = [c for c in all_decks()[game].of_kind(kind)
             if all(c.get(k) == v for k, v in face.items())]
    return piece_spec(cards[index])


def seat_markers(count: int = 4, table=TABLE) -> list[Placed]:
    seats = sorted(all_decks()["kit"].of_kind("seat"), key=lambda c: c.get("seat"))
    sx, sy = table[0] / TABLE[0], table[1] / TABLE[1]
    return [Placed(piece_spec(c), x * sx, y * sy, a)
            for c, (x, y, a) in zip(seats, SEATS[:count])]


def shoot(placed, tilt: float = 20.0, size=(1920, 1080), seed: int = 1, table=TABLE,
          k1: float = 0.0, with_corners: bool = True, distance: float = 1150.0, **scene):
    pose = CameraPose(target_mm=(table[0] / 2, table[1] / 2), distance_mm=distance,
                      tilt_deg=tilt, k1=k1)
    return render(table_scene(placed, table, with_corners=with_corners, camera=pose,
                              seed=seed, **scene), size)


# A cheap wide lens tilted far over a check cloth in a dim room, as a 720p webcam films
# it: one frame (the lamp of seed 33 leaves the far left corner, corner 2, dim).
DIM_TABLE = (800.0, 600.0)
DIM_ROOM = Conditions(shake_px=1.2, defocus_px=0.6, exposure_s=1 / 30, light_level=0.4,
                      read_noise=5.0, shot_noise=1.2, exposure_drift=0.15, vignetting=0.45,
                      warmth=0.9, light_slope=0.4, shadows=3, bayer=True, sharpen=0.7,
                      sharpen_px=1.0, gloss=0.7)


def dim_table(seed: int = 33, placed=None, frame: int = 0):
    """The rendered frame of a table set up for 3 players (or with ``placed`` on it)
    under DIM_ROOM; ``frame``: which frame of a video of it (its noise and shake)."""
    return shoot(seat_markers(3, DIM_TABLE) if placed is None else placed, tilt=50.0,
                 size=(1280, 720), seed=seed, table=DIM_TABLE, k1=-0.25, distance=1050.0,
                 texture="check", blur_sigma=0.5, noise_sigma=0.0, jpeg_quality=65,
                 conditions=DIM_ROOM, frame=frame)


def detect(image):
    return detector().detect(image)


def calibrate(images, table=TABLE, players=None, lens=None):
    """The calibration from ``images`` and the calibrator's messages."""
    calibrator = Calibrator(piece_shapes(), table, players, lens)
    messages = []
    for image in images:
        messages += calibrator.add(detect(image))
    cal, more = calibrator.finish((images[0].shape[1], images[0].shape[0]))
    return cal, messages + more


def table_map(images, **kwargs) -> TableMap:
    return calibrated_map(calibrate(images, **kwargs)[0])
