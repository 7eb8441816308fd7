"""Marker detection: time per frame and recall, 5/12/30 cards, 720p/1080p, 1 core/all cores.

Frames come from the table renderer (vision.render) with the decks' real cards: camera
tilt 0-45 degrees, blur up to sigma 1.5, sensor noise, uneven light. Recall counts the
cards whose marker is fully visible and at least 20 px wide; a false card is a reported
card with no such marker at that place. The temporal detector runs on short sequences
with hands moving over the cards (fresh sensor noise every frame). The last line is the
time to read one 1080p frame from an MJPEG video file.

The scene builders here (``table_scene``, ``hand_sequence``) and the scoring
(``score``) serve the tests too.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from companion.command_args import whole_arg
from companion.piece_catalog import deck_pieces, marker_catalog
from vision.detect import MarkerDetector, to_grey
from vision.temporal import TemporalDetector, TemporalSettings
from vision.frames import VideoSource
from vision.render import PLAIN_TEXTURES, render, table_homography
from vision.types import CameraPose, Detection, Hand, Placed, PieceSpec, Rendered, Scene

TABLE_MM = (900.0, 600.0)
MIN_SIDE_PX = 20.0
GOAL_MS = 10.0
CARD_COUNTS = (5, 12, 30)
SIZES = {"720p": (1280, 720), "1080p": (1920, 1080)}
GAMES = ("pumafiosi", "pungi", "mafia")


# --- scenes --------------------------------------------------------------------------

def card_pieces() -> list[PieceSpec]:
    """Every rectangular card of the three games, as printed."""
    return [p for game in GAMES for p in deck_pieces(game) if not p.round]


def table_scene(cards: int, seed: int, *, tilt_deg: float | None = None,
                blur_sigma: float | None = None, hands: int = 0) -> Scene:
    """``cards`` cards laid out over the table, some touching, seen by a random camera.

    Unset conditions are drawn from the seed: tilt 0-45 degrees, blur 0-1.5, noise
    1-4 grey levels, light gradient 0-0.7, a little glare now and then.
    """
    rng = np.random.default_rng([seed, 7])
    pool = card_pieces()
    chosen = rng.choice(len(pool), size=cards, replace=False)
    cols = max(1, int(np.ceil(np.sqrt(cards * 1.5))))
    rows = int(np.ceil(cards / cols))
    cell_w, cell_h = 760 / cols, 480 / rows
    placed = []
    for k, index in enumerate(chosen):
        piece = pool[index]
        cx = 70 + (k % cols + 0.5) * cell_w + rng.uniform(-0.15, 0.15) * cell_w
        cy = 60 + (k // cols + 0.5) * cell_h + rng.uniform(-0.15, 0.15) * cell_h
        face_up = piece.back_marker is None or rng.random() < 0.7
        placed.append(Placed(piece, float(cx), float(cy), float(rng.uniform(-30, 30)),
                             face_up, k))
    tilt = float(rng.uniform(0, 45)) if tilt_deg is None else tilt_deg
    camera = CameraPose(target_mm=(450.0, 300.0 + 3 * tilt), distance_mm=1000.0 + 4 * tilt,
                        tilt_deg=tilt, pan_deg=float(rng.uniform(-10, 10)))
    hand_list = tuple(Hand(float(rng.uniform(150, 750)), float(rng.uniform(100, 500)),
                           float(rng.uniform(200, 340))) for _ in range(hands))
    return Scene(TABLE_MM, tuple(placed), camera, hand_list,
                 texture=str(rng.choice(PLAIN_TEXTURES)),
                 light_gradient=float(rng.uniform(0, 0.7)),
                 glare=float(rng.uniform(0, 0.5)) if rng.random() < 0.3 else 0.0,
                 blur_sigma=float(rng.uniform(0, 1.5)) if blur_sigma is None else blur_sigma,
                 noise_sigma=float(rng.uniform(1, 4)), seed=seed)


def hand_sequence(scene: Scene, frames: int, seed: int) -> list[Scene]:
    """The scene over ``frames`` frames: a hand sweeps across, one card slides away."""
    rng = np.random.default_rng([seed, 11])
    start = np.array([rng.uniform(100, 300), rng.uniform(100, 500)])
    end = np.array([rng.uniform(600, 800), rng.uniform(100, 500)])
    mover = int(rng.integers(len(scene.pieces)))
    scenes = []
    for i in range(frames):
        t = i / max(1, frames - 1)
        x, y = start + (end - start) * t
        pieces = list(scene.pieces)
        card = pieces[mover]
        pieces[mover] = replace(card, x_mm=card.x_mm + 60 * t, angle_deg=card.angle_deg + 20 * t)
        scenes.append(replace(scene, pieces=tuple(pieces),
                              hands=(Hand(float(x), float(y), 270.0),)))
    return scenes


def with_fresh_noise(image: np.ndarray, sigma: float, seed: int) -> np.ndarray:
    """A rendered frame with noise of its own: the renderer's noise repeats per scene
    seed, a camera's does not, and the change map must cope with that."""
    noise = np.random.default_rng(seed).normal(0, sigma, image.shape).astype(np.float32)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


# The far seats: a 720p webcam at 50 degrees, markers 14-22 px wide (8-13 px tall).
FAR_POSE = CameraPose(target_mm=(450.0, 300.0), distance_mm=1100.0, tilt_deg=50.0)
FAR_WIDTHS_PX = (14, 16, 18, 20, 22)
# camera defects added to a far-seat frame: (motion blur px, noise sigma, JPEG quality,
# Gaussian blur sigma)
WEBCAM_DEFECTS = {"medium": (2.0, 3.0, 70, 0.0), "heavy": (3.0, 4.0, 65, 0.5)}


def far_seat_scene(width_px: float, seed: int, cards: int = 8) -> Scene:
    """``cards`` cards in a row along the far seats (y 420-540 mm of a 900 x 600 table)
    on cloth, each card's markers sized to come out ``width_px`` wide at 720p."""
    rng = np.random.default_rng([seed, 3])
    pool = card_pieces()
    chosen = rng.choice(len(pool), size=cards, replace=False)
    to_image = table_homography(FAR_POSE, SIZES["720p"])
    placed = []
    for k, index in enumerate(chosen):
        x, y = 90 + (k + 0.5) * 720 / cards + rng.uniform(-10, 10), rng.uniform(420, 540)
        ends = cv2.perspectiveTransform(np.float64([[[x, y]], [[x + 10, y]]]), to_image)
        px_per_mm = float(np.linalg.norm(ends[1] - ends[0])) / 10
        piece = replace(pool[index], marker_mm=width_px / px_per_mm)
        placed.append(Placed(piece, float(x), float(y), float(rng.uniform(-25, 25)), True, k))
    return Scene(TABLE_MM, tuple(placed), FAR_POSE, texture="cloth", light_gradient=0.4,
                 noise_sigma=0.0, jpeg_quality=None, seed=seed)


def motion_blur_kernel(length_px: float, angle_deg: float) -> np.ndarray:
    """A line ``length_px`` long at ``angle_deg``: what a camera moving during the
    exposure does to a point."""
    half = int(np.ceil(length_px / 2)) + 1
    kernel = np.zeros((2 * half + 1, 2 * half + 1), np.float32)
    dx, dy = np.cos(np.radians(angle_deg)) * length_px / 2, np.sin(np.radians(angle_deg)) * length_px / 2
    shift = 4   # cv2.line's fractional bits: the ends need not sit on pixel centres
    ends = [(int(round((half + sx) * 2 ** shift)), int(round((half + sy) * 2 ** shift)))
            for sx, sy in ((-dx, -dy), (dx, dy))]
    cv2.line(kernel, ends[0], ends[1], 1.0, 1, cv2.LINE_AA, shift)
    return kernel / kernel.sum()


def webcam_defects(image: np.ndarray, seed: int, level: str = "heavy") -> np.ndarray:
    """A clean rendered frame as a webcam gives it: blur, motion blur in a direction of
    the seed's, sensor noise and real JPEG compression (fresh for every seed)."""
    motion_px, noise_sigma, quality, blur_sigma = WEBCAM_DEFECTS[level]
    rng = np.random.default_rng([seed, 17])
    out = cv2.GaussianBlur(image, (0, 0), blur_sigma) if blur_sigma > 0 else image
    out = cv2.filter2D(out, -1, motion_blur_kernel(motion_px, float(rng.uniform(0, 180))))
    out = with_fresh_noise(out, noise_sigma, seed)
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def far_seat_sequence(width_px: float, seed: int, frames: int = 6, level: str = "heavy"
                      ) -> list[tuple[np.ndarray, Rendered]]:
    """The bare cloth for a frame, then the far seats' cards for ``frames`` frames (the
    cards were put down): each frame with defects of its own."""
    scene = far_seat_scene(width_px, seed)
    bare = render(replace(scene, pieces=()), SIZES["720p"])
    dealt = render(scene, SIZES["720p"])
    return [(webcam_defects(r.image, 1000 * seed + i, level), r)
            for i, r in enumerate([bare] + [dealt] * frames)]


# --- scoring -------------------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    expected: int   # cards with a fully visible marker of at least MIN_SIDE_PX
    found: int      # of those, found
    false: int      # reported cards with no marker of theirs at that place

    def __add__(self, other: "Score") -> "Score":
        return Score(self.expected + other.expected, self.found + other.found,
                     self.false + other.false)


def score(detection: Detection, rendered: Rendered, min_side_px: float = MIN_SIDE_PX) -> Score:
    truth: dict[int, list] = {}
    for m in rendered.markers:
        truth.setdefault(m.marker, []).append(m)
    expected = {m.marker for m in rendered.markers
                if m.visible_fraction >= 0.999 and m.side_px >= min_side_px}
    seen, false = set(), 0
    for s in detection.sightings:
        centre = np.mean(s.corners, axis=0)
        near = [m for m in truth.get(s.marker, ())
                if np.linalg.norm(np.mean(m.corners, axis=0) - centre) < m.side_px / 2]
        if near:
            seen.add(s.marker)
        else:
            false += 1
    return Score(len(expected), len(expected & seen), false)


# --- the benchmark -------------------------------------------------------------------

def add_arguments(parser) -> None:
    # (at least one of each: the medians of no frames are no numbers)
    parser.add_argument("--frames", type=whole_arg(1, 10000), default=12,
                        help="single frames per condition (default 12)")
    parser.add_argument("--sequence", type=whole_arg(1, 10000), default=45,
                        help="frames in each moving-hands sequence (default 45)")
    parser.add_argument("--quick", action="store_true",
                        help="fewer frames and only 1080p: a rough check in seconds")
    parser.add_argument("--far-seeds", type=whole_arg(1, 1000), default=3,
                        help="far-seat scenes (8 cards each) per marker width (default 3)")
    parser.add_argument("--far-only", action="store_true",
                        help="only the far-seat rows (small markers, 720p, tilt 50)")


@dataclass
class _Timing:
    wall: list[float]   # seconds per frame, by the clock
    cpu: list[float]    # seconds of CPU per frame (all threads): what a busy machine
    score: Score        # does not inflate

    def row(self) -> str:
        wall = [t * 1000 for t in self.wall]
        recall = self.score.found / self.score.expected if self.score.expected else 1.0
        return (f"{statistics.mean(wall):7.1f} {np.percentile(wall, 95):7.1f} "
                f"{statistics.mean(self.cpu) * 1000:7.1f} {recall * 100:7.2f}% "
                f"{self.score.false:5d}")


def _timed(detect, frames: list[tuple[np.ndarray, Rendered]], timing: _Timing) -> None:
    for image, rendered in frames:
        wall, cpu = time.perf_counter(), time.process_time()
        detection = detect(image)
        timing.cpu.append(time.process_time() - cpu)
        timing.wall.append(time.perf_counter() - wall)
        timing.score += score(detection, rendered)


def _single(catalog, frames: list[tuple[np.ndarray, Rendered]]) -> _Timing:
    timing = _Timing([], [], Score(0, 0, 0))
    _timed(MarkerDetector(catalog).detect, frames, timing)
    return timing


def _temporal(catalog, sequences: list[list[tuple[np.ndarray, Rendered]]]) -> _Timing:
    timing = _Timing([], [], Score(0, 0, 0))
    for frames in sequences:
        _timed(TemporalDetector(catalog).detect, frames, timing)
    return timing


def _render_frames(scenes: list[Scene], size: tuple[int, int],
                   fresh_noise: bool) -> list[tuple[np.ndarray, Rendered]]:
    out = []
    for i, scene in enumerate(scenes):
        rendered = render(scene, size)
        image = with_fresh_noise(rendered.image, 2.0, i) if fresh_noise else rendered.image
        out.append((image, rendered))
    return out


def mjpeg_read_ms(frames: int = 60) -> tuple[float, float]:
    """Mean ms to read one 1080p frame from an MJPEG file through vision.frames, in colour
    and then also turned grey (what the detectors work on)."""
    image = render(table_scene(12, 1), SIZES["1080p"]).image
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.avi"
        writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30, SIZES["1080p"])
        for i in range(frames):
            writer.write(with_fresh_noise(image, 2.0, i))
        writer.release()
        results = []
        for grey in (False, True):
            with VideoSource(path) as source:
                start, count = time.perf_counter(), 0
                for frame in source:
                    if grey:
                        to_grey(frame.image)
                    count += 1
                results.append((time.perf_counter() - start) / max(count, 1) * 1000)
    return results[0], results[1]


@dataclass
class FarSeats:
    """Recall of the far seats' cards over a far-seat sequence, before and with looks."""

    whole: Score        # whole-frame detector, the first frame with the cards
    before: Score       # temporal detector without closer looks, the last frame
    first: Score        # with looks, the first frame they read (no votes needed)
    voted: Score        # with looks and votes (2 of 5), the last frame
    ms_before: float    # mean ms of CPU a frame over the sequence (one thread)
    ms_voted: float


def far_seats(catalog, width_px: float, seeds: int, level: str) -> FarSeats:
    totals = [Score(0, 0, 0) for _ in range(4)]
    times: list[list[float]] = [[], []]
    for seed in range(seeds):
        frames = far_seat_sequence(width_px, seed, level=level)
        whole = MarkerDetector(catalog)
        before = TemporalDetector(catalog, temporal=TemporalSettings(look_frames=0))
        unvoted = TemporalDetector(catalog, temporal=TemporalSettings(votes_needed=1))
        voted = TemporalDetector(catalog)
        for i, (image, rendered) in enumerate(frames):
            frame_results = []
            for k, detector in enumerate((before, unvoted, voted)):
                start = time.process_time()
                frame_results.append(detector.detect(image))
                if k != 1:
                    times[k // 2].append(time.process_time() - start)
            if i == 1:
                totals[0] += score(whole.detect(image), rendered, 0.0)
            if i == 2:   # the cards came in frame 1; the first closer look is in frame 2
                totals[2] += score(frame_results[1], rendered, 0.0)
            if i == len(frames) - 1:
                totals[1] += score(frame_results[0], rendered, 0.0)
                totals[3] += score(frame_results[2], rendered, 0.0)
    return FarSeats(*totals, statistics.mean(times[0]) * 1000, statistics.mean(times[1]) * 1000)


def _far_seat_rows(catalog, seeds: int) -> None:
    print(f"far seats: 720p, tilt 50, cloth, 8 cards x {seeds} scenes per row; a frame of "
          f"bare cloth, then the cards for 6 frames with fresh defects each (WEBCAM_DEFECTS: "
          f"motion blur px, noise, JPEG quality, blur); recall of the cards (a marker fully "
          f"visible, of any size); ms of CPU a frame (one thread), over the sequence")
    print(f"{'defects':8} {'width':>5} {'whole 1f':>9} {'temporal':>9} {'look 1f':>8} "
          f"{'look+votes':>10} {'false':>5} {'ms before':>9} {'ms looks':>8}")
    for level in WEBCAM_DEFECTS:
        for width in FAR_WIDTHS_PX:
            r = far_seats(catalog, width, seeds, level)
            false = r.whole.false + r.before.false + r.first.false + r.voted.false
            print(f"{level:8} {width:5d} {_percent(r.whole):>9} {_percent(r.before):>9} "
                  f"{_percent(r.first):>8} {_percent(r.voted):>10} {false:5d} "
                  f"{r.ms_before:9.1f} {r.ms_voted:8.1f}")
    print("goal (far seats): every card with markers 14-22 px wide reported by the last "
          "frame (from then on it is tracked every frame: the tracker settles it), no "
          "false card")


def _percent(s: Score) -> str:
    return f"{100 * s.found / s.expected:.0f}%" if s.expected else "-"


def run(args) -> int:
    catalog = marker_catalog()
    if args.far_only:
        cv2.setNumThreads(1)
        _far_seat_rows(catalog, args.far_seeds)
        return 0
    frames = 4 if args.quick else args.frames
    seq_len = 20 if args.quick else args.sequence
    sizes = {"1080p": SIZES["1080p"]} if args.quick else SIZES
    threads = {"1 core": 1, f"{os.cpu_count()} cores": os.cpu_count() or 1}
    print(f"companion bench vision: {frames} frames per row (single), "
          f"2 sequences of {seq_len} frames (temporal); ms per frame: mean and 95th "
          f"percentile by the clock, CPU time (all threads; not inflated by a busy machine)")
    print(f"{'size':6} {'cards':>5} {'cores':8} {'detector':9} {'mean':>7} {'p95':>7} "
          f"{'cpu':>7} {'recall':>8} {'false':>5}")
    goal_row = None
    for size_name, size in sizes.items():
        for cards in CARD_COUNTS:
            singles = _render_frames([table_scene(cards, 1000 * cards + i)
                                      for i in range(frames)], size, fresh_noise=False)
            sequences = [_render_frames(hand_sequence(table_scene(cards, 5000 + 100 * cards + s,
                                                                  blur_sigma=0.6),
                                                      seq_len, s), size, fresh_noise=True)
                         for s in range(2)]
            for cores_name, n in threads.items():
                cv2.setNumThreads(n)
                single = _single(catalog, singles)
                temporal = _temporal(catalog, sequences)
                print(f"{size_name:6} {cards:5d} {cores_name:8} {'single':9} {single.row()}")
                print(f"{size_name:6} {cards:5d} {cores_name:8} {'temporal':9} {temporal.row()}")
                if size_name == "1080p" and cards == 30 and n == 1:
                    goal_row = temporal
    cv2.setNumThreads(1)
    _far_seat_rows(catalog, 1 if args.quick else args.far_seeds)
    cv2.setNumThreads(os.cpu_count() or 1)
    colour, grey = mjpeg_read_ms(20 if args.quick else 60)
    print(f"reading a 1080p MJPEG frame: {colour:.1f} ms colour, {grey:.1f} ms grey")
    print(f"goals: recall >= 99.5% of cards with a marker >= {MIN_SIDE_PX:.0f} px, no false "
          f"cards; 1080p, 30 cards, 1 core: under {GOAL_MS:.0f} ms a frame")
    if goal_row is not None:
        print(f"1080p, 30 cards, 1 core, temporal: {statistics.mean(goal_row.wall) * 1000:.1f} ms "
              f"by the clock, {statistics.mean(goal_row.cpu) * 1000:.1f} ms of CPU a frame")
    return 0
