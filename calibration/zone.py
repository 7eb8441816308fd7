"""A zone of the table as a value: its kind and, for a numbered kind, its number.

The zone vocabulary is calibration's (calibration.zones lays the zones out): ``seat:N``
and ``play:N`` (player N's seat and play zone), ``step:V`` and ``hierarchy:V`` (beside
and on the Pumafiosi hierarchy card of step V), ``layout:K`` and ``pungi`` (the Pungi
row), ``mission:K`` (the Mafia mission in slot K), and ``tony`` (the open table where
Tony's card lies, between the two players). A zone's text, as the tracker and the
calibration file write it, is ``kind:number`` or the bare kind; :meth:`Zone.parse` and
``str`` turn one into the other.

>>> Zone.parse("step:-3"), str(Zone("play", 2)), Zone.parse("pungi")
(Zone(kind='step', number=-3), 'play:2', Zone(kind='pungi', number=None))
>>> Zone.parse("step:eight")
Traceback (most recent call last):
...
ValueError: not a zone of the table: 'step:eight' (a kind, or a kind and a whole number: "step:8")
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

NUMBERED = ("seat", "play", "step", "hierarchy", "layout", "mission")
"""The kinds of zone that come one per number (a seat, a step, a slot ...)."""
SINGLE = ("pungi", "tony")
"""The kinds of zone there is one of."""

_TEXT = re.compile(r"([a-z]+)(?::(-?\d+))?")


@dataclass(frozen=True, slots=True)
class Zone:
    """``kind`` (a word such as "step") and ``number`` (None for a zone of its own kind
    only, as "pungi")."""

    kind: str
    number: int | None = None

    def __post_init__(self) -> None:
        if (self.kind in NUMBERED) != (self.number is not None) or \
                self.kind not in NUMBERED + SINGLE:
            raise ValueError(f"not a zone of the table: kind {self.kind!r}, number "
                             f"{self.number!r} (numbered: {', '.join(NUMBERED)}; single: "
                             f"{', '.join(SINGLE)})")

    @staticmethod
    def parse(text: str) -> "Zone":
        """The zone a text names ("step:8", "pungi"); ValueError for any other text."""
        return _parse(text)

    def __str__(self) -> str:
        return self.kind if self.number is None else f"{self.kind}:{self.number}"


@lru_cache(maxsize=256)
def _parse(text: str) -> Zone:
    # (a table has a few dozen zones, named again in every frame: each is read once)
    found = _TEXT.fullmatch(text) if isinstance(text, str) else None
    kind, number = found.groups() if found is not None else ("", None)
    if kind not in (NUMBERED if number is not None else SINGLE):
        raise ValueError(f"not a zone of the table: {text!r} (a kind, or a kind and a whole "
                         f'number: "step:8")')
    return Zone(kind, None if number is None else int(number))
