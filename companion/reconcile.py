"""The table is the truth: the stable table compared, all the time, with the table the
rules expect, for every game the same way.

The game's adapter names each card of the tracker's stable picture in game terms (a zone
of the calibration's vocabulary and a card such as 44, "mouse 7", "face down"); the
engine says what should lie where (``expected_table()``, a :class:`TablePicture`). The
reconciler reads plain values (:class:`TableNow`) and asks the adapter only what its
game knows (:class:`GameSense`); it changes nothing but its own state, and returns what
it judged: the moves in it are for the adapter to hand out, and it imports no adapter.
Cards the adapter is still reading (its pending readings) are its business, not a
difference. Once the cards a difference is about have lain still for ``settle_s`` of table
time (the rest of the table may be busy), what differs is judged, once for each way the
table lies:

- A correction: one of the last few moves (made since the table last matched the journal,
  so never shown still as read) rewritten with where the table shows its card
  (the zone's field: "step:2" is ``"step": 2``, "play:2" the second player, "mission:1"
  slot 1), the moves after it applied again unchanged, explains the whole table while the
  journal as it is does not: ``undo`` back to it, the corrected move and the ones after,
  announced once ("corrected: 44 is on step 2").
- A missed move: the decoder's hypotheses (companion.decoder: legal moves the cards on the
  table name) that the table shows the result of; the one that leads, explaining more of
  the table than any other and nothing new, is journalled ("missed: ..."); where several
  tie, one question names them.
- Otherwise each difference is a standing message ("card 13 should be on step 7, it is on
  step 6"), once the whole table has lain still ``CONFIRM_S`` (nothing seen moving, no card
  come, gone or moved, no move journalled): a cascade carried out in either order passes
  through tables that differ, and is no mistake until the hands are done. It is said once
  and kept (``standing``) until the table no longer shows it; said again only if its card,
  once seen where the rules have it, goes wrong again. A reading that waits for a player
  the camera has not seen becomes one :class:`Question`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Protocol, Sequence

from companion.adapter_result import AdapterResult
from companion.decoder import Evidence, Hypothesis, better, hypotheses, leader, names, rivals
from companion.games import Game, Move, RuleError
from companion.games.base import Term
from companion.journal_rewrite import bare as _bare, fold, rewrite
from companion.said import Said, said
from companion.session import Session
from companion.table_differences import ZONE_FIELDS, Difference, Seen, differences
from companion.tracker import TableCard

SETTLE_S = 1.5     # table time a card lies still before the companion judges where it is
# The journal counts as shown by the table once it lay as read this long: a hand that
# pauses on the way (a card resting 1.7 s on a wrong step was measured) is not an answer.
CONFIRM_S = 3.0
MAX_BACK = 4       # a correction may rewrite one of this many last moves

@dataclass(frozen=True)
class Question:
    """One precise question for the table; a typed move (or the card put down again so the
    camera reads it) settles it, and play goes on meanwhile."""

    text: str                 # "Bob's card? type it (bob CARD), or put it down again"
    player: str | None = None
    # About a move the journal has unseen (not about the table): it stands from the
    # moment that move is booked, however busy the table is.
    journal: bool = False


@dataclass(frozen=True)
class TableNow:
    """One frame's table as the game's adapter reads it."""

    session: Session                   # the journal and the rules (read, never changed)
    table: tuple[TableCard, ...]       # the tracker's stable table
    waiting: tuple[float, ...]         # when each card the adapter still reads came to rest
    unsettled: int                     # the last moves the table cannot have confirmed
    still_since: float                 # nothing on the table moved since (the tracker's)


class GameSense(Protocol):
    """What the reconciler asks a game's adapter (questions only: nothing changes)."""

    def seen_cards(self) -> tuple[tuple[TableCard, Seen], ...]:
        """The stable table in game terms, but for the cards still being read."""

    def ambiguous(self, move: Move, fixed: Move, later: Sequence[Move]) -> bool:
        """May the table show ``fixed`` rather than ``move`` because of one of the
        ``later`` moves that the camera missed? (Then no misread to correct.)"""

    def amend(self, move: Move, game: Game) -> Move:
        """A move rewritten by a correction, with what the table shows by its card now."""

    def evidence(self) -> tuple[tuple[TableCard, Seen], ...]:
        """The whole stable table in game terms, the cards still being read too."""

    def card_fields(self, term: Term) -> dict:
        """The move fields a card on the table names (a Pumafiosi card its ``card``)."""

    def left_at(self, track: int) -> float | None:
        """When a card of ``evidence()`` left the table (None: it lies there)."""

    def read_late(self, track: int) -> bool:
        """Was a card of ``evidence()`` read only after the table went on (its time of
        rest says nothing of when it came)?"""

    def question_for(self, game: Game) -> Question | None:
        """What to ask when a reading waits for a move the camera did not see."""


def rewrites(move: Move, diffs: Iterable[Difference], players: Sequence[str]
             ) -> Iterator[tuple[Difference, dict]]:
    """The move with one zone field changed to where a differing card lies."""
    for d in diffs:
        field, n = ZONE_FIELDS.get(d.seen.kind), d.seen.number
        if field is None or field not in move:
            continue
        value = n if field != "player" else (players[n - 1] if 1 <= n <= len(players)
                                             else None)
        if value is not None and move[field] != value:
            yield d, {**_bare(move), field: value}


def lie(table: Sequence[TableCard]) -> tuple:
    """How the table lies: each card (its track) and its zone."""
    return tuple((card.track, card.zone) for card in table)


def _outcomes(game: Game, moves: Sequence[Move]) -> list[tuple]:
    """Apply the moves to the game: what each did."""
    return [game.apply(move) for move in moves]


class Reconciler:
    """One per adapter: ``check(now, sense, t)`` every frame."""

    def __init__(self, settle_s: float = SETTLE_S):
        self.settle_s = settle_s
        self.standing: tuple[Difference, ...] = ()   # the differences said, until fixed
        self._unsaid: tuple[Difference, ...] | None = None   # judged, for a still table
        self._told: set[tuple[Term, Said]] = set()   # (card, message) said, card not fixed
        self.question: Question | None = None
        self._key: tuple | None = None   # how the table lay, and the moves, when judged
        self._since = 0.0                 # ... since when
        self._seen: tuple = ()            # (card, (zone, term)) of the stable table
        self._diffs: tuple[Difference, ...] = ()
        self._ripe = 0.0                  # the table time at which they are judged
        self._judged = False
        self._moves = 0
        self._game: Game | None = None   # the session's game when last judged
        self._confirmed = 0   # the moves the table has shown, still, as the rules have them
        self._typed = 0       # the moves up to a person's last one (never rewritten)
        self._journal: list[Move] = []   # the session's moves when last checked
        self._hands_off: tuple | None = None   # the table as it lay when a person moved
        self._spent: set[int] = set()     # the tracks of cards a journalled move named

    def person_moved(self, table: Sequence[TableCard], typed: Sequence[Move] | None) -> None:
        """A move not the camera's (typed, an undo, or a correction's last): the table as
        it lies now is theirs; the companion corrects and infers again once it changes.
        ``typed``: the session's moves after a move a person made (typed, or an undo),
        None for a correction's last: a correction never rewrites what a person said
        (play behind a question may have moved its card since). A person who names an
        unseen move rewrites the journal with as many moves: only that one is theirs,
        the camera's after it are as open to correction as they were."""
        self._hands_off = lie(table)
        if typed is None:
            return
        before = self._journal
        named = next((i for i, (old, new) in enumerate(zip(before, typed))
                      if _bare(old) != _bare(new)), None)
        if len(typed) == len(before) and named is not None:
            self._typed = max(self._typed, named + 1)
        else:
            self._confirmed = self._typed = len(typed)

    @property
    def messages(self) -> tuple[str, ...]:
        """The standing messages (each a physical fact the table still shows)."""
        return tuple(dict.fromkeys(d.text() for d in self.standing))

    def check(self, now: TableNow, sense: GameSense, t: float) -> AdapterResult:
        """The table judged at table time ``t``: a correction or a missed move (its moves
        for the adapter to hand out: journal them, and hear them as its own), or the
        standing messages said the first time."""
        session = now.session
        self._confirmed = min(self._confirmed, len(session.moves))   # (moves undone)
        self._typed = min(self._typed, len(session.moves))
        # A rewrite (undos and the moves again) may leave as many moves: the game differs.
        if len(session.moves) != self._moves or session.game is not self._game:
            # Settled, or stale; a question the move did not settle stands (said once).
            self._spend(session.moves[len(self._journal):], sense, now.table)
            self._moves, self._game = len(session.moves), session.game
            self._journal = list(session.moves)
            asked = sense.question_for(session.game)
            if self.question != asked:
                self.question = asked if asked is not None and asked.journal else None
        key = (lie(now.table), len(session.moves), id(session.game))
        if key != self._key:
            self._key, self._since, self._judged = key, t, False
            self._unsaid = None
            self._seen = sense.seen_cards()
            self._diffs = self._differences(session, [s for _, s in self._seen])
            # Judged once every card it is about has lain still that long (the rest of
            # the table may be busy), and a waiting card too (for a question).
            about = {d.card for d in self._diffs}
            times = [c.since for c, (_, term) in self._seen if term in about]
            self._ripe = max(times + list(now.waiting), default=t) + self.settle_s
        if not self._diffs and t - self._since >= CONFIRM_S - 1e-9:
            self._confirmed = len(session.moves)   # the table shows every move as read
        if not self._judged and t >= self._ripe - 1e-9:
            self._judged = True
            fixed = self._judge(now, sense, key)
            if fixed is not None:
                return fixed
        if self._unsaid is None or t < max(self._since, now.still_since) + CONFIRM_S - 1e-9:
            return AdapterResult()
        diffs, self._unsaid = self._unsaid, None
        return self._stand(diffs)

    def _judge(self, now: TableNow, sense: GameSense, key: tuple) -> AdapterResult | None:
        """The table's differences judged: a correction or a missed move (returned), else
        the question, and the differences left for a still table (``_stand``)."""
        session = now.session
        seen, diffs = [s for _, s in self._seen], self._diffs
        tied: tuple[Hypothesis, ...] = ()
        if diffs and key[0] != self._hands_off:
            # A missed move that explains the whole table goes before a correction: a
            # card bumped by a place nobody read is not a misread of its own.
            found = self._hypotheses(session, sense)
            fixed = self._missed(leader(found, whole=True)) or \
                self._correction(now, sense, seen, diffs) or self._missed(leader(found))
            if fixed is not None:
                # (a question about the journal stands until a move settles it, or it
                # would be asked again after every correction)
                self.standing = ()
                if self.question is not None and not self.question.journal:
                    self.question = None
                return fixed
            tied = rivals(found)
        self.question = sense.question_for(session.game) or (
            Question(said("live.which_missed", alternatives=tuple(h.moves for h in tied)))
            if len(tied) > 1 else None)
        if self.question is not None:
            # Play goes on behind the question: a card the rules have nowhere is the
            # table ahead of the journal (the next moves), not a mistake.
            diffs = tuple(d for d in diffs if d.expected is not None)
        # What the table no longer shows goes at once; what it shows anew waits for it to
        # lie still.
        self.standing = tuple(d for d in self.standing if d in diffs)
        self._unsaid = diffs
        return None

    def _stand(self, diffs: tuple[Difference, ...]) -> AdapterResult:
        """The differences of a table lain still stand, each said the first time: a card
        seen where the rules have it is fixed, and said again only if it goes wrong again
        (one hidden or taken away a moment is not fixed)."""
        shown = {term for _, (_, term) in self._seen}
        differing = {d.card for d in diffs}
        self._told = {(card, text) for card, text in self._told
                      if card in differing or card not in shown}
        told = [(d.card, d.text()) for d in diffs]
        new = [text for card, text in told if (card, text) not in self._told]
        self._told.update(told)
        self.standing = diffs
        return AdapterResult(warnings=tuple(dict.fromkeys(new)))

    @staticmethod
    def _differences(session, seen: Sequence[Seen]) -> tuple[Difference, ...]:
        before = fold(session, session.moves[:-1]).expected_table() if session.moves \
            else None
        return differences(session.game.expected_table(), seen, before)

    # --- what the table shows that the journal missed ---------------------------------

    def _correction(self, now: TableNow, sense: GameSense, seen: Sequence[Seen],
                    diffs: tuple[Difference, ...]) -> AdapterResult | None:
        """Undo back to one misread move, the move as the table shows it, and the moves
        after it again: when exactly one such rewrite explains the whole table."""
        session = now.session
        moves, players = session.moves, session.header.names
        found: dict[str, tuple[Difference, tuple[Move, ...]]] = {}
        # Only a move the table never showed as read (one it did was moved by hand
        # later), or one the adapter says the table cannot have confirmed; never a
        # person's.
        first = max(self._typed, min(self._confirmed, len(moves) - now.unsettled))
        for back in range(1, min(MAX_BACK, len(moves) - first) + 1):
            base = fold(session, moves[:-back])
            told = _outcomes(base.copy(), [_bare(m) for m in moves[-back:]])[1:]
            for d, fixed in rewrites(moves[-back], diffs, players):
                if sense.ambiguous(moves[-back], fixed, moves[len(moves) - back + 1:]):
                    continue
                try:
                    redone = rewrite(session, back, sense.amend(fixed, base), base)
                except RuleError:
                    continue
                # The moves after it must mean what they meant: nothing depends on it.
                if list(redone.outcomes[1:]) == told and \
                        not differences(redone.game.expected_table(), seen,
                                        redone.before_last):
                    found.setdefault(repr(redone.moves), (d, redone.moves))
            if found:
                break   # the latest move that explains the table is the one misread
        if len(found) != 1:
            return None
        d, moves_out = next(iter(found.values()))
        return AdapterResult(moves=moves_out,
                             warnings=(said("live.corrected", card=d.card, zone=str(d.seen)),))

    def _spend(self, moves: Sequence[Move], sense: GameSense,
               table: Sequence[TableCard]) -> None:
        """The cards on the table that these newly journalled moves name: each stood for
        its move, and names no other while it lies there (a round's discards, still
        there when the next game deals the same numbers again)."""
        self._spent.update(card.track for card, (_, term) in sense.evidence()
                           if names(sense.card_fields(term), moves))
        self._spent &= {card.track for card in table}

    def _evidence(self, cards, sense: GameSense) -> tuple[Evidence, ...]:
        """Cards of the table as the decoder weighs them. A card a journalled move named
        names no other (``_spend``), nor does one lying where it lay when a person last
        moved (theirs, until it moves: no news)."""
        theirs = set(self._hands_off or ())
        return tuple(Evidence(zone, term, card.since, card.track in self._spent,
                              (card.track, card.zone) in theirs, sense.left_at(card.track),
                              not sense.read_late(card.track))
                     for card, (zone, term) in cards)

    def _hypotheses(self, session: Session, sense: GameSense) -> tuple[Hypothesis, ...]:
        """The moves nobody saw that the rules allow and the table shows the result of
        (companion.decoder), judged by the cards not being read."""
        return hypotheses(session.game, self._evidence(sense.evidence(), sense),
                          self._evidence(self._seen, sense), fields_of=sense.card_fields)

    def weigh(self, session: Session, sense: GameSense, moves: Sequence[Move], t: float
              ) -> Hypothesis | None:
        """What the whole table (the cards being read too) shows happened at table time
        ``t``, where it shows more than ``moves``, the readings' account
        (companion.decoder.better): a card lying still less than ``CONFIRM_S`` is news
        only of what the readings make of it."""
        return better(session.game, self._evidence(sense.evidence(), sense), moves,
                      sense.card_fields, settled=t - CONFIRM_S)

    @staticmethod
    def _missed(guess: Hypothesis | None) -> AdapterResult | None:
        """The hypothesis that leads, journalled."""
        if guess is None:
            return None
        return AdapterResult(moves=guess.moves,
                             warnings=(said("live.missed", moves=guess.moves),))
