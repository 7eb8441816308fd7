"""Pumafiosi: the second-highest card wins the round and climbs the Pumafia hierarchy.

The rules are the rulebook (../shared/rules/pumafiosi.en.txt) with the readings of the
session-format spec. Where both are silent, this engine reads them so:

- The start player of games 2 and 3 is fixed the moment the previous game is scored
  (from the scores right after scoring); an ``honor_violation`` before that game's first
  move does not change it.
- ``honor_violation`` is allowed at any time until the match is over, from every player.
- ``machine_gun: false`` and ``ring: false`` are no item moves: they are accepted without
  ``options.items``. An ``item`` field must be ``"vest"`` or ``"notebook"`` (``null`` is
  refused, like any other non-text).
- A ``place`` may use a vest or notebook on the placed card and the ring on the bumped
  card in the same move (they are different cards).
- A drop is charged per card and per placement: a card pushed down several steps by one
  placement is one ``CardDropped`` (from where it stood to where it stops).
- The final tie-break compares, for each tied player, the highest step holding a card
  they own or co-own in game 3's hierarchy as scored; a player with no card there loses
  it to one who has one; players still equal share the win (listed in seating order).
- Owners absent from the hierarchy pay 10 points as part of the game's scoring (a
  ``PenaltyCharged`` with reason ``"absent"``, counted in that game's points).
- ``unseen_play`` (the project's move): a player played a card face up that nobody read.
  Its value is any card not otherwise used in this game (never with the machine gun);
  the 2-player game has none (Tony's placement depends on every value). A round with an
  unseen play has no winner by value: its ``place`` says who won (``to_act`` is None
  meanwhile), legal when some assignment of distinct unused cards to the round's unseen
  plays makes the placer's card the second-highest; a placer whose own play is the unseen
  one names it by the place. Every later play of the game must leave each unseen play a
  possible value. ``plays`` shows an unseen play as (player, None, None).
- ``unseen_place`` (the project's move): the round's winner placed their card at a step
  nobody saw. It ends the round like a ``place`` (in a round with an unseen play it says
  who won, as a place does; the placer's own unseen play is then the second-highest card,
  legal only when every other card of the round was read), but the rules do not know
  where the card lies: it is in no step (no card drops for it, and it scores no points),
  and its owner counts as present in the hierarchy. ``hidden`` lists such cards.

The legal moves (``legal_moves``, companion.games.base.Game) come from these domains,
each in the order given: ``tony``: the cards not played in this game, lowest first;
``play``: the player to act, those cards, without the machine gun and (a player who
still has it) with it; ``unseen_play``: the player to act; ``place``: the round's winner
and their card (a round with an unseen play: each of its players, an unseen one with
each card not played in this game), every step from 10 down to -3, no item or the vest
or the notebook (those the placer still has), no ring or the ring; ``unseen_place``:
those placers; ``honor_violation``: every player. An optional flag is offered absent,
never ``false`` (which the rules also take).

State that a dashboard may show is read through the documented properties below; the
summary is the spec's object. Speed matters (the rules bench replays thousands of
matches a second), so the hot paths check fields inline and fall back to the shared
``require`` helpers only to word an error.
"""

from __future__ import annotations

import math

from companion.games.base import Game, Header, Outcome, Rule, RuleError, require_player
from companion.games.moves import choices
from companion.games.pumafiosi_moves import (HIGHEST_CARD, LOWEST_CARD, PLACED_ITEMS, STEPS,
                                             HonorViolation, Place, Play, Tony, UnseenPlace)
from companion.games.pumafiosi_moves import attempt as _attempt
from companion.games.pumafiosi_outcomes import (CardDropped, CardPlaced, CardPlayed,
                                                GameStarted, Hierarchy, MatchWon,
                                                PenaltyCharged, PumafiosiScored, RingAdded,
                                                RoundWon, UnseenPlaced)
from companion.games.unseen import Unread, UnseenPlay, UnseenPlayed
from calibration.zone import Zone
from companion.games.base import TablePicture

STEP_INDEX = {step: i for i, step in enumerate(STEPS)}
CASUALTY = len(STEPS) - 1
ROUNDS = 10
GAMES = 3
MACHINE_GUN_BONUS = 10.5
HONOR_PENALTY = 5
ABSENT_PENALTY = 10
ITEMS = ("machine_gun", "vest", "notebook", "ring")
TONY = -1
"""The seat number that stands for Tony in a round's plays."""


class HeldCard:
    """A card in the hierarchy: its owners (in the order they came to own it) and item;
    never changed once made (copies of a state share them)."""

    __slots__ = ("card", "owners", "item")

    def __init__(self, card: int, owners: list[str], item: str | None):
        self.card = card
        self.owners = owners
        self.item = item

    @property
    def rate(self) -> int:
        """Penalty points per step dropped, for each owner."""
        if not self.owners or self.item == "vest":
            return 0
        return 2 if self.item == "notebook" else 1


class Pumafiosi(Game):
    """One Pumafiosi match of 3 games; ``phase`` is "tony", "play", "place" or "over".

    >>> from companion.games.base import Header, Player
    >>> header = Header("pumafiosi", (Player("Ann", 41), Player("Bob", 35), Player("Cy", 52)))
    >>> game = Pumafiosi.from_header(header)
    >>> game.to_act, game.phase           # the second-oldest starts
    ('Ann', 'play')
    >>> for name, card in (("Ann", 10), ("Bob", 20)):
    ...     _ = game.apply({"type": "play", "player": name, "card": card})
    >>> [o.kind for o in game.apply({"type": "play", "player": "Cy", "card": 30})]
    ['card_played', 'round_won']
    >>> game.phase, game.to_act           # the second-highest card wins and places
    ('place', 'Bob')
    >>> try:
    ...     game.apply({"type": "play", "player": "Ann", "card": 11})
    ... except RuleError as err:
    ...     print(err.code, err.fields["winner"], "|", err)
    place_first Bob | Ann played 11, but Bob must first place 20, the card that won the round
    >>> game.scores, game.winners, game.complete
    ({'Ann': 0, 'Bob': 0, 'Cy': 0}, (), False)
    """

    name = "pumafiosi"
    min_players = 2
    max_players = 5

    def __init__(self, names: tuple[str, ...], ages: tuple[float, ...], items: bool):
        self._names = names
        self._seat = {name: i for i, name in enumerate(names)}
        self._ages = ages
        self._n = len(names)
        self._with_tony = self._n == 2
        self._plays_per_round = self._n + 1 if self._with_tony else self._n
        self._items = items
        self._scores = dict.fromkeys(names, 0)
        self._carried = dict(self._scores)  # the scores as the game in progress began
        self._scored: dict[str, int] = {}   # the last scored game's points, once the match ends
        self._used: dict[str, set[str]] = {name: set() for name in names}
        self._games: list[dict] = []
        # The cards nobody read of the rounds gone by (``unread``; this game's places
        # nobody saw are ``hidden``: the instance keeps under 30 attributes, which
        # CPython reads fastest)
        self._unread: list[Unread] = []
        self._winners: tuple[str, ...] = ()
        self._complete = False
        self._game = 1
        self._start = self._second_oldest(range(self._n))
        self._new_game_state()

    def _new_game_state(self) -> None:
        self._round = 1
        # (seat or TONY, card, value); an unseen play's card and value are None
        self._plays: list[tuple[int, int | None, float | None]] = []
        self._player_plays = 0
        self._cards_out: set[int] = set()
        # The unseen plays of earlier rounds of this game: the cards each may be, (low,
        # high), as their round's place left them (above or below the winning value).
        self._unseen: list[tuple[int, int]] = []
        self._unseen_by: list[str] = []     # ... and whose they are
        self._open = False  # all cards out, some unseen: the place will say who won
        self._unseen_game = False  # any unseen play in this game (the hot path skips them)
        self._slots: list[HeldCard | None] = [None] * CASUALTY
        self._casualties: list[HeldCard] = []
        self._winner: int | None = None  # the seat that must place
        self._winning_card = 0

    @classmethod
    def from_header(cls, header: Header) -> "Pumafiosi":
        """A new match for the header's players (distinct ages) and ``options.items``.

        >>> from companion.games.base import Player
        >>> Pumafiosi.from_header(Header("pumafiosi", (Player("Ann", 41), Player("Bob"))))
        Traceback (most recent call last):
        ...
        companion.games.base.RuleError: pumafiosi needs every player's "age" (the start player is chosen by age): Bob has none
        """
        ages = []
        for player in header.players:
            if player.age is None:
                raise RuleError("age_missing", player=player.name)
            ages.append(player.age)
        for i, age in enumerate(ages):
            if age in ages[:i]:
                first = header.players[ages.index(age)].name
                raise RuleError("ages_equal", players=(first, header.players[i].name), age=age)
        items = header.options.get("items", False)
        if not isinstance(items, bool):
            raise RuleError("option_items", value=items)
        return cls(header.names, tuple(ages), items)

    # --- readable state -----------------------------------------------------------------

    @property
    def complete(self) -> bool:
        return self._complete

    @property
    def players(self) -> tuple[str, ...]:
        """The players in clockwise seating order."""
        return self._names

    @property
    def game_number(self) -> int:
        """The game being played (1-3); stays 3 once the match is over."""
        return self._game

    @property
    def round_number(self) -> int:
        """The round being played (1-10); 10 once the match is over."""
        return min(self._round, ROUNDS)

    @property
    def start_player(self) -> str:
        """Who started (or starts) the current round."""
        return self._names[self._start]

    @property
    def phase(self) -> str:
        """What the table waits for: "tony" (Tony's card, 2 players), "play", "place" (the
        round's winner places) or "over"."""
        if self._complete:
            return "over"
        if self._winner is not None or self._open:
            return "place"
        if self._with_tony and not self._plays:
            return "tony"
        return "play"

    @property
    def to_act(self) -> str | None:
        """The player expected to act next (for "tony": the start player reveals it);
        None when the match is over or an unseen play leaves the round's winner open."""
        if self._complete or self._open:
            return None
        if self._winner is not None:
            return self._names[self._winner]
        return self._names[(self._start + self._player_plays) % self._n]

    @property
    def plays(self) -> tuple[tuple[str | None, int | None, float | None], ...]:
        """This round's cards so far: (player or None for Tony, card, value); an unseen
        play's card and value are None."""
        return tuple((None if s == TONY else self._names[s], c, v) for s, c, v in self._plays)

    @property
    def cards_out(self) -> frozenset[int]:
        """The cards played so far in this game (each card exists once), unseen ones not
        included."""
        return frozenset(self._cards_out)

    @property
    def unseen_players(self) -> tuple[str, ...]:
        """Whose play in this round nobody read (``unseen_play``), in play order."""
        return tuple(self._names[s] for s, c, _ in self._plays if c is None)

    @property
    def hierarchy(self) -> Hierarchy:
        """Every step, highest first: its cards as (card, owners), the lowest card last."""
        return self._snapshot()

    @property
    def unread(self) -> tuple[Unread, ...]:
        """The cards of the match nobody read that no later move named, in the order
        they were played or placed: each unseen play whose card no place said (this
        round's too; a place nobody saw by its own player stands for it), and each place
        nobody saw. (A move named later is a journal rewritten: it folds anew.)

        >>> from companion.games.base import Player
        >>> game = Pumafiosi.from_header(Header("pumafiosi", (Player("Ann", 41),
        ...     Player("Bob", 35), Player("Cy", 52))))
        >>> for move in ({"type": "play", "player": "Ann", "card": 10},
        ...              {"type": "unseen_play", "player": "Bob"},
        ...              {"type": "play", "player": "Cy", "card": 30}):
        ...     _ = game.apply(move)
        >>> _ = game.apply({"type": "place", "player": "Cy", "card": 30, "step": 8})
        >>> game.unread
        (Unread(kind='play', player='Bob', game=1, round=1, card=None),)
        """
        return tuple(self._unread) + tuple(Unread("play", self._names[s], self._game,
                                                  self.round_number)
                                           for s, c, _ in self._plays if c is None)

    @property
    def still_to_play(self) -> tuple[str, ...]:
        """The players still to play this round, in turn order (the one to act first);
        empty but while the table waits for plays."""
        if self.phase != "play":
            return ()
        first = self._start + self._player_plays
        return tuple(self._names[(first + i) % self._n]
                     for i in range(self._n - self._player_plays))

    @property
    def round_index(self) -> int:
        """The round being played, counted over the match from 0 (game 2's first is 10)."""
        return (self._game - 1) * ROUNDS + self.round_number - 1

    @property
    def steps_held(self) -> dict[int, int]:
        """Each card of the hierarchy: the step it is at."""
        held = {h.card: STEPS[i] for i, h in enumerate(self._slots) if h is not None}
        held.update((h.card, STEPS[CASUALTY]) for h in self._casualties)
        return held

    @property
    def hidden(self) -> tuple[tuple[str, int | None], ...]:
        """This game's cards placed at a step nobody saw: (owner, card; None if unread)."""
        return tuple((u.player, u.card) for u in self._unread
                     if u.kind == "place" and u.game == self._game)

    def card_at(self, step: int) -> tuple[int, tuple[str, ...], str | None] | None:
        """The card at a step above -3 as (card, owners, item), or None if it is empty."""
        held = self._slots[STEP_INDEX[step]]
        return None if held is None else (held.card, tuple(held.owners), held.item)

    @property
    def scores(self) -> dict[str, int]:
        """The running scores: wealth minus penalty, this game's penalties included."""
        return dict(self._scores)

    @property
    def winners(self) -> tuple[str, ...]:
        """The match's winners (several on a tie), empty until the match is over."""
        return self._winners

    @property
    def penalties(self) -> dict[str, int]:
        """Penalty points charged in the game in progress (the last game once the match
        is over): the drops and the honour code. The 10 points of a player absent from
        the hierarchy belong to the game's scoring (``PumafiosiScored.points``), not here."""
        # Only drops and the honour code change a score between two scorings.
        scored = self._scored
        return {name: self._carried[name] + scored.get(name, 0) - score
                for name, score in self._scores.items()}

    @property
    def wealth(self) -> dict[str, int]:
        """The points on each player's wealth card in the rulebook's sense: the positive
        score carried over into the game in progress (a negative one lies on the penalty
        card), and once the match is over the final score after netting. The running
        score is ``wealth`` minus the penalty card: ``scores``."""
        source = self._scores if self._complete else self._carried
        return {name: max(points, 0) for name, points in source.items()}

    def items_left(self, player: str) -> tuple[str, ...]:
        """The item tokens this player may still use (none without options.items)."""
        if not self._items:
            return ()
        return tuple(i for i in ITEMS if i not in self._used[player])

    # --- moves --------------------------------------------------------------------------

    def _player(self, move) -> int:
        seat = self._seat.get(move.player)
        if seat is None:
            require_player(move, self._names)
        return seat  # type: ignore[return-value]

    def _need_items(self, attempt: dict, item: str, seat: int) -> None:
        name = self._names[seat]
        if not self._items:
            raise RuleError("items_off", **attempt, item=item)
        if item in self._used[name]:
            raise RuleError("item_used", **attempt, item=item)

    def _refuse_card_out(self, attempt: dict) -> None:
        raise RuleError("card_out", **attempt)

    def _refuse_before_placement(self, attempt: dict) -> None:
        if self._open:
            unseen = self.unseen_players
            raise RuleError("place_first_unseen", **attempt, unseen=unseen)
        raise RuleError("place_first", **attempt,
                        winner=self._names[self._winner], winning_card=self._winning_card)

    def _check_tony(self, move: Tony) -> int:
        if not self._with_tony:
            raise RuleError("tony_not_two_players", players=self._n)
        card = move.card
        attempt = _attempt("tony", None, card)
        if self._winner is not None or self._open:
            self._refuse_before_placement(attempt)
        if self._plays:
            raise RuleError("tony_out", **attempt, tony_card=self._plays[0][1], turn=self.to_act)
        if card in self._cards_out:
            self._refuse_card_out(attempt)
        return card

    def _tony(self, move: Tony, card: int) -> tuple[Outcome, ...]:
        self._plays.append((TONY, card, card))
        self._cards_out.add(card)
        return (CardPlayed(None, card),)

    def _check_play(self, move: Play) -> int:
        seat = self._seat.get(move.player)
        if seat is None:
            self._player(move)   # refuses it
        card = move.card
        gun = move.machine_gun
        name = self._names[seat]
        # The hot path: a refusal's fields are built only when there is one.
        if self._winner is not None or self._open or (self._with_tony and not self._plays) \
                or seat != (self._start + self._player_plays) % self._n:
            self._check_turn(seat, card)
        if card in self._cards_out:
            self._refuse_card_out(_attempt("play", name, card))
        if self._unseen_game:
            self._check_possible(_attempt("play", name, card), {card})
        if gun:
            self._need_items(_attempt("play", name, card), "machine_gun", seat)
        return seat

    def _play(self, move: Play, seat: int) -> tuple[Outcome, ...]:
        name, card, gun = self._names[seat], move.card, move.machine_gun is True
        if gun:
            self._used[name].add("machine_gun")
        value = card + MACHINE_GUN_BONUS if gun else card
        self._plays.append((seat, card, value))
        self._player_plays += 1
        self._cards_out.add(card)
        played = CardPlayed(name, card, gun)
        if len(self._plays) < self._plays_per_round:
            return (played,)
        if self._unseen_game and self._open_plays():
            self._open = True   # no winner by value: the place will say
            return (played,)
        return self._end_of_plays(played)

    def _unseen_mover(self, move) -> tuple[int, str, dict]:
        """An unseen move's player (seat and name) and its attempt fields; refused in the
        2-player game."""
        seat = self._player(move)
        name = self._names[seat]
        attempt = {"move": move.type, "player": name}
        if self._with_tony:
            raise RuleError("unseen_two_players", **attempt)
        return seat, name, attempt

    def _check_unseen_play(self, move: UnseenPlay) -> int:
        seat, name, attempt = self._unseen_mover(move)
        self._check_turn(seat, None)
        self._check_possible(attempt, set(), extra=1)
        return seat

    def _unseen_play(self, move: UnseenPlay, seat: int) -> tuple[Outcome, ...]:
        name = self._names[seat]
        self._unseen_game = True
        self._plays.append((seat, None, None))
        self._player_plays += 1
        played = UnseenPlayed(name)
        if len(self._plays) < self._plays_per_round:
            return (played,)
        self._open = True   # no winner by value: the place will say
        return (played,)

    def _check_turn(self, seat: int, card: int | None) -> None:
        """Refuse a play (``card`` None: unseen) out of turn or before the placement."""
        name = self._names[seat]
        attempt = _attempt("play", name, card) if card is not None else \
            {"move": "unseen_play", "player": name}
        if self._winner is not None or self._open:
            self._refuse_before_placement(attempt)
        if self._with_tony and not self._plays:
            raise RuleError("tony_first", **attempt)
        turn = (self._start + self._player_plays) % self._n
        if seat != turn:
            done = (seat - self._start) % self._n < self._player_plays
            raise RuleError("wrong_turn", **attempt, turn=self._names[turn], done=done)

    # --- unseen plays: which cards they may still be ------------------------------------

    def _open_plays(self) -> int:
        """This round's unseen plays."""
        return sum(c is None for _, c, _ in self._plays)

    def _possible(self, used: set[int], demands: list[tuple[int, int]] = (),
                  extra: int = 0) -> bool:
        """Can every unseen play of this game (earlier rounds' within their bounds, this
        round's and ``extra`` more anything; ``demands`` more bounds) be a distinct card
        not out and not in ``used``? Cards to bounds, the earliest upper bound first
        taking the lowest card it may: that finds an assignment whenever one exists."""
        bounds = self._unseen + list(demands) + \
            [(LOWEST_CARD, HIGHEST_CARD)] * (self._open_plays() + extra)
        taken = self._cards_out | used
        for low, high in sorted(bounds, key=lambda b: (b[1], b[0])):
            card = next((c for c in range(max(low, LOWEST_CARD), min(high, HIGHEST_CARD) + 1)
                         if c not in taken), None)
            if card is None:
                return False
            taken = taken | {card}
        return True

    def _check_possible(self, attempt: dict, used: set[int], extra: int = 0) -> None:
        if not self._possible(used, extra=extra):
            unseen = self._unseen_names()
            raise RuleError("unseen_no_card", **attempt, unseen=unseen)

    def _unseen_names(self) -> tuple[str, ...]:
        """Who played the unseen plays of this game, this round's last."""
        return tuple(self._unseen_by) + self.unseen_players

    def _end_of_plays(self, played: Outcome) -> tuple[Outcome, ...]:
        """All cards are out: the second-highest value wins the round."""
        ranked = sorted(self._plays, key=_value, reverse=True)
        seat, card, value = ranked[1]
        if seat != TONY:
            self._winner = seat
            self._winning_card = card
            return played, RoundWon(self._names[seat], card, value, self._game, self._round)
        out: list[Outcome] = [played, RoundWon(None, card, value, self._game, self._round)]
        index = next((i for i in range(CASUALTY)
                      if self._slots[i] is None or self._slots[i].card < card), CASUALTY)
        out.append(CardPlaced(None, card, STEPS[index]))
        self._settle(index, HeldCard(card, [], None), out)
        # Tony has no turn: the player who did not start this round starts the next.
        self._end_round((self._start + 1) % self._n, out)
        return tuple(out)

    def _check_place(self, move: Place) -> tuple:
        seat = self._player(move)
        card = move.card
        name = self._names[seat]
        attempt = _attempt("place", name, card)
        won = self._placer(seat, card, attempt)
        step = move.step
        index = STEP_INDEX[step]
        bumped = self._slots[index] if index < CASUALTY else None
        if bumped is not None and bumped.card > card:
            raise RuleError("step_holds_higher", **attempt, step=step, held=bumped.card)
        item = move.item
        if item is not None:
            self._need_items(attempt, item, seat)
        ring = move.ring
        if ring:
            self._need_items(attempt, "ring", seat)
            if bumped is None:
                raise RuleError("ring_no_card", **attempt, step=step, casualty=index == CASUALTY)
            if name in bumped.owners:
                raise RuleError("ring_own_card", **attempt, held=bumped.card)
            if bumped.item is not None:
                raise RuleError("ring_on_item", **attempt, held=bumped.card, item=bumped.item)
        return seat, index, bumped, won

    def _place(self, move: Place, checked: tuple) -> tuple[Outcome, ...]:
        seat, index, bumped, won = checked
        name, card, step, item, ring = self._names[seat], move.card, move.step, move.item, \
            move.ring is True
        used = self._used[name]
        if item is not None:
            used.add(item)
        if ring:
            used.add("ring")
        out: list[Outcome] = []
        if won is not None:
            out += self._settle_open(seat, card, won)
        out.append(CardPlaced(name, card, step, item, ring))
        self._settle(index, HeldCard(card, [name], item), out)
        if ring:
            # The ring counts from after this placement's drops: both families own it now.
            ringed = HeldCard(bumped.card, bumped.owners + [name], "ring")
            self._replace(bumped, ringed)
            out.append(RingAdded(name, ringed.card, tuple(ringed.owners)))
        self._winner = None
        self._end_round(seat, out)
        return tuple(out)

    def _placer(self, seat: int, card: int | None, attempt: dict
                ) -> list[tuple[int, int]] | None:
        """Refuse a place (``card`` None: at a step nobody saw, the winner's card) by
        anyone but the round's winner; in a round with an unseen play, the bounds its
        unseen plays keep (``_open_winner``), else None."""
        if self._open:
            return self._open_winner(seat, card, attempt)
        if self._winner is None:
            tony = self.phase == "tony"
            raise RuleError("no_round_won", **attempt, turn=self.to_act,
                            task="tony" if tony else "play")
        winner = self._names[self._winner]
        if seat != self._winner:
            raise RuleError("not_the_winner", **attempt,
                            winner=winner, winning_card=self._winning_card)
        if card is not None and card != self._winning_card:
            raise RuleError("not_the_winning_card", **attempt, winning_card=self._winning_card)
        return None

    def _check_unseen_place(self, move: UnseenPlace) -> tuple:
        seat, _, attempt = self._unseen_mover(move)
        return seat, self._placer(seat, None, attempt)

    def _unseen_place(self, move: UnseenPlace, checked: tuple) -> tuple[Outcome, ...]:
        seat, won = checked
        name = self._names[seat]
        out: list[Outcome] = []
        if won is not None:
            out += self._settle_open(seat, next(c for s, c, _ in self._plays if s == seat),
                                     won)
        card = self._winning_card if self._winner is not None else None
        self._unread.append(Unread("place", name, self._game, self._round, card))
        out.append(UnseenPlaced(name, card, self._game, self._round))
        self._winner = None
        self._end_round(seat, out)
        return tuple(out)

    def _open_winner(self, seat: int, card: int | None, attempt: dict
                     ) -> list[tuple[int, int]]:
        """A place in a round with an unseen play: legal when ``card`` is the placer's
        (or their play is the unseen one and ``card`` a card not out) and some unused
        cards for the other unseen plays make it the second-highest; the bounds those
        plays keep (above or below its value). ``card`` None (placed where nobody saw):
        the placer's card, read or not; an unread one keeps the bounds of the
        second-highest card, between the round's two highest (every other card read)."""
        name = self._names[seat]
        mine = next(play for play in self._plays if play[0] == seat)
        others = sum(c is None for s, c, _ in self._plays if s != seat)
        if card is None and mine[1] is None:
            if others:
                unseen = self.unseen_players
                raise RuleError("unseen_place_open", **attempt, unseen=unseen)
            first, second = sorted((v for _, _, v in self._plays if v is not None),
                                   reverse=True)[:2]
            bound = (math.floor(second) + 1, math.ceil(first) - 1)
            if not self._possible(set(), [bound], extra=-1):
                raise RuleError("unseen_place_no_card", **attempt)
            return [bound]
        card = mine[1] if card is None else card
        if mine[1] is None:
            if card in self._cards_out:
                self._refuse_card_out(attempt)
            value, used = float(card), {card}
        elif mine[1] != card:
            raise RuleError("not_the_played_card", **attempt, played=mine[1])
        else:
            value, used = mine[2], set()
        above = sum(v is not None and v > value for _, _, v in self._plays)
        need = 1 - above   # unseen plays that must be higher: exactly one card is
        high = (math.floor(value) + 1, HIGHEST_CARD)
        low = (LOWEST_CARD, math.ceil(value) - 1)
        bounds = [high] * need + [low] * (others - need)
        unseen = tuple(n for n in self.unseen_players if n != name) or (name,)
        if not 0 <= need <= others or not self._possible(used, bounds, extra=-others - (
                mine[1] is None)):
            raise RuleError("unseen_not_second", **dict(attempt, card=card), unseen=unseen)
        return bounds

    def _settle_open(self, seat: int, card: int | None, bounds: list[tuple[int, int]]
                     ) -> tuple[Outcome, ...]:
        """The place said who won a round with an unseen play: the placer's unseen play
        is that card (None: still unread, the winner of it), and the unseen plays keep
        their bounds for the rest of the game."""
        if card is not None:
            self._plays = [(s, card, float(card)) if s == seat and c is None else (s, c, v)
                           for s, c, v in self._plays]
            self._cards_out.add(card)
        self._unseen_by += [self._names[s] for s, c, _ in self._plays if c is None]
        # (a place nobody saw by the unseen player is the one question about both)
        self._unread += [Unread("play", self._names[s], self._game, self._round)
                         for s, c, _ in self._plays if c is None and s != seat]
        self._unseen += bounds
        self._open = False
        if card is None:
            return ()   # (said by the unseen place)
        self._winner, self._winning_card = seat, card
        value = next(v for s, _, v in self._plays if s == seat)
        return (RoundWon(self._names[seat], card, value, self._game, self._round),)

    def _honor_violation(self, move: HonorViolation, seat: int) -> tuple[Outcome, ...]:
        name = self._names[seat]
        self._scores[name] -= HONOR_PENALTY
        return (PenaltyCharged(name, HONOR_PENALTY, "honor"),)

    # --- the hierarchy, rounds and games ------------------------------------------------

    def _settle(self, index: int, placed: HeldCard, out: list[Outcome]) -> None:
        """Put ``placed`` at ``index`` and let the lower of two cards drop, step by step."""
        slots = self._slots
        moving = placed
        origin = index
        while index < CASUALTY:
            held = slots[index]
            if held is None:
                slots[index] = moving
                break
            if held.card < moving.card:
                slots[index] = moving
                if moving is not placed:
                    self._charge(moving, origin, index, out)
                moving, origin = held, index
            index += 1
        else:
            self._casualties.append(moving)
        if moving is not placed:
            self._charge(moving, origin, index, out)

    def _replace(self, old: HeldCard, new: HeldCard) -> None:
        """Put ``new`` where ``old`` lies in the hierarchy."""
        slots = self._slots
        for i, held in enumerate(slots):
            if held is old:
                slots[i] = new
                return
        self._casualties[self._casualties.index(old)] = new

    def _charge(self, held: HeldCard, origin: int, stop: int, out: list[Outcome]) -> None:
        penalty = (stop - origin) * held.rate
        owners = tuple(held.owners)
        if penalty:
            scores = self._scores
            for owner in owners:
                scores[owner] -= penalty
        out.append(CardDropped(held.card, STEPS[origin], STEPS[stop], penalty, owners))

    def _end_round(self, next_start: int, out: list[Outcome]) -> None:
        self._start = next_start
        self._plays = []
        self._player_plays = 0
        self._round += 1
        if self._round > ROUNDS:
            self._score_game(out)

    def _score_game(self, out: list[Outcome]) -> None:
        points = dict.fromkeys(self._names, 0)
        present = set()
        held_cards = [(STEPS[i], h) for i, h in enumerate(self._slots) if h is not None]
        held_cards += [(STEPS[CASUALTY], h) for h in self._casualties]
        for step, held in held_cards:
            value = step * 2 if held.item == "notebook" else step
            for owner in held.owners:
                points[owner] += value
                present.add(owner)
        present.update(owner for owner, _ in self.hidden)   # somewhere in the hierarchy
        for name in self._names:
            if name not in present:
                points[name] -= ABSENT_PENALTY
                out.append(PenaltyCharged(name, ABSENT_PENALTY, "absent"))
        for name, gained in points.items():
            self._scores[name] += gained
        hierarchy = self._snapshot()
        self._games.append({"scores": dict(self._scores), "hierarchy": {
            str(step): [{"card": card, "owners": list(owners)} for card, owners in cards]
            for step, cards in hierarchy}, "out": frozenset(self._cards_out)})
        out.append(PumafiosiScored(self._game, tuple(points.items()), tuple(self._scores.items()),
                              hierarchy))
        if self._game == GAMES:
            self._scored = points
            self._complete = True
            self._round = ROUNDS
            self._winners = self._match_winners()
            out.append(MatchWon(self._winners, self._scores[self._winners[0]]))
            return
        self._game += 1
        self._carried = dict(self._scores)
        self._new_game_state()
        best = max(self._scores.values())
        self._start = self._second_oldest(
            [s for s, name in enumerate(self._names) if self._scores[name] == best])
        out.append(GameStarted(self._game, self._names[self._start]))

    def _second_oldest(self, seats) -> int:
        """Of these seats, the second-oldest player's (the only one if there is one)."""
        by_age = sorted(seats, key=lambda s: self._ages[s], reverse=True)
        return by_age[1] if len(by_age) > 1 else by_age[0]

    def _match_winners(self) -> tuple[str, ...]:
        best = max(self._scores.values())
        tied = [name for name in self._names if self._scores[name] == best]
        if len(tied) == 1:
            return tuple(tied)
        top = {name: len(STEPS) for name in tied}
        held_cards = [(i, h) for i, h in enumerate(self._slots) if h is not None]
        held_cards += [(CASUALTY, h) for h in self._casualties]
        for index, held in held_cards:
            for owner in held.owners:
                if owner in top:
                    top[owner] = min(top[owner], index)
        highest = min(top.values())
        return tuple(name for name in tied if top[name] == highest)

    def _snapshot(self) -> Hierarchy:
        steps = [(STEPS[i], () if h is None else ((h.card, tuple(h.owners)),))
                 for i, h in enumerate(self._slots)]
        lowest_last = sorted(self._casualties, key=_card_number, reverse=True)
        steps.append((STEPS[CASUALTY], tuple((h.card, tuple(h.owners)) for h in lowest_last)))
        return tuple(steps)

    def summary(self) -> dict:
        return {"scores": dict(self._scores), "winners": list(self._winners),
                "games": [{"scores": dict(g["scores"]),
                           "hierarchy": {step: [{"card": e["card"], "owners": list(e["owners"])}
                                                for e in cards]
                                         for step, cards in g["hierarchy"].items()}}
                          for g in self._games]}

    def copy(self) -> "Pumafiosi":
        twin = object.__new__(Pumafiosi)
        twin.__dict__.update(self.__dict__)
        # What a move changes in place; the rest is replaced whole, or never changes.
        twin._scores, twin._used = dict(self._scores), {n: set(u) for n, u in self._used.items()}
        twin._games, twin._plays = list(self._games), list(self._plays)
        twin._unread = list(self._unread)
        twin._cards_out, twin._unseen = set(self._cards_out), list(self._unseen)
        twin._unseen_by, twin._slots = list(self._unseen_by), list(self._slots)
        twin._casualties = list(self._casualties)
        return twin

    # --- the legal moves: the domains ``legal_moves`` searches ---------------------------

    def _cards_left(self) -> tuple[int, ...]:
        """The cards not played in this game, lowest first."""
        out = self._cards_out
        return tuple(c for c in range(LOWEST_CARD, HIGHEST_CARD + 1) if c not in out)

    def _tony_domain(self, fixed):
        if self.phase == "tony":
            for card in choices(fixed, "card", self._cards_left()):
                yield Tony.trusted(card)

    def _play_domain(self, fixed):
        name = self.to_act
        if self.phase != "play" or name not in choices(fixed, "player", (name,)):
            return
        guns = (None, True) if "machine_gun" in self.items_left(name) else (None,)
        for card in choices(fixed, "card", self._cards_left()):
            for gun in choices(fixed, "machine_gun", guns):
                yield Play.trusted(name, card, gun)

    def _unseen_play_domain(self, fixed):
        name = self.to_act
        if self.phase == "play" and name in choices(fixed, "player", (name,)):
            yield UnseenPlay.trusted(name)

    def _placers(self, fixed) -> list[tuple[str, tuple[int, ...]]]:
        """Who may place now and the cards they may place: the round's winner and their
        card; a round with an unseen play, each of its players (an unseen one: any card
        not played in this game)."""
        if self.phase != "place":
            return []
        plays = self._plays if self._open else [(self._winner, self._winning_card, None)]
        return [(self._names[seat], (card,) if card is not None else self._cards_left())
                for seat, card, _ in plays
                if self._names[seat] in choices(fixed, "player", self._names)]

    def _place_domain(self, fixed):
        for name, cards in self._placers(fixed):
            left = self.items_left(name)
            items = (None,) + tuple(i for i in PLACED_ITEMS if i in left)
            rings = (None, True) if "ring" in left else (None,)
            for card in choices(fixed, "card", cards):
                for step in choices(fixed, "step", STEPS):
                    for item in choices(fixed, "item", items):
                        for ring in choices(fixed, "ring", rings):
                            yield Place.trusted(name, card, step, item, ring)

    def _unseen_place_domain(self, fixed):
        for name, _ in self._placers(fixed):
            yield UnseenPlace.trusted(name)

    def _honor_domain(self, fixed):
        for name in choices(fixed, "player", self._names):
            yield HonorViolation.trusted(name)

    def expected_table(self) -> TablePicture:
        """The hierarchy's cards at their steps (step V, every step listed: an empty one
        must stay empty), this round's cards in their players' play zones (play N; Tony's
        in "tony"); just after a game's scoring, the hierarchy as scored, and its last
        round's cards on their way off the table. Hands are free, and the cards played
        earlier (discards, and the last scored game's hierarchy once the next game began)
        are loose."""
        zones: list[tuple[Zone, tuple[int, ...]]] = [
            (Zone("step", STEPS[i]), () if held is None else (held.card,))
            for i, held in enumerate(self._slots)]
        zones.append((Zone("step", STEPS[CASUALTY]), tuple(h.card for h in self._casualties)))
        scored = bool(self._games) and self._round == 1 and not self._plays and \
            not self._complete
        if scored:
            # Just scored: the hierarchy as scored lies there until the table clears it.
            zones = [(Zone("step", int(step)), tuple(e["card"] for e in cards))
                     for step, cards in self._games[-1]["hierarchy"].items()]
        placed = {card for _, cards in zones for card in cards}
        for seat, card, _ in self._plays:
            if card is None:
                continue   # unseen: the camera did not read it, the rules do not know it
            zones.append((Zone("tony") if seat == TONY else Zone("play", seat + 1), (card,)))
            placed.add(card)
        loose = set(self._cards_out) | (self._games[-1]["out"] if scored else set())
        if self._games:
            loose.update(e["card"] for cards in self._games[-1]["hierarchy"].values()
                         for e in cards)
        return TablePicture(tuple(zones), free_kinds=("seat",), loose=frozenset(loose - placed),
                            unplaced=len(self.hidden))


def _value(play: tuple[int, int, float]) -> float:
    return play[2]


def below(step: int, than: int) -> bool:
    """Is ``step`` below ``than`` in the hierarchy (where a card bumped from it goes)?

    >>> below(-3, 1), below(8, 10), below(10, 8)
    (True, True, False)
    """
    return STEP_INDEX[step] > STEP_INDEX[than]


def _card_number(held: HeldCard) -> int:
    return held.card


_ITEM_WORDS = {"machine_gun": "machine gun", "vest": "bulletproof vest",
               "notebook": "notebook", "ring": "wedding ring"}

Pumafiosi.RULES = {
    "tony": Rule(Tony, Pumafiosi._check_tony, Pumafiosi._tony, Pumafiosi._tony_domain),
    "play": Rule(Play, Pumafiosi._check_play, Pumafiosi._play, Pumafiosi._play_domain),
    "place": Rule(Place, Pumafiosi._check_place, Pumafiosi._place, Pumafiosi._place_domain),
    "unseen_play": Rule(UnseenPlay, Pumafiosi._check_unseen_play, Pumafiosi._unseen_play,
                        Pumafiosi._unseen_play_domain),
    "unseen_place": Rule(UnseenPlace, Pumafiosi._check_unseen_place, Pumafiosi._unseen_place,
                         Pumafiosi._unseen_place_domain),
    "honor_violation": Rule(HonorViolation, Pumafiosi._player, Pumafiosi._honor_violation,
                            Pumafiosi._honor_domain),
}
