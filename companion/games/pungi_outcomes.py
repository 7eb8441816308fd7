"""What happens at a Pungi table, as values the replay, dashboard and audio read.

Each outcome is a small frozen, slotted dataclass with a stable ``kind``; ``text()`` says
it in one plain English sentence (companion.messages.pungi words it). Cards are snake
values (ints) or ``"charmer"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from companion.games.base import Outcome
from companion.games.pungi_cards import Card, charmer_turns


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Outcome):
    kind = "first_player_chosen"

    player: str
    game: int
    round: int


@dataclass(frozen=True, slots=True)
class LayoutDealt(Outcome):
    kind = "layout_dealt"

    game: int
    round: int
    first: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class LayoutRedealt(Outcome):
    kind = "layout_redealt"

    game: int
    round: int
    first: str
    cards: tuple[Card, ...]
    repeated: Card  # the card laid out ``count`` times
    count: int


@dataclass(frozen=True, slots=True)
class AnimalPlayed(Outcome):
    kind = "animal_played"

    player: str
    animal: str
    value: int


@dataclass(frozen=True, slots=True)
class MajorityFound(Outcome):
    kind = "majority_found"

    animal: str | None


@dataclass(frozen=True, slots=True)
class SnakeTaken(Outcome):
    kind = "snake_taken"

    player: str
    card: Card
    position: int  # 1 = nearest the pungi


@dataclass(frozen=True, slots=True)
class HandOutOpen(Outcome):
    """A round's snakes went to the players, but an animal card of it was not read
    (``unseen_play``): who took which is open until it is named."""

    kind = "hand_out_open"

    game: int
    round: int
    cards: tuple[Card, ...]   # the round's snakes, nearest the pungi first
    unread: tuple[str, ...]   # whose card nobody read


@dataclass(frozen=True, slots=True)
class PungiScored(Outcome):
    kind = "pungi_scored"

    game: int
    points: Mapping[str, int]  # this game's points
    scores: Mapping[str, int]  # series totals right after this game
    collections: Mapping[str, tuple[Card, ...]]
    # (game, round) of each open hand-out of the series so far (HandOutOpen): its snakes
    # are in no collection, so the points of its game and the totals from then on are open
    open: tuple[tuple[int, int], ...] = ()

    def charms(self, player: str) -> tuple[int, list[int]]:
        """How many charmers ``player`` took, and the snake values they turned."""
        return charmer_turns(self.collections[player])


@dataclass(frozen=True, slots=True)
class SeriesWon(Outcome):
    kind = "series_won"

    winners: tuple[str, ...]
    score: int
