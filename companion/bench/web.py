"""The live web page under load: pages following a recording replayed by the pipeline.

A bundled recording (default pumafiosi-3p) goes through vision, tracker and rules as fast
as they run (faster than the demo at x8 asks of them) on the dashboard's path for a
move: applied to a Table, then published to the web page, while --clients pages (default
20, in another process, as phones on the Wi-Fi) follow its event stream. Runs without
and with the web view alternate (--runs of each; the fastest of each counts, the machine
being shared). Measured: the pipeline's frames per CPU second of the process, the web
server's thread included, without and with (goal: at most 5 % fewer; CPU time, as the
wall clock of a shared machine says more about its other work), whether every page saw every move's state in order, the delay from a
move to its state reaching the pages (goal: under 200 ms), and what publishing costs the
game's thread.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from companion.cli import CommandError
from companion.bundled import RECORDINGS, recording_names
from companion.command_args import whole_arg
from companion.live.pipeline import Pipeline
from companion.live.recording import load_recording
from companion.live.reproduce import recorded_table
from companion.live_table import LiveTable, Played, Table
from companion.session import Session
from companion.web.server import WebView

DROP_GOAL, DELAY_GOAL_MS = 5.0, 200.0
ROOT = Path(__file__).resolve().parents[2]


def add_arguments(parser) -> None:
    parser.add_argument("--recording", default="pumafiosi-3p", metavar="NAME",
                        help="the bundled recording replayed (default pumafiosi-3p)")
    parser.add_argument("--clients", type=whole_arg(), default=20, metavar="N",
                        help="pages following the stream (default 20)")
    parser.add_argument("--runs", type=whole_arg(), default=2, metavar="N",
                        help="runs without and with the web view, alternating (default 2)")


def run(args) -> int:
    if args.recording not in recording_names():
        raise CommandError(f"--recording {args.recording}: no such bundled recording (the "
                           f"bundled ones: {', '.join(recording_names())})")
    if args.clients < 1 or args.runs < 1:
        raise CommandError("--clients and --runs must be at least 1")
    recording = load_recording(RECORDINGS / args.recording)
    plain, served = [], []
    for _ in range(args.runs):
        plain.append(replay(recording, None))
        served.append(replay(recording, args.clients))
    best_plain = max(plain, key=lambda r: r["fps"])
    best_served = max(served, key=lambda r: r["fps"])
    m = recording.manifest
    drop = (1 - best_served["fps"] / best_plain["fps"]) * 100
    print(f"pipeline on {args.recording} ({m.frames} frames, {m.size[0]}x{m.size[1]}, "
          f"{best_plain['moves']} moves), frames per CPU second of this process (the web "
          f"server's thread included), fastest of {args.runs} runs each:")
    print(f"  without the web view:       {best_plain['fps']:6.1f} frames/s   "
          f"(all runs: {_rates(plain)})")
    print(f"  with it and {args.clients:2d} pages:      {best_served['fps']:6.1f} frames/s   "
          f"(all runs: {_rates(served)})")
    print(f"  drop: {drop:.1f} %   goal: at most {DROP_GOAL:g} %")
    pages = [p for r in served for p in r["pages"]]
    complete = sum(p["all_in_order"] for p in pages)
    print(f"pages that saw every move's state, in order: {complete} of {len(pages)} "
          f"({served[0]['states']} states each run, the whole history in the last)")
    delays = [d for r in served for d in r["delays_ms"]]
    print(f"move -> its state at a page: median {statistics.median(delays):.1f} ms, worst "
          f"{max(delays):.1f} ms over {len(delays)} arrivals   goal: under "
          f"{DELAY_GOAL_MS:g} ms")
    costs = [c for r in served for c in r["publish_ms"]]
    share = statistics.median((sum(r["publish_ms"]) / 1000 + r["server_cpu_s"]) / r["cpu_s"]
                              * 100 for r in served)
    print(f"publishing a state in the game's thread (both languages): median "
          f"{statistics.median(costs):.2f} ms CPU, worst {max(costs):.2f} ms")
    print(f"the web view's share of the process's CPU time (publishing and the server's "
          f"thread serving {args.clients} pages): {share:.1f} %")
    return 0


def _rates(runs: list[dict]) -> str:
    return ", ".join(f"{r['fps']:.1f}" for r in runs) + "; wall clock: " + ", ".join(
        f"{r['wall_fps']:.1f}" for r in runs)


def replay(recording, clients: int | None) -> dict:
    """One replay of the recording's frames; with ``clients``: published to that many
    pages, whose view of it is checked."""
    table_map, header = recorded_table(recording)
    table = Table(Session(header))
    live = LiveTable(table)
    web = pages = None
    moved_at: dict[int, float] = {}
    publish_ms: list[float] = []

    def publish(played: Played) -> None:
        for _ in played.taken:
            moved_at[web.version + 1] = time.time()
            start = time.thread_time()
            web.publish(table, "en")
            publish_ms.append((time.thread_time() - start) * 1000)

    if clients is not None:
        web = WebView()
        web.start()
        web.publish(table, "en")
        live.subscribe(publish)
        pages = subprocess.Popen(
            [sys.executable, "-m", "companion.bench.web_clients", web.url + "events",
             str(clients)], stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(
                [str(ROOT), os.environ.get("PYTHONPATH", "")])})
        if pages.stdout.readline().strip() != "ready":
            raise CommandError("the benchmark's pages did not connect")
    server_cpu = web.server_cpu_s() if web else 0.0
    pipeline = Pipeline(live, table_map)
    frames = 0
    start, cpu = time.perf_counter(), time.process_time()
    for frame in recording.frames(lambda problem: None):
        pipeline.process(frame)
        frames += 1
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    result = {"fps": frames / cpu, "wall_fps": frames / wall, "cpu_s": cpu,
              "moves": len(table.session.moves), "pages": [], "delays_ms": [],
              "publish_ms": publish_ms, "states": web.version if web else 0,
              "server_cpu_s": web.server_cpu_s() - server_cpu if web else 0.0}
    if web is not None:
        web.stop()   # ends the streams: the pages report what they saw
        seen = json.loads(pages.stdout.readline())
        pages.wait()
        every = list(range(1, web.version + 1))
        for states in seen:
            versions = [version for version, _, _, _ in states]
            result["pages"].append({"all_in_order": versions == every
                                    and states[-1][2] == len(table.history)})
            result["delays_ms"] += [(arrived - moved_at[version]) * 1000
                                    for version, _, _, arrived in states if version in moved_at]
    return result
