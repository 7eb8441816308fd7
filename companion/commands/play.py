"""``companion play``: a live game on the dashboard, every move journalled as it is made."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path

from companion.registry import game_names, game_spec
from companion.cli import COMMANDS, CommandError
from companion.command_args import (check_turn_seconds, open_table_map, player_entries,
                                    seconds_arg, whole_arg)
from companion.dashboard.feed import CAMERA_VIEWS
from companion.dashboard.options import add_camera_view_argument
from companion.games import RuleError
from companion.games.base import FORMAT
from companion.i18n import LANGS, t
from companion.inputs import InputError, regular_file
from companion.rule_reasons import say_reason
from companion.session import Journal, JournalInUse, Session, SessionFileError, parse_header
from companion.web.options import add_web_argument, start_web


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "play", help=COMMANDS["play"],
        description="Start a game with a new journal, or go on with one exactly where it "
                    "stopped (--resume). Moves are typed on the dashboard's command line "
                    "in plain words (e.g. 'ann 37', 'place 37 at 8', 'undo'); F1 or 'help' "
                    "on the dashboard lists every move of the game. A name of several "
                    "words is quoted: --players 'Ann Lee:41' Bob:35.")
    p.add_argument("game", nargs="?", choices=game_names(), help="the game to start")
    p.add_argument("--players", nargs="+", metavar="NAME[:AGE][=CHARACTER]",
                   help="the players in clockwise seating order (Pumafiosi needs ages; in "
                        "Mafia each may carry the character card dealt to them, e.g. "
                        "Ann=Enrico)")
    p.add_argument("--journal", metavar="FILE",
                   help="the new journal (default: GAME-DATE-TIME.jsonl here)")
    p.add_argument("--resume", metavar="JOURNAL", help="go on with this journal")
    p.add_argument("--items", action="store_true", help="Pumafiosi: play with item tokens")
    p.add_argument("--games", type=whole_arg(), metavar="N", help="Pungi: games in the series")
    p.add_argument("--lang", choices=LANGS, help="language on screen (default en)")
    p.add_argument("--speak", action="store_true", default=None,
                   help="also speak the announcements in the table's language (espeak-ng)")
    p.add_argument("--turn-seconds", type=seconds_arg(), metavar="S",
                   help="Mafia: a clock per turn of S seconds (a warning when it runs out)")
    p.add_argument("--camera", metavar="N|FILE|URL",
                   help="follow the table through a camera (index), a video file or a "
                        "stream: the moves it reads are journalled like typed ones")
    p.add_argument("--calibration", metavar="FILE",
                   help="the table's calibration (companion calibrate), with --camera")
    add_camera_view_argument(p, None)   # None: the journal's view on --resume
    add_web_argument(p)
    p.set_defaults(func=run)
    p.epilog = ("--resume starts the game again as it was started (language, speech, turn "
                "clock, camera and calibration, camera view, web page); an option given with "
                "--resume changes that one.")


# How the game was started, kept in the journal's header under options.companion (the
# rules engines read only their own options) so that --resume starts it the same way.
SETTINGS = "companion"
DEFAULTS = {"lang": "en", "speak": False, "turn_seconds": None, "camera": None,
            "calibration": None, "camera_view": CAMERA_VIEWS[0], "web": None}


def settings_of(args) -> dict:
    """The settings the game starts with (given or default), and the time it starts."""
    given = {key: getattr(args, key, None) for key in DEFAULTS}
    for key in ("camera", "calibration"):   # files are kept by their full path
        if given[key] is not None and Path(given[key]).is_file():
            given[key] = str(Path(given[key]).resolve())
    return {**{k: v for k, v in given.items() if v is not None}, "started": time.time()}


def stored_settings(path: str) -> dict:
    """The settings a journal's header kept (none if it cannot tell: resume says why)."""
    try:
        with open(path, encoding="utf-8") as stream:
            header = json.loads(stream.readline())
        stored = header["options"][SETTINGS]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return stored if isinstance(stored, dict) else {}


def resolved(args, stored: dict) -> None:
    """Each setting on ``args``: as given now, else as stored, else its default."""
    for key, default in DEFAULTS.items():
        if getattr(args, key, None) is None:
            setattr(args, key, stored.get(key, default))


def run(args) -> int:
    app, journal = prepare(args)
    try:
        app.run()
    finally:
        journal.close()
        if app.web is not None:
            app.web.stop()
    # Said in the language the table ended with (F2 may have switched it).
    if journal.repaired is not None:
        print("companion: " + t(app.lang, "exit.repaired", path=journal.path,
                                kept=journal.repaired))
    print("companion: " + t(app.lang, "exit.journalled", path=journal.path))
    return 0


def prepare(args):
    """The dashboard app for the game, and its open journal (the caller closes it)."""
    from companion.audio.table_audio import AudioSettings
    from companion.dashboard.app import TableApp

    session_t = None
    if args.resume:
        if args.game or args.players or args.journal:
            raise CommandError(t(args.lang or DEFAULTS["lang"], "cli.resume_only"))
        check_journal_file(args.resume)
        stored = stored_settings(args.resume)
        started = stored.get("started")
        if isinstance(started, (int, float)) and not isinstance(started, bool):
            session_t = max(0.0, time.time() - started)   # the table's time went on
    else:
        stored = {}
    resolved(args, stored)
    check_stored(args)
    check_turn_seconds(args.turn_seconds, args.lang)
    # The camera, calibration and web address are checked before a journal is made or
    # opened (the web server's thread ends with the process if that fails).
    camera = open_camera(args) if args.camera is not None else None
    web = start_web(args)
    if args.resume:
        journal, table = resume(args.resume, args.lang)
    else:
        journal, table = start(args, settings_of(args))
    repaired = journal.repaired
    # The microphone listens only where silence is a rule (Mafia's Omertà): the games
    # registered with ``listens``.
    sound = AudioSettings(listen=game_spec(table.session.header.game).listens,
                          turn_seconds=args.turn_seconds,
                          speak=args.lang if args.speak else None)
    if camera is not None:
        from companion.dashboard.camera_app import CameraTableApp

        source, table_map = camera
        app = CameraTableApp(table, source=source, table_map=table_map, lang=args.lang,
                             journal=journal, sound=sound, camera_view=args.camera_view,
                             session_t=session_t, repaired=repaired, web=web)
    else:
        app = TableApp(table, lang=args.lang, journal=journal, sound=sound,
                       camera_view=args.camera_view, session_t=session_t, repaired=repaired,
                       web=web)
    return app, journal


def check_journal_file(path: str) -> None:
    """A journal to resume that exists is a regular file: a FIFO would be read for ever
    (a missing one is said by resume, in the table's language)."""
    if Path(path).exists():
        try:
            regular_file(path, "journal")
        except InputError as exc:
            raise CommandError(str(exc)) from None


def check_stored(args) -> None:
    """Settings read back from a journal are the journal's: they are checked like typed ones
    (said in the journal's language once that is known to be one)."""
    where = {"path": args.resume, "settings": SETTINGS}
    if args.lang not in LANGS or args.camera_view not in CAMERA_VIEWS:
        raise CommandError(t(DEFAULTS["lang"], "cli.stored_lang", **where))
    if not all(isinstance(getattr(args, key), str) for key in ("camera", "calibration", "web")
               if getattr(args, key) is not None):
        raise CommandError(t(args.lang, "cli.stored_text", **where))
    seconds = args.turn_seconds
    if not isinstance(args.speak, bool) or isinstance(seconds, bool) or not (
            seconds is None or isinstance(seconds, (int, float))):
        raise CommandError(t(args.lang, "cli.stored_values", **where))


def open_camera(args):
    """The frame source and table map for the live pipeline (companion.dashboard.camera_app)."""
    from companion.said import say
    from vision.frames import FrameSourceError, open_source

    if not args.calibration:
        raise CommandError(t(args.lang, "cli.needs_calibration"))
    table_map = open_table_map(args.calibration, args.lang)
    try:
        source = open_source(args.camera)
    except FrameSourceError as exc:
        raise CommandError(say(exc.problem, args.lang)) from None
    return source, table_map


def resume(path: str, lang: str = "en"):
    from companion.live_table import Table
    if not Path(path).is_file():
        raise CommandError(t(lang, "cli.no_journal", path=path))
    try:
        journal, replay = Journal.resume(path)
    except SessionFileError as exc:   # (the line's own mistake as the session reader says it)
        raise CommandError(t(lang, "cli.journal_line", reason=exc.said_in(lang))) from None
    except JournalInUse as exc:
        raise CommandError(str(exc)) from None
    return journal, Table.from_replay(replay)


def start(args, settings: dict | None = None):
    """A new game's journal and table; ``settings`` (how it was started) go in its header."""
    from companion.live_table import Table
    lang = getattr(args, "lang", None) or DEFAULTS["lang"]
    if not args.game:
        raise CommandError(t(lang, "cli.no_game"))
    if not args.players:
        raise CommandError(t(lang, "cli.no_players"))
    options: dict = {}
    if args.items:
        options["items"] = True
    if args.games is not None:
        options["games"] = args.games
    if settings:
        options[SETTINGS] = settings
    header_obj = {"format": FORMAT, "game": args.game,
                  "players": player_entries(args.players, args.game, lang), "options": options}
    try:
        header = parse_header(header_obj)
        session = Session(header)
    except RuleError as exc:
        raise CommandError(say_reason(exc, lang)) from None
    path = Path(args.journal or f"{args.game}-{datetime.now():%Y%m%d-%H%M%S}.jsonl")
    try:
        journal = Journal.create(path, header)
    except FileExistsError:
        raise CommandError(t(lang, "cli.journal_exists", path=path)) from None
    except OSError as exc:
        raise CommandError(t(lang, "cli.journal_unwritable", path=path,
                             reason=exc.strerror or str(exc))) from None
    return journal, Table(session)

