"""The ``companion`` command line: one sub-command per module in companion/commands/."""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from companion import __version__
from companion.decks import DECKS_ENV, DeckError

# Each module defines ``register(subparsers)``, which adds its sub-command and sets
# ``func(args) -> int`` as the handler.
COMMANDS = ["demo", "play", "timer", "export", "cards", "calibrate", "scan", "replay",
            "record", "listen", "bench"]


class CommandError(Exception):
    """A user-facing failure: printed as one line on stderr, exit status 1 or as given."""

    def __init__(self, message: str, status: int = 1):
        super().__init__(message)
        self.status = status


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only``, just that sub-command's module is imported, so a
    quick command (``replay``) does not pay for the camera, sound and dashboard ones."""
    parser = argparse.ArgumentParser(
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
        import_module(f"companion.commands.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(words[0] if words and words[0] in COMMANDS else None)
    args = parser.parse_args(words)
    if not getattr(args, "func", None):
        args = parser.parse_args(["demo"])
    try:
        return args.func(args)
    except CommandError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return exc.status
    except DeckError as exc:
        # Any command may read a hand-edited deck file: its mistake is one line, not a trace.
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("companion: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
