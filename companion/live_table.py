"""The live table: a running game, and the one way a move reaches it.

Every move made while a game runs (typed, heard by the microphone, a timer key, read by
the camera, an undo, a correction, a journal rewritten to answer a question, a recording
played back) goes through :meth:`LiveTable.play`. It stamps the move's time (its own
"t" if it carries one, else the time it was seen, else the table's clock: seconds since
the session began), hands the move to the rules, journals it (flushed per move; a write
that fails takes the move back), keeps the history (:class:`Table`), keeps the one
Omertà clock, and tells its subscribers (the screen, the web page, the sound, the
camera's adapter) what happened, a refusal included, as a :class:`Played` value.

The rules get the move as given (they ignore "t"); the journal gets it with its time.
Subscribers are told in the order they subscribed, one piece of news at a time: a move a
subscriber plays while being told is taken at once, and told to everyone once the news
in hand has reached every subscriber, so each hears every move in the order it was taken.

Below it: the rules, the session and its journal, the Omertà clock. Above it, and only
above: the camera pipeline, the dashboard, the commands.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from companion.games import Move, Outcome, RuleError, Undo
from companion.omerta import OmertaTimer
from companion.said import Said, refusal, said
from companion.session import Journal, Replay, Session

UNDO = Undo()

# Who made the moves of a Played: a person (typed, spoken, a timer key), the camera, or
# a recording played back on the dashboard.
PERSON, CAMERA, RECORDING = "person", "camera", "recording"


class Table:
    """A game and what its moves announced: a Session plus its outcomes.

    ``in_force`` mirrors ``session.moves``: the outcomes of each move still in force, so
    an undo takes back its announcements too (a screen can count this game's penalties
    from them). ``history`` keeps everything that happened, undos included, in order.
    """

    def __init__(self, session: Session):
        self.session = session
        self.in_force: list[tuple[Outcome, ...]] = []
        self.history: list[Outcome] = []
        self.latest: tuple[Outcome, ...] = ()  # what the last move announced
        self.last_t = 0.0  # the latest "t" seen (undos included): a resumed clock goes on

    @classmethod
    def from_replay(cls, replay: Replay) -> "Table":
        """The table as a journal left it (a valid replay: its steps are all in force)."""
        table = cls(Session(replay.session.header))
        for step in replay.steps:
            table.apply(step.move)
        return table

    def apply(self, move: Move) -> tuple[Outcome, ...]:
        """Apply one move (RuleError leaves everything as it was)."""
        outcomes = self.session.apply(move)
        t = move.get("t")
        if isinstance(t, (int, float)) and not isinstance(t, bool):
            self.last_t = max(self.last_t, float(t))
        if move.get("type") == "undo":
            self.in_force.pop()
        else:
            self.in_force.append(outcomes)
        self.history.extend(outcomes)
        self.latest = outcomes
        return outcomes

    def apply_all(self, moves: Iterable[Move]) -> None:
        for move in moves:
            self.apply(move)

    @property
    def game(self):
        return self.session.game

    @property
    def names(self) -> tuple[str, ...]:
        return self.session.header.names

    def outcomes_in_force(self) -> Iterator[Outcome]:
        for outcomes in self.in_force:
            yield from outcomes

    def timeline(self) -> list[tuple[Outcome, float]]:
        """The outcomes in force with the "t" of their move (0 without one)."""
        timeline = []
        for move, outcomes in zip(self.session.moves, self.in_force):
            when = move.get("t")
            when = float(when) if isinstance(when, (int, float)) else 0.0
            timeline += [(outcome, when) for outcome in outcomes]
        return timeline


@dataclass(frozen=True)
class Refusal:
    """Why a move was not taken: the rules' reason, or (``rules`` False) a journal that
    could not hold it, so it was taken back."""

    reason: Said          # said in the table's language where shown
    rules: bool = True


@dataclass(frozen=True)
class Taken:
    """One move the table took: as given to the rules, its time, and what it did."""

    move: Move
    t: float
    outcomes: tuple[Outcome, ...]

    @property
    def journalled(self) -> Move:
        """The move as the journal holds it: its fields, and its time ("t" last, unless
        it came with one)."""
        return {**self.move, "t": self.t}


@dataclass(frozen=True)
class Played:
    """What became of moves brought to the table together (one, or a journal rewritten:
    undo back to a move, the move, the later ones again)."""

    taken: tuple[Taken, ...] = ()
    refused: Refusal | None = None   # the move not taken (the ones after it not tried)
    by: str = PERSON                 # PERSON, CAMERA or RECORDING


Listener = Callable[[Played], None]


class LiveTable:
    def __init__(self, table: Table, journal: Journal | None = None, *,
                 clock: Callable[[], float] = time.monotonic, session_t: float | None = None,
                 turn_seconds: float | None = None):
        """``table``: the game as it stands (a new one, or a journal's replay: its moves in
        force and their times); ``journal``: where the moves go (None: kept in memory);
        ``clock``: monotonic seconds (tests freeze it); the session's time goes on from
        ``session_t`` (a resumed game: the time since it began, so a silence called
        before a crash keeps counting), by default from the table's latest "t";
        ``turn_seconds``: the Omertà clock's time per turn."""
        self.table = table
        self.journal = journal
        self.clock = clock
        self.started_at = clock() - max(table.last_t, session_t or 0.0)
        self.omerta = OmertaTimer(turn_seconds)
        for outcome, when in table.timeline():   # a resumed silence and turn go on
            self.omerta.observe(outcome, when)
        self._listeners: list[Listener] = []
        self._news: deque[Played] = deque()
        self._telling = False

    def now(self) -> float:
        """Seconds since the session began (the journal's "t", to the millisecond)."""
        return self.clock() - self.started_at

    def subscribe(self, listener: Listener) -> None:
        """``listener(played)`` for everything the table takes or refuses from now on."""
        self._listeners.append(listener)

    def play(self, *moves: Move, at: float | None = None, by: str = PERSON) -> Played:
        """Moves made at the table, in order, each seen at ``at`` (session seconds; None:
        now): taken until one is refused. Subscribers are told; the news is returned."""
        taken: list[Taken] = []
        refused = None
        for move in moves:
            result = self._take(move, at)
            if isinstance(result, Refusal):
                refused = result
                break
            taken.append(result)
        played = Played(tuple(taken), refused, by)
        self._tell(played)
        return played

    def _take(self, move: Move, at: float | None) -> Taken | Refusal:
        try:
            outcomes = self.table.apply(move)
        except RuleError as exc:
            return Refusal(refusal(exc))
        when = move["t"] if "t" in move else round(self.now() if at is None else at, 3)
        taken = Taken(move, when, outcomes)
        if self.journal is not None:
            try:
                self.journal.append(taken.journalled)
            except OSError as exc:
                # A move the journal does not hold would be lost on resume: take it back.
                self.table.apply(UNDO)
                return Refusal(said("cmd.journal_failed", path=str(self.journal.path),
                                    reason=exc.strerror or str(exc)), rules=False)
        now = self.now()
        for outcome in outcomes:
            self.omerta.observe(outcome, now)
        return taken

    def _tell(self, played: Played) -> None:
        self._news.append(played)
        if self._telling:
            return   # told once the news in hand has reached everyone
        self._telling = True
        try:
            while self._news:
                news = self._news.popleft()
                for listener in list(self._listeners):
                    listener(news)
        finally:
            self._telling = False
            self._news.clear()
