"""Mafia's moves as typed values (spec/session-format.md, "Mafia").

>>> move = Reveal.parse({"type": "reveal", "slot": 1, "cards": [
...     {"value": 2, "color": "blue"}, {"color": "yellow", "value": 1}]})
>>> move.cards[1], move.to_json()["cards"]
(RevealedCard(value=1, color='yellow'), [{'value': 2, 'color': 'blue'}, {'color': 'yellow', 'value': 1}])
>>> Adjust(1, "Ann", 3)
Traceback (most recent call last):
...
companion.games.base.RuleError: adjust: Vincenzo changes a total by at most $2: delta must be from -2 to 2, not 3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.games.base import PlayerMove, RuleError, int_field, require, \
    text_field
from companion.games.mafia_missions import COLORS
from companion.games.moves import Move, Record, typed

SLOTS = (1, 2)
MAX_DELTA = 2
SKILLS = ("salvatore",)


def _slot(move: Mapping[str, Any]) -> int:
    slot = int_field(move, "slot")
    if slot not in SLOTS:
        raise RuleError("slot_invalid", move=move["type"], slot=slot)
    return slot


@typed
@dataclass(frozen=True, slots=True)
class OpenMission(Move):
    """``mission``: a mission opens in a slot with the characters ``assigned`` to it."""

    type = "mission"
    FIELDS = ("slot", "mission", "assigned")
    slot: int
    mission: int | str
    assigned: tuple[str, ...]

    @classmethod
    def parse(cls, obj):
        slot = _slot(obj)
        mission = require(obj, "mission", (int, str))
        # (who is assigned is the engine's to check: the names are the header's)
        return cls._read(obj, (slot, mission, tuple(require(obj, "assigned", list))))


@typed
@dataclass(frozen=True, slots=True)
class Contribute(Move):
    """A face-down card added to a mission (``skill``: Salvatore's, on any mission)."""

    type = "contribute"
    FIELDS = ("player", "slot", "skill")
    player: str
    slot: int
    skill: str | None = None

    @classmethod
    def parse(cls, obj):
        player, slot = text_field(obj, "player"), _slot(obj)
        skill = text_field(obj, "skill", optional=True)
        if skill is not None and skill not in SKILLS:
            raise RuleError("skill_invalid", value=skill)
        return cls._read(obj, (player, slot, skill))


@typed
@dataclass(frozen=True, slots=True)
class UnseenContribute(Move):
    """The project's move: a card went face down on the mission, nobody saw whose."""

    type = "unseen_contribute"
    FIELDS = ("slot",)
    slot: int

    @classmethod
    def parse(cls, obj):
        return cls._read(obj, (_slot(obj),))


@typed
class UnseenReveal(UnseenContribute):
    """The project's move: the mission's cards were turned face up (it is done with), and
    nobody read their faces.

    >>> UnseenReveal.parse({"type": "unseen_reveal", "slot": 1}).to_json()
    {'type': 'unseen_reveal', 'slot': 1}
    """

    __slots__ = ()
    type = "unseen_reveal"


@typed
class UnseenAbort(UnseenContribute):
    """The project's move: the mission was aborted (its card carried off while in
    progress), and nobody saw whose Abort card it was.

    >>> UnseenAbort.parse({"type": "unseen_abort", "slot": 2}).to_json()
    {'type': 'unseen_abort', 'slot': 2}
    """

    __slots__ = ()
    type = "unseen_abort"


@typed
@dataclass(frozen=True, slots=True)
class RevealedCard(Record):
    """A card of a revealed mission: ``{"value", "color"}``."""

    FIELDS = ("value", "color")
    value: int
    color: str

    @classmethod
    def parse(cls, obj):
        return _revealed(1, obj)


def _revealed(number: int, card: object) -> RevealedCard:
    """The ``number``-th card of a reveal, checked."""
    if not isinstance(card, Mapping):
        raise RuleError("card_not_object", index=number, value=card)
    value = card.get("value")
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RuleError("card_value", index=number, value=value)
    color = card.get("color")
    if color not in COLORS:
        raise RuleError("card_color", index=number, value=color)
    return RevealedCard._read(card, (value, color))


@typed
@dataclass(frozen=True, slots=True)
class Reveal(Move):
    """The mission's cards turned face up."""

    type = "reveal"
    FIELDS = ("slot", "cards")
    slot: int
    cards: tuple[RevealedCard, ...]

    @classmethod
    def parse(cls, obj):
        slot = _slot(obj)
        cards = require(obj, "cards", list)
        return cls._read(obj, (slot, tuple(_revealed(i, card)
                                           for i, card in enumerate(cards, 1))))


@dataclass(frozen=True, slots=True)
class SlotMove(Move):
    """The base of a move of fields ``slot`` and ``player``."""

    FIELDS = ("slot", "player")
    slot: int
    player: str

    @classmethod
    def parse(cls, obj):
        return cls._read(obj, (_slot(obj), text_field(obj, "player")))


@typed
class Abort(SlotMove):
    """The mission is cancelled by a player assigned to it."""

    __slots__ = ()
    type = "abort"


@typed
class Assign(SlotMove):
    """A character joins a mission (Backup, Exchange)."""

    __slots__ = ()
    type = "assign"


@typed
class Release(SlotMove):
    """A character leaves a mission (Release, Exchange)."""

    __slots__ = ()
    type = "release"


@typed
@dataclass(frozen=True, slots=True)
class Adjust(Move):
    """Vincenzo changes the revealed total by ``delta``."""

    type = "adjust"
    FIELDS = ("slot", "player", "delta")
    slot: int
    player: str
    delta: int

    @classmethod
    def parse(cls, obj):
        slot, player, delta = _slot(obj), text_field(obj, "player"), int_field(obj, "delta")
        if not -MAX_DELTA <= delta <= MAX_DELTA:
            raise RuleError("delta_range", delta=delta, most=MAX_DELTA)
        return cls._read(obj, (slot, player, delta))


@typed
class RevealCop(PlayerMove):
    """A cop shows their identity."""

    __slots__ = ()
    type = "reveal_cop"


@typed
class Omerta(PlayerMove):
    """The vow of silence starts; it lasts until play comes back to this player."""

    __slots__ = ()
    type = "omerta"


@typed
class Turn(PlayerMove):
    """It is now this player's turn."""

    __slots__ = ()
    type = "turn"


@typed
@dataclass(frozen=True, slots=True)
class Spoke(Move):
    """Someone (``player``, if named) broke an Omertà in force."""

    type = "spoke"
    FIELDS = ("player",)
    player: str | None = None

    @classmethod
    def parse(cls, obj):
        return cls._read(obj, (text_field(obj, "player", optional=True),))
