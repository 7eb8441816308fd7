"""How long the table renderer takes per frame: 5, 12 and 30 cards at 720p and 1080p.

Each scene is a table of Pungi cards (a fifth face down) with the corner markers, a hand,
glare, blur 0.8, noise and JPEG q85, camera tilted 30 degrees. "video" frames keep the
table and change only the sensor noise (Scene.frame), as the frames of one recording
do; "new table" frames change the seed, so the table texture is made afresh each frame.
On one core (CPU time) and on all cores (wall time). The goal is well under 100 ms for 30
cards at 1080p.

Then what the webcam effects (vision.camera_effects, Scene.conditions) add to a video
frame of 12 cards, each alone and each filming level's set (companion.simulator.levels), on
one core, at 720p and 1080p: per frame, the CPU time with it less the time without (the
two timed back to back, so the shared machine's load falls on both alike), the median
over the frames; no JPEG, blur or noise of the renderer's own in either.
"""

from __future__ import annotations

import dataclasses
import statistics
import time

import cv2

from companion.cli import CommandError
from companion.command_args import whole_arg
from companion.piece_catalog import deck_pieces
from companion.simulator.levels import LEVELS
from companion.simulator.scenes import scatter, table_scene
from vision.render import render
from vision.types import CameraPose, Conditions, Hand

GOAL_MS = 100.0
SIZES = ((1280, 720), (1920, 1080))
COUNTS = (5, 12, 30)


EFFECTS = (   # (what, conditions, the scene's JPEG quality)
    ("motion blur: a hand and its card moving, 1/30 s", Conditions(exposure_s=1 / 30), None),
    ("camera shake, 1.5 px", Conditions(shake_px=1.5), None),
    ("light: vignetting, warmth, slope, 2 shadows",
     Conditions(vignetting=0.3, warmth=0.6, light_slope=0.3, shadows=2), None),
    ("sensor: shot and read noise, a dim room's gain",
     Conditions(read_noise=3.0, shot_noise=0.8, light_level=0.6), None),
    ("auto-exposure drift", Conditions(exposure_drift=0.1), None),
    ("MJPEG q80 round trip", Conditions(), 80),
)


def add_arguments(parser) -> None:
    parser.add_argument("--frames", type=whole_arg(), default=10, metavar="N",
                        help="frames timed per case (default 10; the median is shown)")


def scene(count: int, seed: int):
    pieces = scatter(deck_pieces("pungi")[:count], seed=seed, face_down=0.2)
    return table_scene(pieces, camera=CameraPose(tilt_deg=30.0), hands=(Hand(400.0, 250.0),),
                       glare=0.4, blur_sigma=0.8, noise_sigma=2.0, seed=seed)


def time_ms(scene, size, clock) -> float:
    start = clock()
    render(scene, size)
    return (clock() - start) * 1000


def median_ms(scenes, size, clock) -> float:
    return statistics.median(time_ms(s, size, clock) for s in scenes)


def run(args) -> int:
    if args.frames < 1:
        raise CommandError("--frames must be at least 1")
    threads = cv2.getNumThreads()
    largest = {}
    try:
        # one core is timed in CPU time, which other processes on a shared machine do not
        # inflate; all cores in wall time, which is what a frame costs then
        for cores, label, clock in ((1, "one core", time.process_time),
                                    (threads, f"all cores ({threads} threads)", time.perf_counter)):
            cv2.setNumThreads(cores)
            print(f"{label}: median ms per frame ({'CPU' if cores == 1 else 'wall'} time)")
            for size in SIZES:
                for count in COUNTS:
                    base = scene(count, 1)
                    render(base, size)   # card art and table made once, as in a recording
                    video = median_ms([dataclasses.replace(base, frame=i)
                                       for i in range(args.frames)], size, clock)
                    fresh = median_ms([scene(count, 100 + i) for i in range(args.frames)],
                                      size, clock)
                    print(f"  {size[0]}x{size[1]}, {count:2d} cards: video {video:6.1f}, "
                          f"new table {fresh:6.1f}")
                largest[label] = video   # the last case: the largest frame, most cards
    finally:
        cv2.setNumThreads(threads)
    for label, ms in largest.items():
        verdict = "goal met" if ms < GOAL_MS else "ABOVE GOAL"
        print(f"1080p, 30 cards, video frames, {label}: {ms:.1f} ms "
              f"(goal < {GOAL_MS:.0f} ms: {verdict})")
    effect_costs(args.frames)
    return 0


def moving_scene(seed: int):
    """12 cards and a hand carrying one of them to the right, nothing of the renderer's
    own blur, noise or JPEG: the ground the effects are timed on."""
    base = dataclasses.replace(scene(12, seed), blur_sigma=0.0, noise_sigma=0.0,
                               jpeg_quality=None)
    hand = dataclasses.replace(base.hands[0], velocity_mm_s=(500.0, 0.0))
    pieces = base.pieces[:-1] + (dataclasses.replace(base.pieces[-1], x_mm=hand.x_mm,
                                                     y_mm=hand.y_mm + 40,
                                                     velocity_mm_s=(500.0, 0.0)),)
    return dataclasses.replace(base, pieces=pieces, hands=(hand,))


def effect_costs(frames: int) -> None:
    cases = list(EFFECTS) + [(f"level {name}: its conditions and MJPEG", level.conditions,
                              level.jpeg_quality) for name, level in LEVELS.items()]
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        print("webcam effects, one core: ms per frame added (CPU time, median)")
        for size in SIZES:
            base = moving_scene(1)
            render(base, size)
            frames_of = [dataclasses.replace(base, frame=i) for i in range(frames)]
            plain = median_ms(frames_of, size, time.process_time)
            print(f"  {size[0]}x{size[1]}, 12 cards: {plain:.1f} ms without effects")
            for what, conditions, quality in cases:
                added = [time_ms(dataclasses.replace(s, conditions=conditions,
                                                     jpeg_quality=quality), size,
                                 time.process_time) - time_ms(s, size, time.process_time)
                         for s in frames_of]
                print(f"    {what:52s} {statistics.median(added):+6.1f}")
    finally:
        cv2.setNumThreads(threads)
