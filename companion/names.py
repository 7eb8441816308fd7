"""Player names compared as a table says them: case, accents and spacing do not count.

``Ann`` and ``ann`` are one name; ``zoe`` is how Zoë is typed without accents and
``nguyen`` Nguyễn. Used where names must be unique (the session header) and where a
typed name is matched (the command line).
"""

from __future__ import annotations

import unicodedata

# Letters that are not a base letter plus a combining accent, so NFKD keeps them.
_PLAIN = str.maketrans({"đ": "d", "Đ": "d", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l",
                        "ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe"})


def name_key(name: str) -> str:
    """``name`` folded for comparison: no case, no accents, single spaces."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_PLAIN))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())
