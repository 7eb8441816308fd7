"""Each game's board as plain values (companion.board.values), for the terminal and the
web page alike: one module per game, found here by the game's name and imported on use.

Every module's ``board(game, names, in_force, lang)`` takes the game's engine (read
through its documented properties), the players in seat order, each move's outcomes
still in force (in order) and the language, and returns a :class:`Board`.
"""

from __future__ import annotations

from importlib import import_module
from typing import Sequence

from companion.board.values import Board
from companion.games import Outcome

BOARDS = {"pumafiosi": "companion.board.pumafiosi", "pungi": "companion.board.pungi",
          "mafia": "companion.board.mafia"}


def board(kind: str, game, names: Sequence[str], in_force: Sequence[Sequence[Outcome]],
          lang: str) -> Board:
    """The board of a game of ``kind`` (the session header's game)."""
    return import_module(BOARDS[kind]).board(game, names, in_force, lang)
