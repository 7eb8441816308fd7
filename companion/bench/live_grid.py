"""The conditions grid of ``companion bench live``: each game filmed at each named level
(companion.simulator.levels), calibrated and recorded as a user does
(companion.simulator.field_test.field_run), its journal scored against the script.

One row a game and level, printed as soon as it is done: the script's moves, how many the
journal has right (its moves in force, in order), missed, unread (an unseen play, place or
Mafia card nobody saw whose, standing for a script move: its question on screen) and
phantom, the companion's own
corrections, whether the final summary equals the script's, the warnings (and how many
distinct), the questions asked, and the issue's goal for that level beside it.
"""

from __future__ import annotations

import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from companion.games import Move
from companion.session import Session, parse_header
from companion.simulator.field_test import field_fixture, field_run, typed_row

GAMES = ("pumafiosi", "pungi", "mafia")
# What ends a round, by the rules' own outcomes: a Pumafiosi round with its card placed
# (or dropped), a Pungi round with its snake taken, a Mafia "round" with its mission
# revealed or aborted.
ROUND_ENDS = frozenset({"card_placed", "card_dropped", "snake_taken", "mission_revealed",
                        "mission_aborted"})
HARDEST_RIGHT = 38 / 40   # the Pumafiosi goal at hardest (so at hard too)


@dataclass(frozen=True)
class Cell:
    game: str
    level: str


def rounds_length(header: dict, moves: list[Move], rounds: int | None) -> int:
    """How many of ``moves`` make up their first ``rounds`` rounds (None: all of them)."""
    if rounds is None:
        return len(moves)
    session = Session(parse_header(header))
    ended = 0
    for n, move in enumerate(moves, 1):
        if any(o.kind in ROUND_ENDS for o in session.apply(move)):
            ended += 1
            if ended == rounds:
                return n
    return len(moves)


def goal(result) -> tuple[str, bool]:
    """The issue's goal for ``result``'s level, and whether the result meets it: easy and
    medium, the script's summary; hard and hardest, none phantom and every move not read
    right asked on screen (none missed: the rest booked unseen, with a question), and for
    Pumafiosi 38 of 40 moves right; every level, the table calibrated and each warning
    said once."""
    once = result.warnings == result.distinct_warnings and not result.calibrated
    if result.level in ("easy", "medium"):
        return "summary = script, warnings once", result.summary_equal and once
    asked = result.missed == 0 and (result.unread == 0 or result.questions > 0)
    wanted = result.phantom == 0 and asked and once
    if result.game != "pumafiosi":
        return "0 phantom, the rest asked, warnings once", wanted
    enough = result.right >= HARDEST_RIGHT * result.moves
    return f">= {HARDEST_RIGHT:.0%} right, 0 phantom, the rest asked, warnings once", \
        wanted and enough


HEADER = (f"{'game':9} {'level':7} {'moves':>5} {'right':>5} {'missed':>6} {'unread':>6} "
          f"{'phantom':>7} {'corr.':>5} {'summary':7} {'warn.':>9} {'quest.':>6} {'frames':>6} {'s':>5}  goal")


def row(result, seconds: float) -> str:
    text, met = goal(result)
    return (f"{result.game:9} {result.level:7} {result.moves:5} {result.right:5} "
            f"{result.missed:6} {result.unread:6} {result.phantom:7} {result.corrected:5} "
            f"{'equal' if result.summary_equal else 'DIFFERS':7} "
            f"{f'{result.warnings} ({result.distinct_warnings})':>9} {result.questions:6} "
            f"{result.frames:6} {seconds:5.0f}  {'met' if met else 'NOT met'}: {text}"
            + (f"; {result.calibrated}" if result.calibrated else ""))


def run_grid(cells: list[Cell], seed: int, rounds: int | None, typist: bool = False) -> int:
    """Every cell through ``field_run(game, level, seed, length)``, a row printed as each
    is done; how many cells failed (an error or a goal not met). ``typist``: each
    recording then followed again with the questions answered (its own line; the goal
    stays the camera's)."""
    print(f"conditions grid: {len(cells)} runs, seed {seed}, "
          f"{'whole games' if rounds is None else f'the first {rounds} round(s)'}; "
          f"warn.: said (distinct)")
    print(HEADER, flush=True)
    failed = 0
    for n, cell in enumerate(cells, 1):
        if sys.stderr.isatty():   # progress for the eyes, overwritten by the row
            print(f"\r\033[K[{n}/{len(cells)}] filming {cell.game} at {cell.level}...",
                  end="\r", file=sys.stderr, flush=True)
        script = field_fixture(cell.game, cell.level, seed)
        start = time.monotonic()
        length = rounds_length(script.header, script.moves, rounds)
        with tempfile.TemporaryDirectory(prefix="bench-live-") as folder:
            try:
                result = field_run(cell.game, cell.level, seed, length, Path(folder))
                print(row(result, time.monotonic() - start), flush=True)
                if typist and not result.calibrated:
                    print("  " + typed_row(cell.game, cell.level, seed, length,
                                           Path(folder)), flush=True)
            except Exception as exc:   # a bench reports a broken run on its row, goes on
                where = traceback.extract_tb(exc.__traceback__)[-1]
                print(f"{cell.game:9} {cell.level:7} FAILED: {type(exc).__name__}: {exc} "
                      f"({where.filename}:{where.lineno})", flush=True)
                failed += 1
                continue
        failed += not goal(result)[1]
    print(f"{len(cells) - failed} of {len(cells)} runs met their goal")
    return failed
