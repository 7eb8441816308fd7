"""Pumafiosi's moves as typed values (spec/session-format.md, "Pumafiosi").

>>> move = Place.parse({"type": "place", "player": "Bob", "card": 20, "step": 8, "t": 4.0})
>>> move, move.t
(Place(player='Bob', card=20, step=8, item=None, ring=None), 4.0)
>>> move.to_json()
{'type': 'place', 'player': 'Bob', 'card': 20, 'step': 8, 't': 4.0}
>>> Play("Ann", 56)
Traceback (most recent call last):
...
companion.games.base.RuleError: play: "card" must be a Pumafioso card from 1 to 55, not 56
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.games.base import PlayerMove, RuleError, flag_field, int_field, require, \
    text_field
from companion.games.moves import Move, extras, typed

STEPS = (10, 8, 7, 6, 5, 3, 2, 1, -3)
"""The hierarchy, top to bottom; the last one, the casualty step, holds any number."""
LOWEST_CARD, HIGHEST_CARD = 1, 55
PLACED_ITEMS = ("vest", "notebook")


def _card(move: Mapping[str, Any]) -> int:
    card = int_field(move, "card")
    if not LOWEST_CARD <= card <= HIGHEST_CARD:
        raise RuleError("card_range",
                        move=move["type"], card=card, low=LOWEST_CARD, high=HIGHEST_CARD)
    return card


def attempt(kind: str, player: str | None, card: int) -> dict:
    """What a refused move tried, as a RuleError's fields (the wording starts with it)."""
    if player is None:
        return {"move": kind, "card": card}
    return {"move": kind, "player": player, "card": card}


@typed
@dataclass(frozen=True, slots=True)
class Tony(Move):
    """2 players only: the card revealed for Tony, the first move of every round."""

    type = "tony"
    FIELDS = ("card",)
    card: int

    @classmethod
    def parse(cls, obj):
        return cls._read(obj, (_card(obj),))


@typed
@dataclass(frozen=True, slots=True)
class Play(Move):
    """A player plays a card face up (``machine_gun``: with the machine-gun token)."""

    type = "play"
    FIELDS = ("player", "card", "machine_gun")
    player: str
    card: int
    machine_gun: bool | None = None

    @classmethod
    def parse(cls, obj):
        # The hot path of every replay: the fields are checked inline, and read again
        # one by one (in the format's order) only to word a refusal.
        get = obj.get
        player, card, gun = get("player"), get("card"), get("machine_gun")
        if type(player) is not str or type(card) is not int or \
                not LOWEST_CARD <= card <= HIGHEST_CARD or \
                (type(gun) is not bool and (gun is not None or "machine_gun" in obj)):
            player, card, gun = text_field(obj, "player"), _card(obj), \
                flag_field(obj, "machine_gun")
        known = cls._KNOWN
        return cls._make(player, card, gun, get("t"),
                         () if known.issuperset(obj) else extras(obj, known), tuple(obj))


@typed
@dataclass(frozen=True, slots=True)
class Place(Move):
    """The round's winner places the card they played at ``step`` (``item``: a vest or
    notebook on it; ``ring``: the wedding ring on the card it bumps)."""

    type = "place"
    FIELDS = ("player", "card", "step", "item", "ring")
    player: str
    card: int
    step: int
    item: str | None = None
    ring: bool | None = None

    @classmethod
    def parse(cls, obj):
        # (checked inline as a play is; read one by one only to word a refusal)
        get = obj.get
        name, card, step, item, ring = get("player"), get("card"), get("step"), \
            get("item"), get("ring")
        if type(name) is not str or type(card) is not int or \
                not LOWEST_CARD <= card <= HIGHEST_CARD or type(step) is not int or \
                step not in STEPS or (item not in PLACED_ITEMS and (
                    item is not None or "item" in obj)) or \
                (type(ring) is not bool and (ring is not None or "ring" in obj)):
            name, card, step, item, ring = cls._fields(obj)
        known = cls._KNOWN
        return cls._make(name, card, step, item, ring, get("t"),
                         () if known.issuperset(obj) else extras(obj, known), tuple(obj))

    @staticmethod
    def _fields(obj) -> tuple:
        """The fields of a place, each checked in turn (the first bad one refused)."""
        name, card = text_field(obj, "player"), _card(obj)
        step = obj.get("step")
        if type(step) is not int or step not in STEPS:
            require(obj, "step", int)
            raise RuleError("step_invalid", **attempt("place", name, card), step=step, steps=STEPS)
        item = text_field(obj, "item", optional=True)
        if item is not None and item not in PLACED_ITEMS:
            raise RuleError("item_invalid", **attempt("place", name, card), item=item)
        return name, card, step, item, flag_field(obj, "ring")


@typed
class HonorViolation(PlayerMove):
    """The player took a 4th card into hand: 5 penalty points."""

    __slots__ = ()
    type = "honor_violation"


@typed
class UnseenPlace(PlayerMove):
    """The project's move: the round's winner placed their card at a step nobody saw."""

    __slots__ = ()
    type = "unseen_place"
