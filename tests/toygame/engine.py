"""Duel's rules: two players, each with five blades (1 to 5, one set per player). In each
of five rounds the leader plays a blade, then the other player; the higher blade wins
the round and a point (a tie: nobody), and its player leads the next round (after a
tie, the same leader). Each blade is played once. After the fifth round the most points
win (equal points: both).

The engine is a companion.games.base.Game like the bundled ones: a state folded from
``play`` moves, pure, refusing with a RuleError whose words are this game's catalogue
(tests.toygame.messages).

>>> from companion.games.base import Header, Player
>>> game = Duel.from_header(Header("duel", (Player("Ann"), Player("Bob"))))
>>> game.to_act, sorted(m.card for m in game.legal_moves())
('Ann', [1, 2, 3, 4, 5])
>>> [o.kind for o in game.apply({"type": "play", "player": "Ann", "card": 4})]
['duel_played']
>>> [o.kind for o in game.apply({"type": "play", "player": "Bob", "card": 2})]
['duel_played', 'duel_round']
>>> game.scores, game.to_act
({'Ann': 1, 'Bob': 0}, 'Ann')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from calibration.zone import Zone
from companion.games.base import (Game, Header, Outcome, Rule, RuleError, TablePicture,
                                  int_field, require_player, text_field)
from companion.games.moves import Move, choices, typed

ROUNDS = 5
BLADES = (1, 2, 3, 4, 5)


@typed
@dataclass(frozen=True, slots=True)
class Play(Move):
    """A player lays a blade face up in their play zone."""

    type = "play"
    FIELDS = ("player", "card")
    player: str
    card: int

    @classmethod
    def parse(cls, obj):
        player, card = text_field(obj, "player"), int_field(obj, "card")
        if card not in BLADES:
            raise RuleError("duel_blade", player=player, card=card)
        return cls._read(obj, (player, card))


@dataclass(frozen=True, slots=True)
class Played(Outcome):
    kind = "duel_played"

    player: str
    card: int


@dataclass(frozen=True, slots=True)
class RoundWon(Outcome):
    kind = "duel_round"

    round: int
    winner: str | None          # None: a tie
    cards: Mapping[str, int]    # each player's blade this round
    scores: Mapping[str, int]   # the points right after it


@dataclass(frozen=True, slots=True)
class DuelWon(Outcome):
    kind = "duel_won"

    winners: tuple[str, ...]
    points: int


class Duel(Game):
    name = "duel"
    min_players = 2
    max_players = 2

    def __init__(self, players: tuple[str, ...]):
        self._players = players
        self._leader = 0                          # who leads this round (seat index)
        self._round = 1
        self._laid: list[tuple[str, int]] = []    # this round's blades, in play order
        self._used: dict[str, frozenset[int]] = {p: frozenset() for p in players}
        self._scores = {p: 0 for p in players}

    @classmethod
    def from_header(cls, header: Header) -> "Duel":
        return cls(header.names)

    def copy(self) -> "Duel":
        twin = object.__new__(Duel)
        twin.__dict__.update(self.__dict__)
        # What a move changes in place; the rest is replaced whole.
        twin._laid, twin._used, twin._scores = list(self._laid), dict(self._used), \
            dict(self._scores)
        return twin

    # --- the state -----------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def to_act(self) -> str | None:
        if self.complete:
            return None
        return self._players[(self._leader + len(self._laid)) % 2]

    @property
    def phase(self) -> str:
        return "over" if self.complete else "play"

    @property
    def round(self) -> int:
        """The round being played (ROUNDS + 1 once the duel is over)."""
        return self._round

    @property
    def laid(self) -> tuple[tuple[str, int], ...]:
        """This round's blades so far: (player, blade) in play order."""
        return tuple(self._laid)

    @property
    def start_player(self) -> str:
        """Who leads the first round: the first player of the header."""
        return self._players[0]

    def hand(self, player: str) -> tuple[int, ...]:
        """The blades ``player`` has not played yet."""
        return tuple(b for b in BLADES if b not in self._used[player])

    @property
    def scores(self) -> dict[str, int]:
        return dict(self._scores)

    @property
    def complete(self) -> bool:
        return self._round > ROUNDS

    @property
    def winners(self) -> tuple[str, ...]:
        if not self.complete:
            return ()
        best = max(self._scores.values())
        return tuple(p for p in self._players if self._scores[p] == best)

    def summary(self) -> dict:
        return {"scores": self.scores, "winners": list(self.winners),
                "games": [{"scores": self.scores}] if self.complete else []}

    def expected_table(self) -> TablePicture:
        """This round's blades in their players' play zones ("play:N"); the seats are
        free (hands). Between rounds nothing is fixed: the last round's blades lie there
        until a hand takes them off the table."""
        if not self._laid:
            return TablePicture(free_kinds=("seat", "play"))
        seat = {p: i + 1 for i, p in enumerate(self._players)}
        return TablePicture(tuple((Zone("play", seat[p]), (card,)) for p, card in self._laid),
                            free_kinds=("seat",))

    # --- the one move ----------------------------------------------------------------

    def _check_play(self, move: Play) -> None:
        player = require_player(move, self._players)
        if player != self.to_act:
            raise RuleError("duel_turn", player=player, card=move.card, turn=self.to_act)
        if move.card in self._used[player]:
            raise RuleError("duel_used", player=player, card=move.card)

    def _play(self, move: Play, _checked) -> tuple[Outcome, ...]:
        player = move.player
        self._used[player] = self._used[player] | {move.card}
        self._laid.append((player, move.card))
        outcomes: list[Outcome] = [Played(player, move.card)]
        if len(self._laid) < 2:
            return tuple(outcomes)
        (first, a), (second, b) = self._laid
        winner = first if a > b else second if b > a else None
        if winner is not None:
            self._scores[winner] += 1
            self._leader = self._players.index(winner)
        outcomes.append(RoundWon(self._round, winner, dict(self._laid), dict(self._scores)))
        self._laid = []
        self._round += 1
        if self.complete:
            outcomes.append(DuelWon(self.winners, max(self._scores.values())))
        return tuple(outcomes)

    def _play_domain(self, fixed):
        for player in choices(fixed, "player", self._players):
            for card in choices(fixed, "card", self.hand(player)):
                yield Play.trusted(player, card)

    RULES = {"play": Rule(Play, _check_play, _play, _play_domain)}
