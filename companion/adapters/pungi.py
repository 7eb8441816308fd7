"""Pungi at the table: the layout by the pungi card, animal cards in the play zones.

- Layout: snake cards (and charmers) coming to rest in ``layout:1..N`` (place 1 next to
  the pungi card, then along its arrow, as calibration lays the zones out). Once every
  place holds exactly one new card, they are read in place order: a ``layout`` move. A
  layout the rules send back (four identical cards) becomes an instruction.
- Plays: an animal back coming to rest in ``play:N`` says that player N played that
  animal (a warning if it is not their turn in the clockwise order); its face, once
  turned over where it lies (or a face put down directly), gives the value. A ``play``
  move is made per player in the rules' play order, as soon as that player's animal and
  value are both known; a face whose animal differs from its back is warned about and
  the face counts. A card that came to rest after the next round's snakes did is a later
  round's: it waits (behind the question for the card still missing), never filling in
  this round's play. A card out of turn is said once, until that player's play counts.
- A session with ``options.snakes`` plays a deck printed with those values: the i-th
  snake card of the deck file shows the i-th value of the option.
- Hand-out: the engine's SnakeTaken outcomes become instructions ("Ann takes the -3"),
  confirmed as each snake (the physical card laid at that place) comes to rest in the
  taker's ``seat:N`` zone, and warned about when it goes to another player's seat.
"""

from __future__ import annotations

from typing import Sequence

from companion.adapters.base import (WAIT, Adapter, AdapterResult, Reading, Verdict,
                                     arrival, seat_number)
from companion.decks import Back, all_decks
from companion.games import Game, Move, Outcome
from companion.games.pungi import CHARMER, LayoutRedealt, SnakeTaken
from companion.reconcile import Question
from companion.said import said
from companion.tracker import TableCard, TableChange


class PungiAdapter(Adapter):
    game_name = "pungi"

    def __init__(self, session):
        super().__init__(session)
        self._hand_out: dict[int, tuple[str, int | str]] = {}  # snake marker -> (taker, card)
        self._laid: dict[int, int] = {}                   # layout place -> snake marker
        self._next_round: float | None = None   # when the next round's snakes came to rest
        self._out_of_turn: set[str] = set()   # players told they played out of turn
        custom = session.header.options.get("snakes")
        snakes = [c for c in all_decks()["pungi"].cards if c.kind == "snake"]
        self._values = {c.marker: v for c, v in zip(snakes, custom)} if custom else \
            {c.marker: c.get("value") for c in snakes}

    @property
    def instructions(self) -> tuple[str, ...]:
        return tuple(said("live.takes", player=player, snake=card)
                     for player, card in self._hand_out.values())

    def _snake(self, change) -> int | str | None:
        piece = self.piece(change)
        if piece is None or isinstance(piece, Back):
            return None
        if piece.kind == "charmer":
            return CHARMER
        return self._values.get(piece.marker)

    def _animal(self, change) -> tuple[str, int | None] | None:
        """(animal, value) of an animal card's face, (animal, None) of its back."""
        piece = self.piece(change)
        if isinstance(piece, Back):
            return (piece.name, None) if piece.kind == "animal" else None
        if piece is not None and piece.kind == "animal":
            return piece.get("animal"), piece.get("value")
        return None

    # --- readings ------------------------------------------------------------------------

    def _readings(self, change: TableChange) -> AdapterResult:
        found = arrival(change)
        if found is None:
            return AdapterResult()
        zone, card = found
        place = seat_number(zone, "layout")
        seat = seat_number(zone, "play")
        animal = self._animal(change)
        if place is not None and self._snake(change) is not None:
            self._pending.append(Reading("layout", card, {"place": place}))
            self._next_round_laid(card, place)
        elif seat is not None and animal is not None:
            player = self.player_at(seat)
            if player is None:
                return AdapterResult(warnings=(said("live.animal_no_seat", zone=zone),))
            was = next((r for r in self._pending if r.kind == "animal"
                        and r.card.track == getattr(change, "was_track", None)), None)
            known = any(r.kind == "animal" and r.data["player"] == player
                        for r in self._pending)
            warnings = self._order_warning(player, animal[0]) \
                if not (was or known or self._later_round(card, self.game)) else ()
            self._pending = [r for r in self._pending if r is not was]
            back = was.data["animal"] if was is not None else animal[0]
            self._pending.append(Reading("animal", card, {"player": player, "animal": animal[0],
                                                          "value": animal[1], "back": back}))
            return AdapterResult(warnings=warnings)
        return AdapterResult()

    def _order_warning(self, player: str, animal: str) -> tuple[str, ...]:
        """Animal cards go down clockwise from the round's first player."""
        game = self.game
        if game.phase != "play" or player in self._out_of_turn:
            return ()   # (said once while their card waits, whoever's turn it is now)
        down = {r.data["player"] for r in self._pending if r.kind == "animal"}
        start = self.players.index(game.to_act)
        order = [self.players[(start + i) % len(self.players)]
                 for i in range(len(self.players) - len(game.plays))]
        waiting = [p for p in order if p not in down and p != player]
        if player in order and order.index(player) > 0 and \
                any(order.index(p) < order.index(player) for p in waiting):
            first = next(p for p in order if p in waiting)
            self._out_of_turn.add(player)
            return (said("live.out_of_turn", player=player, animal=animal, first=first),)
        return ()

    # --- moves ---------------------------------------------------------------------------

    def _attempt(self, reading: Reading, scratch: Game) -> Verdict:
        if reading.kind == "layout":
            return self._layout(reading, scratch)
        return self._play(reading, scratch)

    def _layout(self, reading: Reading, scratch) -> Verdict:
        if scratch.phase != "layout":
            if scratch.phase == "over" or reading.card.marker in self._laid.values():
                return Verdict()   # (a snake of this layout moved: the reconciler's)
            return Verdict(then=WAIT)  # the next round's snakes, laid out early
        n = len(self.players)
        laid = [r for r in self._pending if r.kind == "layout"]
        places = {}
        for r in laid:
            places.setdefault(r.data["place"], []).append(r)
        if any(len(rs) > 1 for rs in places.values()):
            crowded = min(p for p, rs in places.items() if len(rs) > 1)
            return Verdict(then=WAIT, warning=said("live.place_crowded", place=crowded,
                                                   count=len(places[crowded])))
        if max(places) > n:
            return Verdict(then=WAIT, warning=said("live.place_beyond", place=max(places),
                                                   players=n))
        if sorted(places) != list(range(1, n + 1)):
            return Verdict(then=WAIT)
        cards = [self._snake(places[k][0].card) for k in range(1, n + 1)]
        move = {"type": "layout", "cards": cards}
        reason = self.veto(scratch, move)
        if reason:
            return Verdict(warning=reason)
        self._pending = [r for r in self._pending if r.kind != "layout"]
        self._laid = {k: places[k][0].card.marker for k in places}
        return Verdict(move)

    def _play(self, reading: Reading, scratch) -> Verdict:
        player, animal, value = (reading.data[k] for k in ("player", "animal", "value"))
        if value is None or scratch.phase != "play" or scratch.to_act != player \
                or self._later_round(reading.card, scratch):
            return Verdict(then=WAIT)   # (a later round's card: the question stands)
        move = {"type": "play", "player": player, "animal": animal, "value": value}
        reason = self.veto(scratch, move)
        if reason:
            return Verdict(warning=reason)
        # A back whose turning over went unseen says nothing more once the face counted.
        self._pending = [r for r in self._pending if r is reading or not (
            r.kind == "animal" and r.data["player"] == player and r.data["value"] is None)]
        if reading.data["back"] != animal:
            return Verdict(move, warning=said("live.face_counts", player=player, animal=animal,
                                              value=value, back=reading.data["back"]))
        return Verdict(move)

    def _later_round(self, card: TableCard, game) -> bool:
        """Did ``card`` come to rest after the next round's snakes did? Then this round
        went by with a card unread and ``card`` belongs to a later one: this round's cards
        all lay down (and were turned up) before its snakes were taken away."""
        return game.phase == "play" and self._next_round is not None \
            and card.since > self._next_round

    def _next_round_laid(self, snake: TableCard, place: int) -> None:
        """Note when a snake not of this round's layout came to rest at a layout place
        while this round is played and its snakes are gone from their places (kept after
        it is taken: a card read late, after the next round's snakes have gone too, is
        still a later round's). While they lie there, it is one of them, paused at
        another place on its way."""
        game = self.game
        laid = set(self._laid.values())
        if game.phase != "play" or snake.marker in laid or place > len(game.layout) or \
                self._snake(snake) == game.layout[place - 1] or \
                any(c.marker in laid and seat_number(c.zone, "layout") is not None
                    for c in self.table):
            return
        self._next_round = snake.since if self._next_round is None else \
            min(snake.since, self._next_round)

    # --- the hand-out ----------------------------------------------------------------------

    def _after(self, move: Move, outcomes: tuple[Outcome, ...], own: bool) -> AdapterResult:
        if move.get("type") == "undo":
            self._hand_out.clear()
        if move.get("type") in ("layout", "undo"):
            self._next_round = None   # (a new round in the journal, or an earlier state)
            self._out_of_turn.clear()
        self._out_of_turn.discard(move.get("player"))
        instructions = []
        for outcome in outcomes:
            if isinstance(outcome, SnakeTaken):
                marker = self._laid.get(outcome.position)
                if marker is not None:
                    self._hand_out[marker] = (outcome.player, outcome.card)
                instructions.append(said("live.takes", player=outcome.player, snake=outcome.card))
            elif isinstance(outcome, LayoutRedealt):
                instructions.append(said("live.relayout", first=outcome.first))
        return AdapterResult(instructions=tuple(instructions))

    def check_table(self, changes: Sequence[TableChange]) -> AdapterResult:
        warnings, confirmations = [], []
        for change in changes:
            found = arrival(change)
            seat = seat_number(found[0], "seat") if found else None
            if seat is None or change.marker not in self._hand_out:
                continue
            taker, card = self._hand_out[change.marker]
            holder = self.player_at(seat)
            if holder == taker:
                del self._hand_out[change.marker]
                confirmations.append(said("live.has", player=taker, snake=card))
            else:
                warnings.append(said("live.went_to", snake=card, holder=holder, player=taker))
        return AdapterResult(warnings=tuple(warnings), confirmations=tuple(confirmations))

    # --- the reconciler's questions ---------------------------------------------------------

    def term(self, card: TableCard):
        """A snake as its value (or "charmer"), an animal face as "mouse 7"; a back says
        no value yet."""
        snake = self._snake(card)
        if snake is not None:
            return card.zone, snake
        animal = self._animal(card)
        if animal is not None and animal[1] is not None:
            return card.zone, f"{animal[0]} {animal[1]}"
        return None

    def question_for(self, game) -> Question | None:
        """An animal card waits for a player whose card the camera never read."""
        player = game.to_act if game.phase == "play" else None
        if player is None or not any(r.kind == "animal" and r.data["player"] != player
                                     for r in self._pending):
            return None
        if any(r.kind == "animal" and r.data["player"] == player
               and not self._later_round(r.card, game) for r in self._pending):
            return None   # that player's card lies there, its face not turned up yet
        return Question(said("live.ask_animal", player=player, typed=player.lower()), player)


__all__ = ["PungiAdapter"]
