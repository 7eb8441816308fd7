"""What every game adapter shares: the result type, the pending readings, the rules' veto.

An adapter reads the session (never changes it): ``observe`` turns table changes into
readings, and readings into moves checked on a scratch copy of the rules state;
``applied`` hears of every move the caller applied (the adapter's own, or a person's
correction typed by hand, or an undo) with its outcomes, and re-syncs.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable, Collection, Hashable, Iterable, Sequence

from companion.decks import Back, Card, all_decks
from companion.games.base import Game, Move, Outcome, RuleError, as_zone
from calibration.types import Seat
from calibration.zone import Zone
from companion.adapter_result import AdapterResult
from companion.decoder import card_fields, names
from companion.journal_rewrite import named
from companion.reconcile import CONFIRM_S, Question, Reconciler, TableNow
from companion.table_differences import Seen
from companion.said import refusal, said
from companion.session import Session
from companion.tracker import Appeared, Flipped, Left, Moved, TableCard, TableChange
from vision.types import Point


@dataclass
class Reading:
    """Something seen that may become a move: kept until it does, is vetoed or goes away."""

    kind: str                     # the adapter's own word: "play", "step", "layout", ...
    card: TableCard
    data: dict[str, Any] = field(default_factory=dict)
    warned: str = ""              # the last warning said about it (said once)


WAIT, DROP, WEIGH = "wait", "drop", "weigh"   # WEIGH: waits, the whole table may say (``_weighed``)


@dataclass(frozen=True)
class Verdict:
    """An attempt's answer: a move (already applied to the scratch state), or wait/drop."""

    move: Move | None = None
    then: str = DROP              # without a move: WAIT or WEIGH (try again later), or DROP
    warning: str = ""


@cache
def pieces() -> dict[int, tuple[str, Card | Back]]:
    """Every marker of every deck: (game, the card or back it is printed on)."""
    return {marker: (deck.game, piece) for deck in all_decks().values()
            for marker, piece in deck.by_marker().items()}


def long_enough(since: float, t: float, wait: float = CONFIRM_S) -> bool:
    """Has ``wait`` of table time gone by from ``since`` to ``t``?"""
    return t >= since + wait - 1e-9


def seat_number(zone: Zone | str | None, kind: str) -> int | None:
    """N for a zone ``kind:N`` (e.g. ``play:2``, or its text), else None."""
    try:
        zone = as_zone(zone) if zone is not None else None
    except ValueError:   # (a zone of no kind the games read)
        return None
    return zone.number if zone is not None and zone.kind == kind else None


def arrival(change: TableChange) -> tuple[str | None, TableCard] | None:
    """(zone, card) when the change brings a card to rest somewhere, else None."""
    if isinstance(change, (Appeared, Moved, Flipped)):
        card = card_of(change)
        return card.zone, card
    return None


def card_of(change: TableChange) -> TableCard:
    """The card a change is about, as it lies now, with where it came from (the tracker's
    ``entry``: a card turned over, from where it lies)."""
    zone = change.to_zone if isinstance(change, Moved) else change.zone
    return TableCard(change.track, change.card, change.marker, zone, change.position, 0.0,
                     getattr(change, "entry", change.position),
                     getattr(change, "entry_zone", zone), getattr(change, "since", change.time))


def nearest(cards: Iterable[TableCard], point: Point, within: float) -> TableCard | None:
    close = [c for c in cards if math.dist(c.position, point) <= within]
    return min(close, key=lambda c: (math.dist(c.position, point), c.track), default=None)


class Adapter(ABC):
    """The shared loop; a game's adapter says what readings a change gives and what
    each reading means for the rules (``_readings`` and ``_attempt``)."""

    game_name = ""
    kept: tuple[str, ...] = ()   # the reading kinds that outlast their card (``_forget``)

    def __init__(self, session: Session, seats: Sequence[Seat] = ()):
        """``seats``: where the calibration found each seat (which way a card came from)."""
        self.session = session
        self.players: tuple[str, ...] = session.header.names
        self.seats: dict[int, Point] = {seat.number: seat.point for seat in seats}
        # the tracker's stable, glimpsed and hidden cards (``observe``)
        self.table = self.glimpsed = self.hidden = ()
        self._pending: list[Reading] = []
        self._expected: list[Move] = []   # moves handed out, not yet heard back
        self._handed_last: Move | None = None   # the last of them (heard as a person's)
        self.reconciler = Reconciler()
        self._said: set[str] = set()      # warnings said since the last move (said once)
        self._facts: set[Hashable] = set()   # the facts said once a game (``first_time``)
        self.now = 0.0                    # the table time of the last frame settled
        self.still_since = -math.inf      # from when nothing on the table moved (tracker)
        self._wake: float | None = None   # when to try the pending readings again
        self.ended = False   # the camera stopped: no more time passes at the table
        self._late: set[int] = set()      # the tracks of readings that wait to be weighed

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def instructions(self) -> tuple[str, ...]:
        """The instructions given that the table has not carried out yet."""
        return ()

    def player_at(self, number: int | None) -> str | None:
        """Seat N is the N-th player of the header (seating order, 1-based)."""
        if number is None or not 1 <= number <= len(self.players):
            return None
        return self.players[number - 1]

    def piece(self, card: TableCard | TableChange) -> Card | Back | None:
        """The deck entry of a card (or a change's card) of this game, else None."""
        found = pieces().get(card.marker)
        return found[1] if found and found[0] == self.game_name else None

    def foreign(self, card: TableCard) -> str:
        """A warning for a card that is not part of this game, or "" if it is."""
        found = pieces().get(card.marker)
        if found is None:
            return said("live.unknown_marker", marker=card.marker)
        if found[0] in (self.game_name, "kit"):
            return ""
        return said("live.foreign", label=card.card.label or card.card.key, game=found[0],
                    own=self.game_name)

    # --- the caller's side -------------------------------------------------------------

    def observe(self, changes: Sequence[TableChange], table: Sequence[TableCard],
                glimpsed: Sequence[TableCard] = (), hidden: Sequence[TableCard] = ()
                ) -> AdapterResult:
        """One frame's table changes, and the tracker's ``table`` (stable after them),
        ``glimpsed`` (not settled yet) and ``hidden`` (cards of the table hidden a while)."""
        self.table, self.glimpsed, self.hidden = tuple(table), tuple(glimpsed), tuple(hidden)
        result = AdapterResult()
        for change in changes:
            if isinstance(change, (Left, Moved)):
                self._forget(change.track, change.time)
            found = arrival(change)
            warning = self.foreign(found[1]) if found is not None else ""
            if not warning:
                result += self._readings(change)
            elif self.first_time(warning):   # (a stray card, or a marker misread alike)
                result += AdapterResult(warnings=(warning,))
            if isinstance(change, Flipped):   # the side that showed before is gone
                self._forget(change.was_track, change.time)
        return self._once(result + self._advance() + self.check_table(changes))

    def settle(self, t: float, still_since: float, hidden: Sequence[TableCard] = ()
               ) -> AdapterResult:
        """Every frame (table time ``t``, nothing moved since ``still_since``): the table
        compared with the rules' picture of it (companion.reconcile)."""
        self.now, woken, self.hidden = t, AdapterResult(), tuple(hidden)
        self.still_since = still_since
        if self._wake is not None and t >= self._wake - 1e-9:
            self._wake = None
            woken = self._advance()   # a reading that waited for time to pass
            if woken.moves:
                return self._once(woken)   # (the table judged again next frame)
        waiting_since = tuple(r.card.since for r in self._pending)
        now = TableNow(self.session, self.table, waiting_since, self.unsettled(), still_since)
        judged = self.reconciler.check(now, self, t)
        if judged.moves:
            self.hand_out(judged.moves)   # (journalled by the caller, heard as our own)
        return self._once(woken + judged + self.check_rest(t))

    def finish(self) -> AdapterResult:
        """The camera stopped: the readings tried once more, ``ended`` set (a game may take
        the table as it last lay); waits for what time would have brought stay unanswered."""
        self.ended = True
        return self._once(self._advance())

    def first_time(self, fact: Hashable) -> bool:
        """Is ``fact`` met for the first time this game (a fact said once a game)?"""
        new = fact not in self._facts
        self._facts.add(fact)
        return new

    def lasted(self, since: float, wait: float = CONFIRM_S) -> bool:
        """Has ``wait`` gone by since ``since``? If not, the readings are tried again then:
        a hand that rests a card on its way, or hides one a moment, is no mistake."""
        if long_enough(since, self.now, wait):
            return True
        self._wake = min(since + wait, math.inf if self._wake is None else self._wake)
        return False

    def rewritten(self, moves: Callable[[], Sequence[Move]], warning: str) -> AdapterResult | None:
        """An unseen move the table named: ``moves()`` rewrite the journal
        (companion.journal_rewrite), handed out and said; None if the rules refuse them."""
        try:
            rewritten = tuple(moves())
        except RuleError:
            return None
        self.hand_out(rewritten)
        return AdapterResult(moves=rewritten, warnings=(warning,))

    @property
    def question(self) -> Question | None:
        """The question the table is asked now, if any."""
        return self.reconciler.question

    @property
    def standing(self) -> tuple[str, ...]:
        """What the table shows against the rules now, each fact once (readings, reconciler)."""
        return tuple(dict.fromkeys([r.warned for r in self._pending if r.warned]
                                   + list(self.reconciler.messages)))

    def _once(self, result: AdapterResult) -> AdapterResult:
        """The result without the warnings said already since the last move."""
        fresh = tuple(w for w in result.warnings if w not in self._said)
        self._said.update(fresh)
        return AdapterResult(result.moves, fresh, result.instructions, result.confirmations)

    @property
    def _to_come(self) -> list[Move]:
        """The moves handed out and not yet heard back, the last one too."""
        return self._expected + ([self._handed_last] if self._handed_last is not None else [])

    def hand_out(self, moves: Sequence[Move]) -> None:
        """Moves the reconciler hands out: heard as our own but the last (then read again)."""
        self._expected = list(moves[:-1])
        self._handed_last = moves[-1] if moves else None

    def evidence(self) -> tuple[tuple[TableCard, Seen], ...]:
        """The stable table in game terms, and the cards that left it still counting (``_live``)."""
        shown = tuple(r.card for r in self._pending if r.data.get("gone") and self._live(r))
        return tuple((card, found) for card in self.table + shown
                     if (found := self.term(card)) is not None)

    def left_at(self, track: int) -> float | None:
        """When a card the readings keep left the table (None: it lies there)."""
        return next((r.data.get("left") for r in self._pending
                     if r.card.track == track and r.data.get("gone")), None)

    def read_late(self, track: int) -> bool:
        """Does a reading of that card wait to be weighed (``WEIGH``)?"""
        return track in self._late

    def seen_cards(self) -> tuple[tuple[TableCard, Seen], ...]:
        """The stable table in game terms, but for the cards still being read."""
        reading = {r.card.track for r in self._pending}
        return tuple(seen for seen in self.evidence() if seen[0].track not in reading)

    def applied(self, move: Move, outcomes: Sequence[Outcome]) -> AdapterResult:
        """The caller applied ``move`` to the session (journalled) with these outcomes."""
        self._said.clear()
        own = bool(self._expected) and _same(self._expected[0], move)
        if own:
            self._expected.pop(0)
            return self._after(move, tuple(outcomes), own)
        self._expected.clear()  # a person's move: what we handed out is stale
        result = self._after(move, tuple(outcomes), own)
        handed, self._handed_last = self._handed_last, None
        typed = handed is None or not _same(handed, move)
        self.reconciler.person_moved(self.table, self.session.moves if typed else None)
        return result + self.resync()

    def abandon(self) -> None:
        """The caller could not apply the moves handed out: expect none of them."""
        self._expected.clear()

    def resync(self) -> AdapterResult:
        """Forget moves handed out; read the pending cards anew (a correction, undo, refusal)."""
        self.abandon()
        for reading in self._pending:
            reading.warned = ""
        return self._advance()

    # --- the readings --------------------------------------------------------------------

    def _forget(self, track: int, time: float) -> None:
        """A card that left (or moved away) no longer stands for what it said, but for a
        ``kept`` kind: kept (``gone``, since ``left``) until the rules take it or its round
        goes by, for play goes on behind a question (the table clears a round)."""
        self._pending = [r for r in self._pending if r.card.track != track or r.kind in self.kept]
        for reading in self._pending:
            if reading.card.track == track and not reading.data.get("gone"):
                reading.data.update(gone=True, left=time)

    def _live(self, reading: Reading) -> bool:
        """Does a reading whose card left (a ``kept`` kind) still stand for a move the
        table showed? (A game whose cards leave with their round: ``_round_on_table``.)"""
        return True

    def _reads(self, kind: str, after: float = -math.inf) -> list[Reading]:
        """The pending readings of that kind, of a ``round`` after ``after``."""
        return [r for r in self._pending if r.kind == kind and r.data["round"] > after]

    def _round_on_table(self, reading: Reading, zone_kind: str, booked: Collection = ()) -> bool:
        """Does the ``round`` of ``reading`` still lie in the ``zone_kind`` zones (a card of
        a reading of its kind not gone, or, its round the rules' own, a term they ``booked``)?
        While it does, a card of it taken back is not (yet) what the table showed."""
        if reading.data["round"] != self.game.round_index:
            booked = ()
        tracks = {r.card.track for r in self._reads(reading.kind)
                  if not r.data.get("gone") and r.data["round"] == reading.data["round"]}
        return any(seat_number(c.zone, zone_kind) is not None and (
            c.track in tracks or (found := self.term(c)) is not None and found[1] in booked)
            for c in self.table)

    def played_by(self, **card: Any) -> str | None:
        """Who played that card (the move fields it names) last in the journal."""
        return next((m.get("player") for m in reversed(self.session.moves)
                     if m.get("type") == "play" and all(m.get(k) == v for k, v in card.items())),
                    None)

    def _named_late(self, move: Move, card: Any) -> AdapterResult:
        """The camera read an unseen play's ``card`` after all: the journal rewritten."""
        return self.rewritten(lambda: named(self.session, move, latest=True),
                              said("live.named", player=move["player"], card=card)) \
            or AdapterResult()

    def _advance(self) -> AdapterResult:
        """Try the pending readings in order on a scratch state until none gives a move."""
        if self._expected:
            return AdapterResult()  # wait until the caller has applied our moves
        scratch = self.game.copy()
        moves: list[Move] = []
        warnings: list[str] = []
        waiting: dict[int, str] = {}  # what a waiting reading would say, said at the end
        self._late.clear()
        progress = True
        while progress:
            progress = False
            for reading in list(self._pending):
                verdict = self._attempt(reading, scratch)
                if verdict.move is None and verdict.then != DROP:
                    waiting[id(reading)] = verdict.warning
                    if verdict.then == WEIGH:
                        self._late.add(reading.card.track)
                    continue
                if reading in self._pending:  # an attempt may consume several
                    self._pending.remove(reading)
                if verdict.warning:
                    warnings.append(verdict.warning)
                if verdict.move is not None:
                    moves.append(verdict.move)
                    progress = True
                    break
            if not progress and (implied := self._implied(scratch)) is not None:
                moves.append(implied)   # already applied to the scratch state
                progress = True
        # (said once every reading had its turn: cards that landed together wait for each other)
        for reading in self._pending:
            warning = waiting.get(id(reading), "")
            if warning and warning != reading.warned:
                warnings.append(warning)
            reading.warned = warning or reading.warned
        # A late reading is weighed on a table lain still (cards carried down a cascade
        # on their way are no account of an earlier place).
        late = bool(self._late) and not moves and \
            self.lasted(max([card.since for card in self.table] + [self.still_since]))
        if (moves or late) and (shown := self._weighed(moves)) is not None:
            moves, warnings = list(shown), warnings + [said("live.missed", moves=shown)]
        self._expected = list(moves)
        return AdapterResult(tuple(moves), tuple(dict.fromkeys(warnings)))  # each said once

    def _weighed(self, moves: Sequence[Move]) -> tuple[Move, ...] | None:
        """The moves the whole table shows (Reconciler.weigh) where it shows more than the
        readings' ``moves`` or a reading waits to be weighed; None to keep them. The readings
        of the cards they name are done with; a card explained unnamed (a back): None."""
        best = self.reconciler.weigh(self.session, self, moves, self.now)
        if best is None:
            return None
        done = []
        for reading in self._pending:
            found = self.term(reading.card)
            if found is None or found[0] is None or \
                    (found[1], as_zone(found[0])) not in best.placed:
                continue
            if not names(self.card_fields(found[1]), best.moves):
                return None
            done.append(reading)
        self._pending = [r for r in self._pending if r not in done]
        return best.moves

    @staticmethod
    def veto(scratch: Game, move: Move) -> str:
        """Apply ``move`` to the scratch state: "" if the rules take it, else their refusal."""
        try:
            scratch.apply(move)
        except RuleError as exc:
            return refusal(exc)
        return ""

    # --- what each game says -----------------------------------------------------------

    @abstractmethod
    def _readings(self, change: TableChange) -> AdapterResult:
        """Turn one change into pending readings (and any warning it calls for)."""

    def _attempt(self, reading: Reading, scratch: Game) -> Verdict:
        """What a pending reading means now, tried on the scratch rules state by ``_<its kind>``."""
        return getattr(self, f"_{reading.kind}")(reading, scratch)

    def _implied(self, scratch: Game) -> Move | None:
        """A move the readings show together, not one alone (applied to the scratch state)."""
        return None

    def _after(self, move: Move, outcomes: tuple[Outcome, ...], own: bool) -> AdapterResult:
        """Hear of an applied move (``own``: one this adapter handed out)."""
        return AdapterResult()

    def check_table(self, changes: Sequence[TableChange]) -> AdapterResult:
        """Compare the table with what the rules expect after these changes."""
        return AdapterResult()

    def check_rest(self, t: float) -> AdapterResult:
        """What the table shows once its cards lay still ``CONFIRM_S`` (table time ``t``)."""
        return AdapterResult()

    # --- what the reconciler asks of each game ------------------------------------------

    def term(self, card: TableCard) -> Seen | None:
        """A card of the stable table as the rules name it, with its zone in the rules'
        vocabulary; None for what the rules do not place (tokens, characters)."""
        return None

    def unsettled(self) -> int:
        """How many of the journal's last moves the table cannot have confirmed (yet)."""
        return 0

    def ambiguous(self, move: Move, fixed: Move, later: Sequence[Move]) -> bool:
        """May the table show ``fixed`` rather than ``move`` for a ``later`` move the camera
        missed? Then it is no misread to correct (a question or a guess settles it)."""
        return False

    def amend(self, move: Move, game: Game) -> Move:
        """A corrected move, with what the table shows by its card now (``game``: before it)."""
        return move

    def card_fields(self, term) -> dict[str, Any]:
        """The move fields a card on the table names (companion.decoder): a number its ``card``."""
        return card_fields(term)

    def question_for(self, game: Game) -> Question | None:
        """What to ask when a reading waits for a move the camera did not see."""
        return None


def _same(a: Move, b: Move) -> bool:
    """The same move, whatever time the caller stamped on it."""
    return {k: v for k, v in a.items() if k != "t"} == {k: v for k, v in b.items() if k != "t"}

