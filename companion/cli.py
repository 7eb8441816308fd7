"""The ``companion`` command line: one sub-command per module in companion/commands/.

Every refusal is one line on stderr: argparse's own mistakes (an unknown option, a
missing argument), a value the one way in refuses (companion.inputs), a command's
CommandError, a deck file's DeckError. ``companion --help`` and ``--version`` import
no command: the commands' one-line summaries are here.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from importlib import import_module

from companion import DECKS_ENV, __version__
from companion.inputs import InputError, control_character, escaped, shown

# Each command's module defines ``register(subparsers)``, which adds its sub-command (with
# the summary below as its help) and sets ``func(args) -> int`` as the handler.
COMMANDS = {
    "demo": "watch a bundled game on the table dashboard",
    "play": "play a game on the dashboard, journalled move by move",
    "timer": "run the Omertà timer on its own",
    "export": "write a finished game for a play-logging app (BG Stats)",
    "cards": "print sticker sheets with the markers the camera reads",
    "calibrate": "set up the table map: corners, seats and game anchors",
    "scan": "report the cards (or, with --raw, any markers and QR codes) in images, videos "
            "or the camera",
    "replay": "replay a session file: the game move by move, or its summary",
    "record": "follow a game through a camera and record it into a folder",
    "listen": "find speech in recordings with the Omertà's voice detector",
    "bench": "run a benchmark and print its numbers",
}


class CommandError(Exception):
    """A user-facing failure: printed as one line on stderr, exit status 1 or as given."""

    def __init__(self, message: str, status: int = 1):
        super().__init__(message)
        self.status = status


class Parser(argparse.ArgumentParser):
    """argparse, with its mistakes said in one line (no usage block), an argument holding
    a control character refused (a name or a file name: the screen, the journal and every
    message would carry it), and a value that companion.inputs refuses named with its
    option."""

    def error(self, message: str):
        hint = f"`{self.prog} --help` tells more"
        raise CommandError(f"{message.removeprefix('argument ')} ({hint})", status=2)

    def _get_value(self, action, arg_string):
        where = "/".join(action.option_strings) or action.metavar or action.dest
        control = control_character(arg_string)
        # (a command's words are checked by its own parser, where each is named)
        if control is not None and action.nargs not in (argparse.PARSER, argparse.REMAINDER):
            raise argparse.ArgumentError(None, f"{where} {shown(arg_string)}: it holds a "
                                               f"control character ({control}); type it "
                                               f"in plain letters")
        try:
            return super()._get_value(action, arg_string)
        except InputError as exc:
            raise argparse.ArgumentError(None, f"{where} {shown(arg_string)}: {exc}") \
                from None


def build_parser(only: str | None = None, overview: bool = False) -> Parser:
    """The command line; with ``only``, just that sub-command's module is imported, so a
    quick command (``replay``) does not pay for the camera, sound and dashboard ones; an
    ``overview`` (``companion --help``) imports none and lists them."""
    parser = Parser(
        prog="companion",
        description="Table Companion follows Pumafiosi, Pungi and Mafia on a real table "
                    "and announces what happens.",
        epilog="With no command, `companion` plays the demo recording (companion demo). "
               "`companion COMMAND --help` tells more about each command. The card decks "
               "are read from companion/decks/*.toml; set the environment variable "
               f"{DECKS_ENV} to a folder of edited copies to use those instead.")
    parser.add_argument("--version", action="version",
                        version=f"companion {__version__} (Table Companion)")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS if only is None else [only]:
        if overview:
            subparsers.add_parser(name, help=COMMANDS[name])
        else:
            import_module(f"companion.commands.{name}").register(subparsers)
    return parser


def readable_output() -> None:
    """A terminal that cannot show a character (PYTHONIOENCODING=ascii, a Latin-1 console)
    gets a replacement for it, not a traceback."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    readable_output()
    words = sys.argv[1:] if argv is None else argv
    only = words[0] if words and words[0] in COMMANDS else None
    try:
        args = build_parser(only or ("demo" if not words else None),
                            overview=bool(words) and only is None).parse_args(words or ["demo"])
        check_decks()
        return args.func(args)
    except CommandError as exc:
        return _refused(str(exc), exc.status)
    except InputError as exc:   # (a deck file's DeckError too: any command may read one)
        return _refused(str(exc))
    except KeyboardInterrupt:
        print("companion: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        # What the system refused that no command foresaw (a name too long where a path
        # was only looked at, a disk gone): its file and the system's words, in one line.
        why = exc.strerror or str(exc)
        return _refused(f"{shown(os.fsdecode(exc.filename), 80)}: {why}" if exc.filename
                        else why)


def check_decks() -> None:
    """Edited decks ($COMPANION_DECKS) are checked before any command starts, by every
    command alike, whether or not it would have read them."""
    folder = os.environ.get(DECKS_ENV)
    if not folder:
        return
    from companion.decks import all_decks

    all_decks()


def _refused(message: str, status: int = 1) -> int:
    # (what the user gave is echoed in it: a terminal must not obey its control codes)
    print(f"companion: {escaped(message)}", file=sys.stderr)
    return status
