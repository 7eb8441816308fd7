"""A game's board (companion.board) as the terminal shows it: each section's title bold and
underlined, its rows beneath, a blank line between sections; each cell in its role's look,
a player in the seat's colour.

>>> from companion.board.values import Board, Cell, Section, row, step, card, owner
>>> names = ("Ann", "Bob")
>>> board = Board((Section("The hierarchy", (row(step(10, 2), card(45, 2), owner(names, "Bob")),
...                                          row(step(8, 2), Cell("·", "empty")))),))
>>> print(board_text(board).plain)
The hierarchy
 10  45  Bob
  8  ·
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from rich.text import Text

from companion.board.values import (BAD, BLUE, CARD, COUNT, EMPTY, GOOD, HEAD, HELD, HOLDER, ITEM,
                                    JOIN, LABEL, LIVE, NOTE, OWNER, PLAIN, RESULT, SCORE, SIDE,
                                    STEP, STRONG, TALLY, UNREAD, USED, VALUE, WINNER, YELLOW,
                                    Board, Cell, Row, Section)
from companion.dashboard.widgets.colours import seat_colour

INDENT = "  "   # a row's indent, unless a step heads it
TITLE_STYLE = "bold underline"
SEAT = None     # a look's style: the seat's colour


@dataclass(frozen=True)
class Look:
    style: str | None
    form: Callable[[Cell], str] = lambda cell: cell.text
    after: str = ""   # unstyled text after the cell (the gap a card keeps)


def _chip(cell: Cell) -> str:
    return f" {cell.text.rjust(cell.width)} "


LOOKS = {
    STEP: Look("bold", _chip),
    LABEL: Look("bold", lambda cell: cell.text + " "),
    CARD: Look("bold reverse", _chip, after=" "),
    UNREAD: Look("bold reverse", after=" "),
    VALUE: Look(""),
    COUNT: Look("dim"),
    OWNER: Look(SEAT),
    HOLDER: Look(SEAT, lambda cell: cell.text + ":"),
    JOIN: Look("", lambda cell: f" {cell.text} "),
    ITEM: Look("italic"),
    HELD: Look("italic yellow", lambda cell: f"  [{cell.text}]"),
    USED: Look(""),
    NOTE: Look("italic", lambda cell: "  " + cell.text),
    WINNER: Look("bold yellow"),
    EMPTY: Look("dim"),
    GOOD: Look("bold green"),
    BAD: Look("bold red"),
    STRONG: Look("bold"),
    BLUE: Look("bold blue"),
    YELLOW: Look("bold yellow"),
    TALLY: Look("", lambda cell: "".join("  " + mark for mark in cell.text)),
    SCORE: Look("bold"),
    LIVE: Look("bold"),
    HEAD: Look("bold"),
    SIDE: Look("bold", lambda cell: cell.text.ljust(cell.width)),
    RESULT: Look("bold reverse"),
    PLAIN: Look(""),
}

# The gap between two cells of a row: its text, and whose style it takes (the cell
# "before" it, the one "after" it, or none). Looked up by the pair of roles, then by the
# role after the gap, then by the one before it; else one unstyled space.
_NONE, _BEFORE, _AFTER = "", "before", "after"
NO_GAP = ("", _NONE)
GAPS = {
    (STEP, EMPTY): (" ", _AFTER),
    (OWNER, OWNER): (", ", _NONE),      # a list of players
    (OWNER, CARD): (", ", _NONE),       # the next card on the same step
    (OWNER, VALUE): (" ", _BEFORE),     # who played or took what
    (OWNER, PLAIN): (" ", _BEFORE),
    (ITEM, ITEM): (", ", _BEFORE),
    (PLAIN, GOOD): ("  ", _NONE),
    (PLAIN, BAD): ("  ", _NONE),
    (STRONG, BLUE): ("  ", _AFTER),
    (STRONG, YELLOW): ("  ", _AFTER),
    (GOOD, GOOD): ("  ", _BEFORE),      # a side's count and its marks
    (BAD, BAD): ("  ", _BEFORE),
}
GAPS_BEFORE = {WINNER: ("  ", _AFTER),
               # their looks begin with the gap
               JOIN: NO_GAP, HELD: NO_GAP, NOTE: NO_GAP, TALLY: NO_GAP, COUNT: NO_GAP}
GAPS_AFTER = {HOLDER: (" ", _BEFORE),   # "Ann: " in Ann's colour
              # their looks end with the gap
              STEP: NO_GAP, LABEL: NO_GAP, CARD: NO_GAP, UNREAD: NO_GAP, JOIN: NO_GAP,
              SIDE: NO_GAP}


def style_of(cell: Cell) -> str:
    """The cell's style in the terminal: its role's, or its seat's colour."""
    style = LOOKS[cell.role].style
    return seat_colour(cell.seat) if style is SEAT else style


def _gap(before: Cell, after: Cell) -> tuple[str, str]:
    text, whose = (GAPS.get((before.role, after.role)) or GAPS_BEFORE.get(after.role)
                   or GAPS_AFTER.get(before.role) or (" ", _NONE))
    return text, {_BEFORE: style_of(before), _AFTER: style_of(after)}.get(whose, "")


def row_pieces(row: Row, indent: str = INDENT) -> list[tuple[str, str]]:
    """The row's (text, style) pieces, in order, ``indent`` first unless a step heads it."""
    pieces: list[tuple[str, str]] = []
    for i, cell in enumerate(row.cells):
        look, style = LOOKS[cell.role], style_of(cell)
        if i:
            pieces.append(_gap(row.cells[i - 1], cell))
        elif cell.role != STEP:
            pieces.append((indent, style))
        pieces.append((look.form(cell), style))
        if look.after:
            pieces.append((look.after, ""))
    return pieces


def board_text(board: Board) -> Text:
    """The board as rich Text."""
    text = sections_text(board.sections)
    text.rstrip()
    return text


def sections_text(sections: Sequence[Section], indent: str = INDENT) -> Text:
    """Sections one under another, a blank line between two; each row ``indent``-ed."""
    lines: list[list[tuple[str, str]]] = []
    for section in sections:
        if lines:
            lines.append([])
        if section.title:
            lines.append([(section.title, TITLE_STYLE)])
        lines += [row_pieces(row, indent) for row in section.rows]
    # A piece takes one span however many cells made it.
    text = Text()
    for number, pieces in enumerate(lines):
        if number:
            text.append("\n")
        merged: list[tuple[str, str]] = []
        for piece, style in pieces:
            if merged and merged[-1][1] == style:
                merged[-1] = (merged[-1][0] + piece, style)
            elif piece:
                merged.append((piece, style))
        for piece, style in merged:
            text.append(piece, style=style or None)
    return text
