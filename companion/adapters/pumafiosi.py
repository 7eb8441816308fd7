"""Pumafiosi at the table: plays in the play zones, places at the hierarchy steps.

- A Pumafioso card coming to rest in ``play:N`` is player N's ``play`` (seat N is the
  N-th player of the header), ``machine_gun`` with that player's token lying by it. Out
  of turn, or while a winner must still place, it waits unsaid: the move before it is
  most often only unread, and the question asks for it.
- With 2 players, Tony's card is one coming to rest between the players (or in a
  ``tony`` zone) while the rules wait for it; a card the rules give Tony is an
  instruction.
- The winner's card coming to rest at ``step:V`` (or on the step's card,
  ``hierarchy:V``) is the ``place``, with the winner's vest or notebook token on it, or
  their ring token on the card it bumps. A token put down too late is said.
- The engine's drops are instructions ("move Bob's 23 down to step 7"), confirmed once
  the card lies there; a hierarchy card elsewhere is the reconciler's.
- Play goes on behind a question: each play reading knows its round (rounds follow one
  another at the table), and a card that leaves with its round stays a play the table
  showed. A place read only after the next round came down (or a later place's card
  lay at its step) is weighed by the decoder (companion.decoder): the step the whole
  table shows, or, where several steps explain it, the place nobody saw.
- A card nobody read, while the table shows its round went on without it, is
  ``unseen_play``; a winner's card still unread once the round after next has lain a
  while, ``unseen_place``. Their questions stay until the card is typed or read
  (companion.journal_rewrite). Meanwhile a card that may be the unread one is no
  difference.
- Discards leaving the table, and the hierarchy cleared after a game's scoring, are
  expected: no move, no warning.
"""

from __future__ import annotations

import math
from typing import Sequence

from calibration.zone import Zone
from companion.adapters.base import (DROP, WAIT, WEIGH, Adapter, AdapterResult, Reading, Verdict,
                                     arrival, long_enough, nearest, seat_number)
from companion.games import Move, Outcome
from companion.games.pumafiosi import below
from companion.games.pumafiosi_outcomes import CardDropped, CardPlaced, PumafiosiScored, RoundWon
from companion.journal_rewrite import named_place, rewrite
from companion.reconcile import CONFIRM_S, SETTLE_S, Question
from companion.said import said
from companion.tracker import Left, Moved, TableCard, TableChange
from vision.types import Point

TOKEN_MM = 70.0   # an item token this near a card's centre lies on (or next to) it
BESIDE_MM = 90.0  # a card this near a hierarchy card that went from view with it lay
# under the same hand (or glare) ...
SPOT_MM = 30.0    # ... unless a card lies where it lay now (it was taken, not hidden)
HAND_S = 1.0      # a move takes a hand at least this long (to the table and back)


def step_of_zone(zone: str | None) -> int | None:
    """The hierarchy step of a zone: beside the step's card (``step:V``) or on it."""
    step = seat_number(zone, "step")
    return step if step is not None else seat_number(zone, "hierarchy")


class PumafiosiAdapter(Adapter):
    game_name = "pumafiosi"
    kept = ("play",)   # a play card that leaves stays a play the table showed

    def __init__(self, session, seats=()):
        super().__init__(session, seats)
        self._instructions: dict[int, tuple[int, str]] = {}  # card -> (step, instruction)
        self._last_outcomes: tuple[Outcome, ...] = ()        # what the latest move did
        self._gone: dict[int, float | None] = {}   # hierarchy card gone -> since (None: said)
        self._said_gone: set[tuple[int, int]] = set()   # (card, step): said once there
        # hierarchy cards lost from view: marker -> (value, None for a step's card; where; when)
        self._lost: dict[int, tuple[int | None, Point, float]] = {}
        self._unseen_at: dict[str, float] = {}   # player -> table time of their last unseen
        self._placed_at: dict[int, float] = {}   # card -> table time its place was heard
        self._moved_at = -math.inf   # table time the latest move was heard
        self._holding: dict[int, Reading] = {}   # track -> its place, said once it settled
        self._left_play: dict[int, float] = {}   # card -> table time it last left a play zone
        self._rests: dict[int, tuple[Point, float]] = {}   # hierarchy card -> where, since when

    @property
    def instructions(self) -> tuple[str, ...]:
        return tuple(text for _, text in self._instructions.values())

    # --- what the table shows ------------------------------------------------------------

    def _value(self, card) -> int | None:
        """The Pumafioso number of a card (or change), None for anything else."""
        piece = self.piece(card)
        return piece.get("value") if piece is not None and piece.kind == "pumafioso" else None

    def _readings(self, change: TableChange) -> AdapterResult:
        value, left = self._value(change), isinstance(change, Left)
        if left and step_of_zone(change.zone) is not None:
            self._lost[change.marker] = (value, change.position, change.time)
            if not self.game.complete and value in self.game.steps_held:
                self._gone.setdefault(value, change.time)   # (``check_rest``)
        else:
            self._lost.pop(change.marker, None)
        if left and seat_number(change.zone, "play") is not None:
            self._left_play[value] = change.time
        held = self._holding.pop(change.track, None)
        if left and held is not None:
            # lost from view where it lay, nobody saw it carried on: placed there
            held.data["lost"] = change.time
            self._pending.append(held)
        found = arrival(change)
        if found is None:
            return AdapterResult()
        zone, card = found
        if value is None:
            return self._late_token(card)
        if (seat := seat_number(zone, "play")) is not None:
            player = self.player_at(seat)
            if self._late_unseen(player, card):
                return self._named_late({"type": "play", "player": player, "card": value}, value)
            # Done with: the old reading of the same card, or of one taken back and replaced.
            old = [r for r in self._reads("play") if r.data.get("gone") and (
                self._value(r.card) == value
                or (r.data["player"] == player and self._replaced(r, card.since)))]
            same = [r for r in old if self._value(r.card) == value]
            back = same[0].data["round"] if same else None
            if back is None and any(c == value for _, c, _ in self.game.plays):
                back = self.game.round_index
            # A card of round ``back`` is back: the cards read meanwhile are of it again.
            for r in self._reads("play"):
                if back is not None and r.data.get("over") == back:
                    r.data["round"] = r.data.pop("floor")
                    del r.data["over"]
            self._pending = [r for r in self._pending if r not in old]
            # (the same card seen again came to rest when it first did: _moved_on)
            came = [r.data.get("came", r.card.since) for r in same]
            self._pending.append(Reading("play", card, {"player": player, **(
                {"round": back} if back is not None else self._round_of(player, card)),
                **({"came": min(came)} if came else {})}))
        elif (step := step_of_zone(zone)) is not None:
            rest = self._rests.get(value)
            if rest is None or math.dist(rest[0], card.position) > SPOT_MM:
                self._rests[value] = (card.position, card.since)
            if (named := self._hidden_read(value, step)) is not None:
                return named
            # (a card lost from view where a hand rested it was carried on: it lies here)
            self._pending = [r for r in self._pending if not (
                r.kind == "step" and "lost" in r.data and self._value(r.card) == value)]
            self._pending.append(Reading("step", card, {"step": step}))
        elif (zone is None or zone == "tony") and len(self.players) == 2:
            self._pending.append(Reading("tony", card))
        return AdapterResult()

    def _late_unseen(self, player: str, card: TableCard) -> bool:
        """Is ``card`` in ``player``'s play zone their unseen play read late: this round's while
        its cards lie in the play zones (or it lay there before the play was booked), or the
        round's just placed (the last move) while its cards lie there, no next one down nor read?"""
        if self._reads("play", self.game.round_index):
            return False
        if player in self.game.unseen_players:
            since = next((c.since for c in self.table if c.track == card.track), card.since)
            return self._in_play({c for _, c, _ in self.game.plays if c is not None}) \
                or since <= self._unseen_at.get(player, -math.inf)
        moves, last = self.session.moves, self._last_place()[0]
        if not moves or last != len(moves) - 1 or self.game.phase != "play" or \
                any(not r.data.get("gone") for r in self._reads("play")):
            return False
        round_ = moves[self._last_place(last)[0] + 1:last]
        return {"type": "unseen_play", "player": player} in round_ and \
            self._in_play({m.get("card") for m in round_ if m.get("type") == "play"})

    def _play_read(self, value: int, after: float = -math.inf) -> bool:
        return any(self._value(r.card) == value for r in self._reads("play", after))

    def _in_play(self, values) -> bool:
        """Does one of those cards lie in a play zone?"""
        return any(seat_number(c.zone, "play") is not None and self._value(c) in values
                   for c in self.table)

    def _late_token(self, token: TableCard) -> AdapterResult:
        """A token put down too late: said (only a person can take the move back)."""
        piece = self.piece(token)
        if piece is None or piece.kind != "item" or not self.session.moves:
            return AdapterResult()
        item, owner = piece.get("item"), self.player_at(piece.get("set"))
        last, kind = self.session.moves[-1], "play" if item == "machine_gun" else "place"
        if owner is None or item not in self.game.items_left(owner) or \
                last.get("type") != kind or last.get("player") != owner:
            return AdapterResult()  # (a token already used moves with its card)
        if item != "ring":
            card = self._on_table(last["card"])
            if card is None or math.dist(card.position, token.position) > TOKEN_MM:
                return AdapterResult()
        elif not any(isinstance(o, CardDropped) for o in self._last_outcomes):
            return AdapterResult()  # that place bumped no card: a correction's to come
        return AdapterResult(warnings=(said("live.late_token", player=owner, item=item,
                                            number=last["card"], move=kind),))

    def _token(self, near: TableCard, item: str, scratch) -> str | None:
        """The owner of an item token of that kind, not used yet, lying by ``near``."""
        tokens = [c for c in self.table + self.glimpsed if (p := self.piece(c)) is not None
                  and p.kind == "item" and p.get("item") == item
                  and (owner := self.player_at(p.get("set"))) is not None
                  and item in scratch.items_left(owner)]
        token = nearest(tokens, near.position, TOKEN_MM)
        return None if token is None else self.player_at(self.piece(token).get("set"))

    def _on_table(self, value: int) -> TableCard | None:
        return next((c for c in self.table if self._value(c) == value), None)

    # --- what it means for the rules -------------------------------------------------------

    def _play(self, reading: Reading, scratch) -> Verdict:
        player, card = reading.data["player"], self._value(reading.card)
        if player is None:
            return Verdict(warning=said("live.no_seat", card=card, zone=reading.card.zone))
        if any(p == player and c == card for p, c, _ in scratch.plays):
            return Verdict()  # the same card put down again: already counted
        move: dict = {"type": "play", "player": player, "card": card}
        owner = self._token(reading.card, "machine_gun", scratch)
        if owner == player:
            move["machine_gun"] = True
        elif owner is not None:
            return Verdict(then=WAIT, warning=said("live.gun_not_theirs", card=card,
                                                   owner=owner, player=player))
        if card in scratch.cards_out:
            if self.played_by(card=card) == player or reading.data.get("gone"):
                return Verdict()   # its own play seen again, or carried on: it only rested
            if not self.lasted(reading.card.since):
                return Verdict(then=WAIT)   # a hand carrying it past may rest it there
            return Verdict(warning=said("live.card_out", player=player, card=card))
        now = scratch.round_index
        if reading.data["round"] > now or not self._live(reading):
            return Verdict(then=WAIT)   # a later round's card, or one taken back: it waits
        if reading.data["round"] < now:
            return Verdict()            # its round went by without it
        # A card at a step no play had may be this round's place, its play unread: weighed.
        fresh = [c.since for c in self._unplayed_at_steps(scratch)]
        if fresh and not self.lasted(max(fresh)):
            return Verdict(then=WAIT)
        if not (reason := self.veto(scratch, move)):
            return Verdict(move)
        if (scratch.phase in ("tony", "place") or scratch.to_act != player) and \
                scratch.phase != "over":
            # Out of turn: unsaid (above); Tony's card, which no question asks for, said once lain.
            return Verdict(then=WAIT, warning=reason if scratch.phase == "tony"
                           and self.lasted(reading.card.since) else "")
        return Verdict(warning=reason)

    def _implied(self, scratch) -> Move | None:
        """``unseen_play`` once the round went on without it: every other card of it read and
        gone with it a while, one of them placed at a step, or a later round down (not a slow
        read)."""
        player, now = scratch.to_act, scratch.round_index
        if scratch.phase == "place" and len(self.players) > 2:
            return self._hidden_place(scratch)
        if scratch.phase != "play" or player is None or len(self.players) == 2:
            return None
        plays = self._reads("play")
        if any(r.data["player"] == player and r.data["round"] == now for r in plays):
            return None
        played = self.game.steps_held.keys() | scratch.cards_out | {
            self._value(r.card) for r in plays}
        # A card out of sight is news only once it has stayed away (a hand hides a round).
        later = any(r.data["round"] > now and ("over" not in r.data
                                               or self.lasted(r.card.since)) for r in plays)
        if not later and any(step_of_zone(c.zone) is not None and (v := self._value(c))
                             is not None and v not in played for c in self.table):
            # a card at a step never played: the reconciler infers its play, unless a
            # later round is down (then no single unseen play explains the table)
            return None
        others = {r.data["player"]: r for r in plays
                  if r.data["round"] == now and r.data["player"] != player}
        known = [c for _, c, _ in scratch.plays if c is not None]
        left = len(others) + len(known) == len(self.players) - 1 and all(
            r.data.get("gone") and self._live(r) and self.lasted(r.data["left"])
            for r in others.values()) and not self._in_play(known) and all(
            self.lasted(self._left_play[c]) for c in known if c in self._left_play)
        placed = any(self._step_of(self._value(r.card)) is not None for r in others.values()
                     if r.data.get("gone"))
        if not (left or placed or later):
            return None
        move = {"type": "unseen_play", "player": player}
        return None if self.veto(scratch, move) else move

    def _hidden_place(self, scratch) -> Move | None:
        """``unseen_place`` once the table went on past the next place a while: the round
        after next down; the winner's card lying nowhere, the next round's at its step; or,
        lying at a step, the whole next round down."""
        now, winner = scratch.round_index, scratch.to_act
        if winner is None:
            # An unseen play left the winner open: the card lying at a step that only an
            # unseen play can have been says who, or the next round's starter.
            named = {self._unseen_placer(scratch, v) for r in self._pending if r.kind == "step"
                     and self._unplayed(v := self._value(r.card), scratch)}
            winner = next(iter(named)) if len(named) == 1 else \
                self._next_starter(scratch) if not named else None
        card = next((c for p, c, _ in scratch.plays if p == winner), None)
        lies = None if card is None else self._on_table(card)
        placed = lies is not None and step_of_zone(lies.zone) is not None

        def gone_on(play: Reading) -> bool:
            lying = play.card if play.data["round"] > now + 1 or placed else \
                self._on_table(self._value(play.card)) if lies is None else None
            return lying is not None and self.lasted(lying.since) and (
                lying is play.card or step_of_zone(lying.zone) is not None)
        gone = [r for r in self._reads("play", now) if gone_on(r)]
        # The winner's card at a step, read where nobody can say it was laid: weighed once
        # the table lies still; while play goes on past that, the whole next round down
        # says the place is done.
        if winner is None or not gone or placed and (len(gone) < len(self.players) or not (
                self.lasted(lies.since) and not self.lasted(self.still_since, CONFIRM_S / 2))):
            return None
        move = {"type": "unseen_place", "player": winner}
        return None if self.veto(scratch, move) else move

    def _hidden_read(self, card: int, step: int) -> AdapterResult | None:
        """A card read at a step that is the latest place nobody saw (its winner's card,
        or an unread one no other play had), no later place due: the journal rewritten."""
        place = self._last_place()[1]
        if place.get("type") != "unseen_place" or self.game.phase != "play":
            return None
        player = place["player"]
        hidden = dict(self.game.hidden).get(player, 0)
        if hidden != card and not (hidden is None and self._maybe_hidden(card)):
            return None
        return self.rewritten(lambda: named_place(self.session, player, card, step),
                               said("live.named_place", player=player, card=card, step=step))

    def _round_of(self, player: str | None, card: TableCard) -> dict:
        """``{"round": r}`` of ``card`` in ``player``'s play zone: the earliest no earlier than
        the player's next, than any card come to rest before it, nor than the round after one
        whose cards left the play zones (this one, once it could be over: its place seen, or
        time enough for its missing plays and its place, ``HAND_S`` each). When only cards
        that left say so, also ``floor`` (without them) and ``over`` (for a card come back)."""
        game, since, now = self.game, card.since, self.game.round_index
        sure = [now + int(game.phase == "place" or any(p == player for p, _, _ in game.plays))]
        over = []
        later = {r.card.track for r in self._reads("play", now)
                 if not r.data.get("gone")} | {card.track}
        gone = not any(seat_number(c.zone, "play") is not None and self._value(c) is not None
                       and c.track not in later for c in self.table)
        missing = len(self.players) - len(game.plays) + 1
        if gone and any(p is not None for p, _, _ in game.plays) and (
                since - self._moved_at >= missing * HAND_S or self._unplayed_at_steps(game)):
            over.append(now)
        for r in self._reads("play"):
            tag = r.data["round"]
            if r.data["player"] == player:
                sure.append(tag + 1)
            elif r.card.since <= since:
                sure.append(tag)
                if r.data.get("gone") and r.data["left"] <= since and self._live(r):
                    over.append(tag)
        floor = max(sure)
        top = max([floor] + [tag + 1 for tag in over])
        return {"round": top} if top == floor else {"round": top, "floor": floor, "over": top - 1}

    def _replaced(self, gone: Reading, since: float) -> bool:
        """Did its player put down the card resting at ``since`` instead of that one,
        taken back? Not while its round lies there, nor once another card came since."""
        if not self._live(gone):
            return True
        tag, player = gone.data["round"], gone.data["player"]
        others = [r for r in self._reads("play") if r.data["player"] != player]
        if any(r.data["round"] == tag for r in others) or (
                tag == self.game.round_index and self.game.plays):
            return False
        return not any(gone.data["left"] <= r.card.since <= since for r in others)

    def _live(self, reading: Reading) -> bool:
        """A play whose card is on the table, or left it with its round (gone from the play
        zones), or for its step: seen there, or lifted once its whole round was read."""
        value, tag = self._value(reading.card), reading.data["round"]
        if not reading.data.get("gone") or any(
                self._value(c) == value and step_of_zone(c.zone) is not None for c in self.table):
            return True
        players = {r.data["player"] for r in self._reads("play") if r.data["round"] == tag} | {
            p for p, c, _ in self.game.plays if c is not None and tag == self.game.round_index}
        return players >= set(self.players) or \
            not self._round_on_table(reading, "play", {c for _, c, _ in self.game.plays})

    def _tony(self, reading: Reading, scratch) -> Verdict:
        card = self._value(reading.card)
        if card in scratch.cards_out:
            return Verdict()  # a card of this game put aside, not a new one
        if scratch.phase != "tony":
            return Verdict(then=WAIT)
        move = {"type": "tony", "card": card}
        return Verdict(warning=reason) if (reason := self.veto(scratch, move)) else Verdict(move)

    def _step(self, reading: Reading, scratch) -> Verdict:
        card, step = self._value(reading.card), reading.data["step"]
        if (held := reading.data.get("held")) is not None:   # judged as its card came to rest
            if not self._settled(reading, scratch):   # said once it settled
                return Verdict(then=WAIT)
            del reading.data["held"]
            self._holding.pop(reading.card.track, None)
            if not self.veto(scratch, held):
                return Verdict(held)
        if scratch.phase in ("tony", "play") and (
                any(c == card for _, c, _ in scratch.plays) or self._play_read(card)):
            return Verdict(then=WAIT)  # placed before the round's plays were all read
        if scratch.phase != "place":
            if any(r.card.since < reading.card.since
                   for r in self._reads("play", scratch.round_index)):
                return Verdict(then=WAIT)   # a later round's place: the table is ahead
            return Verdict()  # a hierarchy card moved by hand: check_table judges it
        winner = scratch.to_act
        if winner is None:   # an unseen play: the card placed says who won
            if self._play_read(card, scratch.round_index):
                # a later round's card, seen played, is not this round's unseen one
                return Verdict(then=WAIT)
            winner = next((p for p, c, _ in scratch.plays if c == card), None) or \
                self._unseen_placer(scratch, card)
            if winner is None:   # whose, the next round may say
                return Verdict(then=WAIT if card not in scratch.cards_out else DROP)
        won_with = next(c for p, c, _ in scratch.plays if p == winner)
        if card != won_with and won_with is not None:
            # the next round's place, read before this one: it waits its turn
            return Verdict(then=WAIT) if self._play_read(card) else Verdict()
        if self._moved_on(reading, scratch):
            # where it lies now may not be where it was placed: the next place says
            return Verdict(then=WEIGH)
        if self._hidden_beside(card, reading.card.position, reading.card.since) and \
                not self.lasted(reading.card.since):
            return Verdict(then=WAIT)   # the hand that brought it still lies over the column
        move = self._place(reading.card, winner, step, scratch)
        if not self._settled(reading, scratch) and scratch.is_legal(move):
            reading.data["held"] = move   # a hand may rest it here on its way to another step
            self._holding[reading.card.track] = reading
            return Verdict(then=WAIT)
        if not (reason := self.veto(scratch, move)):
            return Verdict(move)
        # A step the rules forbid: said once lain a while, standing while the card lies there.
        return Verdict(then=WAIT, warning=reason if self.lasted(reading.card.since) else "")

    def _settled(self, reading: Reading, scratch) -> bool:
        """Lain ``SETTLE_S`` at its step, no hand over it (or gone from view there, seen
        nowhere else ``HAND_S``), the camera stopped, or a next round's card out of it?"""
        round_cards = {c for _, c, _ in scratch.plays} | {None}
        if self.ended or any(step_of_zone(c.zone) is None and self._value(c) not in round_cards
                             for c in self.table):
            return True
        if "lost" in reading.data:
            return self.lasted(reading.data["lost"], HAND_S)
        if any(c.track == reading.card.track for c in self.hidden):   # a hand over it:
            return self.lasted(self.now, HAND_S)   # (never yet) tried again a hand's time on
        return self.lasted(reading.card.since, SETTLE_S)

    def _unseen_placer(self, scratch, card: int) -> str | None:
        """Whose unseen play a card placed at a step was: the one unseen player, or of several
        the next round's starter (the winner); None while an earlier unseen place may be it."""
        unseen = scratch.unseen_players
        if card in scratch.cards_out or not unseen or \
                any(u.kind == "place" and u.round < scratch.round_number
                    for u in scratch.unread):
            return None
        if len(unseen) == 1:
            return unseen[0]
        starter = self._next_starter(scratch)
        return starter if starter in unseen else None

    def _next_starter(self, scratch) -> str | None:
        """Who put down the next round's first card (its winner), once all of it is read."""
        later = [r for r in self._reads("play") if r.data["round"] == scratch.round_index + 1]
        if {r.data["player"] for r in later} != set(self.players):
            return None
        return min(later, key=lambda r: r.data.get("came", r.card.since)).data["player"]

    def _moved_on(self, reading: Reading, scratch) -> bool:
        """May the next place have been made before this place's card was read at its step
        (every card of the next round, or one of a later round, came first, or a card at a
        step that no play had, not an earlier place nobody saw: a later place)?"""
        now = scratch.round_index
        before = [r for r in self._reads("play", now)
                  if r.data.get("came", r.card.since) < reading.card.since]
        return any(r.data["round"] > now + 1 for r in before) or \
            len({r.data["player"] for r in before}) == len(self.players) or \
            any(c.since < reading.card.since and not self._maybe_hidden(self._value(c))
                for c in self._unplayed_at_steps(scratch))

    def _place(self, card: TableCard, winner: str, step: int, scratch) -> dict:
        """The place of ``card`` at ``step``, with the winner's tokens by it or by what it bumps."""
        move: dict = {"type": "place", "player": winner, "card": self._value(card), "step": step}
        for item in ("vest", "notebook"):
            if self._token(card, item, scratch) == winner:
                move["item"] = item
        bumped = scratch.card_at(step) if step != -3 else None
        bumped_card = self._on_table(bumped[0]) if bumped else None
        if bumped_card is not None and self._token(bumped_card, "ring", scratch) == winner:
            move["ring"] = True
        return move

    def unsettled(self) -> int:
        """The round's place, until the next round's first play, while the rules miss a
        card of the hierarchy: what it bumped lies where the rules cannot say."""
        moves = self.session.moves
        return int(bool(self.game.hidden) and bool(moves) and moves[-1].get("type") == "place")

    def ambiguous(self, move: Move, fixed: Move, later: Sequence[Move]) -> bool:
        """A place read at a step, its card come to rest lower once the next round came
        down (first seen lying there then; a later card gone from the table came down
        before): a place nobody read may have bumped it there."""
        if not (later and "step" in move and "step" in fixed
                and below(fixed["step"], move["step"])):
            return False
        card = self._on_table(move["card"])
        began = min(((c.since if (c := self._on_table(m.get("card"))) is not None
                      else -math.inf) for m in later), default=math.inf)
        rest = self._rests.get(move["card"])
        return card is None or min(card.since, rest[1] if rest is not None and math.dist(
            rest[0], card.position) <= SPOT_MM else math.inf) >= began

    def amend(self, move: Move, game) -> Move:
        """A place corrected to another step takes the tokens lying there now."""
        card = self._on_table(move.get("card")) if move.get("type") == "place" else None
        return move if card is None else self._place(card, move["player"], move["step"], game)

    # --- after each move: the hierarchy the table should show ----------------------------

    def _after(self, move: Move, outcomes: tuple[Outcome, ...], own: bool) -> AdapterResult:
        self._last_outcomes = outcomes
        self._moved_at = self.now
        if move.get("type") == "unseen_play":
            self._unseen_at[move["player"]] = self.now
        elif move.get("type") == "place":   # (the first time: a rewrite hears it again)
            self._placed_at.setdefault(move["card"], self.now)
        if move.get("type") == "undo" or any(isinstance(o, PumafiosiScored) for o in outcomes):
            self._instructions.clear()
        if any(isinstance(o, PumafiosiScored) for o in outcomes):
            self._placed_at.clear()   # (the next game deals the same cards again)
        instructions = []
        for outcome in outcomes:
            if isinstance(outcome, CardDropped):
                text = said("live.move_down", owners=outcome.owners, card=outcome.card,
                            step=outcome.to_step)
                self._instructions[outcome.card] = (outcome.to_step, text)
            elif isinstance(outcome, CardPlaced) and outcome.player is None:
                text = said("live.put_tony", card=outcome.card, step=outcome.step)
                self._instructions[outcome.card] = (outcome.step, text)
            elif isinstance(outcome, RoundWon) and outcome.player is not None and not any(
                    m.get("type") in ("place", "unseen_place") for m in self._to_come):
                # (a place handed out with the round, still to come, needs no instruction)
                instructions.append(said("live.place_won", player=outcome.player,
                                         card=outcome.card))
        self._carried_out()   # (moved before the move was read)
        instructions += [text for card, (_, text) in self._instructions.items() if any(
            isinstance(o, (CardDropped, CardPlaced)) and o.card == card for o in outcomes)]
        return AdapterResult(instructions=tuple(instructions))

    def _carried_out(self) -> list[tuple[int, int]]:
        """The instructions the table has carried out, (card, step), forgotten."""
        done = [(card, step) for card, (step, _) in self._instructions.items()
                if self._step_of(card) == step]
        for card, _ in done:
            del self._instructions[card]
        return done

    def _step_of(self, value: int) -> int | None:
        return step_of_zone(card.zone) if (card := self._on_table(value)) is not None else None

    def check_table(self, changes: Sequence[TableChange]) -> AdapterResult:
        if not any(self._value(c) is not None and any(step_of_zone(z) is not None for z in (
                (c.from_zone, c.to_zone) if isinstance(c, Moved) else (c.zone,)))
                   for c in changes):
            return AdapterResult()
        return AdapterResult(confirmations=tuple(said("live.on_step", card=card, step=step)
                                                 for card, step in self._carried_out()))

    def check_rest(self, t: float) -> AdapterResult:
        """A card of the hierarchy gone from the table ``CONFIRM_S``, the table lying still
        as long, said once while it stays away, once only while it stands at that step."""
        if not self._gone:
            return AdapterResult()   # (every frame: most have nothing gone)
        held, back = self.game.steps_held, {self._value(c) for c in self.table}
        self._gone = {v: left for v, left in self._gone.items()
                      if v not in back and v in held and not self.game.complete}
        self._said_gone = {(v, step) for v, step in self._said_gone if held.get(v) == step}
        warnings = []
        for value, left in self._gone.items():
            # (gone from view with a card beside it: no card is seen to have left)
            where = next((at for v, at, _ in self._lost.values() if v == value), None)
            if value in self._instructions and left is not None:
                # Told where it goes: its clock starts when the telling ends.
                self._gone[value] = t
            elif left is not None and long_enough(max(left, self.still_since), t) and \
                    not (where is not None and self._hidden_beside(value, where, left)):
                self._gone[value] = None   # said
                if (lifted := self._lifted(value, left)) is not None:
                    return AdapterResult(warnings=tuple(warnings)) + lifted
                if (value, held[value]) not in self._said_gone:
                    self._said_gone.add((value, held[value]))
                    warnings.append(said("live.left_step", card=value, step=held[value]))
        return AdapterResult(warnings=tuple(warnings))

    def _hidden_beside(self, value: int | None, where: Point, when: float) -> bool:
        """Does a hand (or glare) lie over the column by ``where``: a card beside it hidden
        now, or gone from view with it (``CONFIRM_S``), nothing lying where it lay since?"""
        beside = [at for at in [at for v, at, gone in self._lost.values()
                                if v != value and abs(gone - when) <= CONFIRM_S]
                  + [c.position for c in self.hidden if self._value(c) != value]
                  if math.dist(at, where) <= BESIDE_MM]
        hidden = {c.track for c in self.hidden}
        shown = [c.position for c in self.table if c.track not in hidden]
        return any(all(math.dist(p, at) > SPOT_MM for p in shown) for at in beside)

    def _lifted(self, value: int, left: float) -> AdapterResult | None:
        """The latest place's card taken off its step within ``CONFIRM_S`` of being booked
        there, not seen since: the place is booked as nobody saw it (read later, named)."""
        last, place = self._last_place()
        if self._to_come or place.get("type") != "place" or \
                place.get("card") != value or \
                left - self._placed_at.get(value, -math.inf) >= CONFIRM_S:
            return None
        return self.rewritten(
            lambda: rewrite(self.session, len(self.session.moves) - last,
                            {"type": "unseen_place", "player": place["player"]}).moves,
            said("live.place_lifted", card=value, step=place["step"]))

    def _last_place(self, end: float = math.inf) -> tuple[int, Move]:
        """The latest place (seen or not) before index ``end``: (index, move), or (-1, {})."""
        moves = self.session.moves
        return next(((i, moves[i]) for i in range(min(end, len(moves)) - 1, -1, -1)
                     if moves[i].get("type") in ("place", "unseen_place")), (-1, {}))

    # --- the reconciler's questions ---------------------------------------------------------

    def term(self, card: TableCard) -> tuple[Zone | str | None, int] | None:
        value = self._value(card)
        if value is None or self._maybe_hidden(value):
            return None
        step = step_of_zone(card.zone)
        if step is None:
            return card.zone, value
        # While the rules miss a card of the hierarchy, one lying lower than they have it
        # may have been bumped there by the missing one (but the latest place's own card).
        held = self.game.steps_held.get(value) if self.game.hidden else None
        last = self.session.moves[-1] if self.session.moves else {}
        if held is not None and below(step, held) and not (
                last.get("type") == "place" and last.get("card") == value):
            return None
        return Zone("step", step), value

    def _unplayed_at_steps(self, game) -> list[TableCard]:
        """The cards lying at a step that no play had (``_unplayed``): places unread."""
        return [c for c in self.table if step_of_zone(c.zone) is not None
                and (v := self._value(c)) is not None and self._unplayed(v, game)]

    def _maybe_hidden(self, value: int) -> bool:
        """May the card be a winner's card never read, placed where nobody saw?"""
        return any(card is None for _, card in self.game.hidden) and \
            self._unplayed(value, self.game)

    def _unplayed(self, value: int, game) -> bool:
        """Did no play have the card: out in ``game``, in its hierarchy, nor read played?"""
        return value not in game.cards_out | game.steps_held.keys() and not self._play_read(value)

    def hand_out(self, moves) -> None:
        super().hand_out(moves)
        played = {m.get("card") for m in moves if m.get("type") == "play"}
        self._pending = [r for r in self._pending
                         if not (r.kind == "play" and self._value(r.card) in played)]

    def question_for(self, game) -> Question | None:
        """The move the rules wait for while the table is ahead (the card of the player to
        act, or the winner's place); else the first card nobody read (``unread``)."""
        first = next(iter(self.game.unread), None)
        if (asked := self._question_now(game)) is not None or first is None:
            return asked
        key, known = "live.ask_unseen", {}
        if first.kind == "place":
            known = {"card": first.card} if first.card is not None else {}
            key = "live.ask_hidden_known" if known else "live.ask_hidden"
        return Question(said(key, player=first.player, round=first.round,
                             typed=first.player.lower(), **known), first.player, journal=True)

    def _question_now(self, game) -> Question | None:
        player, now = game.to_act, game.round_index
        if game.phase == "place" and player is None:
            # An unseen play: the place says who won; asked once the next round is down.
            if not self._reads("play", now):
                return None
            winner = self._next_starter(game)
            if winner is None:
                return Question(said("live.ask_open_place", round=game.round_number))
            card = next(c for p, c, _ in game.plays if p == winner)
            key, known = ("live.ask_open_known", {"card": card}) if card is not None else \
                ("live.ask_open_winner", {"round": game.round_number})
            return Question(said(key, player=winner, typed=winner.lower(), **known), winner)
        if game.phase == "place":
            # The next round is down and the place unread (or read too late to tell).
            card = next(c for p, c, _ in game.plays if p == player)
            read = any(r.kind == "step" and self._value(r.card) == card
                       and not self._moved_on(r, game) for r in self._pending)
            ahead = {r.data["round"] - now for r in self._reads("play")}
            # Or the card gone and read nowhere: a game's last place has no next round.
            lost = not ahead and self._on_table(card) is None and not any(
                self._value(r.card) == card for r in self._pending)
            if lost or ahead and max(ahead) > (1 if read else 0):
                return Question(said("live.ask_place", player=player, card=card), player)
            return None
        if game.phase != "play" or player is None or not any(
                self._live(r) and (r.data["player"] not in (player, None) or r.data["round"] > now)
                for r in self._reads("play")):
            return None
        return Question(said("live.ask_card", player=player, typed=player.lower()), player)
