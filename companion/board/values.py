"""A game's board as plain values: sections of rows of cells, each cell its text and its
role (what it is on the table), for the terminal and the web page alike.

The roles say what a cell shows, never how: each renderer has its own look for every role
(companion.dashboard.widgets.board_text for the terminal, companion/web/static/page.css
for the page). A cell that names a player carries the player's seat (0-based, in the
header's order; None: nobody, as Pumafiosi's Tony), which both colour the same.

>>> board = Board((Section("The hierarchy", (Row((step(8), card(23), owner(("Ann",), "Ann"))),)),))
>>> [(c.text, c.role, c.seat) for c in board.sections[0].rows[0].cells]
[('8', 'step', None), ('23', 'card', None), ('Ann', 'owner', 0)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

# --- the roles ----------------------------------------------------------------------
STEP = "step"        # the rank that heads a row (a hierarchy's step)
LABEL = "label"      # a fixed label that heads a row (the pungi card)
CARD = "card"        # a card lying face up, shown as itself
UNREAD = "unread"    # a card on the table that nobody read
VALUE = "value"      # a card named in a line (played, taken, left in the pile)
COUNT = "count"      # how many of the card before it ("×2")
OWNER = "owner"      # a player (or nobody: seat None)
HOLDER = "holder"    # a player heading the list of what they hold
JOIN = "join"        # what joins two owners of one card
ITEM = "item"        # an item token a player may still use
HELD = "held"        # the item token a card carries
USED = "used"        # an item token used with a play
NOTE = "note"        # a remark on a row
WINNER = "winner"    # who wins
EMPTY = "empty"      # nothing there
GOOD = "good"        # a success
BAD = "bad"          # a failure
STRONG = "strong"    # a name that stands out (a mission's)
BLUE = "blue"        # a mission's colour
YELLOW = "yellow"
TALLY = "tally"      # marks for cards on a mission (▮) and still needed (▯)
SCORE = "score"      # a running score
LIVE = "live"        # points that still move (Pungi's, of the snakes held now)
HEAD = "head"        # a column's heading (a scores table's first row)
SIDE = "side"        # a side heading its row (Mafia's mobsters, cops)
RESULT = "result"    # how the game ended (the side that won)
PLAIN = "plain"

ROLES = (STEP, LABEL, CARD, UNREAD, VALUE, COUNT, OWNER, HOLDER, JOIN, ITEM, HELD, USED,
         NOTE, WINNER, EMPTY, GOOD, BAD, STRONG, BLUE, YELLOW, TALLY, SCORE, LIVE, HEAD, SIDE,
         RESULT, PLAIN)


@dataclass(frozen=True)
class Cell:
    """One piece of the board. ``width``: the columns its text is aligned in where a
    column is aligned (a hierarchy's steps and cards to the right, a side's name to the
    left; 0: as it is)."""
    text: str
    role: str = PLAIN
    seat: int | None = None
    width: int = 0


@dataclass(frozen=True)
class Row:
    """``key``: what the row stands for where a renderer marks it (a scores table's
    player or side, as the session's summary names it)."""
    cells: tuple[Cell, ...]
    key: str | None = None


@dataclass(frozen=True)
class Section:
    title: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Board:
    sections: tuple[Section, ...]


def seat_of(names: Sequence[str], name: str | None) -> int | None:
    """The player's seat (0-based), None for nobody or a name not at the table."""
    return list(names).index(name) if name is not None and name in names else None


def owner(names: Sequence[str], name: str | None, text: str | None = None,
          role: str = OWNER) -> Cell:
    """A player's cell: ``text`` (default: the name) in the player's seat colour."""
    return Cell(text if text is not None else str(name), role, seat_of(names, name))


def step(number: int | str, width: int = 0) -> Cell:
    return Cell(str(number), STEP, width=width)


def card(value: int | str, width: int = 0) -> Cell:
    return Cell(str(value), CARD, width=width)


def row(*cells: Cell) -> Row:
    return Row(tuple(cells))
