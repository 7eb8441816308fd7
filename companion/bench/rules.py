"""How many random 3-game Pumafiosi matches per second the rules replay on one core.

N random complete matches (3 players, items on in about half of them, honour violations
now and then) are generated first, untimed; then each is replayed move by move through
``companion.session.Session``, as ``companion replay`` does. The goal is 1,000 matches a
second.
"""

from __future__ import annotations

import sys
import time

from companion.cli import CommandError
from companion.command_args import whole_arg
from companion.games.pumafiosi_random import random_session
from companion.session import Session

GOAL_MATCHES_PER_SECOND = 1000


def add_arguments(parser) -> None:
    parser.add_argument("--matches", type=whole_arg(), default=2000, metavar="N",
                        help="how many random matches to replay (default 2000)")
    parser.add_argument("--seed", type=whole_arg(), default=1,
                        help="the seed of the first match; match i uses seed + i (default 1)")
    parser.add_argument("--repeat", type=whole_arg(), default=3, metavar="R",
                        help="replay the set R times and report the fastest (default 3)")


def run(args) -> int:
    if args.matches < 1 or args.repeat < 1:
        raise CommandError("--matches and --repeat must be at least 1")
    print(f"generating {args.matches} random 3-player matches (seed {args.seed}, untimed) ...",
          file=sys.stderr, flush=True)
    matches = [random_session(args.seed + i, players=3, honor=0.01)
               for i in range(args.matches)]
    moves = sum(len(m) for _, m in matches)
    best = float("inf")
    for attempt in range(1, args.repeat + 1):
        elapsed = replay_all(matches)
        best = min(best, elapsed)
        print(f"replay {attempt}/{args.repeat}: {elapsed:.3f} s", file=sys.stderr, flush=True)
    per_second = args.matches / best
    verdict = "goal met" if per_second >= GOAL_MATCHES_PER_SECOND else "BELOW GOAL"
    print(f"pumafiosi rules: {args.matches} matches, {moves} moves in {best:.3f} s "
          f"(fastest of {args.repeat})")
    print(f"  {per_second:,.0f} matches/s, {moves / best:,.0f} moves/s "
          f"(goal >= {GOAL_MATCHES_PER_SECOND:,} matches/s: {verdict})")
    return 0


def replay_all(matches) -> float:
    """Seconds to fold every match through a Session; each must end complete."""
    start = time.perf_counter()
    for header, moves in matches:
        session = Session(header)
        apply = session.apply
        for move in moves:
            apply(move)
        if not session.complete:
            raise CommandError(f"a generated match did not finish ({header.names})")
    return time.perf_counter() - start
