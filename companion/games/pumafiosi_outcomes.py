"""What happens at a Pumafiosi table, as values the replay, dashboard and audio read.

Each outcome is a small frozen, slotted dataclass with a stable ``kind``; ``text()`` says
it in one plain English sentence, so the replay reads round by round. A player of ``None`` is Tony, the
third hand of the 2-player game. Steps are hierarchy values (10, 8, ..., 1, -3).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import Outcome


def _points(n: int) -> str:
    return f"{n} penalty point{'' if n == 1 else 's'}"


def _names(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _whose(owners: tuple[str, ...]) -> str:
    return "Tony's" if not owners else " and ".join(owners) + "'s"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


@dataclass(frozen=True, slots=True)
class CardPlayed(Outcome):
    kind = "card_played"

    player: str | None
    card: int
    machine_gun: bool = False

    def text(self) -> str:
        if self.player is None:
            return f"Tony's card is {self.card}"
        if self.machine_gun:
            return (f"{self.player} plays {self.card} with the machine gun "
                    f"(worth {self.card + 10.5:g})")
        return f"{self.player} plays {self.card}"


@dataclass(frozen=True, slots=True)
class UnseenPlayed(Outcome):
    """A card played face up that nobody read (``unseen_play``)."""

    kind = "unseen_played"

    player: str

    def text(self) -> str:
        return f"{self.player} played a card (not read)"


@dataclass(frozen=True, slots=True)
class UnseenPlaced(Outcome):
    """The round's winner placed their card where nobody saw (``unseen_place``); ``card``
    is None when their play was not read either."""

    kind = "unseen_placed"

    player: str
    card: int | None
    game: int
    round: int

    def text(self) -> str:
        what = f"places {self.card}" if self.card is not None else \
            "wins it and places a card nobody read"
        return (f"Game {self.game}, round {self.round}: {self.player} {what} at a step "
                f"nobody saw (not read)")


@dataclass(frozen=True, slots=True)
class RoundWon(Outcome):
    kind = "round_won"

    player: str | None
    card: int
    value: float
    game: int
    round: int

    def text(self) -> str:
        who = "Tony" if self.player is None else self.player
        gun = f" ({self.value:g} with the machine gun)" if self.value != self.card else ""
        return (f"Game {self.game}, round {self.round}: {who} wins with {self.card}{gun}, "
                f"the second-highest card")


@dataclass(frozen=True, slots=True)
class CardPlaced(Outcome):
    kind = "card_placed"

    player: str | None
    card: int
    step: int
    item: str | None = None
    ring: bool = False

    def text(self) -> str:
        if self.player is None:
            return f"Tony's {self.card} goes to step {self.step}"
        extra = f" with the {self.item}" if self.item else ""
        return f"{self.player} places {self.card} at step {self.step}{extra}"


@dataclass(frozen=True, slots=True)
class CardDropped(Outcome):
    """A card pushed down by a placement: ``penalty_each`` is paid by each of ``owners``."""

    kind = "card_dropped"

    card: int
    from_step: int
    to_step: int
    penalty_each: int
    owners: tuple[str, ...]

    def text(self) -> str:
        head = f"{_whose(self.owners)} {self.card} drops from step {self.from_step} " \
               f"to step {self.to_step}"
        if not self.owners:
            return head + " (Tony pays nothing)"
        if not self.penalty_each:
            return head + " (the vest: no penalty)"
        each = " each" if len(self.owners) > 1 else ""
        return f"{head}: {_names(self.owners)} pay{'' if each else 's'} " \
               f"{_points(self.penalty_each)}{each}"


@dataclass(frozen=True, slots=True)
class RingAdded(Outcome):
    """The wedding ring: from now on ``owners`` share the card in full for this game."""

    kind = "ring_added"

    player: str
    card: int
    owners: tuple[str, ...]

    def text(self) -> str:
        return f"{self.player} puts the wedding ring on {self.card}: " \
               f"it belongs to {_names(self.owners)} now"


@dataclass(frozen=True, slots=True)
class PenaltyCharged(Outcome):
    """Penalty points outside the drops: ``reason`` is "honor" or "absent"."""

    kind = "penalty_charged"

    player: str
    points: int
    reason: str

    def text(self) -> str:
        if self.reason == "honor":
            return f"{self.player} broke the code of honour (a 4th card in hand): " \
                   f"{_points(self.points)}"
        return f"{self.player} has no card in the hierarchy: {_points(self.points)}"


Hierarchy = tuple[tuple[int, tuple[tuple[int, tuple[str, ...]], ...]], ...]
"""Every step, highest first, with its cards (card, owners), the lowest card last."""


@dataclass(frozen=True, slots=True)
class PumafiosiScored(Outcome):
    kind = "pumafiosi_scored"

    game: int
    points: tuple[tuple[str, int], ...]
    scores: tuple[tuple[str, int], ...]
    hierarchy: Hierarchy

    def text(self) -> str:
        gained = ", ".join(f"{name} {_signed(p)}" for name, p in self.points)
        running = ", ".join(f"{name} {s}" for name, s in self.scores)
        return f"Game {self.game} is scored: {gained}. Scores: {running}"


@dataclass(frozen=True, slots=True)
class GameStarted(Outcome):
    kind = "game_started"

    game: int
    player: str

    def text(self) -> str:
        return f"Game {self.game} begins: {self.player} starts"


@dataclass(frozen=True, slots=True)
class MatchWon(Outcome):
    kind = "match_won"

    winners: tuple[str, ...]
    score: int

    def text(self) -> str:
        if len(self.winners) == 1:
            return f"{self.winners[0]} wins the match with {self.score} and is the Big Boss"
        return f"{_names(self.winners)} share the win with {self.score}"
