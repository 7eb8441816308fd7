"""``companion demo``: the dashboard playing a bundled recording through the camera
pipeline at the pace it was filmed, or the bundled demo session at the table's pace."""

from __future__ import annotations

from companion.bundled import DEMO_RECORDING, DEMO_SESSION, RECORDINGS, recording_names
from companion.cli import COMMANDS, CommandError
from companion.command_args import check_turn_seconds, seconds_arg
from companion.dashboard.feed import CAMERA_VIEWS
from companion.dashboard.options import add_camera_view_argument
from companion.i18n import LANGS, t
from companion.session import Session, replay_file
from companion.web.options import add_web_argument, start_web

MAX_GAP = 3.0


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "demo", help=COMMANDS["demo"],
        description="Watch a filmed game on the dashboard at the pace it was played, read "
                    "from its video as the camera reads a real table. --session plays the "
                    "3-game demo session instead (at most --max-gap seconds between "
                    "moves). Keys: space pause, n step (to the next move), + faster, "
                    "- slower, F1 help, F2 language, F3 camera plan/image/map, q quit.")
    p.add_argument("--recording", nargs="?", const=DEMO_RECORDING, metavar="NAME",
                   help=f"the filmed game to play: "
                        f"{', '.join(sorted(p.name for p in RECORDINGS.iterdir() if p.is_dir()))}"
                        f" (default {DEMO_RECORDING})")
    p.add_argument("--session", nargs="?", const=str(DEMO_SESSION), metavar="FILE",
                   help="play a session file instead (default: the bundled 3-game demo)")
    p.add_argument("--lang", choices=LANGS, default="en",
                   help="language on screen (default en)")
    p.add_argument("--speak", action="store_true",
                   help="also speak the announcements in the table's language (espeak-ng)")
    p.add_argument("--turn-seconds", type=seconds_arg(), metavar="S",
                   help="Mafia: a clock per turn of S seconds (a warning when it runs out)")
    p.add_argument("--max-gap", type=seconds_arg(), metavar="SECONDS",
                   help=f"--session: longest wait between two moves (default {MAX_GAP:g})")
    add_camera_view_argument(p, CAMERA_VIEWS[0])
    add_web_argument(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from companion.audio.table_audio import AudioSettings

    lang = args.lang
    check_turn_seconds(args.turn_seconds, lang)
    if args.recording is not None and args.session is not None:
        raise CommandError(t(lang, "cli.demo_both"))
    if args.max_gap is not None and args.max_gap <= 0:
        raise CommandError(t(lang, "cli.max_gap", seconds=args.max_gap))
    if args.max_gap is not None and args.session is None:
        raise CommandError(t(lang, "cli.max_gap_session"))
    sound = AudioSettings(listen=False, turn_seconds=args.turn_seconds,
                          speak=args.lang if args.speak else None)
    web = start_web(args)
    try:
        if args.session is not None:
            app = session_demo(args.session, args.max_gap or MAX_GAP, lang=args.lang,
                               sound=sound, web=web, camera_view=args.camera_view)
        else:
            app = recording_demo_app(args.recording or DEMO_RECORDING, lang=args.lang,
                                     sound=sound, web=web, camera_view=args.camera_view)
        app.run()
    finally:
        if web is not None:
            web.stop()
    return 0


def session_demo(path: str, max_gap: float, lang: str = "en", **kwargs):
    from companion.dashboard.app import TableApp
    from companion.live_table import Table

    replay = replay_file(path)
    if replay.error is not None:
        raise CommandError(t(lang, "cli.session_unplayable",
                             reason=replay.error.said_in(lang)))
    table = Table(Session(replay.session.header))
    return TableApp(table, recording=[s.move for s in replay.steps], max_gap=max_gap,
                    lang=lang, **kwargs)


def recording_demo_app(name: str, lang: str = "en", **kwargs):
    """The camera dashboard on the bundled recording ``name``, in ``lang``."""
    from companion.dashboard.recording_app import recording_demo
    from companion.live.recording import RecordingError, load_recording
    from companion.said import say

    names = recording_names()
    if name not in names:
        raise CommandError(t(lang, "cli.no_recording", name=name, names=", ".join(names)))
    try:
        return recording_demo(load_recording(RECORDINGS / name), lang=lang, **kwargs)
    except RecordingError as exc:
        raise CommandError(say(exc.args[0], lang)) from None
