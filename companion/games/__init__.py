"""The rules engines, by the name a session header uses (each registered once:
companion.registry)."""

from __future__ import annotations

from companion.games.base import Game, Header, Move, Outcome, Player, RuleError
from companion.games.moves import Undo
from companion.registry import UnknownGame, game_spec


def game_class(name: str) -> type[Game]:
    """The engine of the game called ``name`` (imported on first use, so a replay of one
    game never pays for the others); RuleError for a game nobody registered."""
    try:
        return game_spec(name).part("engine")
    except UnknownGame as exc:
        raise RuleError("unknown_game", game=name, known=exc.known) from None


def parse_move(game: str, obj) -> Move:
    """The typed move of ``game`` a session-file object says (RuleError if none).

    >>> parse_move("pungi", {"type": "first", "player": "Bob", "t": 1.5})
    First(player='Bob')
    """
    return game_class(game).parse_move(obj)


__all__ = ["Game", "Header", "Move", "Outcome", "Player", "RuleError", "Undo", "game_class",
           "parse_move"]
