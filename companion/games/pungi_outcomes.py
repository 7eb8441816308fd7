"""What happens at a Pungi table, as values the replay, dashboard and audio read.

Each outcome is a small frozen, slotted dataclass with a stable ``kind``; ``text()`` says
it in one plain English sentence. Cards are snake values (ints) or ``"charmer"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from companion.games.base import Outcome
from companion.games.pungi_cards import Card, card_text, charmer_text


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"  # layouts hold at most 6


def _scores_text(scores: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {points}" for name, points in scores.items())


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Outcome):
    kind = "first_player_chosen"

    player: str
    game: int
    round: int

    def text(self) -> str:
        return f"Game {self.game}, round {self.round}: the table chooses {self.player} as first player."


@dataclass(frozen=True, slots=True)
class LayoutDealt(Outcome):
    kind = "layout_dealt"

    game: int
    round: int
    first: str
    cards: tuple[Card, ...]

    def text(self) -> str:
        return (f"Game {self.game}, round {self.round}: {self.first} lays out "
                f"{', '.join(card_text(c) for c in self.cards)} (nearest the pungi first).")


@dataclass(frozen=True, slots=True)
class LayoutRedealt(Outcome):
    kind = "layout_redealt"

    game: int
    round: int
    first: str
    cards: tuple[Card, ...]
    repeated: Card  # the card laid out ``count`` times
    count: int

    def text(self) -> str:
        return (f"Game {self.game}, round {self.round}: {self.first} turned over "
                f"{', '.join(card_text(c) for c in self.cards)}; {self.count} times "
                f"{card_text(self.repeated)}, so the cards go back into the pile and "
                f"{self.first} lays out again.")


@dataclass(frozen=True, slots=True)
class AnimalPlayed(Outcome):
    kind = "animal_played"

    player: str
    animal: str
    value: int

    def text(self) -> str:
        return f"{self.player} plays {self.animal} {self.value}."


@dataclass(frozen=True, slots=True)
class MajorityFound(Outcome):
    kind = "majority_found"

    animal: str | None

    def text(self) -> str:
        if self.animal is None:
            return "No animal has the advantage."
        return f"The {self.animal} has the advantage."


@dataclass(frozen=True, slots=True)
class SnakeTaken(Outcome):
    kind = "snake_taken"

    player: str
    card: Card
    position: int  # 1 = nearest the pungi

    def text(self) -> str:
        return f"{self.player} takes {card_text(self.card)} ({_ordinal(self.position)} from the pungi)."


@dataclass(frozen=True, slots=True)
class PungiScored(Outcome):
    kind = "pungi_scored"

    game: int
    points: Mapping[str, int]  # this game's points
    scores: Mapping[str, int]  # series totals right after this game
    collections: Mapping[str, tuple[Card, ...]]

    def text(self) -> str:
        points = ", ".join(
            f"{name} {points}" + (f" ({used})" if (used := charmer_text(self.collections[name]))
                                  else "")
            for name, points in self.points.items())
        return f"Game {self.game} is over. Points: {points}. Series: {_scores_text(self.scores)}."


@dataclass(frozen=True, slots=True)
class SeriesWon(Outcome):
    kind = "series_won"

    winners: tuple[str, ...]
    score: int

    def text(self) -> str:
        if len(self.winners) == 1:
            return f"{self.winners[0]} wins the series with {self.score} points."
        return f"{' and '.join(self.winners)} share the series win with {self.score} points each."
