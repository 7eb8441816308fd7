"""Pungi: snakes laid out by the pungi, lured by animal cards, charmers at the scoring.

The state is one series of ``options.games`` games (default: one per player). Each round
the first player lays out one snake card per player (``layout``), everyone plays an animal
card clockwise from the first player (``play``), and the snakes are handed out: the
majority animal's players first, highest value first, then everyone else by value; equal
values go to the earlier play. ``first`` lets the table choose a round's first player.

Readings of the spec (docs spec/session-format.md, "Pungi"), and where it is silent:

- The pile holds 31 snakes (``options.snakes`` or the deck file) and 6 charmers; all 37
  are "snake cards", so charmers count when the pile is too small for a round.
- A layout is checked whole before it counts: one card per player, each an int or
  ``"charmer"``, and no kind more often than the pile still holds it (a value the deck
  never had is "none left"). Only then is it dealt or, with four identical, sent back.
- A layout with four or more identical cards is legal but goes back into the pile
  (:class:`LayoutRedealt`); the next move must be a new ``layout`` (``first`` too is
  refused then), laid out by the same first player.
- ``first`` is legal whenever the round's snakes are not laid out yet (also twice in a
  row: the latest counts, and also before the first layout of a later game). The next
  round's first player is the one after this round's actual first player, in header order,
  carried over from game to game.
- The majority animal has strictly more cards than every other animal in the round (with
  2 players, two cards of one animal are a majority; one each is none).
- A game is over, and scored, right after the hand-out that leaves fewer cards in the pile
  than players (so a game has 37 // players rounds); the next game starts with the full
  pile. ``scores`` in a finished game's entry are the series totals right after it.
- Charmers are used as the spec's reading prescribes (:func:`charmed_values`): the most
  negative snake turns positive first; with no negative snake left, the smallest unturned
  non-negative snake turns negative (0 stays 0); a charmer with nothing left to turn does
  nothing.
- An animal card (animal and value) is played at most once per game; a new game brings
  every animal card back.
- The series is won by every player with the highest total (ties share the win).
- ``options.games`` is a whole number of at least 1; ``options.snakes`` lists exactly 31
  whole numbers (any values); other options are ignored.
- Hands are not tracked (moves never show them): any animal card not yet played in the
  game may be played.
- A pile where every possible layout holds four identical cards (e.g. 6 charmers and one
  snake left for 6 players) has no way out in the rules; the engine keeps waiting for a
  layout, as the spec says. The random generator never deals into one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Mapping, Sequence, Union

from companion.decks import load_deck
from companion.games.base import (Game, Header, Move, Outcome, RuleError, json_repr,
                                  move_type, require, require_player)
from companion.games.base import TablePicture

CHARMER = "charmer"
CHARMERS_IN_DECK = 6
SNAKES_IN_DECK = 31
ANIMAL_VALUES = range(1, 11)
REDEAL_AT = 4  # this many identical cards in a layout send it back into the pile

Card = Union[int, str]
"""A snake card: its value (an int) or ``"charmer"``."""


@cache
def default_deck() -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The bundled deck's 31 snake values and its six animal names (in deck order)."""
    deck = load_deck("pungi")
    snakes = tuple(card.get("value") for card in deck.of_kind("snake"))
    animals = tuple(dict.fromkeys(card.get("animal") for card in deck.of_kind("animal")))
    return snakes, animals


def card_text(card: Card) -> str:
    if card == CHARMER:
        return "a charmer"
    return f"snake {card:+d}" if card else "snake 0"


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"  # layouts hold at most 6


def charmed_values(cards: Sequence[Card]) -> list[int]:
    """The snake values of one collection after its charmers are used, in order taken.

    The best legal use: while a negative snake is unturned, a charmer turns the most
    negative one positive; then a charmer turns the smallest unturned non-negative snake
    negative; a charmer with no unturned snake left does nothing.
    """
    values = [c for c in cards if c != CHARMER]
    turned = _turned(values, len(cards) - len(values))
    return [-v if i in turned else v for i, v in enumerate(values)]


def _turned(values: Sequence[int], charmers: int) -> set[int]:
    """Indices (into ``values``) of the snakes the charmers turn."""
    by_value = sorted(range(len(values)), key=lambda i: (values[i], i))
    negatives = [i for i in by_value if values[i] < 0]
    return set((negatives + [i for i in by_value if values[i] >= 0])[:charmers])


def charmer_text(cards: Sequence[Card]) -> str:
    """What the charmers did, e.g. ``"charmers turn -4 into 4, 1 into -1"`` ("" if none)."""
    values = [c for c in cards if c != CHARMER]
    charmers = len(cards) - len(values)
    turns = [f"{values[i]} into {-values[i]}" for i in sorted(_turned(values, charmers))]
    if not charmers:
        return ""
    word = "charmer turns" if charmers == 1 else "charmers turn"
    return f"{word} {', '.join(turns)}" if turns else f"{word} nothing"


def collection_points(cards: Sequence[Card]) -> int:
    return sum(charmed_values(cards))


def _scores_text(scores: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {points}" for name, points in scores.items())


# --- outcomes ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Outcome):
    player: str
    game: int
    round: int

    def text(self) -> str:
        return f"Game {self.game}, round {self.round}: the table chooses {self.player} as first player."


@dataclass(frozen=True, slots=True)
class LayoutDealt(Outcome):
    game: int
    round: int
    first: str
    cards: tuple[Card, ...]

    def text(self) -> str:
        return (f"Game {self.game}, round {self.round}: {self.first} lays out "
                f"{', '.join(card_text(c) for c in self.cards)} (nearest the pungi first).")


@dataclass(frozen=True, slots=True)
class LayoutRedealt(Outcome):
    game: int
    round: int
    first: str
    cards: tuple[Card, ...]
    kind: Card
    count: int

    def text(self) -> str:
        return (f"Game {self.game}, round {self.round}: {self.first} turned over "
                f"{', '.join(card_text(c) for c in self.cards)}; {self.count} times "
                f"{card_text(self.kind)}, so the cards go back into the pile and "
                f"{self.first} lays out again.")


@dataclass(frozen=True, slots=True)
class AnimalPlayed(Outcome):
    player: str
    animal: str
    value: int

    def text(self) -> str:
        return f"{self.player} plays {self.animal} {self.value}."


@dataclass(frozen=True, slots=True)
class MajorityFound(Outcome):
    animal: str | None

    def text(self) -> str:
        if self.animal is None:
            return "No animal has the advantage."
        return f"The {self.animal} has the advantage."


@dataclass(frozen=True, slots=True)
class SnakeTaken(Outcome):
    player: str
    card: Card
    position: int  # 1 = nearest the pungi

    def text(self) -> str:
        return f"{self.player} takes {card_text(self.card)} ({_ordinal(self.position)} from the pungi)."


@dataclass(frozen=True, slots=True)
class GameScored(Outcome):
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
    winners: tuple[str, ...]
    score: int

    def text(self) -> str:
        if len(self.winners) == 1:
            return f"{self.winners[0]} wins the series with {self.score} points."
        return f"{' and '.join(self.winners)} share the series win with {self.score} points each."


# --- the engine ----------------------------------------------------------------------

class Pungi(Game):
    """One Pungi series. Read-only properties show the table: whose turn, the layout, the pile."""

    name = "pungi"
    min_players = 2
    max_players = 6

    def __init__(self, players: tuple[str, ...], snakes: tuple[int, ...],
                 animals: tuple[str, ...], games: int):
        self.players = players
        self.animals = animals
        self.games_in_series = games
        self._snakes = snakes
        self._first = 0  # index of this (or the coming) round's first player
        self._totals = {p: 0 for p in players}
        self._finished: list[dict] = []  # summary entries of the scored games
        self.game_number = 1
        self._start_game()

    @classmethod
    def from_header(cls, header: Header) -> "Pungi":
        options = header.options
        games = options.get("games", len(header.players))
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise RuleError(f"options.games must be the number of games in the series "
                            f"(1 or more), not {json_repr(games)}")
        snakes, animals = default_deck()
        if "snakes" in options:
            custom = options["snakes"]
            if (not isinstance(custom, list) or len(custom) != SNAKES_IN_DECK
                    or any(isinstance(v, bool) or not isinstance(v, int) for v in custom)):
                raise RuleError(f"options.snakes must list the {SNAKES_IN_DECK} snake values "
                                f"as whole numbers (the 6 charmers are added), not "
                                f"{json_repr(custom)}")
            snakes = tuple(custom)
        return cls(header.names, snakes, animals, games)

    def _start_game(self) -> None:
        self._pile = Counter(self._snakes)
        self._pile[CHARMER] = CHARMERS_IN_DECK
        self.round_number = 1
        self._collections: dict[str, list[Card]] = {p: [] for p in self.players}
        self._played: set[tuple[str, int]] = set()  # animal cards used in this game
        self._layout: tuple[Card, ...] = ()
        self._plays: list[tuple[str, str, int]] = []  # (player, animal, value) in order
        self._relayout = False

    # --- what a dashboard shows ----------------------------------------------------

    @property
    def complete(self) -> bool:
        return len(self._finished) == self.games_in_series

    @property
    def phase(self) -> str:
        """``"layout"`` (snakes to lay out), ``"play"`` (animals to play) or ``"over"``."""
        if self.complete:
            return "over"
        return "play" if self._layout else "layout"

    @property
    def first_player(self) -> str:
        """The first player of the round in progress (or of the next one)."""
        return self.players[self._first]

    @property
    def to_play(self) -> str | None:
        """Who plays the next animal card; None while snakes must be laid out."""
        if self.phase != "play":
            return None
        return self.players[(self._first + len(self._plays)) % len(self.players)]

    @property
    def relayout_needed(self) -> bool:
        """True after a layout with four identical cards went back into the pile."""
        return self._relayout

    @property
    def layout(self) -> tuple[Card, ...]:
        """This round's snakes, nearest the pungi first (empty before the layout)."""
        return self._layout

    @property
    def plays(self) -> tuple[tuple[str, str, int], ...]:
        """This round's animal cards so far: (player, animal, value) in play order."""
        return tuple(self._plays)

    @property
    def pile(self) -> dict[Card, int]:
        """The cards left in the snake pile, by kind."""
        return {kind: n for kind, n in self._pile.items() if n}

    @property
    def pile_size(self) -> int:
        return sum(self._pile.values())

    @property
    def collections(self) -> dict[str, tuple[Card, ...]]:
        """Each player's snakes in the game in progress, in the order taken."""
        return {p: tuple(cards) for p, cards in self._collections.items()}

    @property
    def totals(self) -> dict[str, int]:
        """Series totals of the games finished so far."""
        return dict(self._totals)

    def winners(self) -> list[str]:
        if not self.complete:
            return []
        best = max(self._totals.values())
        return [p for p in self.players if self._totals[p] == best]

    def summary(self) -> dict:
        return {"scores": dict(self._totals), "winners": self.winners(),
                "games": [{"scores": dict(g["scores"]),
                           "collections": {p: list(c) for p, c in g["collections"].items()}}
                          for g in self._finished]}

    def expected_table(self) -> TablePicture:
        """This round's snakes at their layout places ("layout:1" next to the pungi; none
        before the layout) and the animal cards played this round in their players' play
        zones ("play:N", as "mouse 7"); the seats (hands and the snakes taken) are free,
        and the animal cards played earlier in this game (discards) are loose."""
        seat = {p: i + 1 for i, p in enumerate(self.players)}
        zones: list[tuple[str, tuple[Card, ...]]] = [
            (f"layout:{i}", (card,)) for i, card in enumerate(self._layout, 1)]
        zones += [(f"play:{seat[p]}", (f"{animal} {value}",)) for p, animal, value in self._plays]
        loose = {f"{animal} {value}" for animal, value in self._played} - \
            {f"{animal} {value}" for _, animal, value in self._plays}
        return TablePicture(tuple(zones), ("seat:",), frozenset(loose))

    # --- moves ---------------------------------------------------------------------

    def apply(self, move: Move) -> tuple[Outcome, ...]:
        kind = move_type(move)
        handler = {"first": self._choose_first, "layout": self._lay_out,
                   "play": self._play}.get(kind)
        if handler is None:
            raise RuleError(f"unknown move type {kind!r} for pungi "
                            f"(first, layout, play or undo)")
        return handler(move)

    def _choose_first(self, move: Move) -> tuple[Outcome, ...]:
        player = require_player(move, self.players)
        if self._layout:
            raise RuleError(f"first: {player} cannot become first player now: the snakes "
                            f"of this round are laid out and it is {self.to_play}'s turn to play")
        if self._relayout:
            raise RuleError(f"first: the layout went back into the pile (four identical "
                            f"cards); the next move must be a new layout by {self.first_player}")
        self._first = self.players.index(player)
        return (FirstPlayerChosen(player, self.game_number, self.round_number),)

    def _lay_out(self, move: Move) -> tuple[Outcome, ...]:
        cards = require(move, "cards", list)
        if self._layout:
            raise RuleError(f"layout: this round's snakes are already laid out; it is "
                            f"{self.to_play}'s turn to play an animal card")
        n = len(self.players)
        if len(cards) != n:
            raise RuleError(f"layout: {n} players need {n} cards, one per player, "
                            f"not {len(cards)}")
        for i, card in enumerate(cards, 1):
            if card != CHARMER and (isinstance(card, bool) or not isinstance(card, int)):
                raise RuleError(f'layout: card {i} must be a snake value (a whole number) '
                                f'or "charmer", not {json_repr(card)}')
        counts = Counter(cards)
        for card, count in counts.items():
            left = self._pile[card]
            if count > left:
                what = card_text(card) if count == 1 else f"{count} times {card_text(card)}"
                raise RuleError(f"layout: {what}, but the pile has {left or 'none'} left "
                                f"(game {self.game_number})")
        kind, most = counts.most_common(1)[0]
        first = self.first_player
        if most >= REDEAL_AT:
            self._relayout = True
            return (LayoutRedealt(self.game_number, self.round_number, first, tuple(cards),
                                  kind, most),)
        self._relayout = False
        self._layout = tuple(cards)
        self._pile.subtract(counts)
        return (LayoutDealt(self.game_number, self.round_number, first, self._layout),)

    def _play(self, move: Move) -> tuple[Outcome, ...]:
        player = require_player(move, self.players)
        animal = require(move, "animal", str)
        value = require(move, "value", int)
        if animal not in self.animals:
            raise RuleError(f"play: {player} played {json_repr(animal)}, which is not an "
                            f"animal of this deck ({', '.join(self.animals)})")
        if value not in ANIMAL_VALUES:
            raise RuleError(f"play: {player} played {animal} {value}, but animal cards go "
                            f"from 1 to 10")
        card = f"{animal} {value}"
        if not self._layout:
            if self._relayout:
                raise RuleError(f"{player} played {card}, but the layout went back into the "
                                f"pile (four identical cards): {self.first_player} must lay "
                                f"out a new one first")
            raise RuleError(f"{player} played {card}, but no snakes are laid out yet: "
                            f"{self.first_player} lays out first")
        if player != self.to_play:
            raise RuleError(f"{player} played {card}, but it is {self.to_play}'s turn")
        if (animal, value) in self._played:
            raise RuleError(f"{player} played {card}, but {card} was already played in "
                            f"game {self.game_number}; each animal card is played once a game")
        self._played.add((animal, value))
        self._plays.append((player, animal, value))
        outcomes: list[Outcome] = [AnimalPlayed(player, animal, value)]
        if len(self._plays) == len(self.players):
            outcomes += self._hand_out()
        return tuple(outcomes)

    def _hand_out(self) -> list[Outcome]:
        majority = majority_animal([animal for _, animal, _ in self._plays])
        order = sorted(range(len(self._plays)),
                       key=lambda i: (self._plays[i][1] != majority, -self._plays[i][2], i))
        outcomes: list[Outcome] = [MajorityFound(majority)]
        for position, i in enumerate(order):
            player, card = self._plays[i][0], self._layout[position]
            self._collections[player].append(card)
            outcomes.append(SnakeTaken(player, card, position + 1))
        self._layout, self._plays = (), []
        self._first = (self._first + 1) % len(self.players)
        self.round_number += 1
        if self.pile_size < len(self.players):
            outcomes += self._score_game()
        return outcomes

    def _score_game(self) -> list[Outcome]:
        points = {p: collection_points(self._collections[p]) for p in self.players}
        for p in self.players:
            self._totals[p] += points[p]
        collections = self.collections
        self._finished.append({"scores": dict(self._totals), "collections": collections})
        outcomes: list[Outcome] = [GameScored(self.game_number, points, dict(self._totals),
                                              collections)]
        if self.complete:
            winners = tuple(self.winners())
            outcomes.append(SeriesWon(winners, self._totals[winners[0]]))
        else:
            self.game_number += 1
            self._start_game()
        return outcomes


def majority_animal(animals: Sequence[str]) -> str | None:
    """The animal played strictly more often than every other one, if any."""
    ranked = Counter(animals).most_common(2)
    if len(ranked) == 1 or ranked[0][1] > ranked[1][1]:
        return ranked[0][0]
    return None
