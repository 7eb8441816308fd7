"""Bad and hostile input for every command, in the families of issue 31: what a new (or
careless) user types as arguments, points the commands at, or sets up around them.

Each :class:`Case` is one command line run in a fresh folder made by :func:`prepare` (a
finished journal, a game part-way, a calibration, pictures, FIFOs, edited decks, a
recording that claims too much ...). :mod:`tests.input.census` runs every case through
the real ``companion`` command in a subprocess and counts what happened; the tests run
them too. A case's outcome is one of:

- ``refused``: exit status 1 or 2 with a message (``one line`` when it is a single line);
- ``accepted``: exit status 0, or a dashboard drawn on the screen;
- ``traceback``: a Python traceback, or the process killed by a signal;
- ``hang``: nothing drawn or said within the time allowed (a FIFO read for ever);
- ``lost``: a file the case keeps came out changed or gone, or a journal that no longer
  replays.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SESSIONS = ROOT / "fixtures" / "sessions"
RECORDING = ROOT / "fixtures" / "recordings" / "pungi-4p"
DEMO = str(SESSIONS / "demo.jsonl")
LONG = "x" * 300   # longer than a file name may be (255 bytes)


@dataclass(frozen=True)
class Case:
    family: str
    argv: tuple[str, ...]             # "{d}" is the case's folder
    env: tuple[tuple[str, str], ...] = ()
    keep: tuple[str, ...] = ()        # files of the folder that must come out unchanged
    fsize: int | None = None          # a file-size limit (bytes) on the process
    twice: bool = False               # the same command again while the first still runs

    @property
    def label(self) -> str:
        env = " ".join(f"{k}={v}" for k, v in self.env)
        return " ".join(filter(None, [env, "companion", *map(_shown, self.argv)]))

    def words(self, folder: Path) -> list[str]:
        return [word.replace("{d}", str(folder)) for word in self.argv]

    def environment(self, folder: Path) -> dict[str, str]:
        return {k: v.replace("{d}", str(folder)) for k, v in self.env}


def _shown(word: str) -> str:
    text = word if len(word) < 40 else word[:20] + "..." + word[-8:]
    return text if text and text.isprintable() and " " not in text else repr(text)


# --- the folder every case runs in -------------------------------------------------------

def prepare(folder: Path) -> None:
    """What the cases point at, made fresh for each."""
    import cv2
    import numpy as np

    copy = shutil.copyfile
    copy(SESSIONS / "pungi-game-2p.jsonl", folder / "journal.jsonl")        # finished
    copy(SESSIONS / "pungi-series-partial.jsonl", folder / "partial.jsonl")  # part-way
    copy(SESSIONS / "mafia-omerta-broken.jsonl", folder / "mafia.jsonl")     # "Omertà"
    copy(RECORDING / "calibration.json", folder / "table.json")
    (folder / "folder").mkdir()
    (folder / "binary.bin").write_bytes(bytes(range(256)) * 8)
    (folder / "binary.png").write_bytes(bytes(range(256)) * 8)
    (folder / "binary.jsonl").write_bytes(bytes(range(256)) * 8)
    (folder / "utf16.jsonl").write_bytes(
        (SESSIONS / "pungi-game-2p.jsonl").read_text(encoding="utf-8").encode("utf-16"))
    cv2.imwrite(str(folder / "blank.png"), np.full((120, 160, 3), 200, np.uint8))
    cv2.imwrite(str(folder / "table.png"), _table_picture())
    (folder / "truncated.png").write_bytes((folder / "blank.png").read_bytes()[:60])
    (folder / "broken.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42" + bytes(500))
    for name in ("pipe", "pipe.jsonl", "pipe.png", "pipe.avi", "pipe.json", "pipe.wav",
                 "pipe.tsv"):
        os.mkfifo(folder / name)
    _recordings(folder)
    _decks(folder)


@cache
def _table_picture():
    """A frame of the bundled recording: a table that calibrates."""
    import cv2

    capture = cv2.VideoCapture(str(RECORDING / "video.mp4"))
    for _ in range(5):
        ok, image = capture.read()
    capture.release()
    return image


def _recordings(folder: Path) -> None:
    """A copy of a bundled recording (its video linked; its first 30 frames, so it replays
    in seconds), and copies that claim too much."""
    def recording(name: str, **manifest) -> Path:
        rec = folder / name
        rec.mkdir()
        for item in RECORDING.iterdir():
            if item.suffix == ".mp4":
                (rec / item.name).symlink_to(item)
            else:
                shutil.copyfile(item, rec / item.name)
        data = json.loads((rec / "manifest.json").read_text(encoding="utf-8"))
        data.update({"frames": 30, **manifest})
        (rec / "manifest.json").write_text(json.dumps(data), encoding="utf-8")
        return rec

    recording("rec")
    recording("rec-frames", frames=10 ** 12)
    recording("rec-size", size=[10 ** 9, 10 ** 9])
    recording("rec-fps", fps=1e-300)
    recording("rec-video", video="pipe.avi")
    os.mkfifo(folder / "rec-video" / "pipe.avi")
    times = recording("rec-times")
    (times / "timestamps.txt").unlink()
    os.mkfifo(times / "timestamps.txt")
    manifest = recording("rec-manifest")
    (manifest / "manifest.json").unlink()
    os.mkfifo(manifest / "manifest.json")
    binary = recording("rec-binary")
    (binary / "manifest.json").write_bytes(bytes(range(256)))


def _decks(folder: Path) -> None:
    """$COMPANION_DECKS folders: edited copies with a mistake each."""
    from companion.decks import DECK_DIR

    def decks(name: str, game: str | None = None, old: str = "", new: str = "",
              raw: bytes | None = None) -> None:
        target = folder / name
        shutil.copytree(DECK_DIR, target, ignore=shutil.ignore_patterns("*.py", "__py*"))
        if game is None:
            return
        path = target / f"{game}.toml"
        if raw is not None:
            path.write_bytes(raw)
        else:
            text = path.read_text(encoding="utf-8")
            assert old in text, (name, old)
            path.write_text(text.replace(old, new, 1), encoding="utf-8")

    pungi = (DECK_DIR / "pungi.toml").read_text(encoding="utf-8")
    decks("decks-ok")
    decks("decks-toml", "pungi", "cards = [", "cards = [[[")
    decks("decks-utf16", "pungi", raw=pungi.encode("utf-16"))
    decks("decks-binary", "pungi", raw=bytes(range(256)) * 4)
    decks("decks-value", "pumafiosi", 'value = 2, label = "2"', 'value = 1, label = "2"')
    decks("decks-character", "mafia", 'name = "Francesca", label = "Francesca"',
          'name = "Enrico", label = "Francesca"')
    decks("decks-mission", "mafia", "id = 2,", "id = 1,")
    decks("decks-marker", "kit", "marker = 0 ", "marker = 20 ")
    decks("decks-fifo", "pungi", raw=b"")
    (folder / "decks-fifo" / "pungi.toml").unlink()
    os.mkfifo(folder / "decks-fifo" / "pungi.toml")
    decks("decks-folder", "pungi", raw=b"")
    (folder / "decks-folder" / "pungi.toml").unlink()
    (folder / "decks-folder" / "pungi.toml").mkdir()
    decks("decks-some")
    (folder / "decks-some" / "kit.toml").unlink()


# --- the cases ---------------------------------------------------------------------------

# Numbers as a careless user (or a keyboard in another script) writes them.
DIGITS = ("²", "٣", "３", "1_0", "٤٥")   # not ASCII: isdigit() or int() take them
NUMBERS = ("inf", "nan", "-1", "0", "1e309", "99999999999999999999")
ODD = ("", "x", "3.5", "0x10", " 5", "+5")

PLAY = ("play", "pungi", "--players", "Ann", "Bob", "--journal", "{d}/new.jsonl")
DEMO_SESSION = ("demo", "--session", DEMO)
TIMER = ("timer", "omerta", "--players", "3", "--no-mic", "--mute")
CARDS = ("cards", "print", "kit", "--players", "2", "--out", "{d}/kit.pdf")
CALIBRATE = ("calibrate", "{d}/blank.png", "--out", "{d}/new-table.json")
SCAN = ("scan", "{d}/blank.png")
RECORD = ("record", "--camera", str(RECORDING / "video.mp4"), "--calibration",
          "{d}/table.json", "--game", "pungi", "--players", "Ann", "Bob", "Cy", "Dee",
          "--out", "{d}/new-rec")
RECORD_SHORT = RECORD + ("--max-frames", "5")

# (base command, option, tokens): the option given each token in turn.
NUMERIC = [
    (PLAY, "--games", DIGITS + NUMBERS + ODD),
    (PLAY, "--turn-seconds", DIGITS + NUMBERS + ODD),
    (PLAY + ("--calibration", "{d}/table.json"), "--camera",
     DIGITS + ("-1", "99999999999999999999")),
    (PLAY, "--web", DIGITS + (":²", ":٣", "127.0.0.1:²", ":99999", ":-1", ":inf")),
    (DEMO_SESSION, "--turn-seconds", DIGITS + NUMBERS),
    (DEMO_SESSION, "--max-gap", DIGITS + NUMBERS),
    (DEMO_SESSION, "--web", (":²", ":٣")),
    (TIMER, "--players", DIGITS + NUMBERS + ODD),
    (TIMER, "--turn-seconds", DIGITS + NUMBERS + ODD),
    (TIMER, "--sensitivity", DIGITS + NUMBERS),
    (TIMER, "--volume", DIGITS + NUMBERS),
    (TIMER, "--device", DIGITS + ("-1", "99999999999999999999")),
    (TIMER, "--mic-device", DIGITS),
    (TIMER, "--web", (":²", ":٣", "²")),
    (CARDS, "--dpi", DIGITS + NUMBERS),
    (("cards", "print", "kit", "--out", "{d}/kit.pdf"), "--players", DIGITS + NUMBERS),
    (CALIBRATE, "--players", DIGITS + NUMBERS),
    (CALIBRATE, "--table", ("²x600", "800x٣", "infxinf", "0x0", "1e309x5", "-800x600",
                            "800", "８００x６００")),
    (CALIBRATE + ("--chessboard", "{d}/blank.png"), "--pattern",
     ("²x6", "9x٣", "1x1", "0x0", "99999999x99999999", "infx6")),
    (CALIBRATE + ("--chessboard", "{d}/blank.png"), "--square-mm", DIGITS + NUMBERS),
    (CALIBRATE, "--seconds", DIGITS + NUMBERS),
    (("calibrate", "--out", "{d}/new-table.json"), "--camera", DIGITS + ("-1",)),
    (SCAN, "--frames", DIGITS + NUMBERS),
    (("scan",), "--camera", DIGITS + ("-1",)),
    (RECORD_SHORT, "--games", DIGITS + NUMBERS),
    (RECORD, "--max-frames", DIGITS + NUMBERS),
    (("listen", "{d}/missing.wav"), "--sensitivity", DIGITS + NUMBERS),
    (("bench", "rules", "--matches", "2"), "--repeat", DIGITS + ("-1", "0", "inf")),
    (("bench", "rules", "--repeat", "1"), "--matches", DIGITS + ("-1", "0", "inf")),
    (("bench", "vision"), "--frames", ("-1", "0", "²")),
    (("bench", "vision", "--far-only"), "--far-seeds", ("-1", "0", "²")),
    (("bench", "render"), "--frames", ("-1", "0", "²")),
    (("bench", "live"), "--rounds", DIGITS + ("-1", "0", "inf", "nan")),
    (("bench", "web"), "--clients", ("-1", "0", "²")),
    (("bench", "dashboard"), "--size", ("0x0", "10x-5", "²x40", "99999999x99999999",
                                        "120", "infxinf")),
    (("bench", "dashboard"), "--seconds", ("inf", "nan", "0", "-1")),
    (("bench", "vad"), "--sensitivity", ("²", "inf", "nan", "-1")),
    (("export", "{d}/journal.jsonl", "--bgstats", "--out", "{d}/new.bgsplay"), "--date",
     ("2026-13-01 10:00", "²⁰²⁶-01-01 10:00", "9999-12-31 23:59", "0001-01-01 00:00",
      "2026-01-01 10:00\x1b[2J", "")),
]


def numeric_cases() -> list[Case]:
    return [Case("digits" if token in DIGITS or not token.isascii() else "numbers",
                 base + (option, token))
            for base, option, tokens in NUMERIC for token in tokens]


# Files: a FIFO (never written to: reading it waits for ever), a folder, binary and
# UTF-16 text, /dev/full (a full disk), a name longer than the file system allows.
FILES = [
    # (family, argv)
    *[("hangs", argv) for argv in [
        ("replay", "{d}/pipe.jsonl"), ("replay", "{d}/pipe"),
        ("export", "{d}/pipe.jsonl", "--bgstats"),
        ("play", "--resume", "{d}/pipe.jsonl"),
        ("demo", "--session", "{d}/pipe.jsonl"),
        ("scan", "{d}/pipe.png"), ("scan", "{d}/pipe.avi"), ("scan", "{d}/pipe"),
        ("scan", "{d}/blank.png", "--calibration", "{d}/pipe.json"),
        ("calibrate", "{d}/pipe.png", "--out", "{d}/new-table.json"),
        ("calibrate", "{d}/pipe.avi", "--out", "{d}/new-table.json"),
        ("calibrate", "{d}/blank.png", "--chessboard", "{d}/pipe.png"),
        (*PLAY, "--camera", "{d}/blank.png", "--calibration", "{d}/pipe.json"),
        (*PLAY, "--camera", "{d}/pipe.avi", "--calibration", "{d}/table.json"),
        ("record", "--camera", "{d}/pipe.avi", *RECORD[3:]),
        ("record", "--camera", str(RECORDING / "video.mp4"), "--calibration",
         "{d}/pipe.json", *RECORD[5:]),
        ("listen", "{d}/pipe.wav"),
        ("bench", "vad", "--labels", "{d}/pipe.tsv"),
        ("replay", "{d}/rec-video"), ("replay", "{d}/rec-times"),
        ("replay", "{d}/rec-manifest"),
    ]],
    *[("text", argv) for argv in [
        ("replay", "{d}/binary.jsonl"), ("replay", "{d}/utf16.jsonl"),
        ("replay", "/dev/null"), ("replay", "{d}/folder"), ("replay", "{d}/" + LONG),
        ("export", "{d}/binary.jsonl", "--bgstats"), ("export", "{d}/folder", "--bgstats"),
        ("play", "--resume", "{d}/binary.jsonl"), ("play", "--resume", "{d}/utf16.jsonl"),
        ("play", "--resume", "{d}/folder"), ("play", "--resume", "/dev/null"),
        ("demo", "--session", "{d}/binary.jsonl"), ("demo", "--session", "{d}/folder"),
        ("scan", "{d}/binary.png"), ("scan", "{d}/truncated.png"),
        ("scan", "{d}/broken.mp4"), ("scan", "{d}/binary.bin"),
        ("scan", "{d}/blank.png", "--calibration", "{d}/binary.bin"),
        ("scan", "{d}/blank.png", "--calibration", "{d}/folder"),
        ("calibrate", "{d}/binary.png", "--out", "{d}/new-table.json"),
        ("calibrate", "{d}/broken.mp4", "--out", "{d}/new-table.json"),
        (*PLAY, "--camera", "{d}/blank.png", "--calibration", "{d}/binary.bin"),
        ("listen", "{d}/folder"), ("listen", "{d}/binary.bin"),
        ("bench", "vad", "--labels", "{d}/binary.bin"),
        ("bench", "vad", "--labels", "{d}/folder"),
        ("replay", "{d}/rec-frames"), ("replay", "{d}/rec-size"),
        ("replay", "{d}/rec-fps"), ("replay", "{d}/rec-binary"),
        ("replay", "{d}/rec-frames", "--check"),
    ]],
    # writing where it cannot be written: a full disk, a name too long, a folder
    *[("output", argv) for argv in [
        ("export", "{d}/journal.jsonl", "--bgstats", "--out", "/dev/full"),
        ("export", "{d}/journal.jsonl", "--bgstats", "--out", "{d}/" + LONG),
        ("export", "{d}/journal.jsonl", "--bgstats", "--out", "{d}/folder"),
        ("export", "{d}/journal.jsonl", "--bgstats", "--out", "{d}/nowhere/x.bgsplay"),
        ("calibrate", "{d}/blank.png", "--out", "/dev/full"),
        ("calibrate", "{d}/blank.png", "--out", "{d}/" + LONG),
        ("play", "pungi", "--players", "Ann", "Bob", "--journal", "/dev/full"),
        ("play", "pungi", "--players", "Ann", "Bob", "--journal", "{d}/" + LONG),
        ("play", "pungi", "--players", "Ann", "Bob", "--journal", "{d}/folder"),
        ("play", "pungi", "--players", "Ann", "Bob", "--journal", "{d}/nowhere/g.jsonl"),
        (*TIMER, "--session", "/dev/full"),
        (*TIMER, "--session", "{d}/" + LONG),
        (*TIMER, "--session", "{d}/folder"),
        (*TIMER, "--session", "{d}/new.jsonl", "--clips", "{d}/binary.bin"),
        ("cards", "print", "kit", "--out", "{d}/" + LONG + ".pdf"),
        ("cards", "print", "kit", "--out", "/dev/full"),
        ("scan", "{d}/blank.png", "--annotate", "{d}/out.txt"),
        ("scan", "{d}/blank.png", "--annotate", "{d}/" + LONG + ".png"),
        ("scan", "{d}/blank.png", "--annotate", "{d}/out"),
        ("record", *RECORD[1:-1], "{d}/" + LONG, "--max-frames", "2"),
        ("record", *RECORD[1:-1], "{d}/binary.bin", "--max-frames", "2"),
        ("record", *RECORD[1:-1], "{d}/rec", "--max-frames", "2"),
    ]],
]

# Commands that write, pointed at a file that holds a game or a recording.
LOST = [
    Case("lost", ("calibrate", "{d}/table.png", "--out", "{d}/journal.jsonl"),
         keep=("journal.jsonl",)),
    Case("lost", ("export", "{d}/partial.jsonl", "--bgstats", "--out", "{d}/journal.jsonl"),
         keep=("journal.jsonl",)),
    Case("lost", ("export", "{d}/journal.jsonl", "--bgstats", "--out", "{d}/journal.jsonl"),
         keep=("journal.jsonl",)),
    Case("lost", ("export", "{d}/journal.jsonl", "--bgstats", "--out", "{d}/table.json"),
         keep=("table.json",)),
    Case("lost", ("calibrate", "{d}/table.png", "--out",
                  "{d}/rec/session.jsonl"), keep=("rec/session.jsonl",)),
    Case("lost", ("calibrate", "{d}/table.png", "--out", "{d}/table.json",
                  "--annotate", "{d}/journal.jsonl"), keep=("journal.jsonl",)),
    Case("lost", ("scan", "{d}/blank.png", "--annotate", "{d}/journal.png"),
         keep=("journal.jsonl",)),
    Case("lost", ("cards", "print", "kit", "--out", "{d}/journal.png"), keep=("journal.jsonl",)),
    Case("lost", (*TIMER, "--session", "{d}/journal.jsonl"), keep=("journal.jsonl",)),
    Case("lost", ("play", "pungi", "--players", "Ann", "Bob", "--journal",
                  "{d}/journal.jsonl"), keep=("journal.jsonl",)),
    Case("lost", ("record", *RECORD[1:-1], "{d}/rec", "--max-frames", "2"),
         keep=("rec/session.jsonl",)),
    Case("lost", ("play", "--resume", "{d}/partial.jsonl"), twice=True),
    Case("lost", ("timer", "omerta", "--players", "3", "--no-mic", "--mute", "--session",
                  "{d}/partial.jsonl"), keep=("partial.jsonl",)),
]

NAMES = ["\x1b[2J\x1b[31mEvil", "Ann\nBob", "Ann\tLee", "\u202eAnn", "Ann\x7f",
         "\x1b]0;pwned\x07Ann", "A" * 5000, "\udcff\udcfe", "Ann\u2028Lee", "\x85Ann"]


def name_cases() -> list[Case]:
    cases = []
    for name in NAMES:
        cases += [
            Case("names", ("play", "pungi", "--players", name, "Bob", "--journal",
                           "{d}/new.jsonl")),
            Case("names", ("play", "pumafiosi", "--players", f"{name}:41", "Bob:35",
                           "--journal", "{d}/new.jsonl")),
            Case("names", ("play", "mafia", "--players", f"Ann={name}", "Bob", "Cy",
                           "--journal", "{d}/new.jsonl")),
            Case("names", ("record", *RECORD[1:7], "--players", name, "Bob", "Cy", "Dee",
                           "--out", "{d}/new-rec", "--max-frames", "2")),
            Case("names", ("export", "{d}/mafia.jsonl", "--bgstats", "--cops", name)),
        ]
    return cases


def deck_cases() -> list[Case]:
    commands = [
        ("play", "pumafiosi", "--players", "Ann:41", "Bob:35", "--journal", "{d}/new.jsonl"),
        ("play", "pungi", "--players", "Ann", "Bob", "--journal", "{d}/new.jsonl"),
        ("replay", "{d}/journal.jsonl"),
        ("replay", str(SESSIONS / "pumafiosi-full-4p.jsonl")),
        ("cards", "print", "kit", "--out", "{d}/kit.pdf"),
        ("export", "{d}/journal.jsonl", "--bgstats", "--out", "{d}/new.bgsplay"),
        ("scan", "{d}/blank.png"),
        TIMER,
    ]
    folders = ["{d}/missing-decks", "{d}/decks-toml", "{d}/decks-utf16", "{d}/decks-binary",
               "{d}/decks-value", "{d}/decks-character", "{d}/decks-mission",
               "{d}/decks-marker", "{d}/decks-fifo", "{d}/decks-folder", "{d}/decks-some",
               "{d}/binary.bin"]
    return [Case("decks", argv, env=(("COMPANION_DECKS", folder),))
            for folder in folders for argv in commands]


# A terminal that cannot print every character.
ENCODING = [
    Case("text", argv, env=(("PYTHONIOENCODING", encoding),))
    for encoding in ("ascii", "latin-1")
    for argv in [("--help",), ("timer", "--help"), ("timer", "omerta", "--help"),
                 ("play", "--help"), ("replay", "{d}/mafia.jsonl"),
                 ("replay", "--json", "{d}/mafia.jsonl"), ("replay", "--demo"),
                 ("play", "pungi", "--players", "Zoë", "ZOE"),
                 ("play", "pungi", "--players", "Ann", "--lang", "vi"),
                 ("calibrate", "{d}/blank.png", "--out", "{d}/t.json", "--lang", "vi"),
                 ("export", "{d}/mafia.jsonl", "--bgstats", "--cops", "Zoë"),
                 ("scan", "{d}/Zoë.png"),
                 (*TIMER, "--lang", "vi")]
]

# A file-size limit: what is written past it fails (EFBIG).
LIMITS = [
    Case("output", ("export", "{d}/journal.jsonl", "--bgstats", "--out", "{d}/new.bgsplay"),
         fsize=200),
    Case("output", ("calibrate", "{d}/table.png", "--out", "{d}/new-table.json"),
         fsize=300),
    Case("output", (*TIMER, "--session", "{d}/new.jsonl"), fsize=40),
    Case("output", ("play", "pungi", "--players", "Ann", "Bob", "--journal",
                    "{d}/new.jsonl"), fsize=40),
    Case("output", ("cards", "print", "kit", "--out", "{d}/kit.pdf"), fsize=4000),
    Case("output", ("record", *RECORD[1:], "--max-frames", "5"), fsize=20000),
]

OTHER = [
    Case("other", ("listen", "{d}/folder")),
    Case("other", ("listen", "{d}/missing.wav")),
    Case("other", ("replay",)),
    Case("other", ("replay", "{d}/missing.jsonl")),
    Case("other", ("nosuchcommand",)),
    Case("other", ("play", "--nosuchoption")),
    Case("other", ("play", "chess")),
    Case("other", ("play", "pungi", "--lang", "fr")),
    Case("other", ("timer",)),
    Case("other", ("cards", "print", "chess", "--out", "{d}/x.pdf")),
    Case("other", ("bench",)),
    Case("other", ("export", "{d}/journal.jsonl")),
    Case("other", ("demo", "--recording", "nope")),
    Case("other", ("demo", "--recording", "../../etc")),
]


def all_cases() -> list[Case]:
    return [*numeric_cases(), *(Case(family, argv) for family, argv in FILES), *LOST,
            *name_cases(), *deck_cases(), *ENCODING, *LIMITS, *OTHER]


def sample_cases() -> list[Case]:
    """The cases the test suite runs (the census runs them all): every FIFO, every write
    onto a game, every file-size limit, and one of each family for each command (edited
    decks and argparse's own mistakes have their tests: test_edited_decks.py,
    test_arguments.py)."""
    chosen: dict[tuple, Case] = {}
    for case in all_cases():
        words = case.argv + ("",)
        command = words[0], words[1] if words[0] in ("bench", "cards", "timer") else ""
        if case.family in ("decks", "other"):
            continue
        if case.family in ("hangs", "lost") or case.fsize is not None:
            key: tuple = (case.argv, case.fsize)
        else:   # (a terminal's encoding: each command once, in ASCII)
            key = (case.family, command, bool(case.env))
        chosen.setdefault(key, case)
    return list(chosen.values())
