"""Pungi's moves as typed values (spec/session-format.md, "Pungi").

>>> move = Layout.parse({"type": "layout", "cards": [5, "charmer"], "t": 2.0})
>>> move, move.to_json()
(Layout(cards=(5, 'charmer')), {'type': 'layout', 'cards': [5, 'charmer'], 't': 2.0})
>>> Play("Ann", "duck", 11)
Traceback (most recent call last):
...
companion.games.base.RuleError: play: Ann played duck 11, but animal cards go from 1 to 10
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import PlayerMove, RuleError, int_field, require, \
    text_field
from companion.games.moves import Move, typed
from companion.games.pungi_cards import CHARMER, Card

ANIMAL_VALUES = range(1, 11)


@typed
class First(PlayerMove):
    """Before a layout: the players chose this round's first player."""

    __slots__ = ()
    type = "first"


@typed
@dataclass(frozen=True, slots=True)
class Layout(Move):
    """The first player lays out one snake card per player, nearest the pungi first."""

    type = "layout"
    FIELDS = ("cards",)
    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, obj):
        cards = require(obj, "cards", list)
        for i, card in enumerate(cards, 1):
            if card != CHARMER and (isinstance(card, bool) or not isinstance(card, int)):
                raise RuleError("layout_card", index=i, value=card)
        return cls._read(obj, (tuple(cards),))


@typed
@dataclass(frozen=True, slots=True)
class Play(Move):
    """A player plays an animal card."""

    type = "play"
    FIELDS = ("player", "animal", "value")
    player: str
    animal: str
    value: int

    @classmethod
    def parse(cls, obj):
        player, animal = text_field(obj, "player"), text_field(obj, "animal")
        value = int_field(obj, "value")
        if value not in ANIMAL_VALUES:
            raise RuleError("animal_value", move="play", player=player, animal=animal, value=value)
        return cls._read(obj, (player, animal, value))
