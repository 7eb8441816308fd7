"""Random text as every argument of every command: the command line takes it or refuses it
in one line (companion: what, where, what to do), never with a traceback.

Every option and positional argument of every command's parser is given random text
(the parser's type reads it through companion.inputs); the commands whose work is quick
and ends by itself (replay, export, scan, cards, calibrate, listen) are run whole on it."""

from __future__ import annotations

import argparse
import shutil

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from companion.cli import CommandError, build_parser, main
from tests.dashboard.test_commands import parsers
from tests.input.cases import DIGITS, NUMBERS, ODD, SESSIONS
from tests.input.test_inputs import NOT_ASCII

# What a shell can pass (no NUL), as a careless or hostile user types it.
ARGUMENT = st.one_of(
    st.sampled_from([*DIGITS, *NUMBERS, *ODD, *NOT_ASCII, "-", "--", "-1", "1e3", ":²",
                     "0.0.0.0:²", "²x40", "0x0", "\x1b[2J", "Ann:٤١", "Ann=\x1b[31m",
                     "/dev/full", "/dev/zero", "/", ".", "..", "x" * 300]),
    st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
            max_size=12))


def _arguments():
    """(command words, option or None for a positional, its action) of every parser."""
    found = []
    for name, parser in parsers(build_parser()):
        words = name.split()[1:]
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._VersionAction,
                                   argparse._SubParsersAction)) or action.nargs == 0:
                continue
            option = action.option_strings[0] if action.option_strings else None
            found.append((words, option, action.dest))
    return found


ARGUMENTS = _arguments()


def test_every_command_has_its_arguments_here():
    commands = {" ".join(words) for words, _, _ in ARGUMENTS}
    assert {"play", "demo", "timer omerta", "export", "cards print", "calibrate", "scan",
            "replay", "record", "listen", "bench vision", "bench dashboard"} <= commands
    assert len(ARGUMENTS) > 60


def one_line_refusal(error: CommandError) -> str:
    message = str(error)
    assert "\n" not in message and message.strip(), message
    assert "Traceback" not in message
    return message


@pytest.mark.parametrize("words, option, dest", ARGUMENTS,
                         ids=[" ".join(w + [o or d]) for w, o, d in ARGUMENTS])
@settings(max_examples=40, deadline=None)
@given(text=ARGUMENT)
@example(text="²")
@example(text="inf")
def test_any_text_for_any_argument_is_taken_or_refused_in_one_line(words, option, dest,
                                                                   text):
    parser = build_parser(words[0])
    argv = [*words, *([option, text] if option else [text])]
    try:
        parser.parse_args(argv)
    except CommandError as error:
        one_line_refusal(error)
    except SystemExit as done:   # (only --help and --version exit, with status 0)
        assert done.code == 0


QUICK = [   # commands run whole: {t} is the random text
    ["replay", "{t}"],
    ["replay", "--json", "{t}"],
    ["export", "{t}", "--bgstats", "--out", "x.bgsplay"],
    # (the journals are copies in the folder: an export beside one lands there)
    ["export", "pungi.jsonl", "--bgstats", "--out", "{t}"],
    ["export", "pungi.jsonl", "--bgstats", "--date", "{t}", "--out", "x.bgsplay"],
    ["export", "mafia.jsonl", "--bgstats", "--cops", "{t}", "--out", "x.bgsplay"],
    ["scan", "{t}"],
    ["scan", "blank.png", "--annotate", "{t}"],
    ["scan", "blank.png", "--frames", "{t}"],
    ["cards", "print", "{t}", "--out", "x.pdf"],
    ["calibrate", "{t}", "--out", "table.json", "--seconds", "1"],
    ["calibrate", "blank.png", "--table", "{t}"],
    ["calibrate", "blank.png", "--out", "{t}"],
    ["listen", "{t}"],
]


BLANK_BYTES = 213   # an 80x60 grey PNG


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    import cv2
    import numpy as np

    folder = tmp_path_factory.mktemp("quick")
    cv2.imwrite(str(folder / "blank.png"), np.full((60, 80, 3), 200, np.uint8))
    assert (folder / "blank.png").stat().st_size == BLANK_BYTES
    shutil.copyfile(SESSIONS / "pungi-game-2p.jsonl", folder / "pungi.jsonl")
    shutil.copyfile(SESSIONS / "mafia-omerta-broken.jsonl", folder / "mafia.jsonl")
    return folder


@pytest.mark.parametrize("argv", QUICK, ids=[" ".join(a) for a in QUICK])
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=ARGUMENT)
@example(text="²")
def test_quick_commands_run_whole_on_any_text(folder, capsys, monkeypatch, argv, text):
    monkeypatch.chdir(folder)
    status = main([word.replace("{t}", text) for word in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if status != 0:
        lines = [line for line in err.splitlines() if line.strip()]
        assert status in (1, 2) and len(lines) == 1, err   # what, where, what to do
    # no half-written file left behind, and the picture read is as it was
    assert not [made for made in folder.iterdir() if made.name.startswith(".companion-")]
    assert (folder / "blank.png").stat().st_size == BLANK_BYTES
