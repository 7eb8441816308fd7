"""A card played that nobody read, the same in every game that has one (Pumafiosi's face-up
cards, Pungi's animal cards): the project's ``unseen_play`` move, its outcome, and the
engines' record of the cards still unread (the live table's question names the first).

>>> UnseenPlay.parse({"type": "unseen_play", "player": "Bob", "t": 3.5}).to_json()
{'type': 'unseen_play', 'player': 'Bob', 't': 3.5}
>>> UnseenPlayed("Bob").text()
'Bob played a card (not read)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from companion.games.base import Outcome, PlayerMove
from companion.games.moves import typed


@typed
class UnseenPlay(PlayerMove):
    """The project's move: the player to act played a card that nobody read."""

    __slots__ = ()
    type = "unseen_play"


@dataclass(frozen=True, slots=True)
class UnseenPlayed(Outcome):
    """A card played that nobody read (``unseen_play``)."""

    kind = "unseen_played"

    player: str


class Unread(NamedTuple):
    """A card of the session nobody read: an unseen play no later move named (``kind``
    "play"), or a Pumafiosi place nobody saw ("place", with the card placed if its play
    was read)."""

    kind: str
    player: str
    game: int
    round: int
    card: int | None = None
