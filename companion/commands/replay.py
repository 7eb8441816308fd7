"""``companion replay FILE``: a session file read back as a readable account or a summary."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.session import Replay, replay_file

DEMO_SESSION = Path(__file__).resolve().parents[2] / "fixtures" / "sessions" / "demo.jsonl"


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "replay", help="replay a session file: the game move by move, or its summary",
        description="Read a session file (companion-session/1) back through the rules and "
                    "print what happened, round by round, with the scores. A bad line "
                    "stops the replay with file:line and the reason (exit status 1).")
    p.add_argument("file", nargs="?", help="the session file (.jsonl)")
    p.add_argument("--json", action="store_true",
                   help="print only the summary object of the spec, as one JSON object")
    p.add_argument("--demo", action="store_true", help="replay the bundled demo session")
    p.set_defaults(func=run)


def run(args) -> int:
    if not args.file and not args.demo:
        print("companion replay: give a session file, or --demo", file=sys.stderr)
        return 2
    path = DEMO_SESSION if args.demo and not args.file else Path(args.file)
    replay = replay_file(path)
    if args.json:
        if replay.error is None:
            print(json.dumps(replay.session.summary(), ensure_ascii=False))
    else:
        print_account(replay)
    if replay.error is not None:
        print(str(replay.error), file=sys.stderr)
        return 1
    return 0


def print_account(replay: Replay) -> None:
    session = replay.session
    if session is None:
        return
    header = session.header
    print(f"{header.game.capitalize()}, {len(header.players)} players: "
          f"{', '.join(header.names)}")
    for step in replay.steps:
        for outcome in step.outcomes:
            print(f"  {outcome.text()}")
    summary = session.summary()
    print()
    print(format_scores(summary["scores"]))
    if summary["winners"]:
        print(f"Winner{'s' if len(summary['winners']) > 1 else ''}: "
              f"{', '.join(summary['winners'])}")
    elif not summary["complete"]:
        print("The session is not finished yet.")


def format_scores(scores: dict) -> str:
    return "Scores: " + ", ".join(f"{name} {value}" for name, value in scores.items())
