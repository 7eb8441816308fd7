"""Reading and writing session files (companion-session/1, JSON Lines).

Reading stops at the first bad line with a :class:`SessionFileError` that names the
file, the line and the reason; everything before it stays valid. Writing is append-only
and synced per move, so a crash loses nothing that was journalled; a move that cannot be
written whole (a full disk, a file-size limit) is taken back out of the file, so the
journal stays valid up to its last complete move. A journal being written is locked: a
second program that would write to it is told which one holds it.
"""

from __future__ import annotations

import fcntl
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterator

from companion.games import Header, Move, Outcome, RuleError
from companion.i18n import t
from companion.inputs import InputError, read_bytes
from companion.rule_reasons import file_reason
from companion.session.session import Session, parse_header

MAX_SESSION_BYTES = 1 << 28   # 256 MB: millions of moves, far beyond any evening's games


class SessionFileError(Exception):
    """A bad session file: ``path:line: reason`` (``str()``; ``reason`` the English why),
    said in any language by :meth:`said_in`. ``cause``: a message key of companion.i18n
    with its ``fields``, or the RuleError that refused the line's header or move."""

    def __init__(self, path: str, line: int, cause: str | RuleError, **fields):
        # line 0: the file as a whole (it cannot be read at all)
        self.path, self.line, self.cause, self.fields = path, line, cause, fields
        self.reason = self._why("en")
        super().__init__(self.said_in("en"))

    def _why(self, lang: str) -> str:
        return file_reason(self.cause, lang) if isinstance(self.cause, RuleError) else \
            t(lang, self.cause, **self.fields)

    def said_in(self, lang: str) -> str:
        why = self._why(lang)
        return f"{self.path}:{self.line}: {why}" if self.line else f"{self.path}: {why}"

    def __reduce__(self):   # (copies and pickles keep the cause and its fields)
        return _session_file_error, (self.path, self.line, self.cause, self.fields)


def _session_file_error(path: str, line: int, cause: str | RuleError,
                        fields: dict) -> SessionFileError:
    return SessionFileError(path, line, cause, **fields)


@dataclass(frozen=True)
class AppliedMove:
    line: int
    move: Move
    outcomes: tuple[Outcome, ...]


@dataclass
class Replay:
    """A session file read back: the session as far as it is valid, and the error if any."""

    session: Session | None
    steps: list[AppliedMove] = field(default_factory=list)
    error: SessionFileError | None = None


def _json_lines(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip():
            yield number, line


def _parse_line(path: str, number: int, line: str) -> object:
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise SessionFileError(path, number, "session.not_json", reason=exc.msg,
                               column=exc.colno) from None
    except (ValueError, RecursionError):
        raise SessionFileError(path, number, "session.unusable_json") from None


def replay_text(text: str, path: str = "session.jsonl") -> Replay:
    r"""Fold a session file's text; never raises for bad content, returns the error.

    >>> replay = replay_text('{"format": "companion-session/1", "game": "pungi", '
    ...                      '"players": [{"name": "Ann"}, {"name": "Bob"}]}\n'
    ...                      '{"type": "layout", "cards": [3, 4]}\n'
    ...                      '{"type": "play", "player": "Bob", "animal": "duck", "value": 2}\n')
    >>> [step.line for step in replay.steps], str(replay.error)
    ([2], "session.jsonl:3: Bob played duck 2, but it is Ann's turn")
    >>> replay.session.game.to_act
    'Ann'
    """
    lines = _json_lines(text)
    first = next(lines, None)
    if first is None:
        return Replay(None, error=SessionFileError(path, 1, "session.empty"))
    number, line = first
    try:
        header = parse_header(_parse_line(path, number, line))
        session = Session(header)
    except SessionFileError as exc:
        return Replay(None, error=exc)
    except RuleError as exc:
        return Replay(None, error=SessionFileError(path, number, exc))
    replay = Replay(session)
    for number, line in lines:
        try:
            move = _parse_line(path, number, line)
            outcomes = session.apply(move)
        except SessionFileError as exc:
            replay.error = exc
            break
        except RuleError as exc:
            replay.error = SessionFileError(path, number, exc)
            break
        except Exception as exc:  # an engine bug must still not lose the valid prefix
            replay.error = SessionFileError(path, number, "session.internal",
                                            error=f"{type(exc).__name__}: {exc}")
            break
        replay.steps.append(AppliedMove(number, move, outcomes))
    return replay


def replay_file(path: str | os.PathLike) -> Replay:
    """Fold a session file (see :func:`replay_text`; :class:`Journal` shows one written)."""
    shown = str(path)
    try:
        raw = read_bytes(path, "session file", MAX_SESSION_BYTES)
    except InputError as exc:   # (no such file, a folder, a FIFO, too large)
        return Replay(None, error=SessionFileError(shown, 0, "session.unreadable",
                                                   reason=exc.cause or exc.reason))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        return Replay(None, error=SessionFileError(shown, line, "session.not_utf8"))
    # A file with a bad byte on a later line is still valid up to that line.
    return replay_text(text, shown)


class Journal:
    """An append-only session file, flushed (and synced) after every line.

    >>> import tempfile
    >>> from companion.games import Header, Player
    >>> path = Path(tempfile.mkdtemp()) / "game.jsonl"
    >>> journal = Journal.create(path, Header("pungi", (Player("Ann"), Player("Bob"))))
    >>> journal.append({"type": "layout", "cards": [3, 4], "t": 1.5})
    >>> journal.close()
    >>> print(path.read_text(encoding="utf-8"), end="")
    {"format": "companion-session/1", "game": "pungi", "players": [{"name": "Ann"}, {"name": "Bob"}], "options": {}}
    {"type": "layout", "cards": [3, 4], "t": 1.5}
    >>> replay_file(path).session.game.phase
    'play'
    """

    def __init__(self, file: int | IO, path: Path, repaired: Path | None = None):
        """``file``: the journal opened for appending, a descriptor or a file object
        (written through its descriptor); locked here (JournalInUse if it is already),
        closed if that fails."""
        self._file = file
        self._fd = file if isinstance(file, int) else file.fileno()
        self.path = path
        self.repaired = repaired   # where resume moved a cut-short last line, if it did
        if not stat.S_ISREG(os.fstat(self._fd).st_mode):
            return   # a device (/dev/full, /dev/null) holds no game another could resume
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = lock_holder(self._fd)
            self.close()
            raise JournalInUse(path, holder) from None
        except OSError:
            pass   # a file system without locks (some network shares): written unlocked

    @classmethod
    def create(cls, path: str | os.PathLike, header: Header) -> "Journal":
        path = Path(path)
        if path.exists() and path.stat().st_size:
            raise FileExistsError(f"{path} already holds a session; use --resume to go on")
        made = not path.exists()
        # (O_NONBLOCK: a FIFO with no reader is refused at once, not waited on)
        journal = cls(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK,
                              0o666), path)
        try:
            journal._write(header.to_json())
        except OSError:   # not even the header: no journal is left behind
            journal.close()
            if made:
                path.unlink(missing_ok=True)
            raise
        return journal

    @classmethod
    def resume(cls, path: str | os.PathLike) -> tuple["Journal", Replay]:
        """Open an existing journal to go on where it stopped (locked first, so a second
        program resuming it is refused before anything is read or repaired).

        A last line cut short by a crash mid-write is moved to ``<file>.damaged`` (kept, not
        lost) so that the journal is valid again; any other bad line is an error for a
        person to fix, since guessing could change what was recorded.
        """
        path = Path(path)
        journal = cls(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK), path)
        try:
            replay = journal._repaired_replay()
        except BaseException:
            journal.close()
            raise
        return journal, replay

    def _repaired_replay(self) -> Replay:
        path = self.path
        replay = replay_file(path)
        if replay.error is None:
            if not read_bytes(path, "session file", MAX_SESSION_BYTES).endswith(b"\n"):
                os.write(self._fd, b"\n")
            return replay
        raw = read_bytes(path, "session file", MAX_SESSION_BYTES) \
            if replay.session is not None else b""
        lines = raw.split(b"\n")
        while lines and not lines[-1].strip():
            lines.pop()
        cut_short = (replay.session is not None and replay.error.line == len(lines)
                     and replay.error.reason.startswith("not valid JSON"))
        if not cut_short:
            raise replay.error
        self.repaired = Path(f"{path}.damaged")
        with open(self.repaired, "ab") as damaged:
            damaged.write(lines[-1] + b"\n")
        # The lines before it stay as they are: the file is cut back, not rewritten.
        os.ftruncate(self._fd, sum(len(line) + 1 for line in lines[:-1]))
        return replay_file(path)

    def append(self, move: Move) -> None:
        self._write(dict(move))

    def _write(self, obj: dict) -> None:
        """One line, whole: if the disk is full (or a size limit is met) part way, what was
        written of it is cut off again, so the file ends with the last complete line."""
        try:
            text = json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
            data = (text + "\n").encode("utf-8")
        except UnicodeEncodeError:   # a lone surrogate: JSON's escape keeps it readable
            data = (json.dumps(obj, separators=(", ", ": ")) + "\n").encode("ascii")
        end = os.lseek(self._fd, 0, os.SEEK_END)
        try:
            done = 0
            while done < len(data):
                done += os.write(self._fd, data[done:])
            os.fsync(self._fd)
        except OSError:
            try:
                os.ftruncate(self._fd, end)
            except OSError:
                pass   # (a device, /dev/full: there is nothing to cut back)
            raise

    def close(self) -> None:
        if self._fd >= 0:   # (the lock goes with it)
            if isinstance(self._file, int):
                os.close(self._fd)
            else:
                self._file.close()
            self._fd = -1


class JournalInUse(OSError):
    """The journal is being written by another program (``holder``: which, as it can be
    told: "companion play (pid 4242)")."""

    def __init__(self, path: Path, holder: str):
        super().__init__(f"{path} is in use by {holder}: a journal takes one game at a time; "
                         f"quit that one first, or start a new journal")
        self.path, self.holder = path, holder


def lock_holder(fd: int) -> str:
    """Which program holds the lock on the open file ``fd``, from /proc/locks (Linux):
    "companion play (pid 4242)", or "another program" when it cannot be told."""
    info = os.fstat(fd)
    device = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            rows = [line.split() for line in locks]
    except OSError:
        return "another program"
    pids = [row[4] for row in rows if len(row) > 5 and "->" not in row
            and row[5] == device and row[4] != str(os.getpid())]
    if not pids:
        return "another program"
    return f"{_command(pids[0])} (pid {pids[0]})"


def _command(pid: str) -> str:
    """The command a process runs, as a person typed it: "companion play"."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as source:
            words = source.read().decode("utf-8", "replace").split("\0")
    except OSError:
        return "a program"
    for i, word in enumerate(words):
        if Path(word).name == "companion":
            return " ".join(["companion", *words[i + 1:i + 2]])
    return Path(words[0]).name or "a program"
