"""Reading and writing session files (companion-session/1, JSON Lines).

Reading stops at the first bad line with a :class:`SessionFileError` that names the
file, the line and the reason; everything before it stays valid. Writing is append-only
and flushed per move, so a crash loses nothing that was journalled.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterator

from companion.games import Header, Move, Outcome, RuleError
from companion.i18n import t
from companion.rule_reasons import file_reason
from companion.session.session import Session, parse_header


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
        raw = Path(path).read_bytes()
    except OSError as exc:
        return Replay(None, error=SessionFileError(shown, 0, "session.unreadable",
                                                   reason=exc.strerror or str(exc)))
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

    def __init__(self, stream: IO[str], path: Path, repaired: Path | None = None):
        self._stream = stream
        self.path = path
        self.repaired = repaired   # where resume moved a cut-short last line, if it did

    @classmethod
    def create(cls, path: str | os.PathLike, header: Header) -> "Journal":
        path = Path(path)
        if path.exists() and path.stat().st_size:
            raise FileExistsError(f"{path} already holds a session; use --resume to go on")
        journal = cls(path.open("a", encoding="utf-8"), path)
        journal._write(header.to_json())
        return journal

    @classmethod
    def resume(cls, path: str | os.PathLike) -> tuple["Journal", Replay]:
        """Open an existing journal to go on where it stopped.

        A last line cut short by a crash mid-write is moved to ``<file>.damaged`` (kept, not
        lost) so that the journal is valid again; any other bad line is an error for a
        person to fix, since guessing could change what was recorded.
        """
        path = Path(path)
        replay = replay_file(path)
        repaired = None
        if replay.error is not None:
            raw = path.read_bytes() if path.exists() else b""
            lines = raw.split(b"\n")
            while lines and not lines[-1].strip():
                lines.pop()
            cut_short = (replay.session is not None and replay.error.line == len(lines)
                         and replay.error.reason.startswith("not valid JSON"))
            if not cut_short:
                raise replay.error
            repaired = Path(f"{path}.damaged")
            with open(repaired, "ab") as damaged:
                damaged.write(lines[-1] + b"\n")
            path.write_bytes(b"\n".join(lines[:-1]) + b"\n")
            replay = replay_file(path)
        elif not path.read_bytes().endswith(b"\n"):
            with path.open("ab") as stream:
                stream.write(b"\n")
        return cls(path.open("a", encoding="utf-8"), path, repaired), replay

    def append(self, move: Move) -> None:
        self._write(dict(move))

    def _write(self, obj: dict) -> None:
        self._stream.write(json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n")
        self._stream.flush()
        os.fsync(self._stream.fileno())

    def close(self) -> None:
        self._stream.close()
