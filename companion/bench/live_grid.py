"""The conditions grid of ``companion bench live``: each game filmed at each named level
(companion.simulator.levels), calibrated and recorded as a user does
(companion.simulator.field_test.field_run), its journal scored against the script.

One row a game, level and seed, printed as soon as it is done: the script's moves, how
many the journal has right (its moves in force, in order), missed, unread (an unseen play,
place or Mafia card nobody saw whose, standing for a script move: its question on screen),
phantom (journal moves the script lacks) and of those the wrong ones (standing for a
script move of the same type by the same player, read wrong: the rest are invented), the
companion's own corrections, whether the final summary equals the script's, the warnings
(and how many distinct), the questions asked, and the issue's goal for that level.

The seeds are split once and for all (``SPLITS``): the live path is tuned on the "tune"
seeds and measured on the "report" seeds, never looked at while tuning; ``--split``
runs one or both, each under its own heading.
"""

from __future__ import annotations

import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from collections import Counter

from companion.games import Move
from companion.session import Session, parse_header
from companion.session.journal import replay_file
from companion.simulator.field_test import field_fixture, field_run, typed_row
from companion.simulator.levels import WILD_LEVELS
from companion.simulator.make_fixtures import matched

GAMES = ("pumafiosi", "pungi", "mafia")
# What ends a round, by the rules' own outcomes: a Pumafiosi round with its card placed
# (or dropped), a Pungi round with its snake taken, a Mafia "round" with its mission
# revealed or aborted.
ROUND_ENDS = frozenset({"card_placed", "card_dropped", "snake_taken", "mission_revealed",
                        "mission_aborted"})
HARDEST_RIGHT = 38 / 40   # the Pumafiosi goal at hardest (so at hard too)
# The wild level whose markers are too small to read every move (issue 30): there, every
# move not read must be asked; at the other wild levels, the summary must be the script's.
WILD_TOO_SMALL = "wild-table720"
SPLITS = {"tune": (0, 1, 2, 3), "report": tuple(range(100, 108))}
SPLIT_HEADINGS = {"tune": "tune the live path on these",
                  "report": "never looked at while tuning: report these"}


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
    if result.level in WILD_LEVELS and result.level != WILD_TOO_SMALL:
        return "summary = script, 0 phantom, warnings once", \
            result.summary_equal and result.phantom == 0 and once
    if result.level in ("easy", "medium"):
        return "summary = script, warnings once", result.summary_equal and once
    asked = result.missed == 0 and (result.unread == 0 or result.questions > 0)
    wanted = result.phantom == 0 and asked and once
    if result.game != "pumafiosi" or result.level in WILD_LEVELS:
        return "0 phantom, the rest asked, warnings once", wanted
    enough = result.right >= HARDEST_RIGHT * result.moves
    return f">= {HARDEST_RIGHT:.0%} right, 0 phantom, the rest asked, warnings once", \
        wanted and enough


def wrong_moves(script: list[Move], journal: list[Move]) -> int:
    """Of the journal's moves the script lacks, those standing for a script move read
    wrong: where the two differ, a journal move of the same type and player as a script
    move there (a play with another card, a contribution to the other mission)."""
    wrong = 0
    for tag, i1, i2, j1, j2 in matched(script, journal).get_opcodes():
        if tag == "replace":
            made = Counter((m.get("type"), m.get("player")) for m in script[i1:i2])
            shown = Counter((m.get("type"), m.get("player")) for m in journal[j1:j2])
            wrong += sum((made & shown).values())
    return wrong


HEADER = (f"{'game':9} {'level':14} {'seed':>4} {'moves':>5} {'right':>5} {'missed':>6} "
          f"{'unread':>6} {'phantom':>7} {'wrong':>5} {'corr.':>5} {'summary':7} {'warn.':>9} "
          f"{'quest.':>6} {'frames':>6} {'s':>5}  goal")


def row(result, wrong: int, seconds: float) -> str:
    text, met = goal(result)
    return (f"{result.game:9} {result.level:14} {result.seed:4} {result.moves:5} "
            f"{result.right:5} {result.missed:6} {result.unread:6} {result.phantom:7} "
            f"{wrong:5} {result.corrected:5} {'equal' if result.summary_equal else 'DIFFERS':7} "
            f"{f'{result.warnings} ({result.distinct_warnings})':>9} {result.questions:6} "
            f"{result.frames:6} {seconds:5.0f}  {'met' if met else 'NOT met'}: {text}"
            + (f"; {result.calibrated}" if result.calibrated else ""))


def run_grid(cells: list[Cell], seeds: dict[str, tuple[int, ...]], rounds: int | None,
             typist: bool = False, keep: Path | None = None) -> int:
    """Every cell through ``field_run(game, level, seed, length)`` for each seed of
    ``seeds`` (by split: its name, or "" for seeds chosen by hand), a row printed as each
    is done, each split under its heading; how many runs failed (an error or a goal not
    met). ``typist``: each recording then followed again with the questions answered
    (its own line; the goal stays the camera's). ``keep``: a folder to leave each run's
    footage, recording and what it said in (``GAME-LEVEL-SEED``)."""
    runs = sum(len(chosen) for chosen in seeds.values()) * len(cells)
    named = ", ".join(f"{split or 'seed'} {', '.join(map(str, chosen))}"
                      for split, chosen in seeds.items())
    print(f"conditions grid: {runs} runs, {named}, "
          f"{'whole games' if rounds is None else f'the first {rounds} round(s)'}; "
          f"warn.: said (distinct)")
    failed = done = 0
    for split, chosen in seeds.items():
        if split:
            print(f"{split} seeds ({', '.join(map(str, SPLITS[split]))}): "
                  f"{SPLIT_HEADINGS[split]}")
        print(HEADER, flush=True)
        for seed in chosen:
            for cell in cells:
                done += 1
                failed += not _run(cell, seed, rounds, typist, keep, f"[{done}/{runs}]")
    print(f"{runs - failed} of {runs} runs met their goal")
    return failed


def _run(cell: Cell, seed: int, rounds: int | None, typist: bool, keep: Path | None,
         progress: str) -> bool:
    """One run and its row; whether it met its goal."""
    if sys.stderr.isatty():   # progress for the eyes, overwritten by the row
        print(f"\r\033[K{progress} filming {cell.game} at {cell.level}, seed {seed}...",
              end="\r", file=sys.stderr, flush=True)
    script = field_fixture(cell.game, cell.level, seed)
    start = time.monotonic()
    length = rounds_length(script.header, script.moves, rounds)
    with tempfile.TemporaryDirectory(prefix="bench-live-") as temp:
        folder = keep / f"{cell.game}-{cell.level}-{seed}" if keep else Path(temp)
        try:
            result = field_run(cell.game, cell.level, seed, length, folder)
            wrong = 0 if result.calibrated else wrong_moves(
                script.moves[:length], [{k: v for k, v in m.items() if k != "t"} for m in
                                        replay_file(folder / "recording" / "session.jsonl"
                                                    ).session.moves])
            print(row(result, wrong, time.monotonic() - start), flush=True)
            if typist and not result.calibrated:
                print("  " + typed_row(cell.game, cell.level, seed, length, folder),
                      flush=True)
        except Exception as exc:   # a bench reports a broken run on its row, goes on
            where = traceback.extract_tb(exc.__traceback__)[-1]
            print(f"{cell.game:9} {cell.level:14} {seed:4} FAILED: {type(exc).__name__}: "
                  f"{exc} ({where.filename}:{where.lineno})", flush=True)
            return False
    return goal(result)[1]
