"""The table read after vision: placements -> tracker -> game adapter -> live table.

``track`` runs the tracker on one frame's placements (it touches no game, so a dashboard
runs it in the camera's thread) and keeps what it saw; ``judge`` hands the changes, the
stable table and the cards glimpsed but not settled to the adapter, and every move the
adapter makes to the live table, in order. The reader hears every move the live table
takes (it subscribes), the camera's and a person's alike, and tells the adapter of it
(``Adapter.applied``), so a correction typed by hand re-syncs what the camera reads; the
moves the adapter makes of that are played in turn, each heard before the next is played.

The camera pipeline (companion.live.pipeline) is vision in front of a reader; the
tests' simulated table drives a reader with placements, the same code past vision.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from calibration.types import Placement, Seat
from companion.adapters import AdapterResult, adapter_for
from companion.games import Move
from companion.live_table import CAMERA, LiveTable, Played
from companion.tracker import TableCard, TableChange, Tracker, TrackerError, TrackerSettings


@dataclass(frozen=True)
class Tracked:
    """What the tracker made of one frame (kept: the tracker goes on with the next)."""

    time: float                              # the frame's time, seconds
    changes: tuple[TableChange, ...] = ()
    table: tuple[TableCard, ...] = ()        # the stable table after them
    glimpsed: tuple[TableCard, ...] = ()     # seen, not settled yet (kept with changes)
    hidden: tuple[TableCard, ...] = ()       # of the table, not seen where it lay (not gone)
    warnings: tuple[str, ...] = ()           # frames the tracker cannot take
    still_since: float = -math.inf           # nothing on the table moved since (tracker)


@dataclass(frozen=True)
class Judged:
    """What the reader did since it last said: the moves it had the live table take (as
    journalled), what they did in words, its sentences, and a question asked anew."""

    moves: tuple[Move, ...] = ()
    outcomes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    instructions: tuple[str, ...] = ()
    confirmations: tuple[str, ...] = ()
    question: str = ""


class TableReader:
    def __init__(self, live: LiveTable, settings: TrackerSettings = TrackerSettings(),
                 frame_times: bool = True, seats: Sequence[Seat] = ()):
        """``frame_times``: the frames' times are the session's (a recording, or a camera
        followed from the session's start), and the camera's moves carry them; False: the
        frames keep a clock of their own (a camera opened on the dashboard, a recording
        paced at any speed) and the live table stamps its own time. ``seats``: where the
        calibration found each seat."""
        self.live = live
        self.tracker = Tracker(settings)
        self.adapter = adapter_for(live.table.session, seats)
        self.frame_times = frame_times
        self.time = 0.0                      # the latest frame judged
        self._queue: list[Move] = []         # the adapter's moves still to play, in order
        self._moves: list[Move] = []         # taken since last said, as journalled
        self._outcomes: list[str] = []
        self._said = AdapterResult()         # sentences since last said
        self._asked = None                   # the adapter's question when last said
        live.subscribe(self._told)

    def track(self, placements: Iterable[Placement], t: float) -> Tracked:
        """One frame's placements (at ``t`` seconds) through the tracker."""
        try:
            changes = self.tracker.update(placements, t)
        except TrackerError as exc:
            return Tracked(t, table=self.tracker.table, warnings=(exc.args[0],),
                           still_since=self.tracker.still_since)
        return Tracked(t, changes, self.tracker.table,
                       self.tracker.glimpsed if changes else (), hidden=self.tracker.hidden,
                       still_since=self.tracker.still_since)

    def judge(self, tracked: Tracked) -> Judged:
        """The frame's changes through the adapter, then the table against the rules'
        picture of it (``Adapter.settle``); the moves made go to the live table."""
        self.time = tracked.time
        if tracked.changes:
            self._run(self.adapter.observe(tracked.changes, tracked.table, tracked.glimpsed,
                                           tracked.hidden))
        self._run(self.adapter.settle(tracked.time, tracked.still_since, tracked.hidden))
        question = self.adapter.question
        asked = question.text if question is not None and question != self._asked else ""
        self._asked = question
        return replace(self.report(), question=asked)

    def finish(self) -> Judged:
        """The frames ended: what the adapter made of the table as it last lay."""
        self._run(self.adapter.finish())
        return self.report()

    def report(self) -> Judged:
        """What the reader did since it last said (after a person's move: what the
        adapter made of it)."""
        said = self._said
        judged = Judged(tuple(self._moves), tuple(self._outcomes), said.warnings,
                        said.instructions, said.confirmations)
        self._moves, self._outcomes, self._said = [], [], AdapterResult()
        return judged

    # --- the moves ---------------------------------------------------------------------

    def _run(self, result: AdapterResult) -> None:
        self._said += replace(result, moves=())
        self._queue += result.moves
        self._next()

    def _next(self) -> None:
        """The next of the adapter's moves to the live table (heard in ``_told``)."""
        if self._queue:
            self.live.play(self._queue.pop(0),
                           at=self.time if self.frame_times else None, by=CAMERA)

    def _told(self, played: Played) -> None:
        if played.by == CAMERA:
            for taken in played.taken:
                self._moves.append(taken.journalled)
                self._outcomes += [o.text() for o in taken.outcomes]
            if played.refused is not None:   # the table changed under us: the rest dropped
                self.adapter.abandon()
                self._queue.clear()
                self._said += AdapterResult(warnings=(played.refused.reason,))
                return
        if played.taken:   # (a journal rewritten: the adapter hears of the last move)
            last = played.taken[-1]
            self._run(self.adapter.applied(last.move, last.outcomes))
