"""Every game the companion knows, each registered once: one :class:`GameSpec` names all a
game brings (its engine, its messages, the words typed for its moves, how its pieces look
on the table, how the camera reads them, its view on the dashboard and the web page, how
the simulator acts it out, its random sessions), and nothing shared names a game.

The parts are ``"module:attribute"`` paths, imported on first use (``spec.part("engine")``),
so replaying one game never loads another's dashboard or camera code. The bundled games
register in companion/registry/builtin/ (one module each, found by listing that package);
a game from elsewhere is a module named in the ``COMPANION_GAMES`` environment variable
("module[,module]"), imported when the registry is first asked: it calls
:func:`register_game` once or defines ``SPEC`` (a :class:`GameSpec`), and no shared
module names it.

>>> spec = game_spec("pungi")
>>> spec.name, spec.part("engine").__name__
('pungi', 'Pungi')
>>> "pumafiosi" in game_names()
True
>>> game_spec("chess")
Traceback (most recent call last):
...
companion.registry.UnknownGame: unknown game 'chess' (known: mafia, pumafiosi, pungi)
"""

from __future__ import annotations

import os
import pkgutil
import sys
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Mapping

from companion.inputs import InputError
from companion.registry.pieces import Pieces

# Modules of games from outside the companion, imported when the registry is first asked.
GAMES_ENV = "COMPANION_GAMES"

PARTS = ("engine", "messages", "words", "view", "adapter", "director", "random_session")


class UnknownGame(LookupError):
    """A game nobody registered; its text names the games that are."""

    def __init__(self, name: str, known: tuple[str, ...]):
        super().__init__(f"unknown game {name!r} (known: {', '.join(known)})")
        self.name, self.known = name, known


class GameModuleError(InputError):
    """A module named in $COMPANION_GAMES that cannot be imported or registers no game."""


@dataclass(frozen=True)
class GameSpec:
    """All one game brings, by name.

    ``title``: the game's name per language ({"en": ..., "vi": ...}); the parts (each
    ``"module:attribute"``, or ``"module"`` for a module): ``engine`` the rules (a
    companion.games.base.Game class), ``messages`` the module of its refusals' and
    outcomes' words (``REFUSALS``, ``AT_TABLE``, ``OUTCOMES``, ``MESSAGES``: the
    catalogue's shape), ``words`` the module that reads moves typed in plain words,
    ``view`` the module that draws its state as plain values, ``adapter`` the class that
    reads table changes as moves, ``director`` the class that acts a session out for the
    renderer, ``random_session`` ``(seed, players, complete, ...) -> (header, moves)``.
    ``pieces``: its deck and what each kind of piece does on the table.
    ``players``: how many play it in the demos and benchmarks; ``teams``: the players
    are on sides the table names at the end (an export lists each player's team);
    ``listens``: the microphone listens for speech during a silence (Mafia's Omertà)."""

    name: str
    title: Mapping[str, str]
    pieces: Pieces
    engine: str
    messages: str
    words: str
    view: str
    adapter: str
    director: str
    random_session: str
    players: int = 3
    teams: bool = False
    listens: bool = False
    _loaded: dict = field(default_factory=dict, compare=False, repr=False)

    def part(self, name: str) -> Any:
        """The part ``name`` (one of PARTS), imported on first use."""
        if name not in self._loaded:
            module, _, attribute = getattr(self, name).partition(":")
            found = import_module(module)
            self._loaded[name] = getattr(found, attribute) if attribute else found
        return self._loaded[name]


_GAMES: dict[str, GameSpec] = {}
_builtins_read = False


def register_game(spec: GameSpec) -> None:
    """Make ``spec``'s game known to every command, screen and stage (once a name)."""
    known = _GAMES.get(spec.name)
    if known is not None and known != spec:
        raise ValueError(f"a game called {spec.name!r} is registered already")
    _GAMES[spec.name] = spec


def game_spec(name: str) -> GameSpec:
    """The registered game called ``name`` (UnknownGame if there is none)."""
    _read_builtins()
    spec = _GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise UnknownGame(name, game_names())
    return spec


def game_names() -> tuple[str, ...]:
    """Every registered game's name, sorted."""
    _read_builtins()
    return tuple(sorted(_GAMES))


def registered_names() -> tuple[str, ...]:
    """Every registered game's name in the order they were registered: the bundled games
    as they came (their sticker sheets and deck files are listed so), then the others."""
    _read_builtins()
    return tuple(_GAMES)


def _read_builtins() -> None:
    global _builtins_read
    if _builtins_read:
        return
    _builtins_read = True
    from companion.registry import builtin

    found = [module.name for module in pkgutil.iter_modules(builtin.__path__)]
    for name in sorted(found, key=lambda n: (builtin.ORDER + (n,)).index(n)):
        register_game(import_module(f"{builtin.__name__}.{name}").SPEC)
    _read_outside()


def _read_outside() -> None:
    """The game modules $COMPANION_GAMES names, each imported once (a module that cannot
    be, or registers nothing, is refused in one line: a typo must not become a traceback
    on every command)."""
    setting = os.environ.get(GAMES_ENV, "")
    for name in (n.strip() for n in setting.split(",")):
        if not name:
            continue
        where = f"{GAMES_ENV}={setting}"
        before, loaded = set(_GAMES), name in sys.modules
        try:
            module = import_module(name)
            spec = getattr(module, "SPEC", None)
            if isinstance(spec, GameSpec):
                register_game(spec)
        except ValueError as exc:   # (a name taken: register_game's own words)
            raise GameModuleError(f"the game module {name!r}: {exc}", where) from None
        except Exception as exc:   # noqa: BLE001 (whatever its import raised, said in one line)
            raise GameModuleError(
                f"cannot import the game module {name!r} ({type(exc).__name__}: {exc}); "
                f"name a module on the Python path, or unset {GAMES_ENV}", where) from None
        if not loaded and set(_GAMES) == before and not isinstance(spec, GameSpec):
            raise GameModuleError(f"the module {name!r} registers no game: it must call "
                                  f"companion.registry.register_game(...) or define SPEC",
                                  where)


__all__ = ["GAMES_ENV", "GameModuleError", "GameSpec", "PARTS", "Pieces", "UnknownGame",
           "game_names", "game_spec", "register_game", "registered_names"]
