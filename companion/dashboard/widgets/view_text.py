"""The rest of a game's view (companion.board.game_view) as the terminal shows it: the
heading (the game's name, whose turn, then its parts, two spaces apart), the banner (its
words, and beneath them its clocks), the scores (a table in aligned columns, or a row per
side) with their notes beneath. A clock is read when drawn: the screen redraws each second
while one runs.

>>> from companion.board.game_view import Banner, Clock, Timed, marked_turn
>>> from companion.board.values import Cell, row, owner
>>> names = ("Ann", "Bob")
>>> print(heading_text("Pungi", marked_turn(names, "Ann", "Ann plays an animal"),
...                    (row(Cell("Round 2,"), owner(names, "Bob"), Cell("first")),)).plain)
Pungi  ▶ Ann plays an animal  Round 2, Bob first
>>> print(banner_text(Banner("OMERTÀ", (Timed("", Clock(65.0, "silent for {clock}")),
...                                     Timed("turn: Bob", Clock(9.5))))).plain)
OMERTÀ
silent for 1:05  ·  turn: Bob 0:09
"""

from __future__ import annotations

from typing import Sequence

from rich.text import Text

from companion.audio.announcer import format_clock
from companion.board.game_view import CLOCK, Banner, Clock, Timed, Turn
from companion.board.values import HEAD, Row, Section
from companion.dashboard.widgets.board_text import sections_text, style_of
from companion.dashboard.widgets.columns import columns

PARTS = "  "        # between the heading's parts
CLOCKS = "  ·  "    # between the banner's clocks


def clock_text(clock: Clock) -> str:
    words, seconds = clock.reading()
    return words.replace(CLOCK, format_clock(seconds))


def heading_text(title: str, turn: Turn | None, parts: Sequence[Row]) -> Text:
    """Whose turn first: a narrow terminal cuts the line's end."""
    text = Text(title, style="bold")
    shown = [(turn.cells, turn.clock)] if turn else []
    for cells, clock in shown + [(part.cells, None) for part in parts]:
        for i, cell in enumerate(cells):
            text.append(" " if i else PARTS)
            text.append(cell.text, style=style_of(cell) or None)
        if clock is not None:
            text.append(" " + clock_text(clock))
    return text


def timed_text(timed: Timed) -> str:
    """A piece of a line and its clock, a space apart."""
    clock = clock_text(timed.clock) if timed.clock is not None else ""
    return " ".join(part for part in (timed.text, clock) if part)


def banner_text(banner: Banner) -> Text:
    text = Text(banner.text)
    if banner.clocks:
        text.append("\n" + CLOCKS.join(timed_text(timed) for timed in banner.clocks))
    return text


def scores_text(scores: Section, notes: Sequence[Section]) -> Text:
    """A table with a header row in aligned columns; rows without one as they are."""
    header = scores.rows[0] if scores.rows else None
    if header is not None and all(cell.role == HEAD for cell in header.cells):
        text = columns([cell.text for cell in header.cells],
                       [[(cell.text, style_of(cell)) for cell in row.cells]
                        for row in scores.rows[1:]])
    else:
        text = sections_text([scores], indent="")
    if notes:
        text.append("\n\n")
        text.append_text(sections_text(notes, indent=""))
    return text

