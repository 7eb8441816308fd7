"""``companion replay FILE``: a session file read back as a readable account or a summary.
``companion replay FOLDER``: a recording (companion record) run back through vision,
tracker and rules; ``--check`` says whether it reproduces the recorded session."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.bundled import DEMO_SESSION
from companion.cli import COMMANDS
from companion.session import Replay, replay_file


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "replay", help=COMMANDS["replay"],
        description="Read a session file (a journal of companion play) back through the rules and "
                    "print what happened, round by round, with the scores. A bad line "
                    "stops the replay with file:line and the reason (exit status 1). "
                    "Given a recording folder (companion record), run its video back "
                    "through vision, tracker and rules instead.")
    p.add_argument("file", nargs="?", help="the session file (.jsonl) or recording folder")
    p.add_argument("--check", action="store_true",
                   help="a recording: say whether the replay reproduces the recorded "
                        "session file and summary, and where they first differ (exit 1)")
    p.add_argument("--json", action="store_true",
                   help="print only the game's summary (players, scores, winners) as one "
                        "JSON object")
    p.add_argument("--demo", action="store_true", help="replay the bundled demo session")
    p.set_defaults(func=run)


def run(args) -> int:
    if not args.file and not args.demo:
        print("companion replay: give a session file, or --demo", file=sys.stderr)
        return 2
    path = DEMO_SESSION if args.demo and not args.file else Path(args.file)
    if path.is_dir():
        return replay_folder(path, args)
    if args.check:
        print("companion replay: --check compares a recording folder with its session "
              "file; give the folder", file=sys.stderr)
        return 2
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


def replay_folder(folder: Path, args) -> int:
    """A recording through the live pipeline: its account or summary, or with ``--check``
    whether it reproduces the recorded session file and summary."""
    from companion.cli import CommandError
    from companion.live.progress import Progress
    from companion.live.recording import RecordingError, load_recording
    from companion.live.reproduce import (account_of, first_difference, replay_recording,
                                       summary_difference)

    try:
        recording = load_recording(folder)
        progress = Progress(f"replaying {folder}", recording.manifest.frames)
        try:
            reproduced = replay_recording(
                recording, on_problem=progress.say,
                on_frame=lambda status: progress.update(status.index + 1))
        finally:
            progress.done()
    except RecordingError as exc:
        raise CommandError(str(exc)) from None
    if not args.check:
        replay = account_of(reproduced.session_text)
        if args.json:
            print(json.dumps(reproduced.summary, ensure_ascii=False))
        else:
            print_account(replay)
        return 0
    from companion.inputs import InputError, read_text
    from companion.session.journal import MAX_SESSION_BYTES

    try:
        recorded = read_text(recording.session, "session file", MAX_SESSION_BYTES)
        recorded_summary = json.loads(read_text(recording.summary, "summary", 1 << 20))
    except (InputError, json.JSONDecodeError, RecursionError) as exc:
        raise CommandError(f"{folder}: the recorded session or summary cannot be read "
                           f"({exc}); --check needs both") from None
    differences = [d for d in (
        first_difference(recorded, reproduced.session_text, str(recording.session)),
        summary_difference(recorded_summary, reproduced.summary)) if d]
    if args.json:
        print(json.dumps({"match": not differences, "differences": differences,
                          "frames": reproduced.frames}, ensure_ascii=False))
    elif differences:
        print(f"{folder}: the replay differs from the recording")
        for difference in differences:
            print(f"  {difference}")
    else:
        print(f"{folder}: the replay reproduces the recorded session and summary "
              f"({reproduced.frames} frames)")
    return 1 if differences else 0


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
