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
- A game is over, and scored, right after the hand-out that leaves a pile from which no
  layout without four identical cards can be made (:func:`layout_possible`): fewer cards
  than players (so a game usually has 37 // players rounds), or enough cards of too few
  kinds (e.g. 6 charmers and one snake for 6 players). The next game starts with the full
  pile. ``scores`` in a finished game's entry are the series totals right after it.
- Charmers are used as the spec's reading prescribes (``pungi_cards.charmed_values``): the most
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
- ``unseen_play`` (the project's move, companion.games.unseen): the player to act played
  an animal card nobody read. Play goes on: the next player plays, and once all have
  played the round ends as usual (its snakes are out of the pile, the next round's first
  player is the next one, the game ends when the pile can give no layout). But the
  hand-out of a round with an unseen play cannot be known: it stays open (``open``,
  :class:`OpenHandOut`), its snakes in nobody's collection, and the game's points and the
  series totals from then on leave them out, so they are open too: the summary lists the
  open hand-outs (``"open"``), a finished game scored with one says so
  (``PungiScored.open``), and the series has no winners while one stands. Its card is
  any animal card not otherwise played in the game (a game has at most 37 plays of 60
  animal cards, so later plays always leave it one). ``plays`` shows it as (player,
  None, None). Named later, the journal is rewritten (companion.journal_rewrite): the
  play in its place, and the state is the one of the game as read.

The legal moves (``legal_moves``, companion.games.base.Game) come from these domains:
``first``: every player, while no snakes are laid out; ``layout``: every row of one card
per player that the pile can give (a row of four identical cards included: the rules
take it and send it back), in the order of the cards, snake values rising, charmers
last, nearest the pungi first; ``play``: the player to act, each animal of the deck in
deck order and each value from 1 to 10 not played in this game; ``unseen_play``: the
player to act.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Mapping, NamedTuple, Sequence

from calibration.zone import Zone
from companion.decks import load_deck
from companion.games.base import Game, Header, Outcome, Rule, RuleError, TablePicture, \
    require_player
from companion.games.moves import choices, open_places
from companion.games.pungi_cards import CHARMER, Card, collection_points
from companion.games.pungi_moves import ANIMAL_VALUES, First, Layout, Play
from companion.games.pungi_outcomes import (AnimalPlayed, FirstPlayerChosen, HandOutOpen,
                                            LayoutDealt, LayoutRedealt, MajorityFound,
                                            PungiScored, SeriesWon, SnakeTaken)
from companion.games.unseen import Unread, UnseenPlay, UnseenPlayed

CHARMERS_IN_DECK = 6
SNAKES_IN_DECK = 31
REDEAL_AT = 4  # this many identical cards in a layout send it back into the pile
BETWEEN_ROUNDS_FREE = ("seat", "play", "layout", "pungi")   # every zone, before a layout


@cache
def default_deck() -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The bundled deck's 31 snake values and its six animal names (in deck order)."""
    deck = load_deck("pungi")
    snakes = tuple(card.get("value") for card in deck.of_kind("snake"))
    animals = tuple(dict.fromkeys(card.get("animal") for card in deck.of_kind("animal")))
    return snakes, animals


class OpenHandOut(NamedTuple):
    """A round whose snakes went to players nobody can name yet: an animal card of it
    was not read (``unseen_play``)."""

    game: int
    round: int
    cards: tuple[Card, ...]                            # its layout, nearest the pungi first
    plays: tuple[tuple[str, str | None, int | None], ...]   # in play order; unread: None

    @property
    def unread(self) -> tuple[str, ...]:
        """Whose card of the round nobody read, in play order."""
        return tuple(player for player, animal, _ in self.plays if animal is None)


# --- the engine ----------------------------------------------------------------------

class Pungi(Game):
    """One Pungi series. Read-only properties show the table: whose turn, the layout, the pile.

    ``phase`` is "layout" (the first player lays out the snakes, ``to_act``), "play"
    (``to_act`` plays an animal card) or "over"; ``scores`` are the series totals of the
    games finished so far.

    >>> from companion.games.base import Header, Player
    >>> game = Pungi.from_header(Header("pungi", (Player("Ann"), Player("Bob"))))
    >>> game.apply({"type": "layout", "cards": [5, "charmer"]})
    (LayoutDealt(game=1, round=1, first='Ann', cards=(5, 'charmer')),)
    >>> game.phase, game.to_act, game.pile_size
    ('play', 'Ann', 35)
    >>> [o.kind for o in game.apply({"type": "play", "player": "Ann", "animal": "duck",
    ...                              "value": 3})]
    ['animal_played']
    >>> game.apply({"type": "play", "player": "Ann", "animal": "duck", "value": 4})
    Traceback (most recent call last):
    ...
    companion.games.base.RuleError: Ann played duck 4, but it is Bob's turn
    >>> game.scores, game.winners, game.complete
    ({'Ann': 0, 'Bob': 0}, (), False)
    """

    name = "pungi"
    min_players = 2
    max_players = 6

    def __init__(self, players: tuple[str, ...], snakes: tuple[int, ...],
                 animals: tuple[str, ...], games: int):
        self._players = players
        self._animals = animals
        self._games_in_series = games
        self._snakes = snakes
        self._first = 0  # index of this (or the coming) round's first player
        self._totals = {p: 0 for p in players}
        self._finished: list[dict] = []  # summary entries of the scored games
        self._rounds_scored = 0   # the rounds of the games scored (``round_index``)
        self._game_number = 1
        self._open: list[OpenHandOut] = []  # the series' hand-outs nobody can tell
        self._held = False   # the last round's hand-out is open and no layout came since
        self._start_game()

    @classmethod
    def from_header(cls, header: Header) -> "Pungi":
        """A new series for the header's players and options (``games``, ``snakes``).

        >>> from companion.games.base import Player
        >>> Pungi.from_header(Header("pungi", (Player("Ann"), Player("Bob")),
        ...                          {"games": 0}))
        Traceback (most recent call last):
        ...
        companion.games.base.RuleError: options.games must be the number of games in the series (1 or more), not 0
        """
        options = header.options
        games = options.get("games", len(header.players))
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise RuleError("option_games", value=games)
        snakes, animals = default_deck()
        if "snakes" in options:
            custom = options["snakes"]
            if (not isinstance(custom, list) or len(custom) != SNAKES_IN_DECK
                    or any(isinstance(v, bool) or not isinstance(v, int) for v in custom)):
                raise RuleError("option_snakes", value=custom, count=SNAKES_IN_DECK)
            snakes = tuple(custom)
        return cls(header.names, snakes, animals, games)

    def _start_game(self) -> None:
        self._pile = Counter(self._snakes)
        self._pile[CHARMER] = CHARMERS_IN_DECK
        self._round_number = 1
        self._collections: dict[str, list[Card]] = {p: [] for p in self._players}
        self._played: set[tuple[str, int]] = set()  # animal cards used in this game
        self._layout: tuple[Card, ...] = ()
        # (player, animal, value) in play order; an unseen play's animal and value: None
        self._plays: list[tuple[str, str | None, int | None]] = []
        self._relayout = False

    # --- what a dashboard shows ----------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The players in clockwise seating order."""
        return self._players

    @property
    def animals(self) -> tuple[str, ...]:
        """The deck's six animal names."""
        return self._animals

    @property
    def games_in_series(self) -> int:
        return self._games_in_series

    @property
    def game_number(self) -> int:
        """The game being played (1 to ``games_in_series``); the last one once over."""
        return self._game_number

    @property
    def round_number(self) -> int:
        """The round being played (or about to be laid out) in the current game."""
        return self._round_number

    @property
    def still_to_play(self) -> tuple[str, ...]:
        """The players still to play an animal card this round, in turn order (the one
        to act first); empty but while the table waits for plays.

        >>> from companion.games.base import Header, Player
        >>> game = Pungi.from_header(Header("pungi", (Player("Ann"), Player("Bob"),
        ...                                           Player("Cy"))))
        >>> _ = game.apply({"type": "first", "player": "Bob"})
        >>> _ = game.apply({"type": "layout", "cards": [1, 2, 3]})
        >>> _ = game.apply({"type": "play", "player": "Bob", "animal": "duck", "value": 1})
        >>> game.still_to_play
        ('Cy', 'Ann')
        """
        if self.phase != "play":
            return ()
        first, n = self._first + len(self._plays), len(self._players)
        return tuple(self._players[(first + i) % n] for i in range(n - len(self._plays)))

    @property
    def round_index(self) -> int:
        """The round being played (or laid out), counted over the series from 0: the
        rounds of the games scored so far come first."""
        return self._rounds_scored + self._round_number - 1

    @property
    def complete(self) -> bool:
        return len(self._finished) == self._games_in_series

    @property
    def phase(self) -> str:
        """``"layout"`` (snakes to lay out), ``"play"`` (animals to play) or ``"over"``."""
        if self.complete:
            return "over"
        return "play" if self._layout else "layout"

    @property
    def first_player(self) -> str:
        """The first player of the round in progress (or of the next one)."""
        return self._players[self._first]

    @property
    def to_act(self) -> str | None:
        """Who plays the next animal card, or (phase "layout") the first player, who lays
        out; None once the series is over."""
        phase = self.phase
        if phase == "over":
            return None
        if phase == "layout":
            return self._players[self._first]
        return self._players[(self._first + len(self._plays)) % len(self._players)]

    @property
    def relayout_needed(self) -> bool:
        """True after a layout with four identical cards went back into the pile."""
        return self._relayout

    @property
    def layout(self) -> tuple[Card, ...]:
        """This round's snakes, nearest the pungi first (empty before the layout)."""
        return self._layout

    @property
    def plays(self) -> tuple[tuple[str, str | None, int | None], ...]:
        """This round's animal cards so far: (player, animal, value) in play order; an
        unseen play's animal and value are None."""
        return tuple(self._plays)

    @property
    def played(self) -> frozenset[tuple[str, int]]:
        """The animal cards (animal, value) played so far in this game, read ones (each
        is played once a game)."""
        return frozenset(self._played)

    @property
    def open(self) -> tuple[OpenHandOut, ...]:
        """The rounds of the series whose hand-out nobody can tell (an animal card of
        theirs unread), in order: their snakes are in no collection.

        >>> from companion.games.base import Header, Player
        >>> game = Pungi.from_header(Header("pungi", (Player("Ann"), Player("Bob"))))
        >>> _ = game.apply({"type": "layout", "cards": [5, -2]})
        >>> _ = game.apply({"type": "play", "player": "Ann", "animal": "duck", "value": 3})
        >>> game.apply({"type": "unseen_play", "player": "Bob"})
        (UnseenPlayed(player='Bob'), HandOutOpen(game=1, round=1, cards=(5, -2), unread=('Bob',)))
        >>> game.open[0].unread, game.collections, game.phase, game.pile_size
        (('Bob',), {'Ann': (), 'Bob': ()}, 'layout', 35)
        """
        return tuple(self._open)

    @property
    def unread(self) -> tuple[Unread, ...]:
        """The animal cards of the series nobody read that no later move named, in the
        order they were played (the open hand-outs' and this round's).

        >>> from companion.games.base import Header, Player
        >>> game = Pungi.from_header(Header("pungi", (Player("Ann"), Player("Bob"))))
        >>> _ = game.apply({"type": "layout", "cards": [5, -2]})
        >>> _ = game.apply({"type": "unseen_play", "player": "Ann"})
        >>> game.unread, game.plays
        ((Unread(kind='play', player='Ann', game=1, round=1, card=None),), (('Ann', None, None),))
        """
        now = OpenHandOut(self._game_number, self._round_number, self._layout,
                          tuple(self._plays))
        return tuple(Unread("play", player, hand_out.game, hand_out.round)
                     for hand_out in self._open + [now] for player in hand_out.unread)

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
    def scores(self) -> dict[str, int]:
        """Series totals of the games finished so far."""
        return dict(self._totals)

    @property
    def winners(self) -> tuple[str, ...]:
        """Every player with the highest series total, once the series is over and no
        hand-out is open (the totals are open then)."""
        if not self.complete or self._open:
            return ()
        best = max(self._totals.values())
        return tuple(p for p in self._players if self._totals[p] == best)

    def summary(self) -> dict:
        """The spec's summary; with an open hand-out, ``"open"`` lists each (its game,
        round, snakes and whose card nobody read): the scores leave their snakes out."""
        summary = {"scores": dict(self._totals), "winners": list(self.winners),
                   "games": [{"scores": dict(g["scores"]),
                              "collections": {p: list(c)
                                              for p, c in g["collections"].items()}}
                             for g in self._finished]}
        if self._open:
            summary["open"] = [{"game": o.game, "round": o.round, "cards": list(o.cards),
                                "unread": list(o.unread)} for o in self._open]
        return summary

    def expected_table(self) -> TablePicture:
        """This round's snakes at their layout places ("layout:1" next to the pungi) and
        the animal cards played this round in their players' play zones ("play:N", as
        "mouse 7"; an unseen play's card lies there unread: the rules do not know it);
        the seats (hands and the snakes taken) are free, and the animal cards played
        earlier in this game (discards) are loose. Before a layout nothing is
        fixed: the last round's cards go off the table and the next snakes come out of
        the pile, over any zone (a hand rests on the way). But after a round whose
        hand-out is open, until the next layout, the picture stays that round's: the
        rules cannot say how far the table is in handing it out (its cards may still lie
        there or be gone, and a card gone is no difference), and a play nobody read
        never shows on the table (so no chain of them may "explain" a card lying wrong).

        >>> from companion.games.base import Header, Player
        >>> game = Pungi.from_header(Header("pungi", (Player("Ann"), Player("Bob"))))
        >>> for move in ({"type": "layout", "cards": [5, -2]},
        ...              {"type": "play", "player": "Ann", "animal": "duck", "value": 3},
        ...              {"type": "unseen_play", "player": "Bob"}):
        ...     _ = game.apply(move)
        >>> [(str(zone), cards) for zone, cards in game.expected_table().zones]
        [('layout:1', (5,)), ('layout:2', (-2,)), ('play:1', ('duck 3',))]
        """
        if self._layout:
            layout, plays = self._layout, self._plays
        elif self._held:
            layout, plays = self._open[-1].cards, self._open[-1].plays
        else:
            return TablePicture(free_kinds=BETWEEN_ROUNDS_FREE)
        seat = {p: i + 1 for i, p in enumerate(self.players)}
        zones: list[tuple[Zone, tuple[Card, ...]]] = [
            (Zone("layout", i), (card,)) for i, card in enumerate(layout, 1)]
        zones += [(Zone("play", seat[p]), (f"{animal} {value}",))
                  for p, animal, value in plays if animal is not None]
        loose = {f"{animal} {value}" for animal, value in self._played} - \
            {f"{animal} {value}" for _, animal, value in plays}
        return TablePicture(tuple(zones), free_kinds=("seat",), loose=frozenset(loose))

    # --- moves ---------------------------------------------------------------------

    def _check_first(self, move: First) -> str:
        player = require_player(move, self._players)
        if self._layout:
            raise RuleError("first_after_layout", player=player, turn=self.to_act)
        if self._relayout:
            raise RuleError("relayout_needed", move="first", player=player,
                            first=self.first_player)
        return player

    def _choose_first(self, move: First, player: str) -> tuple[Outcome, ...]:
        self._first = self._players.index(player)
        return (FirstPlayerChosen(player, self._game_number, self._round_number),)

    def _check_layout(self, move: Layout) -> Counter:
        cards = move.cards
        if self._layout:
            raise RuleError("layout_done", turn=self.to_act)
        n = len(self._players)
        if len(cards) != n:
            raise RuleError("layout_length", players=n, cards=len(cards))
        counts = Counter(cards)
        for card, count in counts.items():
            left = self._pile[card]
            if count > left:
                raise RuleError("pile_short",
                                card=card, count=count, left=left, game=self._game_number)
        return counts

    def _lay_out(self, move: Layout, counts: Counter) -> tuple[Outcome, ...]:
        cards = move.cards
        repeated, most = counts.most_common(1)[0]
        first = self.first_player
        self._held = False
        if most >= REDEAL_AT:
            self._relayout = True
            return (LayoutRedealt(self._game_number, self._round_number, first, cards,
                                  repeated, most),)
        self._relayout = False
        self._layout = cards
        self._pile.subtract(counts)
        return (LayoutDealt(self._game_number, self._round_number, first, self._layout),)

    def _check_play(self, move: Play) -> None:
        player = require_player(move, self._players)
        animal, value = move.animal, move.value
        attempt = {"move": "play", "player": player, "animal": animal, "value": value}
        if animal not in self._animals:
            raise RuleError("animal_unknown", **attempt, animals=self._animals)
        self._check_turn(player, attempt)
        if (animal, value) in self._played:
            raise RuleError("animal_out", **attempt, game=self._game_number)

    def _check_turn(self, player: str, attempt: dict) -> None:
        """Refuse a play (seen or not) before the layout or out of turn."""
        if not self._layout:
            if self._relayout:
                raise RuleError("relayout_needed", **attempt, first=self.first_player)
            raise RuleError("no_layout", **attempt, first=self.first_player)
        turn = self.to_act
        if player != turn:
            raise RuleError("wrong_turn", **attempt, turn=turn, done=False)

    def _play(self, move: Play, checked: None) -> tuple[Outcome, ...]:
        player, animal, value = move.player, move.animal, move.value
        self._played.add((animal, value))
        return self._played_card(AnimalPlayed(player, animal, value), animal, value)

    def _check_unseen_play(self, move: UnseenPlay) -> None:
        player = require_player(move, self._players)
        self._check_turn(player, {"move": "unseen_play", "player": player})

    def _unseen_play(self, move: UnseenPlay, checked: None) -> tuple[Outcome, ...]:
        return self._played_card(UnseenPlayed(move.player), None, None)

    def _played_card(self, played: Outcome, animal: str | None, value: int | None
                     ) -> tuple[Outcome, ...]:
        """The player to act played (the animal and value None: unread); the round's
        last card hands the snakes out."""
        self._plays.append((self.to_act, animal, value))
        if len(self._plays) < len(self._players):
            return (played,)
        return (played, *self._hand_out())

    def _hand_out(self) -> list[Outcome]:
        """Every card is down: the snakes go to the players (nobody can say to whom, but
        the round is over, with an unseen play), and the next round or game begins."""
        if any(animal is None for _, animal, _ in self._plays):
            held = OpenHandOut(self._game_number, self._round_number, self._layout,
                               tuple(self._plays))
            self._open.append(held)
            self._held = True
            outcomes: list[Outcome] = [HandOutOpen(held.game, held.round, held.cards,
                                                   held.unread)]
        else:
            outcomes = self._taken()
        self._layout, self._plays = (), []
        self._first = (self._first + 1) % len(self._players)
        self._round_number += 1
        if not layout_possible(self._pile, len(self._players)):
            outcomes += self._score_game()
        return outcomes

    def _taken(self) -> list[Outcome]:
        """The round's snakes handed out: the majority animal's players first, highest
        value first, then everyone else by value; equal values to the earlier play."""
        majority = majority_animal([animal for _, animal, _ in self._plays])
        order = sorted(range(len(self._plays)),
                       key=lambda i: (self._plays[i][1] != majority, -self._plays[i][2], i))
        outcomes: list[Outcome] = [MajorityFound(majority)]
        for position, i in enumerate(order):
            player, card = self._plays[i][0], self._layout[position]
            self._collections[player].append(card)
            outcomes.append(SnakeTaken(player, card, position + 1))
        return outcomes

    def _score_game(self) -> list[Outcome]:
        self._rounds_scored += self._round_number - 1
        points = {p: collection_points(self._collections[p]) for p in self._players}
        for p in self._players:
            self._totals[p] += points[p]
        collections = self.collections
        self._finished.append({"scores": dict(self._totals), "collections": collections})
        outcomes: list[Outcome] = [PungiScored(self._game_number, points, dict(self._totals),
                                               collections,
                                               tuple((o.game, o.round) for o in self._open))]
        if not self.complete:
            self._game_number += 1
            self._start_game()
        elif winners := self.winners:   # (none while a hand-out is open)
            outcomes.append(SeriesWon(winners, self._totals[winners[0]]))
        return outcomes

    def copy(self) -> "Pungi":
        twin = object.__new__(Pungi)
        twin.__dict__.update(self.__dict__)
        # What a move changes in place; the rest is replaced whole, or never changes.
        twin._totals, twin._finished = dict(self._totals), list(self._finished)
        twin._pile, twin._played = Counter(self._pile), set(self._played)
        twin._collections = {p: list(c) for p, c in self._collections.items()}
        twin._plays, twin._open = list(self._plays), list(self._open)
        return twin

    # --- the legal moves: the domains ``legal_moves`` searches ---------------------

    def _first_domain(self, fixed):
        if self.phase == "layout":
            for name in choices(fixed, "player", self._players):
                yield First.trusted(name)

    def _layout_domain(self, fixed):
        """Every row of one card per player the pile can give, in order of the cards
        (snake values rising, charmers last, nearest the pungi first)."""
        if self.phase != "layout":
            return
        left = {kind: n for kind, n in self._pile.items() if n}
        kinds = sorted(k for k in left if k != CHARMER) + [CHARMER] * (CHARMER in left)
        places = open_places(fixed, "cards", kinds) if "cards" in fixed else \
            [kinds] * len(self._players)
        if places is None:   # (the whole row asked for)
            try:
                yield Layout.parse({"type": "layout", "cards": list(fixed["cards"])})
            except (RuleError, TypeError):
                pass
            return
        for cards in _rows(places, left):
            yield Layout.trusted(cards)

    def _play_domain(self, fixed):
        name = self.to_act
        if self.phase != "play" or name not in choices(fixed, "player", (name,)):
            return
        for animal in choices(fixed, "animal", self._animals):
            values = tuple(v for v in ANIMAL_VALUES if (animal, v) not in self._played)
            for value in choices(fixed, "value", values):
                yield Play.trusted(name, animal, value)

    def _unseen_play_domain(self, fixed):
        name = self.to_act
        if self.phase == "play" and name in choices(fixed, "player", (name,)):
            yield UnseenPlay.trusted(name)

    RULES = {"first": Rule(First, _check_first, _choose_first, _first_domain),
             "layout": Rule(Layout, _check_layout, _lay_out, _layout_domain),
             "play": Rule(Play, _check_play, _play, _play_domain),
             "unseen_play": Rule(UnseenPlay, _check_unseen_play, _unseen_play,
                                 _unseen_play_domain)}


def _rows(places: list[list[Card]], left: dict[Card, int]):
    """Every row of a card for each place, of the kinds that place may hold (in their
    order), no kind more often than it is ``left``."""
    if not places:
        yield ()
        return
    for kind in places[0]:
        if left[kind]:
            left[kind] -= 1
            for rest in _rows(places[1:], left):
                yield (kind,) + rest
            left[kind] += 1


def layout_possible(pile: Mapping[Card, int], players: int) -> bool:
    """Whether ``pile`` can still give a layout of one card per player that holds no four
    identical cards (at most three of each kind go into one).

    >>> layout_possible({CHARMER: 6, 5: 1}, 3), layout_possible({CHARMER: 6, 5: 1}, 6)
    (True, False)
    """
    return sum(min(count, REDEAL_AT - 1) for count in pile.values()) >= players


def majority_animal(animals: Sequence[str]) -> str | None:
    """The animal played strictly more often than every other one, if any."""
    ranked = Counter(animals).most_common(2)
    if len(ranked) == 1 or ranked[0][1] > ranked[1][1]:
        return ranked[0][0]
    return None
