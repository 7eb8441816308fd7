"""The Omertà timer's state: who called the silence, whose turn ends it, the turn clock.

Pure: it is fed the Mafia rules' outcomes (so the rules decide what an ``omerta``,
``spoke`` or ``turn`` move means, once) and the clock value of each, and answers what
the dashboard or the standalone timer shows. No I/O, no clock of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import Outcome
from companion.games.mafia import OmertaBroken, OmertaEnded, OmertaStarted, TurnPassed


@dataclass(frozen=True)
class OmertaView:
    """What to show at time ``now`` (seconds, the session's clock)."""

    in_force: bool
    called_by: str | None       # the player who called it; their next turn ends it
    silent_s: float             # how long the silence has lasted
    turn: str | None            # whose turn it is
    turn_s: float               # how long this turn has lasted
    turn_left_s: float | None   # with a clock per turn: time left, negative when over
    broken: tuple[str | None, float] | None  # the last break: who, when


class OmertaTimer:
    def __init__(self, turn_seconds: float | None = None):
        self.turn_seconds = turn_seconds
        self.called_by: str | None = None
        self.called_at = 0.0
        self.turn: str | None = None
        self.turn_at = 0.0
        self.broken: tuple[str | None, float] | None = None
        self._overtime_said = False

    @property
    def in_force(self) -> bool:
        return self.called_by is not None

    def observe(self, outcome: Outcome, now: float) -> None:
        if isinstance(outcome, OmertaStarted):
            self.called_by, self.called_at = outcome.player, now
            self.broken = None
        elif isinstance(outcome, OmertaBroken):
            self.called_by = None
            self.broken = (outcome.by, now)
        elif isinstance(outcome, OmertaEnded):
            self.called_by = None
        elif isinstance(outcome, TurnPassed):
            self.turn, self.turn_at = outcome.player, now
            self._overtime_said = False

    def view(self, now: float) -> OmertaView:
        turn_s = now - self.turn_at if self.turn is not None else 0.0
        left = (self.turn_seconds - turn_s
                if self.turn_seconds is not None and self.turn is not None else None)
        return OmertaView(self.in_force, self.called_by,
                          now - self.called_at if self.in_force else 0.0,
                          self.turn, turn_s, left, self.broken)

    def overtime(self, now: float) -> str | None:
        """The player whose turn just ran out of time, once per turn (for a warning)."""
        left = self.view(now).turn_left_s
        if left is not None and left < 0 and not self._overtime_said:
            self._overtime_said = True
            return self.turn
        return None
