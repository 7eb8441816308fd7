"""Edited decks ($COMPANION_DECKS) are checked at the door, by every command alike: a
missing folder, a deck file that is a FIFO, UTF-16 or binary, two cards alike are one
line before anything starts (at 4a720cd a Pumafiosi game or a replay ignored them)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from companion.decks import DECK_DIR
from tests.input.cases import ROOT, SESSIONS

COMMANDS = [
    ["play", "pumafiosi", "--players", "Ann:41", "Bob:35", "--journal", "{tmp}/game.jsonl"],
    ["replay", str(SESSIONS / "pumafiosi-full-4p.jsonl")],
]


def decks_with(tmp_path, game: str | None = None, text: bytes | None = None):
    folder = tmp_path / "decks"
    shutil.copytree(DECK_DIR, folder, ignore=shutil.ignore_patterns("*.py", "__py*"))
    if game is not None:
        (folder / f"{game}.toml").unlink()
        if text is None:
            os.mkfifo(folder / f"{game}.toml")
        else:
            (folder / f"{game}.toml").write_bytes(text)
    return folder


def edited(game: str, old: str, new: str) -> bytes:
    return (DECK_DIR / f"{game}.toml").read_text(encoding="utf-8").replace(old, new, 1) \
        .encode("utf-8")


PUNGI = (DECK_DIR / "pungi.toml").read_text(encoding="utf-8")
FOLDERS = {
    "missing folder": (lambda tmp: tmp / "nowhere", "COMPANION_DECKS={tmp}/nowhere: no such "
                       "folder; set it to a folder of edited copies of the deck files"),
    "FIFO": (lambda tmp: decks_with(tmp, "pungi"), "{tmp}/decks/pungi.toml: a FIFO (a pipe "
             "that would be waited on for ever), not a deck file; give the deck file itself"),
    "UTF-16": (lambda tmp: decks_with(tmp, "pungi", PUNGI.encode("utf-16")),
               "{tmp}/decks/pungi.toml: the deck file is saved as UTF-16; save it as UTF-8 "
               "text"),
    # (bytes 0-255 hold a newline, byte 10: the first bad byte, 0x80, is on line 3)
    "binary": (lambda tmp: decks_with(tmp, "pungi", b"game = 1\n" + bytes(range(256))),
               "{tmp}/decks/pungi.toml:3: not UTF-8 text (byte 0x80): is it a deck file?"),
    "a file missing": (lambda tmp: decks_with(tmp, "kit", b"") and
                       (tmp / "decks" / "kit.toml").unlink() or tmp / "decks",
                       "{tmp}/decks/kit.toml: cannot read the deck file: no such file (copy "
                       f"the bundled {DECK_DIR}/kit.toml)"),
    "two alike": (lambda tmp: decks_with(tmp, "mafia", edited(
        "mafia", 'name = "Francesca", label = "Francesca"', 'name = "Enrico", label = '
        '"Francesca"')), "{tmp}/decks/mafia.toml:92: card 78 (Francesca): name 'Enrico' is "
        "card 77's too (Enrico, line 91); each character card has its own name"),
}


@pytest.mark.parametrize("mistake", sorted(FOLDERS))
@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_an_edited_deck_is_checked_by_every_command_before_it_starts(tmp_path, command,
                                                                     mistake):
    make, said = FOLDERS[mistake]
    folder = make(tmp_path)
    run = subprocess.run([sys.executable, "-m", "companion",
                          *(word.format(tmp=tmp_path) for word in command)],
                         cwd=ROOT, env={**os.environ, "COMPANION_DECKS": str(folder)},
                         capture_output=True, text=True, timeout=120,
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.startswith("companion: " + said.format(tmp=tmp_path)), run.stderr
    assert run.stderr.count("\n") == 1
    assert not (tmp_path / "game.jsonl").exists()   # nothing was started
