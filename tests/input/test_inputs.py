"""The one way in (companion.inputs) and the one way out (companion.outputs): numbers in
ASCII digits, finite and in range; files that are regular files of a bounded size in a
stated encoding; text echoed with its control characters escaped; outputs that never
replace a game and are written whole or not at all."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import threading

import pytest
from hypothesis import given, strategies as st

from companion.inputs import (InputError, control_character, decimal, decimal_number,
                              dimensions, escaped, read_bytes, read_text, regular_file,
                              shown, whole, whole_number)
from companion.outputs import check_output, kind_of, write_whole
from tests.input.cases import SESSIONS

# Digits that str.isdigit() or int() take but are not ASCII: superscript, Arabic-Indic,
# fullwidth, Devanagari, Bengali; and Python's own underscores.
NOT_ASCII = ["²", "٣", "３", "४२", "১", "1_0", "٤٥"]


@pytest.mark.parametrize("text", NOT_ASCII)
def test_numbers_not_in_ascii_digits_are_refused(text):
    assert whole_number(text) is None and decimal_number(text) is None
    with pytest.raises(InputError, match="written in digits 0-9"):
        whole(text)


@pytest.mark.parametrize("text", ["inf", "-inf", "nan", "NaN", "1e309", "infinity", "1e99999"])
def test_numbers_are_finite(text):
    assert decimal_number(text) is None
    with pytest.raises(InputError):
        decimal(text)


def test_numbers_in_range_and_their_words():
    assert whole("7", 1, 8) == 7 and whole(" 7 ") == 7 and whole("-3") == -3
    with pytest.raises(InputError, match="give a whole number from 1 to 8"):
        whole("9", 1, 8)
    with pytest.raises(InputError, match="at most 15 digits"):
        whole("9" * 20)
    assert decimal("0.5", above=0) == 0.5 and decimal("1e3") == 1000.0
    with pytest.raises(InputError, match="more than 0"):
        decimal("0", above=0)
    assert dimensions("800x600", "800x600") == (800.0, 600.0)
    assert dimensions(" 9 X 6 ", "9x6", whole_numbers=True) == (9, 6)
    for bad in ("0x0", "²x6", "800", "8x6x4", "-8x6", "infx6"):
        with pytest.raises(InputError, match="joined by x, e.g. 800x600"):
            dimensions(bad, "800x600")


@given(st.text(max_size=30))
def test_any_text_is_a_number_or_none_and_never_an_exception(text):
    number = whole_number(text)
    assert number is None or (text.strip("+-").isascii() and abs(number) < 10 ** 15)
    value = decimal_number(text)
    assert value is None or value == value and abs(value) != float("inf")


def test_control_characters_are_found_and_escaped():
    assert control_character("Ann Lee") is None and control_character("Zoë Nguyễn") is None
    for text, found in [("\x1b[2JEvil", "\\x1b"), ("Ann\nBob", "\\x0a"), ("\u202eAnn", "\\u202e"),
                        ("\udcff", "\\udcff"), ("Ann\u2028", "\\u2028"), ("\x85", "\\x85"),
                        ("A\x7f", "\\x7f")]:
        assert control_character(text) == found
    assert escaped("\x1b[31mred") == "\\x1b[31mred"
    assert shown("\x1b[2J Evil") == "'\\x1b[2J Evil'" and shown("x" * 100).endswith("...")


def test_a_fifo_is_refused_at_once_not_read_for_ever(tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    done: list[BaseException] = []

    def read() -> None:
        try:
            read_bytes(fifo, "session file", 1000)
        except InputError as exc:
            done.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    assert done and "a FIFO" in str(done[0]) and str(fifo) in str(done[0])
    with pytest.raises(InputError, match="a FIFO"):
        regular_file(fifo, "deck file")


def test_files_a_reader_refuses(tmp_path):
    with pytest.raises(InputError, match="cannot read the deck file: no such file"):
        read_text(tmp_path / "none.toml", "deck file", 100)
    with pytest.raises(InputError, match="a folder, not a deck file"):
        read_text(tmp_path, "deck file", 100)
    big = tmp_path / "big.toml"
    big.write_bytes(b"x" * 101)
    with pytest.raises(InputError, match="101 bytes is too large for a deck file"):
        read_text(big, "deck file", 100)
    utf16 = tmp_path / "utf16.toml"
    utf16.write_text("game = 'pungi'\n", encoding="utf-16")
    with pytest.raises(InputError, match="saved as UTF-16; save it as UTF-8"):
        read_text(utf16, "deck file", 100)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"line 1\nline 2\n\xff\xfe")
    with pytest.raises(InputError, match=r"binary.toml:3: not UTF-8 text \(byte 0xff\)"):
        read_text(binary, "deck file", 100)
    with pytest.raises(InputError, match="a device"):
        read_bytes("/dev/zero", "deck file", 100)


def test_outputs_never_replace_a_game_unless_told(tmp_path):
    journal = tmp_path / "game.jsonl"
    journal.write_text((SESSIONS / "pungi-game-2p.jsonl").read_text())
    assert kind_of(journal) == "a game's journal"
    with pytest.raises(InputError, match="already holds a game's journal; give another name, "
                                         "or add --overwrite to replace it"):
        check_output(journal, "--out", "bgstats")
    assert check_output(journal, "--out", "bgstats", overwrite=True) == journal
    export = tmp_path / "game.bgsplay"
    export.write_text('{"about": "A play for Board Game Stats (BG Stats), ..."}')
    assert check_output(export, "--out", "bgstats") == export   # last time's export
    with pytest.raises(InputError, match="it is a folder"):
        check_output(tmp_path, "--out", "bgstats")
    with pytest.raises(InputError, match="the folder .* does not exist"):
        check_output(tmp_path / "no" / "x.png", "--annotate", "image")
    with pytest.raises(InputError, match="cannot be saved as .txt"):
        check_output(tmp_path / "x.txt", "--annotate", "image")
    with pytest.raises(InputError, match="300 bytes long, more than the file system allows"):
        check_output(tmp_path / ("x" * 300), "--out", "bgstats")
    recording = tmp_path / "rec"
    recording.mkdir()
    (recording / "manifest.json").write_text('{"format": "companion-recording/1"}')
    (recording / "calibration.json").write_text("{}")
    with pytest.raises(InputError, match="already holds a recording"):
        check_output(recording / "calibration.json", "--out", "companion-calibration/")


def test_a_whole_file_or_the_old_one(tmp_path):
    path = tmp_path / "out.json"
    path.write_text("old\n")
    write_whole(path, b"new\n")
    assert path.read_text() == "new\n" and os.listdir(tmp_path) == ["out.json"]
    with pytest.raises(OSError):
        write_whole("/dev/full", b"x" * 10000)
    # Past a file-size limit (a subprocess: the limit is the process's), the old file stays.
    code = ("import resource, sys; from companion.outputs import write_whole\n"
            "resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))\n"
            "try:\n    write_whole(sys.argv[1], b'y' * 1000)\n"
            "except OSError as exc:\n    print(exc.strerror)\n")
    run = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                         text=True, timeout=60)
    assert run.stdout.strip() == "File too large" and run.stderr == ""
    assert path.read_text() == "new\n" and os.listdir(tmp_path) == ["out.json"]
    assert resource.getrlimit(resource.RLIMIT_FSIZE)[0] != 100   # (ours is untouched)
