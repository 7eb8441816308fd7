"""Pungi at the table: the layout by the pungi card, animal cards in the play zones.

- Layout: snake cards (and charmers) coming to rest in ``layout:1..N`` (place 1 next to
  the pungi card, then along its arrow). Once every place holds one new card, they are
  read in place order: a ``layout`` move; one the rules send back is an instruction.
- Plays: an animal back coming to rest in ``play:N`` says which animal player N played;
  its face (turned over where it lies, or put down directly) gives the value. A
  ``play`` is made per player in the rules' order once both are known; a face whose
  animal differs from its back is said, and the face counts. A card out of turn waits
  unsaid: the card before it is most often only unread, and the question asks for it.
- Play goes on behind a question: each reading knows its round (the table's rounds
  are its layouts), a later round's card waits, and snakes handed out and cards
  cleared away stay what the table showed, booked in order once the missing play is
  typed or read.
- A card the camera never reads, while the table has shown for ``CONFIRM_S`` that play
  went on without it, is ``unseen_play`` (the round's hand-out stays open in the rules);
  its question stays until it is typed ("bob had mouse 4") or read in that player's
  zone while its round still lies there. The player and card of a play only ever come
  from a card read in that player's zone.
- The discard pile: played cards go onto it face down, wherever it lies (a play zone too).
  A back that comes as a face of its animal leaves the table, or comes to rest on such a
  back, is the pile's: no play.
- ``options.snakes``: the i-th snake card of the deck shows the option's i-th value.
- Hand-out: the engine's SnakeTaken outcomes are instructions ("Ann takes the -3"),
  confirmed as each snake comes to rest at its taker's ``seat:N``, said when it goes to
  another seat, and never said twice (a rewrite, or snakes already at their takers').
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from companion.adapters.base import (WAIT, Adapter, AdapterResult, Reading, Verdict,
                                     arrival, long_enough, seat_number)
from companion.decks import Back, all_decks
from companion.games import Game, Move, Outcome
from companion.games.pungi import CHARMER, LayoutRedealt, PungiScored, SnakeTaken
from companion.reconcile import Question
from companion.said import said
from companion.tracker import Left, TableCard, TableChange

DISCARD_S = 2.0   # a hand turns a card over and drops it on the discard pile within this
PILE_MM = 45.0    # a card dropped on a pile lands this near the cards it covers


class PungiAdapter(Adapter):
    game_name = "pungi"
    kept = ("layout", "animal")

    def __init__(self, session, seats=()):
        super().__init__(session, seats)
        self._hand_out: dict[int, tuple[str, int | str]] = {}  # snake marker -> (taker, card)
        self._laid: dict[int, dict[int, int]] = {}   # round -> layout place -> snake marker
        self._layouts: list[Layout] = []   # the layouts the table showed, of this round on
        self._faces_gone: dict[str, float] = {}   # animal -> when a face of it left the table
        self._pile: list[tuple[float, float]] = []   # where discarded cards came to rest
        cards = all_decks()["pungi"].cards
        snakes = [c for c in cards if c.kind == "snake"]
        values = session.header.options.get("snakes") or [c.get("value") for c in snakes]
        self._values = {c.marker: v for c, v in zip(snakes, values)}   # -> value or CHARMER
        self._values.update({c.marker: CHARMER for c in cards if c.kind == "charmer"})

    @property
    def instructions(self) -> tuple[str, ...]:
        return tuple(said("live.takes", player=player, snake=card)
                     for player, card in self._hand_out.values())

    def _snake(self, card) -> int | str | None:
        """A snake card's value (``options.snakes``, else its own), or CHARMER."""
        return self._values.get(card.marker)

    def _animal(self, change) -> tuple[str, int | None] | None:
        """(animal, value) of an animal card's face, (animal, None) of its back."""
        piece = self.piece(change)
        if piece is None or piece.kind != "animal":
            return None
        return (piece.name, None) if isinstance(piece, Back) else \
            (piece.get("animal"), piece.get("value"))

    # --- readings ------------------------------------------------------------------------

    def _readings(self, change: TableChange) -> AdapterResult:
        found = arrival(change)
        animal = self._animal(change)
        if isinstance(change, Left) and animal is not None and animal[1] is not None:
            # a back of it that came as it went is that card, turned onto the discard pile
            self._faces_gone[animal[0]] = change.time
            for r in self._reads("animal"):
                if r.data["value"] is None and r.data["animal"] == animal[0] and \
                        not r.data.get("gone") and change.time - r.card.since <= DISCARD_S:
                    self._pending.remove(r)
                    self._pile.append(r.card.position)
        if found is None:
            return AdapterResult()
        zone, card = found
        place, seat = seat_number(zone, "layout"), seat_number(zone, "play")
        if place is not None and self._snake(change) is not None:
            if self._handed_out(card, place):
                return AdapterResult()   # (a snake laid out before, on its way to a seat)
            tag = self._layout_round(card, place)
            # The same snake moved on to another place of its layout: it lies at one.
            self._pending = [r for r in self._pending if not (
                r.kind == "layout" and r.data.get("gone") and r.data["round"] == tag
                and r.card.marker == card.marker)]
            self._pending.append(Reading("layout", card, {"place": place, "round": tag}))
        elif seat is not None and animal is not None and not self._discarded(card, animal):
            player = self.player_at(seat)
            if player is None:
                return AdapterResult(warnings=(said("live.animal_no_seat", zone=zone),))
            if self._unseen_lying(player) is not None:
                # their unseen play's card, read at last: its face names it (its back,
                # not their next card, says nothing more)
                return self._named_late({"type": "play", "player": player, "animal": animal[0],
                                         "value": animal[1]}, self._face(card)) \
                    if animal[1] is not None else AdapterResult()
            was = next((r for r in self._reads("animal")
                        if r.card.track == getattr(change, "was_track", None)), None)
            tag = was.data["round"] if was is not None else self._animal_round(player, card)
            # The same card back, or another put down for one taken back: the old reading's done.
            self._pending = [r for r in self._pending if r is not was and not (
                r.kind == "animal" and r.data.get("gone") and r.data["player"] == player
                and r.data["round"] == tag)]
            back = was.data["animal"] if was is not None else animal[0]
            self._pending.append(Reading("animal", card, {
                "player": player, "animal": animal[0], "value": animal[1], "back": back,
                "round": tag}))
        return AdapterResult()

    def _discarded(self, card: TableCard, animal: tuple[str, int | None]) -> bool:
        """Is an animal back the discard pile's (The discard pile, above)?"""
        gone = self._faces_gone.get(animal[0]) if animal[1] is None else None
        if gone is not None and abs(card.since - gone) <= DISCARD_S:
            self._pile.append(card.position)
        return animal[1] is None and any(math.dist(card.position, spot) <= PILE_MM
                                         for spot in self._pile)

    def _handed_out(self, snake: TableCard, place: int) -> bool:
        """Is it a snake of a layout read already, resting at another layout place on its
        way to a seat: the rules have that layout, or the table showed all of it?"""
        now = self.game.round_index
        if any(snake.marker in laid.values() for tag, laid in self._laid.items() if tag <= now):
            return True
        own = next((r for r in self._reads("layout") if r.card.marker == snake.marker), None)
        if own is None or own.data["place"] == place:
            return False
        places = {r.data["place"] for r in self._reads("layout")
                  if r.data["round"] == own.data["round"]}
        return places >= set(range(1, len(self.players) + 1))

    def _layout_round(self, snake: TableCard, place: int) -> int:
        """The round of a snake come to rest at a layout place: the last layout's while
        it is being laid out or a snake of it still lies there, else the next round's."""
        game, now = self.game, self.game.round_index
        for layout in self._layouts:
            if snake.marker in layout.markers:
                return layout.round
        if self._layouts:
            last = self._layouts[-1]
        elif game.phase == "play":
            last = Layout(now, -math.inf, set(self._laid.get(now, {}).values()))
            if place > len(game.layout) or self._snake(snake) == game.layout[place - 1]:
                return now   # (this layout's snake, seen again)
        else:
            last = None   # the snakes the rules wait for
        laid = last is not None and (len(last.markers) >= len(self.players) or (
            game.phase == "play" and last.round == now))   # (the rules have it)
        if last is None or laid and not any(
                c.marker in last.markers and c.track != snake.track
                and seat_number(c.zone, "layout") is not None for c in self.table):
            tag = now if last is None else last.round + 1
            self._layouts.append(Layout(tag, snake.since, {snake.marker}))
            return tag
        last.markers.add(snake.marker)
        if len(last.markers) == len(self.players) and last.whole is None:
            last.whole = snake.since
        return last.round

    def _animal_round(self, player: str, card: TableCard) -> int:
        """The round of an animal card come to rest in ``player``'s zone: the last
        layout's before it, after any round its player played in already."""
        game, now = self.game, self.game.round_index
        if any(p == player and f"{a} {v}" == self._face(card) for p, a, v in game.plays):
            return now
        shown = [layout.round for layout in self._layouts if layout.since <= card.since]
        return max(shown + [now + any(p == player for p, _, _ in game.plays)])

    def _unseen_lying(self, player: str) -> int | None:
        """The round of ``player``'s latest unseen play (the rules', or the one just handed
        out) while its cards or snakes lie there and no later snakes were read (above)."""
        game = self.game
        unread = next((u for u in reversed(game.unread)
                       if u.player == player and u.game == game.game_number), None)
        if unread is None:
            return None
        back = game.round_number - unread.round
        if back == 0:
            plays = game.plays
        elif back == 1 and game.open and not game.layout and \
                (game.open[-1].game, game.open[-1].round) == (unread.game, unread.round):
            plays = game.open[-1].plays
        else:
            return None
        tag = game.round_index - back
        if self._reads("layout", tag):
            return None   # the next round is coming out: a card of theirs is their next
        faces = {f"{a} {v}" for _, a, v in plays if a is not None}
        tracks = {r.card.track for r in self._reads("animal")
                  if not r.data.get("gone") and r.data["round"] == tag}
        snakes = self._laid.get(tag, {}).values()
        lies = any(seat_number(c.zone, "play") is not None
                   and (c.track in tracks or self._face(c) in faces)
                   or seat_number(c.zone, "layout") is not None and c.marker in snakes
                   for c in self.table)
        return tag if lies else None

    # --- moves ---------------------------------------------------------------------------

    def _attempt(self, reading: Reading, scratch: Game) -> Verdict:
        if scratch.phase == "over" or reading.data["round"] < scratch.round_index:
            return Verdict()   # its round went by
        return (self._layout if reading.kind == "layout" else self._play)(reading, scratch)

    def _layout(self, reading: Reading, scratch) -> Verdict:
        tag = reading.data["round"]
        if tag > scratch.round_index:
            return Verdict(then=WAIT)  # a later round's snakes, laid out early
        if scratch.phase != "layout":
            if reading.card.marker in self._laid.get(tag, {}).values():
                return Verdict()   # (a snake of this layout moved: the reconciler's)
            return Verdict(then=WAIT)  # a snake beside the layout: no round's yet
        n = len(self.players)
        places = {}
        for r in self._reads("layout"):
            if r.data["round"] == tag and self._live(r):
                places.setdefault(r.data["place"], []).append(r)
        crowded = min((p for p, rs in places.items() if len(rs) > 1), default=None)
        if crowded is not None:
            # (said once they have lain: a snake carried past rests there a moment)
            lain = self.lasted(max(r.card.since for r in places[crowded]))
            return Verdict(then=WAIT, warning=said("live.place_crowded", place=crowded,
                                                   count=len(places[crowded])) if lain else "")
        if max(places, default=0) > n:
            return Verdict(then=WAIT, warning=said("live.place_beyond", place=max(places),
                                                   players=n))
        if sorted(places) != list(range(1, n + 1)):
            return Verdict(then=WAIT)
        move = {"type": "layout", "cards": [self._snake(places[k][0].card) for k in sorted(places)]}
        if reason := self.veto(scratch, move):
            return Verdict(warning=reason)
        self._pending = [r for r in self._pending
                         if not (r.kind == "layout" and r.data["round"] == tag)]
        self._laid[tag] = {k: places[k][0].card.marker for k in places}
        return Verdict(move)

    def _play(self, reading: Reading, scratch) -> Verdict:
        player, animal, value = (reading.data[k] for k in ("player", "animal", "value"))
        if value is None or reading.data["round"] > scratch.round_index \
                or scratch.phase != "play" or scratch.to_act != player or not self._live(reading):
            return Verdict(then=WAIT)   # (a later round's card: the question stands)
        if (animal, value) in scratch.played \
                and self.played_by(animal=animal, value=value) == player:
            return Verdict()   # their card of a round before, lost a moment and seen again
        move = {"type": "play", "player": player, "animal": animal, "value": value}
        if reason := self.veto(scratch, move):
            return Verdict(warning=reason)
        # A back whose turning over went unseen says nothing more once the face counted.
        self._pending = [r for r in self._pending if r is reading or not (
            r.kind == "animal" and r.data["player"] == player and r.data["value"] is None)]
        back = reading.data["back"]
        return Verdict(move, warning="" if back == animal else said(
            "live.face_counts", player=player, animal=animal, value=value, back=back))

    def _implied(self, scratch) -> Move | None:
        """``unseen_play`` once play went on without it: a later player's card of the round
        face up or cleared away, the round's snakes at the seats, or a later round down (not a
        later back alone). A card of theirs there or taken back is read; a back gone is not."""
        player, now = scratch.to_act, scratch.round_index
        if scratch.phase != "play" or player is None:
            return None
        played = scratch.played   # (a card of this game seen again shows nothing new)
        reads = self._reads("animal")
        animals = [r for r in reads if (r.data["animal"], r.data["value"]) not in played]
        if any(r.data["player"] == player and r.data["round"] == now and not (
                r.data.get("gone") and r.data["value"] is None and self._live(r))
               for r in animals):
            return None
        # (the round's cards are turned together, once all are down; a round cleared away
        # shows it from when its last card left: one unread a moment shows nothing)
        later = set(scratch.still_to_play[1:])
        gone = [r.data for r in reads if r.data.get("gone")]
        cleared = {d["round"]: d["left"] for d in sorted(gone, key=lambda d: d["left"])}
        shown = [cleared[r.data["round"]] if r.data.get("gone") else r.card.since for r in animals
                 if (r.data["round"] > now or r.data["round"] == now and r.data["player"] in later
                     and (r.data["value"] is not None or r.data.get("gone"))) and self._live(r)]
        shown += [r.card.since for r in self._reads("layout", now)]
        snakes = self._laid.get(now, {}).values()
        shown += [c.since for c in self.table
                  if c.marker in snakes and seat_number(c.zone, "seat") is not None]
        if not shown or not self.lasted(min(shown)):
            return None
        move = {"type": "unseen_play", "player": player}
        return None if self.veto(scratch, move) else move

    def _live(self, reading: Reading) -> bool:
        """A reading whose card is on the table, or left it with its round (handed out, cleared)."""
        if not reading.data.get("gone"):
            return True
        if reading.kind == "layout":
            return not self._round_on_table(reading, "layout")
        if any(layout.round == reading.data["round"] and reading.data["left"] < (
                layout.whole or layout.since) for layout in self._layouts):
            return False   # it left before its round was laid out: not with its round
        booked = {f"{a} {v}" for _, a, v in self.game.plays}
        return not self._round_on_table(reading, "play", booked)

    # --- the hand-out ----------------------------------------------------------------------

    def _after(self, move: Move, outcomes: tuple[Outcome, ...], own: bool) -> AdapterResult:
        if move.get("type") == "undo":
            self._hand_out.clear()
        now = self.game.round_index
        instructions = []
        for outcome in outcomes:
            if isinstance(outcome, SnakeTaken):
                marker = self._laid.get(now - 1, {}).get(outcome.position)
                holder = next((self.player_at(seat_number(c.zone, "seat")) for c in self.table
                               if c.marker == marker), None)   # (at whose seat it lies)
                taken = ("takes", now - 1, outcome.position, outcome.player, outcome.card)
                if holder == outcome.player or not self.first_time(taken):
                    continue   # handed out already, or said before a rewrite
                if marker is not None:
                    self._hand_out[marker] = (outcome.player, outcome.card)
                instructions.append(said("live.takes", player=outcome.player, snake=outcome.card))
            elif isinstance(outcome, LayoutRedealt):
                # This round's layout sent back (its only outcome): later ones a round earlier.
                self._layouts = [layout for layout in self._layouts if layout.round != now]
                self._laid.pop(now, None)   # (its snakes may come out of the pile again)
                for layout in self._layouts:
                    layout.round -= layout.round > now
                for reading in self._pending:   # (all of a kept kind)
                    reading.data["round"] -= reading.data["round"] > now
                instructions.append(said("live.relayout", first=outcome.first))
        self._layouts = [layout for layout in self._layouts if layout.round >= now]
        # The game's layouts are kept (an unseen play named hands them out again), but
        # after a game's scoring: the next game lays the same cards out.
        if any(isinstance(o, PungiScored) for o in outcomes):
            self._laid = {tag: laid for tag, laid in self._laid.items() if tag >= now}
        return AdapterResult(instructions=tuple(instructions))

    def check_table(self, changes: Sequence[TableChange]) -> AdapterResult:
        confirmations = []
        for change in changes:
            if (found := arrival(change)) is None or change.marker not in self._hand_out:
                continue
            taker, card = self._hand_out[change.marker]
            if self.player_at(seat_number(found[0], "seat")) == taker:
                del self._hand_out[change.marker]
                confirmations.append(said("live.has", player=taker, snake=card))
        return AdapterResult(confirmations=tuple(confirmations))

    def check_rest(self, t: float) -> AdapterResult:
        """A snake handed out lying at another seat ``CONFIRM_S``: said once each rest there."""
        warnings = []
        for card in self.table:
            if card.marker not in self._hand_out or not long_enough(card.since, t):
                continue   # (every frame: most cards are none of the snakes handed out)
            holder = self.player_at(seat_number(card.zone, "seat"))
            taker, snake = self._hand_out[card.marker]
            if holder not in (None, taker) and self.first_time(("went_to", card.track, card.since)):
                warnings.append(said("live.went_to", snake=snake, holder=holder, player=taker))
        return AdapterResult(warnings=tuple(warnings))

    # --- the reconciler's questions ---------------------------------------------------------

    def term(self, card: TableCard):
        """A snake as its value (or "charmer"), an animal face as "mouse 7"; a back: None."""
        found = next((v for v in (self._snake(card), self._face(card)) if v is not None), None)
        return (card.zone, found) if found is not None else None

    def _face(self, card: TableCard) -> str | None:
        """An animal card's face as "mouse 7"; None for a back or another card."""
        animal = self._animal(card)
        return f"{animal[0]} {animal[1]}" if animal and animal[1] is not None else None

    def question_for(self, game) -> Question | None:
        """The table ahead of the rules: a layout never read whole (an animal card of its round
        lain ``CONFIRM_S``), the card of the player to act (not face down); else ``unread``."""
        player, now = game.to_act, game.round_index
        if game.phase == "layout" and any(
                (r.data["animal"], r.data["value"]) not in game.played  # (an earlier round's)
                and long_enough(r.card.since, self.now) for r in self._reads("animal", now - 1)):
            return Question(said("live.ask_layout", count=len(self.players)))
        if game.phase == "play":
            animals = [r for r in self._reads("animal") if self._live(r)]
            ahead = any(r.data["player"] != player or r.data["round"] > now for r in animals) \
                or self._reads("layout", now)
            if ahead and not any(r.data["player"] == player and r.data["round"] == now
                                 for r in animals):
                return Question(said("live.ask_animal", player=player, typed=player.lower()),
                                player)
        if not game.unread:
            return None
        first = game.unread[0]
        return Question(said("live.ask_unseen_animal", player=first.player, round=first.round,
                             typed=first.player.lower()), first.player, journal=True)


@dataclass
class Layout:
    """Snakes the table showed laid out together: their round, since when, which."""

    round: int
    since: float
    markers: set[int]
    whole: float | None = None   # since when every place held one (None: not yet read so)

