"""What happens at a Pumafiosi table, as values the replay, dashboard and audio read.

Each outcome is a small frozen, slotted dataclass with a stable ``kind``; ``text()`` says
it in one plain English sentence (companion.messages.pumafiosi words it), so the replay
reads round by round. A player of ``None`` is Tony, the third hand of the 2-player game.
Steps are hierarchy values (10, 8, ..., 1, -3).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import Outcome


@dataclass(frozen=True, slots=True)
class CardPlayed(Outcome):
    kind = "card_played"

    player: str | None
    card: int
    machine_gun: bool = False


@dataclass(frozen=True, slots=True)
class UnseenPlaced(Outcome):
    """The round's winner placed their card where nobody saw (``unseen_place``); ``card``
    is None when their play was not read either."""

    kind = "unseen_placed"

    player: str
    card: int | None
    game: int
    round: int


@dataclass(frozen=True, slots=True)
class RoundWon(Outcome):
    kind = "round_won"

    player: str | None
    card: int
    value: float
    game: int
    round: int


@dataclass(frozen=True, slots=True)
class CardPlaced(Outcome):
    kind = "card_placed"

    player: str | None
    card: int
    step: int
    item: str | None = None
    ring: bool = False


@dataclass(frozen=True, slots=True)
class CardDropped(Outcome):
    """A card pushed down by a placement: ``penalty_each`` is paid by each of ``owners``."""

    kind = "card_dropped"

    card: int
    from_step: int
    to_step: int
    penalty_each: int
    owners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RingAdded(Outcome):
    """The wedding ring: from now on ``owners`` share the card in full for this game."""

    kind = "ring_added"

    player: str
    card: int
    owners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PenaltyCharged(Outcome):
    """Penalty points outside the drops: ``reason`` is "honor" or "absent"."""

    kind = "penalty_charged"

    player: str
    points: int
    reason: str


Hierarchy = tuple[tuple[int, tuple[tuple[int, tuple[str, ...]], ...]], ...]
"""Every step, highest first, with its cards (card, owners), the lowest card last."""


@dataclass(frozen=True, slots=True)
class PumafiosiScored(Outcome):
    kind = "pumafiosi_scored"

    game: int
    points: tuple[tuple[str, int], ...]
    scores: tuple[tuple[str, int], ...]
    hierarchy: Hierarchy


@dataclass(frozen=True, slots=True)
class GameStarted(Outcome):
    kind = "game_started"

    game: int
    player: str


@dataclass(frozen=True, slots=True)
class MatchWon(Outcome):
    kind = "match_won"

    winners: tuple[str, ...]
    score: int
