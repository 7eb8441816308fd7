"""The values calibration/ hands on: where each card lies, in which zone, and the zones.

Table millimetres: corner 1 at the origin, x to the right and y away from the camera
(as vision.types.Placed), angles in degrees counterclockwise as seen from above.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from calibration.messages import WORDS
from vision.types import CardRef, Point


class CalibrationError(Exception):
    """A calibration that cannot be used, with what is wrong and what to do (one line):
    ``code`` and ``fields`` what it means, ``str()`` its English (calibration.messages), so
    the layer that shows it can say it in the table's language from the code, without
    reading the English, as vision.types.Problem.

    >>> error = CalibrationError("corner_seen_twice", {"corner": 2})
    >>> str(error), error.code, error.fields["corner"]
    ('corner 2 seen twice: keep one corner 2 marker on the table', 'corner_seen_twice', 2)
    """

    def __init__(self, code: str, fields: dict[str, Any] | None = None):
        self.code, self.fields = code, dict(fields or {})
        super().__init__(WORDS[code]["en"].format(**self.fields))

    def __reduce__(self):   # (copies and pickles keep the code and fields)
        return type(self), (self.code, self.fields)


class Note(str):
    """What calibrating tells as it goes (a corner seen, the table measured): its English
    text (calibration.messages), a ``str``, with the ``code`` and ``fields`` to say it in
    the table's language; a field may be a Note itself, said too.

    >>> note = Note("corner_seen", {"corner": 3})
    >>> note == "corner 3 seen", note.code
    (True, 'corner_seen')
    """

    code: str
    fields: dict[str, Any]

    def __new__(cls, code: str, fields: dict[str, Any] | None = None):
        fields = dict(fields or {})
        self = super().__new__(cls, WORDS[code]["en"].format(**fields))
        self.code, self.fields = code, fields
        return self

    @classmethod
    def of(cls, error: CalibrationError) -> Note:
        """A refusal told as a note (what still stops the calibration)."""
        return cls(error.code, error.fields)

    def __reduce__(self):   # (copies and pickles keep the code and fields)
        return Note, (self.code, self.fields)


@dataclass(frozen=True)
class PieceShape:
    """What the table map must know of a piece to place it: its size, its marker's side,
    and the role it plays in the table's geometry (``anchor``), if any:
    ``"corner:N"``, ``"seat:N"``, ``"step:V"`` (a Pumafiosi hierarchy card), ``"pungi"``
    or ``"mission"`` (a Mafia mission card)."""

    size_mm: tuple[float, float]
    marker_mm: float
    anchor: str | None = None
    round: bool = False   # round tokens carry one sticker in the middle


@dataclass(frozen=True)
class Placement:
    """A card (one side of it) on the table, from one or both copies of its marker."""

    card: CardRef
    marker: int
    zone: str | None      # "seat:2", "play:2", "step:8", "layout:3", "mission:1", ... or None
    position_mm: Point    # the card's centre
    angle_deg: float      # the card's rotation, counterclockwise from above
    copies: int = 1       # how many copies of its marker were seen


@dataclass(frozen=True)
class Seat:
    """A player's place: where their seat marker (or card) lay at calibration."""

    number: int
    x_mm: float
    y_mm: float

    @property
    def point(self) -> Point:
        return (self.x_mm, self.y_mm)


@dataclass(frozen=True)
class Anchor:
    """A card the zones are laid out from: ``name`` is "step:V" (a Pumafiosi hierarchy
    card), "pungi" or "mission:K" (the Mafia mission in slot K)."""

    name: str
    x_mm: float
    y_mm: float
    angle_deg: float
    size_mm: tuple[float, float]

    @property
    def point(self) -> Point:
        return (self.x_mm, self.y_mm)


@dataclass(frozen=True)
class Zone:
    """A named area of the table: a convex polygon in table millimetres."""

    name: str
    polygon: tuple[Point, ...]

    @property
    def kind(self) -> str:
        return self.name.split(":")[0]

    @property
    def centre(self) -> Point:
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return (sum(xs) / len(xs), sum(ys) / len(ys))
