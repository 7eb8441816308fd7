"""Who were the cops of a finished Mafia game: a small file beside its journal.

The goal cards stay secret until a Mafia game ends, so the journal's header rarely gives
roles, and a finished session takes no more moves but undo (spec/session-format.md). The
table's answer to "who were the cops?" is kept next to the journal instead, as
``GAME.cops.json`` for ``GAME.jsonl``: ``{"format": "companion-cops/1", "cops": [...]}``.
Written whole to a temporary file and renamed, so a crash leaves the old file or the new.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Sequence

from companion.said import said

FORMAT = "companion-cops/1"


class CopsFileError(ValueError):
    """A cops file that cannot be read: its one-line reason (a companion.said sentence)
    names the file."""


def cops_path(journal: str | Path) -> Path:
    """Where the cops of the game journalled in ``journal`` are kept."""
    journal = Path(journal)
    return journal.with_name(journal.stem + ".cops.json")


def write_cops(journal: str | Path, cops: Sequence[str]) -> Path:
    path = cops_path(journal)
    scratch = path.with_name(path.name + ".new")
    scratch.write_text(json.dumps({"format": FORMAT, "cops": list(cops)}, ensure_ascii=False)
                       + "\n", encoding="utf-8")
    os.replace(scratch, path)
    return path


def read_cops(journal: str | Path) -> tuple[str, ...] | None:
    """The cops named for the game in ``journal``; None when none were."""
    path = cops_path(journal)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise CopsFileError(said("cops.unreadable", path=path,
                                 reason=getattr(exc, "strerror", None) or exc)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CopsFileError(said("cops.not_json", path=path, line=exc.lineno,
                                 reason=exc.msg)) from None
    cops = data.get("cops") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(
            cops, list) or not all(isinstance(c, str) for c in cops):
        raise CopsFileError(said("cops.shape", path=path, format=FORMAT))
    return tuple(cops)
