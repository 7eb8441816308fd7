"""Playing a recorded session back at the pace it was played, capped, at a chosen speed.

Pure bookkeeping: which move comes next and how long to wait for it. The app turns the
delays into Textual timers, so the screen never waits on playback.
"""

from __future__ import annotations

from typing import Sequence

from companion.games import Move

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 64.0)
NORMAL = SPEEDS.index(1.0)
UNTIMED_GAP = 1.0  # seconds between moves when the file has no "t" for them


class Playback:
    def __init__(self, moves: Sequence[Move], *, max_gap: float = 3.0,
                 first_delay: float = 1.0):
        self.moves = list(moves)
        self.max_gap = max_gap
        self.first_delay = first_delay
        self.position = 0
        self.speed_index = NORMAL
        self.paused = False

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def finished(self) -> bool:
        return self.position >= len(self.moves)

    def delay(self) -> float:
        """Seconds to wait before the next move: its "t" gap, capped, over the speed."""
        if self.position == 0:
            gap = self.first_delay
        else:
            now = _time(self.moves[self.position])
            before = _time(self.moves[self.position - 1])
            gap = UNTIMED_GAP if now is None or before is None else now - before
        return min(max(gap, 0.0), self.max_gap) / self.speed

    def take(self) -> Move:
        move = self.moves[self.position]
        self.position += 1
        return move

    def faster(self) -> None:
        self.speed_index = min(self.speed_index + 1, len(SPEEDS) - 1)

    def slower(self) -> None:
        self.speed_index = max(self.speed_index - 1, 0)


def _time(move: Move) -> float | None:
    t = move.get("t")
    return float(t) if isinstance(t, (int, float)) and not isinstance(t, bool) else None
