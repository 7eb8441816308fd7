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

FORMAT = "companion-cops/1"


class CopsFileError(ValueError):
    """A cops file that cannot be read: its one-line reason names the file."""


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
        raise CopsFileError(f"{path}: cannot be read ({getattr(exc, 'strerror', None) or exc}"
                            f"); remove it and name the cops again") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CopsFileError(f"{path}:{exc.lineno}: not JSON ({exc.msg}); remove it and name "
                            f"the cops again") from None
    cops = data.get("cops") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(
            cops, list) or not all(isinstance(c, str) for c in cops):
        raise CopsFileError(f'{path}:1: must be {{"format": "{FORMAT}", "cops": [names]}}; '
                            f"remove it and name the cops again")
    return tuple(cops)
