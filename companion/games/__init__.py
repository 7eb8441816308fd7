"""The rules engines, by the name a session header uses."""

from __future__ import annotations

from importlib import import_module

from companion.games.base import Game, Header, Move, Outcome, Player, RuleError
from companion.games.moves import Undo

# Imported on first use, so a replay of one game never pays for the others.
_ENGINES = {
    "pumafiosi": ("companion.games.pumafiosi", "Pumafiosi"),
    "pungi": ("companion.games.pungi", "Pungi"),
    "mafia": ("companion.games.mafia", "Mafia"),
}
GAME_NAMES = tuple(_ENGINES)


def game_class(name: str) -> type[Game]:
    if name not in _ENGINES:
        raise RuleError("unknown_game", f"unknown game {name!r} (known: {', '.join(GAME_NAMES)})",
                        game=name, known=GAME_NAMES)
    module, cls = _ENGINES[name]
    return getattr(import_module(module), cls)


def parse_move(game: str, obj) -> Move:
    """The typed move of ``game`` a session-file object says (RuleError if none).

    >>> parse_move("pungi", {"type": "first", "player": "Bob", "t": 1.5})
    First(player='Bob')
    """
    return game_class(game).parse_move(obj)


__all__ = ["Game", "Header", "Move", "Outcome", "Player", "RuleError", "Undo", "GAME_NAMES",
           "game_class", "parse_move"]
