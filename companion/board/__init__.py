"""Each game's picture as plain values (companion.board.game_view, companion.board.values),
for the terminal and the web page alike: one module per game, its registration's ``view``
(companion.registry), imported on use.

Every module's ``view(game, names, in_force, lang, omerta=None, answers=None)`` takes the
game's engine (read through its documented properties), the players in seat order, each
move's outcomes still in force (in order), the language, the table's Omertà clock now
(None: no clocks) and the table's answers kept outside the journal (Mafia's cops), and
returns a :class:`GameView`; its ``board(game, names, in_force, lang)`` the board alone.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.board.game_view import GameView
from companion.games import Outcome
from companion.omerta import OmertaView
from companion.registry import game_spec


def view(kind: str, game, names: Sequence[str], in_force: Sequence[Sequence[Outcome]],
         lang: str, omerta: OmertaView | None = None,
         answers: Mapping[str, Any] | None = None) -> GameView:
    """The view of a game of ``kind`` (the session header's game)."""
    return game_spec(kind).part("view").view(game, names, in_force, lang, omerta, answers)
