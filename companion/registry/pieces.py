"""How a game's pieces look on the table, as data: its deck file and, for each kind of
piece, the face fields every card of that kind carries (checked when a deck is read), how
many the rules count on, which kinds lay out the table's zones and which are on the table
only when a header option says so.

>>> Whole(1, 55).check(37), Whole(1, 55).check(True), Whole(1, 55).words
(True, False, 'a whole number from 1 to 55')
>>> OneOf("blue", "yellow").words
'one of "blue", "yellow"'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int

    def check(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) \
            and self.low <= value <= self.high

    @property
    def words(self) -> str:
        return f"a whole number from {self.low} to {self.high}"


@dataclass(frozen=True)
class OneOf:
    """One of a few texts."""

    choices: tuple[str, ...]

    def __init__(self, *choices: str):
        object.__setattr__(self, "choices", choices)

    def check(self, value: Any) -> bool:
        return value in self.choices

    @property
    def words(self) -> str:
        return "one of " + ", ".join(f'"{c}"' for c in self.choices)


@dataclass(frozen=True)
class Text:
    """A non-empty text."""

    def check(self, value: Any) -> bool:
        return isinstance(value, str) and value.strip() != ""

    @property
    def words(self) -> str:
        return "a non-empty text"


@dataclass(frozen=True)
class Either:
    """Any of a few field forms (a mission's id: a whole number or a text); ``called``:
    shorter words for them than each form's, joined with "or" (the default)."""

    forms: tuple[Any, ...]
    called: str = ""

    def __init__(self, *forms: Any, called: str = ""):
        object.__setattr__(self, "forms", forms)
        object.__setattr__(self, "called", called)

    def check(self, value: Any) -> bool:
        return any(form.check(value) for form in self.forms)

    @property
    def words(self) -> str:
        return self.called or " or ".join(form.words for form in self.forms)


Field = Whole | OneOf | Text | Either


@dataclass(frozen=True)
class Pieces:
    """``deck``: the bundled deck file, ``"package:file.toml"``; ``faces``: kind -> its
    face fields (name -> form); ``counts``: kind -> how many the rules count on;
    ``anchors``: kind -> its role in the table's layout, a template of its face fields
    ("step:{step}", "mission"; see calibration.types.PieceShape); ``optional``: kind ->
    the header option that puts it on the table; ``unique``: kind -> the face fields that
    tell one card of that kind from the others (a Pumafioso by its value): two cards alike
    would be one card to the rules and the camera, so a deck is refused for them (kinds
    not named here may come several alike, as Pungi's snakes)."""

    deck: str
    faces: Mapping[str, Mapping[str, Field]]
    counts: Mapping[str, int] = field(default_factory=dict)
    anchors: Mapping[str, str] = field(default_factory=dict)
    optional: Mapping[str, str] = field(default_factory=dict)
    unique: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
