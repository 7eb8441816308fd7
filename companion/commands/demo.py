"""``companion demo``: the dashboard playing the bundled demo session at the table's pace."""

from __future__ import annotations

from companion.cli import CommandError
from companion.commands.play import check_turn_seconds
from companion.commands.replay import DEMO_SESSION
from companion.i18n import LANGS
from companion.session import Session, replay_file


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "demo", help="watch the bundled demo game on the table dashboard",
        description="Open the dashboard on the bundled demo session and play it back at "
                    "the pace it was played (at most --max-gap seconds between moves). "
                    "Keys: space pause, n step, + faster, - slower, F2 language, q quit.")
    p.add_argument("--lang", choices=LANGS, default="en", help="language on screen")
    p.add_argument("--speak", action="store_true",
                   help="also speak the announcements in the table's language (espeak-ng)")
    p.add_argument("--turn-seconds", type=float, metavar="S",
                   help="Mafia: a clock per turn of S seconds (a warning when it runs out)")
    p.add_argument("--max-gap", type=float, default=3.0, metavar="SECONDS",
                   help="longest wait between two moves (default 3)")
    p.add_argument("--session", metavar="FILE", default=str(DEMO_SESSION),
                   help="play this session file instead of the demo")
    p.set_defaults(func=run)


def run(args) -> int:
    from companion.audio.table import AudioSettings
    from companion.dashboard.app import TableApp
    from companion.dashboard.table import Table

    check_turn_seconds(args.turn_seconds)
    if args.max_gap <= 0:
        raise CommandError(f"--max-gap must be more than 0 seconds, not {args.max_gap:g}")
    replay = replay_file(args.session)
    if replay.error is not None:
        raise CommandError(f"{replay.error} (the session cannot be played back)")
    table = Table(Session(replay.session.header))
    app = TableApp(table, lang=args.lang, recording=[s.move for s in replay.steps],
                   max_gap=args.max_gap,
                   sound=AudioSettings(listen=False, turn_seconds=args.turn_seconds,
                                       speak=args.lang if args.speak else None))
    app.run()
    return 0
