"""The dashboard's model of the table: a Session plus what its moves announced.

``in_force`` mirrors ``session.moves``: the outcomes of each move still in force, so an
undo takes back its announcements too (a screen can count this game's penalties from
them). ``history`` keeps everything that happened, undos included, in order.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from companion.games import Move, Outcome
from companion.session import Replay, Session


class Table:
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
