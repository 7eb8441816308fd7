"""The dashboard's CPU: ``companion demo`` in a real terminal, per camera view.

For each view (default: plan, image and map) ``companion demo --camera-view VIEW`` runs in
a private, detached tmux of --size (default 120x40) for --seconds (default 30) after a
few seconds to start, --runs times (default 3); measured from /proc: the CPU time the
whole process used (its utime and stime, threads that ended included) over the wall
time, as a share of one core (goal: under 20 % with the image view, the median of the
runs), and the dashboard's own thread (drawing, rules) apart from the others (the camera
worker: video decoding, vision, tracker; and Textual's terminal writer). Each run says
the machine's load average: a core shared with other work does less in a tick. Needs
tmux.

Then the stages apart, run here on --frames frames of the demo recording from the
moment the terminal's measurement starts (CPU time of this thread, per frame and as a
share of one core at the recording's frame rate): decoding the video, vision (the
temporal detector), the table map and the tracker, the rest of the frame's checks, the
adapter and the rules (in the app they run in the dashboard's thread), and the camera
panel's small annotated frame (made twice a second).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import cv2

from companion.bundled import DEMO_RECORDING, RECORDINGS
from companion.cli import CommandError
from companion.command_args import seconds_arg, whole_arg
from companion.dashboard.camera_app import THUMBNAIL_EVERY_S, thumbnail
from companion.dashboard.feed import CAMERA_VIEWS
from companion.inputs import InputError, dimensions, shown
from companion.live.pipeline import Pipeline
from companion.live.recording import load_recording
from companion.live.reproduce import recorded_table
from companion.live_table import LiveTable, Table
from companion.session import Session

GOAL_PERCENT = 20.0   # of one core, the image view on
START_S = 8.0         # the app is up, the recording playing
ROOT = Path(__file__).resolve().parents[2]


def add_arguments(parser) -> None:
    parser.add_argument("--views", nargs="+", choices=CAMERA_VIEWS, default=list(CAMERA_VIEWS),
                        help="the camera views measured (default: all)")
    parser.add_argument("--seconds", type=seconds_arg(), default=30.0, metavar="S",
                        help="how long each is measured (default 30)")
    parser.add_argument("--runs", type=whole_arg(), default=3, metavar="N",
                        help="how many times each view is measured (default 3)")
    parser.add_argument("--size", default="120x40", metavar="COLSxROWS",
                        help="the terminal's size (default 120x40)")
    parser.add_argument("--frames", type=whole_arg(), default=300, metavar="N",
                        help="frames of the demo recording the stages are timed on "
                             "(default 300: 30 s of it; 0: none)")


def cpu_ticks(stat: Path) -> int:
    """User plus system clock ticks in a /proc stat file (a process's or a thread's)."""
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def measure(view: str, seconds: float, columns: int, rows: int, run: int = 0
            ) -> tuple[float, float]:
    """(the dashboard's thread, the whole process) in per cent of one core."""
    socket = f"companion-bench-{os.getpid()}-{view}-{run}"   # a server of its own per run
    tmux = ["tmux", "-L", socket]
    command = (f"cd {ROOT} && PYTHONPATH={ROOT} exec {sys.executable} -m companion demo "
               f"--camera-view {view}")
    subprocess.run([*tmux, "-f", "/dev/null", "new-session", "-d", "-s", "bench",
                    "-x", str(columns), "-y", str(rows), command], check=True)
    try:
        time.sleep(START_S)
        pid = int(subprocess.run([*tmux, "list-panes", "-t", "bench", "-F", "#{pane_pid}"],
                                 check=True, capture_output=True, text=True).stdout.split()[0])
        process, main = Path(f"/proc/{pid}/stat"), Path(f"/proc/{pid}/task/{pid}/stat")
        start, before, main_before = time.monotonic(), cpu_ticks(process), cpu_ticks(main)
        time.sleep(seconds)
        after, main_after, wall = cpu_ticks(process), cpu_ticks(main), time.monotonic() - start
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
    per_cent = 100.0 / os.sysconf("SC_CLK_TCK") / wall
    return (main_after - main_before) * per_cent, (after - before) * per_cent


class _Clock:
    """CPU time of this thread spent in each stage, summed over calls."""

    def __init__(self):
        self.spent: dict[str, float] = {}

    def timed(self, stage: str, call: Callable) -> Callable:
        def timed_call(*args, **kwargs):
            start = time.thread_time()
            try:
                return call(*args, **kwargs)
            finally:
                self.spent[stage] = self.spent.get(stage, 0.0) + time.thread_time() - start
        return timed_call


def stage_costs(frames: int) -> tuple[dict[str, float], float]:
    """CPU ms per frame of each of the camera worker's stages on ``frames`` frames of the
    demo recording from START_S seconds into it (the frames the terminal's measurement
    sees; one thread, as the worker runs), and the recording's frame rate."""
    cv2.setNumThreads(1)   # as the dashboard's worker does
    recording = load_recording(RECORDINGS / DEMO_RECORDING)
    table_map, header = recorded_table(recording)
    pipeline = Pipeline(LiveTable(Table(Session(header))), table_map)
    clock = _Clock()
    pipeline.detector.detect = clock.timed("vision", pipeline.detector.detect)
    pipeline.table_map.locate = clock.timed("table map, tracker", pipeline.table_map.locate)
    tracker = pipeline.reader.tracker
    tracker.update = clock.timed("table map, tracker", tracker.update)
    see = clock.timed("frame in all", pipeline.see)
    judge = clock.timed("adapter, rules", pipeline.judge)
    draw = clock.timed("panel frame", thumbnail)
    source = iter(recording.frames(lambda problem: None))
    decode = clock.timed("decoding", lambda: next(source, None))
    fps = recording.manifest.fps
    first, seen = round(START_S * fps), 0
    while seen < first + frames and (frame := decode()) is not None:
        seen += 1
        if seen == first + 1:
            clock.spent.clear()   # the measurement starts here
        result = see(frame)
        judge(result)
        if seen % round(fps * THUMBNAIL_EVERY_S) == 0:
            draw(result.frame.image, result.detection)
    spent = {stage: 1000 * cpu / max(seen - first, 1) for stage, cpu in clock.spent.items()}
    # what the frame costs beside vision, the table map and the tracker (checks, warnings)
    spent["frame in all"] -= spent["vision"] + spent["table map, tracker"]
    spent["the frame's rest"] = spent.pop("frame in all")
    return spent, fps


def run(args) -> int:
    if shutil.which("tmux") is None:
        raise CommandError("bench dashboard needs tmux (Debian package tmux)")
    if args.frames < 0:
        raise CommandError(f"--frames must be 0 or more, not {args.frames}")
    if args.runs < 1:
        raise CommandError(f"--runs must be 1 or more, not {args.runs}")
    if args.seconds <= 0:
        raise CommandError(f"--seconds must be more than 0, not {args.seconds:g}")
    try:   # (the demo's smallest screen, and no more than a terminal holds)
        columns, rows = (int(n) for n in dimensions(args.size, "120x40", 0, 1000,
                                                    whole_numbers=True))
    except InputError as exc:
        raise CommandError(f"--size {shown(args.size)}: {exc}") from None
    if columns < 40 or rows < 12:
        raise CommandError(f"--size {args.size}: the dashboard needs 40x12 at least, e.g. "
                           f"120x40")
    print(f"companion demo at {columns}x{rows}, CPU over {args.seconds:g} s "
          f"(% of one core)")
    print(f"{'view':<6} {'dashboard':>9} {'others':>7} {'total':>6}  {'load':>4}   (others: the "
          f"camera worker's vision and tracker, the terminal writer; load: the machine's "
          f"over a minute)")
    for view in args.views:
        totals = []
        for run in range(args.runs):
            main, total = measure(view, args.seconds, columns, rows, run)
            totals.append(total)
            print(f"{view:<6} {main:>8.1f}% {total - main:>6.1f}% {total:>5.1f}%  "
                  f"{os.getloadavg()[0]:>4.1f}", flush=True)
        if view == "image":
            median = statistics.median(totals)
            print(f"{'':<6} the image view's median: {median:.1f}% (goal under "
                  f"{GOAL_PERCENT:g}%: {'met' if median < GOAL_PERCENT else 'NOT met'})",
                  flush=True)
    if args.frames > 0:
        costs, fps = stage_costs(args.frames)
        print(f"the stages on {args.frames} frames of {DEMO_RECORDING} from {START_S:g} s "
              f"(CPU ms per frame; % of one core at {fps:g} frames a second; the adapter "
              f"and rules run in the dashboard's thread)")
        for stage, ms in costs.items():
            print(f"  {stage:<20} {ms:>6.2f} ms {ms * fps / 10:>6.1f}%")
    return 0
