"""Mafia at the table: mission cards, character cards, face-down and face-up action cards.

- Characters: the header's ``character`` fields say who plays which character card;
  without them, a character card seen in a player's ``seat:N`` or ``play:N`` zone is theirs.
- Missions: a mission card in ``mission:K`` opens slot K (``mission``) once as many
  character cards lie there as it recruits (or every free character, when fewer are
  free), ``assigned`` in the order they came; until then, the table lying still, a warning
  asks who is assigned. A card still where it lay at its seat lies on no mission.
- Contributions: an action back coming to rest on a mission (a newly opened mission's
  first is the draw pile's card). Its contributor: the seat it came from (the tracker's
  ``entry_zone``; a play zone it does not lie in is no one's: every hand crosses them) or
  lies in; else the one player who may add to it whose seat lies the way it came; else
  who showed a back at their seat a moment before; else whose turn it is; else it is
  ``unseen_contribute`` and the question asks whose. Salvatore off the mission uses his
  skill. A back seen again where one left (no more backs there than the rules and the
  readings have) is that card. A face-up card from the seat of a player who may still
  add to the mission is a contribution too (the Snitch); another's is none (a Lasagna).
- A mission showing all its faces while the rules wait for contributions nobody saw had
  them (``unseen_contribute``); a back beyond what the rules have that no reading
  accounts for is the reconciler's.
- Reveal: a full mission's cards turned up in its zone, all showing, are ``reveal`` in
  the order the cards came; faces belong to the mission card they lie on.
- A full mission the table shows done with a while, its faces never all read (turned up
  and cleared away; or, no Abort card played, its card carried off or replaced), is
  ``unseen_reveal``: the question asks its faces, and faces read late name them.
- Omertà: an Omertà card face up outside the missions starts it (``omerta``) for the
  player it came from; seen again in the same turn it is the same play.
- Abort: a mission card in progress leaving its place is aborted by whoever last played
  an Abort card face up outside the missions; without one, once the table shows it done
  with (replaced, or its cards and characters cleared away a while: an abort frees them),
  it is ``unseen_abort`` and the question asks who; an Abort card read soon after from
  the seat of a player who was on it names it (the journal rewritten). While its backs
  still lie there, a table lain still is told to put the card back or clear them.
- Play goes on behind a question: a card on a mission belongs to the mission card lying
  there when it came; contributions are booked in the order they came; cards cleared
  away with their mission stay what the table showed until the missing move is named.
- Backup and Release: a free character's card laid on a mission in progress just after
  a Backup card was played face up is ``assign``; an assigned one's taken off (or lost
  from view a while, the only one so) just after a Release card, ``release``. Otherwise
  a character's card moving is no move.
- Everything else (``turn``, ``spoke``, an Exchange's moves, ``adjust``, ``reveal_cop``)
  is typed by a person, through the same path.
"""

from __future__ import annotations

import math
from typing import Sequence

from calibration.geometry import angle_difference
from calibration.zone import Zone
from companion.adapters.base import (DROP, WAIT, Adapter, AdapterResult, Reading, Verdict,
                                     arrival, card_of, nearest, seat_number)
from companion.decks import Back
from companion.games import Move, Outcome
from companion.games.mafia import MissionOpened
from companion.journal_rewrite import named, named_abort
from companion.reconcile import CONFIRM_S, Question
from companion.said import said
from companion.tracker import Flipped, Left, Moved, TableCard, TableChange
from vision.types import Point

BACK_SHOWN_S = 3.0   # a back shown at a seat this long before it lies on a mission is theirs
CAME_MM = 20.0       # a card that came from this far from where it rests shows which
SEAT_DEG = 30.0      # way it came: from the one seat within this of that way, every other
OTHER_SEAT_DEG = 60.0   # candidate's seat at least this far off it
# The character move an action card played face up allows (an Exchange a person types:
# which two it swaps the cards alone do not say); the move's card comes this soon after.
MOVES_CHARACTERS = {"backup": "assign", "release": "release"}
MOVE_WITHIN_S = 15.0
SAME_SPOT_MM = 40.0  # a back seen again this near where one lay on a mission is that card


class MafiaAdapter(Adapter):
    game_name = "mafia"
    kept = ("contribute", "reveal", "abort")

    def __init__(self, session, seats=()):
        super().__init__(session, seats)
        self._characters = {p.character.casefold(): p.name for p in session.header.players
                            if p.character}
        self._learn = not self._characters
        self._awaiting_pile: set[int] = set()  # slots whose draw-pile card is not seen yet
        self._aborted_by: str | None = None
        self._back_shown: tuple[str, float] | None = None  # the seat a back showed at, when
        self._called: dict[int, int] = {}  # Omertà card marker -> the turns when it called
        self._shown: set[int] = set()   # action card markers whose face showed on a mission
        self._movers: dict[int, tuple[float, Point]] = {}   # card moving characters -> when, where
        self._last_mover: int | None = None   # the last of them played
        self._may_move: tuple[str, float] | None = None   # the move it allows, when (None: used)
        self._set_off: dict[int, float] = {}   # character marker -> seen on its way
        # (slot, mission) booked ``unseen_abort`` -> when its mission card left
        self._unseen_left: dict[tuple[int, int | str], float] = {}
        # (slot, mission) -> where and when each back came to it, of the missions lying now
        self._laid: dict[tuple[int, int | str | None], list[tuple[Point, float]]] = {}
        self._mission_came: dict[tuple[int, int | str], float] = {}   # first seen in a slot
        self._emptied: dict[int, float] = {}   # slot -> when a back or character left it last
        self._heard: set[int] = set()   # the tracks whose arrival was read

    # --- what lies where -------------------------------------------------------------------

    def _kind(self, change) -> str | None:
        piece = self.piece(change)
        if isinstance(piece, Back):
            return "back" if piece.kind == "action" else None
        return piece.kind if piece is not None else None

    def _from_player(self, card: TableCard) -> str | None:
        """Whose card: the seat it came from or lies in (Contributions, above), else None."""
        crossed = seat_number(card.entry_zone, "play") and card.entry_zone != card.zone
        return (None if crossed else self._seated(card.entry_zone)) or self._seated(card.zone)

    def _seated(self, zone: str | None) -> str | None:
        """The player whose seat or play zone that is."""
        return self.player_at(seat_number(zone, "seat") or seat_number(zone, "play"))

    def _readings(self, change: TableChange) -> AdapterResult:
        kind = self._kind(change)
        carried = _carried_off(change)
        if carried is not None and kind == "mission":   # off the table, or onto a pile
            self._pending.append(Reading("abort", card_of(change), {
                "slot": carried, "mission": self.piece(change).get("id")}))
        elif carried is not None and kind == "character":
            self._pending.append(Reading("release", card_of(change), {"slot": carried}))
        if carried is not None and kind in ("back", "character"):
            self._emptied[carried] = change.time
        found = arrival(change)
        if found is None or kind is None:
            return AdapterResult()
        zone, card = found
        self._heard.add(card.track)
        slot = seat_number(zone, "mission")
        if kind == "back" and slot is None and (shown := self._from_player(card)):
            self._back_shown = (shown, card.since)   # (the seat it came from, or rests in)
        if kind == "character":
            self._character_seen(card, slot)
        elif kind == "mission" and slot is not None:
            mission = self.piece(change).get("id")
            self._mission_came.setdefault((slot, mission), card.since)
            self._pending.append(Reading("mission", card, {"slot": slot, "mission": mission}))
        elif kind == "back" and slot is not None:
            mission = self._mission_at(slot)
            self._laid = {(s, m): backs for (s, m), backs in self._laid.items()
                          if s != slot or m == mission}
            # A back seen again where one lay is that card (Contributions, above).
            again = [r for r in self._at("contribute", slot) if r.data.get("gone")
                     and math.dist(r.card.position, card.position) <= SAME_SPOT_MM]
            seen = self._laid_near(slot, mission, card.position) and nearest(
                [c for c in self._in_zone(slot, "back") if c.track != card.track],
                card.position, SAME_SPOT_MM) is None
            self._laid.setdefault((slot, mission), []).append((card.position, card.since))
            if seen and self._backs_known(slot, card) and not again:
                return AdapterResult()
            self._pending = [r for r in self._pending if r not in again]
            self._pending.append(Reading("contribute", card, {"slot": slot, "mission": mission}))
        elif kind == "action":
            if slot is None and (late := self._abort_read_late(card)) is not None:
                return late
            self._action_seen(card, slot, isinstance(change, Flipped))
            return self._read_late(slot) if slot is not None else AdapterResult()
        return AdapterResult()

    def _action_seen(self, card: TableCard, slot: int | None, flipped: bool) -> None:
        """A face-up action card: turned up on a mission or added to it, else a card played."""
        player = None if flipped else self._from_player(card)
        target = self.game.in_progress.get(slot) if slot is not None else None
        if slot is not None and (player is None or target is not None and target.needed > 0
                                 and player in self._may_contribute(target)):
            self._shown.add(card.marker)   # (a face seen again is the one card: read once)
            self._pending = [r for r in self._pending if (r.kind, r.card.marker) != (
                "reveal", card.marker)]
            self._pending.append(Reading("reveal" if player is None else "contribute", card,
                                         {"slot": slot, "mission": self._mission_at(slot)}))
            return
        action = self.piece(card).get("action")
        if action == "omerta" and not (card.marker in self._shown and player is None):
            # (a face shown on a mission, cleared onto the discards, is no play)
            self._pending.append(Reading("omerta", card))
        elif action == "abort":
            self._aborted_by = self._from_player(card) or self.game.to_act
        elif action in MOVES_CHARACTERS and player is not None and not self._played_again(card):
            self._movers[card.marker] = (card.since, card.position)
            self._last_mover = card.marker
            self._may_move = (MOVES_CHARACTERS[action], card.since)

    def _abort_read_late(self, card: TableCard) -> AdapterResult | None:
        """An Abort card read soon after an ``unseen_abort``, naming it (Abort, above)."""
        player = self._from_player(card)
        if self.piece(card).get("action") != "abort" or player not in self.game.free_players:
            return None
        # (the last mission aborted unseen in each slot: the one ``named`` would rewrite)
        for slot, target in dict(self.game.unseen_aborts).items():
            left = self._unseen_left.get((slot, target.mission.id), -math.inf)
            if player in target.assigned and 0.0 <= card.since - left <= MOVE_WITHIN_S:
                move = {"type": "abort", "slot": slot, "player": player}
                return self.rewritten(lambda: named_abort(self.session, player, slot, latest=True),
                                      said("live.named_abort", moves=(move,)))
        return None

    def _played_again(self, card: TableCard) -> bool:
        """Is a card that moves characters the same play seen again (``MOVE_WITHIN_S``)?"""
        when, where = self._movers.get(card.marker, (-math.inf, card.position))
        return card.since - when <= MOVE_WITHIN_S and (
            card.marker == self._last_mover or math.dist(where, card.position) <= SAME_SPOT_MM)

    def _backs_known(self, slot: int, card: TableCard) -> bool:
        """No more backs on the mission (``card``, those read) than rules and readings have?"""
        lying = 1 + sum(c.track != card.track and c.track in self._heard
                        for c in self._in_zone(slot, "back"))
        ruled = self.game.expected_table().cards_at(Zone("mission", slot)) or ()
        waiting = sum(not r.data.get("gone") for r in self._at("contribute", slot))
        return lying <= ruled.count("face down") + waiting

    def _mission_at(self, slot: int) -> int | str | None:
        """The mission a card laid in the slot belongs to: the rules' while its card lies there,
        else the one laid last, else the rules', else the last seen not done with (or None)."""
        target = self.game.in_progress.get(slot)
        ruled = target.mission.id if target is not None else None
        # (a mission in play elsewhere or done with, carried past, is not this slot's)
        lying = [i for c in self._in_zone(slot, "mission")
                 if (i := self.piece(c).get("id")) == ruled or i not in self.game.used_missions]
        if lying or ruled is not None:
            return ruled if ruled in lying or not lying else lying[-1]
        seen = [(t, i) for (s, i), t in self._mission_came.items()
                if s == slot and i not in self.game.used_missions]
        return max(seen, key=lambda x: x[0])[1] if seen else None

    def _mission_lies(self, slot: int, mission) -> bool:
        """Does the card of ``mission`` lie in the slot's zone?"""
        return any(self.piece(c).get("id") == mission for c in self._in_zone(slot, "mission"))

    def _replaced(self, slot: int, target) -> bool:
        """Does another mission card lie in the slot in place of ``target``'s?"""
        return bool(self._in_zone(slot, "mission")) and \
            not self._mission_lies(slot, target.mission.id)

    def _done_unread(self, slot: int, scratch, since: float | None) -> Verdict | None:
        """``unseen_reveal`` of the full mission in ``slot`` (Reveal, above): ``_cleared``, or
        its card gone (the callers see to it) since ``since`` (None: not asked)."""
        target = scratch.in_progress.get(slot)
        if target is None or target.needed:
            return None
        cleared = self._cleared(slot, target)
        if cleared is None and (since is None or self._aborted_by is not None or (
                not self._replaced(slot, target) and self._in_zone(slot, "back"))):
            return None
        if not self.lasted(since if cleared is None else cleared):
            return Verdict(then=WAIT)
        move = {"type": "unseen_reveal", "slot": slot}
        reason = self.veto(scratch, move)
        return Verdict(move) if not reason else Verdict(then=WAIT, warning=reason)

    def _cleared(self, slot: int, target) -> float | None:
        """When the last card of the full mission left, turned up, then cleared away; else None."""
        tag = target.mission.id
        faces = self._turned_up(slot, tag)
        if target.needed or not faces or not all(r.data.get("gone") for r in faces) or any(
                self._laid_on(slot, c) in (None, tag)
                for c in self._in_zone(slot, "back") + self._in_zone(slot, "action")):
            return None
        return max(r.data["left"] for r in faces)

    def _of_mission(self, reading: Reading, game) -> str:
        """Is the reading's mission the one in progress in its slot ("now"), one done
        with ("gone by": revealed, aborted or replaced), or one not opened yet ("later")?"""
        target = game.in_progress.get(reading.data["slot"])
        tag = reading.data.get("mission")
        if target is not None and tag in (None, target.mission.id):
            return "now"
        return "gone by" if tag is not None and tag in game.used_missions else "later"

    def _character_seen(self, card: TableCard, slot: int | None) -> None:
        if slot is not None and not _at_seat(card):
            self._pending.append(Reading("assign", card, {"slot": slot}))
        # When it was seen on its way: a card lost on its way may be read at the mission
        # only after a card that set off later.
        if seat_number(card.zone, "seat") is not None:
            self._set_off.pop(card.marker, None)
        elif slot is None:
            # (since it lay still there, as the stable table has it: not when it counted)
            since = next((c.since for c in self.table if c.track == card.track), card.since)
            self._set_off.setdefault(card.marker, since)
        if self._learn and (player := self._seated(card.zone)) is not None:
            name = self.piece(card).get("name").casefold()
            self._characters = {c: p for c, p in self._characters.items() if p != player}
            self._characters[name] = player

    # --- moves -------------------------------------------------------------------------------

    def _in_zone(self, slot: int, kind: str) -> list[TableCard]:
        """A mission zone's cards of a kind, in the order they came (Missions: none at a seat)."""
        cards = [c for c in self.table if seat_number(c.zone, "mission") == slot
                 and self._kind(c) == kind and not (kind == "character" and _at_seat(c))]
        return sorted(cards, key=lambda c: (c.since, c.track))

    def _mission(self, reading: Reading, scratch) -> Verdict:
        slot, ident = reading.data["slot"], reading.data["mission"]
        if slot not in scratch.slots:   # laid (or paused on its way) off both places
            first, second = sorted(scratch.slots)
            warning = said("live.mission_away", mission=ident, first=first, second=second)
            return Verdict(then=WAIT, warning=warning if self.lasted(reading.card.since) else "")
        if ident in scratch.used_missions:
            return Verdict()  # put down again, or carried past on its way to a pile
        lying = scratch.in_progress.get(slot)
        if lying is not None and not self._mission_lies(slot, lying.mission.id):
            # its card cleared away: done with unread, or behind a question (no mistake)
            return self._done_unread(slot, scratch, reading.card.since) or Verdict(then=WAIT)
        mission = scratch.missions.get(ident)
        if mission is None:
            return Verdict(warning=said("live.mission_unknown", mission=ident))
        lying = self._in_zone(slot, "character")
        # (a character laid just after a Backup card is the Backup's, not a first recruit)
        backups = [c for c in lying if self._allowed("assign", c)]
        came = sorted((c for c in lying if c not in backups),
                      key=lambda c: (self._set_off.get(c.marker, c.since), c.since, c.track))
        names = [self.piece(card).get("name") for card in came]
        if unknown := [name for name in names if name.casefold() not in self._characters]:
            return Verdict(then=WAIT, warning=said("live.who_plays", name=unknown[0]))
        assigned = [self._characters[name.casefold()] for name in names]
        wanted = min(mission.recruits, len(scratch.free_players))
        if len(assigned) != wanted:
            if backups:   # asked at once: which came first, the mission or the Backup?
                return Verdict(then=WAIT, warning=said(
                    "live.who_assigned_backup", mission=mission.name, slot=slot, ident=ident,
                    names=" ".join(["NAME"] * wanted)))
            # asked once the card and the table have lain a while (the characters come after)
            key = "live.who_assigned_one" if wanted == 1 else "live.who_assigned"
            return Verdict(then=WAIT, warning=said(key, mission=mission.name, count=wanted)
                           if self.lasted(max(reading.card.since, self.still_since)) else "")
        move = {"type": "mission", "slot": slot, "mission": ident, "assigned": assigned}
        if reason := self.veto(scratch, move):   # (said once: stands while the card lies there)
            return Verdict(then=WAIT, warning=reason)
        self._awaiting_pile.add(slot)
        for card in came:
            self._set_off.pop(card.marker, None)   # (their journey ended here)
        return Verdict(move)

    def _character_move(self, reading: Reading, scratch) -> Verdict:
        """``assign`` or ``release`` (Backup and Release, above)."""
        slot, kind = reading.data["slot"], reading.kind
        target = scratch.in_progress.get(slot)
        player = self._characters.get(self.piece(reading.card).get("name").casefold())
        lying = any(c.marker == reading.card.marker for c in self._in_zone(slot, "character"))
        # (a card already lying on the mission, nudged there, joins nothing)
        moved_in = kind == "assign" and seat_number(reading.card.entry_zone, "mission") == slot
        if target is None or player is None or (player in target.assigned) != (kind == "release") \
                or (kind == "release" and lying) or moved_in or self._replaced(slot, target):
            return Verdict()   # (a recruit of a newer mission laid there: not this one's)
        # Lost from view (not seen since): taken off once gone a while, if the only one so
        gone = [r for r in self._pending if r.kind == "release" and seat_number(
            r.card.zone, "mission") == slot and all(c.marker != r.card.marker for c in self.table)]
        if reading in gone and not self.lasted(max(r.card.since for r in gone)):
            return Verdict(then=WAIT)
        if reading in gone and len(gone) > 1 and self._may_move and self._may_move[0] == kind:
            self._may_move = None   # (which? none is booked: asked, or typed)
        if not self._allowed(kind, reading.card):
            # (its card may be read a moment late)
            return Verdict() if self.lasted(reading.card.since) else Verdict(then=WAIT)
        move = {"type": kind, "slot": slot, "player": player}
        if reason := self.veto(scratch, move):
            return Verdict(warning=reason)
        self._may_move = None
        return Verdict(move)

    _assign = _release = _character_move   # (the readings of kind "assign" and "release")

    def _allowed(self, kind: str, card: TableCard) -> bool:
        """Did an action card played face up just before ``card`` came allow a ``kind``?"""
        allowed = self._may_move
        return allowed is not None and allowed[0] == kind and \
            -CONFIRM_S <= card.since - allowed[1] <= MOVE_WITHIN_S

    def _contribute(self, reading: Reading, scratch) -> Verdict:
        slot = reading.data["slot"]
        mission = self._of_mission(reading, scratch)
        if mission != "now":   # laid before its mission card was read, or a card left over
            return Verdict(then=WAIT) if mission == "later" else Verdict()
        target = scratch.in_progress[slot]
        came = self._mission_came.get((slot, target.mission.id), -math.inf)
        ours = [r for r in self._at("contribute", slot, scratch) if r.card.since >= came]
        if reading not in ours:
            return Verdict()   # it lay there before the mission's card came: not its card
        if slot in self._awaiting_pile:
            # the draw pile's card: the first back that came, whichever is tried first
            self._awaiting_pile.discard(slot)
            first = min(ours, key=lambda r: r.card.since)
            self._pending.remove(first)
            if first is reading:
                return Verdict()
        if any(r is not reading and r.card.since < reading.card.since
               and self._contributor(r.card, scratch, slot) is None for r in ours):
            return Verdict(then=WAIT)   # booked in the order they came: behind the question
        if not self._live(reading):
            return Verdict(then=WAIT)   # a back gone while its mission lies: it may be back
        player = self._contributor(reading.card, scratch, slot)
        # Nobody seen bringing it: it counts all the same (the question asks whose).
        move: dict = {"type": "unseen_contribute", "slot": slot} if player is None else \
            {"type": "contribute", "player": player, "slot": slot}
        if player not in target.assigned and player in self._may_contribute(target):
            move["skill"] = "salvatore"
        reason = self.veto(scratch, move)
        if reason and player is not None and self._from_player(reading.card) is None:
            # a guess at whose (a back shown at a seat, the turn) the rules refuse
            move = {"type": "unseen_contribute", "slot": slot}
            reason = self.veto(scratch, move)
        # Refused: said once, and it stands while the card lies there.
        return Verdict(move) if not reason else Verdict(then=WAIT, warning=reason)

    def _contributor(self, card: TableCard, game, slot: int) -> str | None:
        shown, since = self._back_shown or (None, -math.inf)
        if not 0.0 <= card.since - since <= BACK_SHOWN_S:
            shown = None   # (a back shown at a seat just before it came is theirs)
        return self._from_player(card) or self._came_from(card, self._may_contribute(
            game.in_progress[slot])) or shown or game.to_act

    def _came_from(self, card: TableCard, players: Sequence[str]) -> str | None:
        """The one of ``players`` whose seat lies the way ``card`` came (Contributions) or None."""
        if card.entry is None or math.dist(card.entry, card.position) < CAME_MM or not self.seats:
            return None
        way = _bearing(card.position, card.entry)
        off = sorted((angle_difference(way, _bearing(card.position, self.seats[n])), p)
                     for n, p in enumerate(self.players, 1) if p in players and n in self.seats)
        if not off or off[0][0] > SEAT_DEG or (len(off) > 1 and off[1][0] < OTHER_SEAT_DEG):
            return None
        return off[0][1]

    def question_for(self, game) -> Question | None:
        """Whose card a waiting back on a mission is, else the first ``unseen_contribute``'s;
        who aborted the first ``unseen_abort``; the first ``unseen_reveal``'s faces."""
        asked = [self._whose(game.in_progress[r.data["slot"]], r.data["slot"])
                 for r in self._pending
                 if r.kind == "contribute" and self._of_mission(r, game) == "now"
                 and r.data["slot"] not in self._awaiting_pile
                 and self._contributor(r.card, game, r.data["slot"]) is None]
        asked += [self._whose(target, slot, journal=True)   # (as the mission lay)
                  for slot, target in list(self.game.unseen_contributions)[:1]]
        asked += [Question(said("live.who_aborted", mission=target.mission.name, slot=slot,
                                players=", ".join(target.assigned)), journal=True)
                  for slot, target in list(game.unseen_aborts)[:1]]
        asked += [Question(said("live.which_faces", mission=target.mission.name, slot=slot,
                                cards=target.mission.cards), journal=True)
                  for slot, target in list(game.open_reveals)[:1]]
        return self.question if self.question in asked else next(iter(asked), None)

    def _implied(self, scratch) -> Move | None:
        """``unseen_contribute`` to a mission showing all its faces, no back waiting there."""
        for slot, target in list(scratch.in_progress.items()):
            move = {"type": "unseen_contribute", "slot": slot}
            if target.needed > len(self._at("contribute", slot, scratch)) and len(self._at(
                    "reveal", slot, scratch)) >= target.mission.cards and not self.veto(
                    scratch, move):
                return move
        return None

    def _whose(self, target, slot: int, journal: bool = False) -> Question:
        """Whose card went to the mission in ``slot``: its recruits' (or Salvatore's)."""
        return Question(said("live.whose_card", mission=target.mission.name, slot=slot,
                             players=", ".join(self._may_contribute(target))), journal=journal)

    def _may_contribute(self, target) -> list[str]:
        """Who may add a card to the mission ``target``: its recruits (and Salvatore), once."""
        salvatore = self._characters.get("salvatore")
        return list(dict.fromkeys(target.assigned + ((salvatore,) if salvatore else ())))

    def _live(self, reading: Reading) -> bool:
        """A card on a mission, or gone with it: turned up (faces read) or cleared with its card."""
        slot, tag = reading.data["slot"], reading.data.get("mission")
        return not reading.data.get("gone") or bool(self._turned_up(slot, tag)) or \
            not self._mission_lies(slot, tag)

    def _turned_up(self, slot: int, tag) -> list[Reading]:
        """The faces of that mission read turned up at the table (none: not turned up)."""
        return [r for r in self._at("reveal", slot) if r.data.get("mission") == tag]

    def _at(self, kind: str, slot: int, game=None) -> list[Reading]:
        """The pending readings of ``kind`` in the slot (``game``: of its mission in progress)."""
        return [r for r in self._pending if r.kind == kind and r.data["slot"] == slot
                and (game is None or self._of_mission(r, game) == "now")]

    def _reveal(self, reading: Reading, scratch) -> Verdict:
        slot = reading.data["slot"]
        mission = self._of_mission(reading, scratch)
        if mission != "now":   # (the faces of a mission revealed unread name it: kept)
            return Verdict(then=WAIT) if mission == "later" or reading.data.get(
                "mission") == self._revealed_unread(slot) else Verdict()
        target = scratch.in_progress[slot]
        if target.needed:
            return Verdict(then=WAIT)
        # the faces lying there that are this mission's, else those the table showed
        faces = [c for c in self._in_zone(slot, "action")
                 if self._laid_on(slot, c) in (None, target.mission.id)] or [
            r.card for r in self._turned_up(slot, reading.data.get("mission"))]
        if len(faces) < target.mission.cards:   # (turned up and swept away: revealed unread)
            return self._done_unread(slot, scratch, None) or Verdict(then=WAIT)
        if len(faces) > target.mission.cards:
            return Verdict(then=WAIT, warning=said("live.too_many_faces", shown=len(faces),
                           mission=target.mission.name, cards=target.mission.cards))
        move = self._revealed(slot, reading.data.get("mission"), faces)
        if reason := self.veto(scratch, move):
            return Verdict(warning=reason)
        self._pending = [r for r in self._pending if r not in self._at("reveal", slot, scratch)]
        return Verdict(move)

    def _revealed_unread(self, slot: int) -> int | str | None:
        """The mission revealed unread in the slot while no newer one opened there, else None."""
        lying = self.game.slots.get(slot)   # (a third mission place is no slot)
        return lying.mission.id if lying is not None and lying.unread else None

    def _read_late(self, slot: int) -> AdapterResult:
        """The faces of the mission revealed unread in the slot, all read at last: named."""
        tag = self._revealed_unread(slot)
        shown = [r for r in self._at("reveal", slot) if r.data.get("mission") in (None, tag) and (
                     r.data.get("gone") or self._laid_on(slot, r.card) in (None, tag))]
        if tag is None or len(shown) != self.game.slots[slot].mission.cards:
            return AdapterResult()
        move = self._revealed(slot, tag, [r.card for r in shown])
        result = self.rewritten(lambda: named(self.session, move, latest=True),
                                said("live.named_faces", moves=(move,)))
        if result is not None:
            self._pending = [r for r in self._pending if r not in shown]
        return result or AdapterResult()

    def _revealed(self, slot: int, mission, faces: Sequence[TableCard]) -> Move:
        """``reveal`` of ``faces`` in the order they came (a back first seen there, else shown)."""
        return {"type": "reveal", "slot": slot, "cards": [
            {"value": self.piece(c).get("value"), "color": self.piece(c).get("color")}
            for c in sorted(faces, key=lambda c: (
                min(self._laid_near(slot, mission, c.position), default=c.since), c.track))]}

    def _laid_on(self, slot: int, card: TableCard) -> int | str | None:
        """The mission a card in the slot was laid on: the last mission card there before it."""
        before = [c for c in self._in_zone(slot, "mission") if c.since <= card.since]
        return self.piece(before[-1]).get("id") if before else None

    def _laid_near(self, slot: int, mission, position: Point) -> list[float]:
        """When each back that came to that mission within ``SAME_SPOT_MM`` of it came."""
        return [time for laid, time in self._laid.get((slot, mission), ())
                if math.dist(laid, position) <= SAME_SPOT_MM]

    def _omerta(self, reading: Reading, scratch) -> Verdict:
        # one action card a turn: the card seen again in the same turn is the same play
        turns = sum(m.get("type") == "turn" for m in self.session.moves)
        if self._called.get(reading.card.marker) == turns:
            return Verdict()
        player = self._from_player(reading.card) or scratch.to_act
        if player is None:
            return Verdict(then=WAIT, warning=said("live.who_omerta"))
        move = {"type": "omerta", "player": player}
        if reason := self.veto(scratch, move):
            return Verdict(warning=reason)
        self._called[reading.card.marker] = turns
        return Verdict(move)

    def _abort(self, reading: Reading, scratch) -> Verdict:
        slot = reading.data["slot"]
        target = scratch.in_progress.get(slot)
        if target is None or target.mission.id != reading.data["mission"]:
            return Verdict()  # a revealed or replaced mission cleared away
        if self._mission_lies(slot, target.mission.id):
            return Verdict()  # lost a moment (a hand over it), or put back
        done = self._done_unread(slot, scratch, reading.card.since)
        if done is not None or self._turned_up(slot, target.mission.id):
            return done or Verdict()   # revealed, its faces not (all) read
        if any(s != slot and (self._cleared(s, other) or math.inf) <= reading.card.since
               for s, other in scratch.in_progress.items()):
            return Verdict(then=WAIT)   # (a mission done with before this left: booked first)
        if self._aborted_by is None:
            if not self.lasted(reading.card.since):
                return Verdict(then=WAIT)   # a hand over it hides it a moment: no question
            # done with (Abort, above), no Abort card seen: asked whose
            cleared = not self._in_zone(slot, "back") and not self._in_zone(slot, "character")
            done = self._replaced(slot, target)
            if cleared and not done and not self.lasted(self._emptied.get(slot, -math.inf)):
                return Verdict(then=WAIT)
            done = done or cleared
            move = {"type": "unseen_abort", "slot": slot}
            if not done or self.veto(scratch, move):
                # said once a mission (put back, taken again: one fact), of a table lain still
                if not done and not self.lasted(self.still_since):
                    return Verdict(then=WAIT)
                first = self.first_time(("mission_left", slot, target.mission.id))
                warning = said("live.mission_left", mission=target.mission.name) if first else ""
                return Verdict(then=DROP if done else WAIT, warning=warning)
            self._unseen_left[(slot, target.mission.id)] = reading.card.since
        else:
            move = {"type": "abort", "slot": slot, "player": self._aborted_by}
            if reason := self.veto(scratch, move):
                return Verdict(warning=reason)
            self._aborted_by = None
        self._awaiting_pile.discard(slot)
        return Verdict(move)

    def term(self, card: TableCard):
        """A mission card as "mission ID", an action card face down as "face down"."""
        kind = self._kind(card)
        if kind == "mission":
            return card.zone, f"mission {self.piece(card).get('id')}"
        return (card.zone, "face down") if kind == "back" else None

    def _after(self, move: Move, outcomes: tuple[Outcome, ...], own: bool) -> AdapterResult:
        # A mission opened by hand: its draw pile's card is still to come (not if one dealt
        # with lies there: the mission applied again by a rewrite).
        read = {r.card.track for r in self._pending}
        for slot in (o.slot for o in outcomes if isinstance(o, MissionOpened) and not own):
            if all(c.track in read for c in self._in_zone(slot, "back")):
                self._awaiting_pile.add(slot)
        return AdapterResult()


def _carried_off(change: TableChange) -> int | None:
    """The mission slot a card left (taken off the table, or out of its zone), else None."""
    if isinstance(change, Left):
        return seat_number(change.zone, "mission")
    if isinstance(change, Moved):
        slot = seat_number(change.from_zone, "mission")
        return slot if slot != seat_number(change.to_zone, "mission") else None
    return None


def _at_seat(card: TableCard) -> bool:
    """Does the card lie where it lay in a seat's zone?"""
    return seat_number(card.entry_zone, "seat") is not None and card.entry is not None \
        and math.dist(card.entry, card.position) <= SAME_SPOT_MM


def _bearing(start: Point, end: Point) -> float:
    return math.degrees(math.atan2(end[1] - start[1], end[0] - start[0]))
