"""A game's whole picture as plain values (:class:`GameView`): the heading, whose turn it
is, the scores, what must not be missed (Mafia's Omertà), the board, the running scores
for the chart. Each game's module here makes it (``view``); the terminal and the web page
each draw it their own way, and neither decides anything about the game.

A clock that runs (the silence's, the turn's) is a :class:`Clock`: its seconds when the
view was made, which the renderer keeps running (the page between two states, the
terminal when it redraws).

>>> names = ("Ann", "Bob")
>>> now = marked_turn(names, "Bob", "Bob plays an animal")
>>> [(c.text, c.seat) for c in now.cells], now.seat
([('▶', None), ('Bob plays an animal', None)], 1)
>>> [[c.text for c in r.cells] for r in table(("Player", "Score"), (row(Cell("Ann")),)).rows]
[['Player', 'Score'], ['Ann']]
>>> Clock(70.0, "({clock} left)", "(over by {clock})").reading(80.0)
('(over by {clock})', 10.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from companion.board.values import HEAD, Board, Cell, Row, Section, row, seat_of

CLOCK = "{clock}"   # where a clock's words put its time


@dataclass(frozen=True)
class Clock:
    """A clock the renderer keeps running: ``seconds`` when the view was made, counting up
    (time taken), or down with ``over`` (time left, then ``over`` once it ran out); said
    with ``words`` (``{clock}``: its time, as m:ss)."""

    seconds: float
    words: str = CLOCK
    over: str | None = None

    def reading(self, later: float = 0.0) -> tuple[str, float]:
        """The words and the seconds to show ``later`` seconds after the view was made."""
        if self.over is None:
            return self.words, self.seconds + later
        left = self.seconds - later
        return (self.words, left) if left >= 0 else (self.over, -left)


@dataclass(frozen=True)
class Timed:
    """A piece of a line with its clock (``text`` may be empty, ``clock`` None)."""

    text: str
    clock: Clock | None = None


@dataclass(frozen=True)
class Turn:
    """Whose move the table waits for: the player and their seat, the words that say so
    (a player's name in the seat's colour) and the turn's clock where one runs."""

    player: str | None
    seat: int | None
    cells: tuple[Cell, ...]
    clock: Clock | None = None


@dataclass(frozen=True)
class Banner:
    """What must not be missed (Mafia's Omertà): its words, and beneath them its clocks."""

    text: str
    clocks: tuple[Timed, ...] = ()


@dataclass(frozen=True)
class Chart:
    """The running score of every player (in seat order) after each finished game and,
    while a game runs, ``now``: if it ended now."""

    games: tuple[tuple[float, ...], ...]
    now: tuple[float, ...] | None


@dataclass(frozen=True)
class GameView:
    """``heading``: its parts after whose turn it is, each a few cells; ``scores``: a
    header row (HEAD cells; none: each row names itself) then a row per player or side;
    ``notes``: what goes with the scores (Mafia's exposed cops, the side that won);
    ``chart``: None where there is no series of games; ``games_in_series``: how many
    the series has (one: nothing to chart between games)."""

    heading: tuple[Row, ...]
    turn: Turn | None
    scores: Section
    notes: tuple[Section, ...]
    banner: Banner | None
    board: Board
    chart: Chart | None
    games_in_series: int

    @property
    def clocks(self) -> tuple[Clock, ...]:
        """The clocks that run in the view (the turn's, the banner's)."""
        clocks = [self.turn.clock] if self.turn else []
        clocks += [timed.clock for timed in self.banner.clocks] if self.banner else []
        return tuple(clock for clock in clocks if clock is not None)


def marked_turn(names: Sequence[str], player: str | None, text: str) -> Turn:
    """A turn said in a sentence of its own (``text``), marked ▶."""
    return Turn(player, seat_of(names, player), (Cell("▶"), Cell(text)))


def table(columns: Sequence[str], rows: Sequence[Row]) -> Section:
    """A scores table: the columns' headings, then ``rows``."""
    return Section("", (row(*(Cell(c, HEAD) for c in columns)), *rows))


def chart(summary: Mapping, names: Sequence[str], now: Mapping[str, float] | None) -> Chart:
    """The chart of a series from the game's ``summary()`` (its finished games) and the
    scores ``now`` (None once the series is over)."""
    return Chart(tuple(tuple(g["scores"].get(n, 0) for n in names) for g in summary["games"]),
                 None if now is None else tuple(now[n] for n in names))
