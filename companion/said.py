"""A sentence for people from the live path, kept as what it means: a key and its fields.

The camera's warnings, the reconciler's corrections, missed moves, standing messages and
questions, the adapters' instructions and the rules' refusals of what the camera read are
:class:`Said` values made by ``said(key, **fields)`` (a message of the catalogue,
companion.messages) or ``refusal(err)`` (a RuleError, said from its code). Each is also its English
text, a ``str``: the stages compare, de-duplicate and log it as before, and where it is
shown ``say(text, lang)`` says it in the table's language from its key and fields, never
from the English. ``say`` says vision's problems (a video cut short, a camera that cannot
be opened: ``vision.types.Problem``) and calibration's refusals and notes (a bad table.json:
``calibration.types.CalibrationError``; a corner seen: ``Note``) the same way, from their
code.

A field is said by its name: ``zone``/``seen``/``expected`` a zone of the table ("step:2"),
``card`` a card in game terms (44, "mouse 7", "face down"), ``item``/``animal``/``back``
a game term, ``snake`` a snake card, ``owners`` whose card (none: Tony's), ``moves`` the
moves of the session format, ``alternatives`` several such lists (said as
alternatives), ``move`` a move type, ``usage`` a move's usage ("place CARD
at STEP"), ``session_error`` a session file's bad line (a SessionFileError); a nested Said
is said too.

>>> said("live.corrected", card=44, zone="step:2")
'corrected: 44 is on step 2'
>>> say(said("live.corrected", card=44, zone="step:2"), "vi")
'đã sửa: 44 nằm ở bậc 2'
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from calibration.types import CalibrationError, Note
from companion.games.base import RuleError
from companion.messages import refused_at_table, t
from companion.messages.problems import problem_words
from companion.messages.terms import card_words, describe_move, move_word, names_words, \
    snake_words, term, usage_words, zone_words
from vision.types import Problem

REFUSAL = "refusal:"   # the key of a refusal: this, then the RuleError's code


class Said(str):
    """A sentence that is its English text, with the key and fields to say it in any
    language (``say``)."""

    key: str
    fields: Mapping[str, Any]

    def __new__(cls, english: str, key: str, fields: Mapping[str, Any]):
        self = super().__new__(cls, english)
        self.key, self.fields = key, dict(fields)
        return self

    def __reduce__(self):   # (copies and pickles keep the key and fields)
        return Said, (str(self), self.key, self.fields)


def said(key: str, **fields: Any) -> Said:
    """The message ``key`` of the catalogue with its fields, to be said where shown."""
    return Said(_render(key, fields, "en"), key, fields)


def refusal(err: RuleError) -> Said:
    """A refusal of the rules, said at the table from its code."""
    return Said(str(err), REFUSAL + err.code, err.fields)


CODED = (Problem, CalibrationError, Note)   # said from their code and fields


def say(text: str | Problem | CalibrationError | Note, lang: str) -> str:
    """``text`` in ``lang``: a Said from its key and fields, a vision Problem or calibration's
    CalibrationError or Note from its code; any other text as it is."""
    if isinstance(text, CODED):
        return problem_words(text, lang)
    if not isinstance(text, Said):
        return str(text)
    if text.key.startswith(REFUSAL):
        return refused_at_table(text.key[len(REFUSAL):], text.fields, lang)
    return _render(text.key, text.fields, lang)


FIELD_WORDS: dict[str, Callable[[Any, str], str]] = {
    "zone": lambda v, lang: zone_words(v, lang),
    "seen": lambda v, lang: zone_words(v, lang),
    "expected": lambda v, lang: zone_words(v, lang),
    "card": lambda v, lang: card_words(v, lang),
    "item": lambda v, lang: term(lang, v),
    "animal": lambda v, lang: term(lang, v),
    "back": lambda v, lang: term(lang, v),
    "snake": lambda v, lang: snake_words(v, lang),
    "owners": lambda v, lang: names_words(v, lang),
    "move": lambda v, lang: move_word(lang, v),
    "moves": lambda v, lang: "; ".join(describe_move(m, lang) for m in v),
    "alternatives": lambda v, lang: " / ".join("; ".join(describe_move(m, lang) for m in moves)
                                          for moves in v),
    "usage": lambda v, lang: usage_words(v, lang),
    "session_error": lambda v, lang: v.said_in(lang),   # a SessionFileError
}


def _render(key: str, fields: Mapping[str, Any], lang: str) -> str:
    words = {name: say(value, lang) if isinstance(value, (Said, *CODED))
             else FIELD_WORDS[name](value, lang) if name in FIELD_WORDS else value
             for name, value in fields.items()}
    return t(lang, key, **words)
