"""What every module of the catalogue words its messages with: the languages, a checked
language, and how a value of a session file is quoted."""

from __future__ import annotations

import json
from typing import Any, Mapping

LANGS = ("en", "vi")

Fields = Mapping[str, Any]
"""A message's fields: the values its wording needs, by name."""


def checked(lang: str) -> str:
    """``lang`` if the catalogue speaks it (ValueError if not)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    return lang


def in_lang(entry: Mapping[str, Any], lang: str) -> Any:
    """An entry's wording in ``lang``: every entry of the catalogue is ``{"en": ..., "vi":
    ...}``, a ``str.format`` template or a function of the fields."""
    return entry[checked(lang)]


def json_repr(value: Any) -> str:
    """A value of a session file as its JSON, cut short past 40 characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
