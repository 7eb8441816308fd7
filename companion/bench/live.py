"""The live pipeline: moves right at each filming level, card-to-move latency, replay speed.

The conditions grid (companion.bench.live_grid): each game of ``--games`` filmed at each
level of ``--levels`` (easy, medium, hard, hardest, or the wild levels of footage the live
path was not tuned on: companion.simulator.levels), its first ``--rounds`` rounds
(``all``: the whole game), calibrated and recorded as the README says a user does; per
run: moves right, missed, unread, phantom, wrong, corrected, whether the final summary is
the script's, warnings and questions, beside the issue's goal. One seed (``--seed``), or
the seeds of a split (``--split``: tune on seeds 0-3, report seeds 100-107, each under its
heading; ``--seeds-each`` the first few of each). The default (one round of each game at
the four tuned levels) takes some minutes; ``--rounds all`` over the whole grid an hour or
more.

Latency and speed: a seeded Pumafiosi game (3 players, the first ``--rounds`` rounds, 3
to 10) is acted out on the rendered table (companion.simulator.direct: hands carrying
cards in, sliding, drawing back) and filmed at 30 fps, 1280x720, calibrated from its first frames. Every frame goes
through JPEG (as ``companion record`` stores it) and the live pipeline on one core.

Latency: for each move, from the first frame in which its card lies still where it comes
to rest with its marker fully visible (a whole copy of it, by the renderer's ground
truth: a hand may still touch the card's other end) to the frame whose processing
emitted the move, in video time. Goal: median under 150 ms,
worst under 300 ms; a place is said once its card has lain ``SETTLE_S`` (a hand may rest
it on a step on its way to another), so its goal is that plus 300 ms. Speed: video time over the CPU time of decoding and processing the
frames (one core): how many times faster than real time a recording replays. Goal: 3x.
The same for the stored fixture recording pumafiosi-3p (H.264 decoding included).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import cv2

from calibration.calibrator import Calibrator
from companion.bench.live_grid import GAMES, SPLITS, Cell, run_grid
from companion.calibrated_table import table_map
from companion.cli import CommandError
from companion.command_args import whole_arg
from companion.decks import all_decks
from companion.inputs import shown, whole_number
from companion.live.avi import decode_jpeg, encode_jpeg
from companion.live.pipeline import Pipeline
from companion.live_table import LiveTable, Table
from companion.piece_catalog import marker_catalog, piece_shapes
from companion.reconcile import SETTLE_S
from companion.session import Session, parse_header
from companion.simulator.act import Look
from companion.simulator.direct import direct
from companion.simulator.levels import ALL_LEVELS, LEVELS
from companion.simulator.make_fixtures import first_game
from vision.detect import MarkerDetector
from vision.render import render
from vision.types import Frame

FPS = 30.0
SIZE = (1280, 720)
MEDIAN_GOAL_MS, WORST_GOAL_MS, SPEED_GOAL = 150.0, 300.0, 3.0


def add_arguments(parser) -> None:
    parser.add_argument("--games", default=",".join(GAMES), metavar="LIST",
                        help=f"games of the grid, comma-separated (default {','.join(GAMES)})")
    parser.add_argument("--levels", default=",".join(LEVELS), metavar="LIST",
                        help=f"levels of the grid, comma-separated: {', '.join(ALL_LEVELS)} "
                             f"(default {','.join(LEVELS)})")
    parser.add_argument("--rounds", default="1", metavar="N",
                        help="rounds of each game acted out, or 'all' for whole games "
                             "(default 1)")
    parser.add_argument("--seed", type=whole_arg(), default=3, help="the games' seed (default 3)")
    parser.add_argument("--split", choices=(*SPLITS, "both"),
                        help="instead of --seed, the seeds of a split: tune "
                             f"({', '.join(map(str, SPLITS['tune']))}: tune on these), report "
                             f"({SPLITS['report'][0]}-{SPLITS['report'][-1]}: never looked at "
                             "while tuning), or both, each under its heading")
    parser.add_argument("--seeds-each", type=whole_arg(), metavar="N",
                        help="with --split: only the first N seeds of each split")
    parser.add_argument("--keep", type=Path, metavar="FOLDER",
                        help="leave each run's footage, recording and what it said in "
                             "FOLDER/GAME-LEVEL-SEED")
    parser.add_argument("--typist", action="store_true",
                        help="also follow each grid recording again with every question "
                             "answered from the script 8 s after it shows (how far play "
                             "goes on behind a question)")
    parser.add_argument("--only", choices=("grid", "latency"),
                        help="run only the conditions grid or only the latency and speed rows")


def run(args) -> int:
    rounds = _rounds(args.rounds)
    cells = [Cell(game, level) for game in _chosen(args.games, GAMES, "--games")
             for level in _chosen(args.levels, tuple(ALL_LEVELS), "--levels")]
    failed = 0
    if args.only != "latency":
        failed = run_grid(cells, _seeds(args), rounds, args.typist, args.keep)
    if args.only != "grid":
        # at least 3 rounds: a median over fewer moves says little
        _latency(10 if rounds is None else min(max(rounds, 3), 10), args.seed)
    return 1 if failed else 0


def _rounds(text: str) -> int | None:
    if text == "all":
        return None
    rounds = whole_number(text)
    if rounds is None or rounds < 1:
        raise CommandError(f"--rounds {shown(text)}: give a number of rounds from 1, or 'all'")
    return rounds


def _seeds(args) -> dict[str, tuple[int, ...]]:
    """The seeds to run, by split ("" for the one ``--seed``)."""
    if args.seeds_each is not None and (args.split is None or args.seeds_each < 1):
        raise CommandError(f"--seeds-each {args.seeds_each}: give a number from 1, "
                           f"with --split")
    if args.split is None:
        return {"": (args.seed,)}
    splits = tuple(SPLITS) if args.split == "both" else (args.split,)
    return {split: SPLITS[split][:args.seeds_each] for split in splits}


def _chosen(text: str, known: tuple[str, ...], option: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in known]
    if unknown or not names:
        raise CommandError(f"{option} {text}: use some of {', '.join(known)}, "
                           f"comma-separated")
    return names


def _latency(rounds: int, seed: int) -> None:
    """A rendered Pumafiosi game's first ``rounds`` rounds through the pipeline on one
    core: latency from a card fully visible to its move, and the replay speed."""
    from companion.games.pumafiosi_random import random_session

    header, moves = random_session(seed, players=3, items=False)
    line = header.to_json()
    game = first_game(line, moves)
    moves = game[:rounds * 4]   # 3 plays and a place a round
    directed = direct(line, moves, Look(), FPS, seed)
    scenes = directed.act.scenes
    cv2.setNumThreads(1)
    markers = _markers()

    detector = MarkerDetector(marker_catalog())
    calibrator = Calibrator(piece_shapes(), Look().table_mm, 3)
    pipeline = None
    emitted: list[tuple[int, dict]] = []
    visible: dict[int, list[bool]] = {}     # marker -> per frame: fully shown, at rest
    where: dict[int, tuple[float, float]] = {}
    cpu = 0.0
    for index, scene in enumerate(scenes):
        rendered = render(scene, SIZE)
        _truth(rendered, scene, visible, index, where)
        if index < directed.setup_frames:
            calibrator.add(detector.detect(rendered.image))
            continue
        if pipeline is None:
            calibration, _ = calibrator.finish(SIZE)
            live = LiveTable(Table(Session(parse_header(line))))
            pipeline = Pipeline(live, table_map(calibration))
        jpeg = encode_jpeg(rendered.image, 90)
        start = time.process_time()
        status = pipeline.process(Frame(decode_jpeg(jpeg), index / FPS, index))
        cpu += time.process_time() - start
        emitted += [(index, move) for move in status.moves]
    if pipeline is None:
        raise CommandError("the game ended before its set-up was filmed")
    emitted += [(len(scenes) - 1, move) for move in pipeline.finish().moves]
    frames = len(scenes) - directed.setup_frames
    latencies: dict[bool, list[float]] = {False: [], True: []}   # place? -> ms
    for index, move in emitted:
        runs = visible.get(markers.get(move.get("card")), [])
        first = index
        while first > 0 and first - 1 < len(runs) and runs[first - 1]:
            first -= 1
        latencies[move.get("type") == "place"].append((index - first) * 1000 / FPS)
    got = [{k: v for k, v in m.items() if k != "t"} for m in live.table.session.moves]
    print(f"live pipeline: {frames} frames of a rendered Pumafiosi game ({SIZE[0]}x{SIZE[1]}, "
          f"{FPS:g} fps, 3 players, {rounds} rounds), one core")
    print(f"moves read: {len(got)} of {len(moves)}"
          f"{'' if got == moves else ' (NOT the script: ' + _first_difference(got, moves) + ')'}")
    plays, places = latencies[False], latencies[True]
    if plays:
        print(f"latency, card fully visible -> move (video time): median "
              f"{statistics.median(plays):.0f} ms, worst {max(plays):.0f} ms over "
              f"{len(plays)} plays   goal: median < {MEDIAN_GOAL_MS:.0f} ms, worst < "
              f"{WORST_GOAL_MS:.0f} ms")
    if places:
        # (a place is said once its card has lain SETTLE_S: a hand may rest it on its way)
        settle = SETTLE_S * 1000
        print(f"latency of a place, said once its card has lain {settle:.0f} ms: median "
              f"{statistics.median(places):.0f} ms, worst {max(places):.0f} ms over "
              f"{len(places)} places   goal: worst < {settle + WORST_GOAL_MS:.0f} ms")
    per_frame = cpu / frames
    print(f"replay speed: {per_frame * 1000:.1f} ms CPU a frame (JPEG decode and pipeline) = "
          f"{1 / (per_frame * FPS):.1f}x real time at {FPS:g} fps   goal: >= {SPEED_GOAL:g}x")
    _fixture_speed()


def _fixture_speed() -> None:
    """A stored recording replayed whole (H.264 decoding included), one core."""
    from companion.bundled import RECORDINGS
    from companion.live.recording import load_recording
    from companion.live.reproduce import replay_recording

    recording = load_recording(RECORDINGS / "pumafiosi-3p")
    start = time.process_time()
    replay_recording(recording)
    cpu = time.process_time() - start
    m = recording.manifest
    video_s = m.frames / m.fps
    print(f"replaying {recording.folder.name} ({m.size[0]}x{m.size[1]}, {m.fps:g} fps, "
          f"{m.frames} frames, {video_s:.0f} s of video): {cpu:.1f} s CPU = "
          f"{video_s / cpu:.1f}x real time ({video_s / cpu * m.fps / FPS:.1f}x at {FPS:g} fps)")


def _markers() -> dict[int, int]:
    """Pumafioso number -> its face marker."""
    return {c.get("value"): c.marker for c in all_decks()["pumafiosi"].of_kind("pumafioso")}


def _truth(rendered, scene, visible: dict[int, list[bool]], index: int,
           where: dict[int, tuple[float, float]]) -> None:
    """Per marker, whether this frame shows a copy of it whole (the renderer's
    visibility: no hand, no card over it) on a piece lying where it lay a frame before."""
    shown: dict[int, bool] = {}
    for truth in rendered.markers:   # a card shows who it is once one copy shows whole
        shown[truth.marker] = shown.get(truth.marker, False) or truth.visible_fraction >= 0.99
    for placed in scene.pieces:
        marker = placed.piece.marker if placed.face_up else placed.piece.back_marker
        at = (placed.x_mm, placed.y_mm)
        if where.get(marker) != at:
            shown[marker] = False   # still moving
        where[marker] = at
    for marker, ok in shown.items():
        runs = visible.setdefault(marker, [])
        runs.extend([False] * (index - len(runs)))
        runs.append(ok)


def _first_difference(got: list, wanted: list) -> str:
    n = next((i for i, (a, b) in enumerate(zip(got, wanted)) if a != b),
             min(len(got), len(wanted)))
    return f"move {n + 1}"
