"""What every rules engine shares: the header, the error type, outcomes, field checks.

An engine is a state plus ``apply(move) -> outcomes``. It is pure: no I/O, no clock, no
randomness. An illegal move raises :class:`RuleError` naming the rule broken, and the
state is left exactly as it was (engines check everything before they change anything).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Union

Move = Mapping[str, Any]
"""One move of the session format: a parsed JSON object with a ``"type"``."""


class RuleError(Exception):
    """A move or header that the rules do not allow, in words a player understands."""


@dataclass(frozen=True)
class Player:
    name: str
    age: int | None = None
    character: str | None = None  # Mafia: the character card this player plays, if given
    role: str | None = None       # Mafia: "mobster" or "cop", if the table records it


@dataclass(frozen=True)
class Header:
    """Line 1 of a session file."""

    game: str
    players: tuple[Player, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def to_json(self) -> dict:
        players = []
        for p in self.players:
            entry: dict[str, Any] = {"name": p.name}
            for key in ("age", "character", "role"):
                if getattr(p, key) is not None:
                    entry[key] = getattr(p, key)
            players.append(entry)
        return {"format": FORMAT, "game": self.game, "players": players,
                "options": dict(self.options)}


FORMAT = "companion-session/1"


Term = Union[int, str]
"""A card in game terms: a Pumafioso number, a Pungi snake value or "charmer" or "mouse 7",
a Mafia "mission 3" or "face down"."""


@dataclass(frozen=True)
class TablePicture:
    """What the rules say lies on the table (``expected_table()`` of every engine).

    ``zones``: the zones whose content the rules fix, in the zone vocabulary calibration
    uses ("step:8", "play:2", "layout:1", "mission:1"), each with the cards that should lie
    there (a zone listed with no cards must be empty; a card twice is two such cards, so a
    face-down pile is a count). ``free``: zones the rules leave to the players (hands,
    collections), a name or a kind ending in ":" ("seat:" is every seat); a card lying
    outside every zone is always free. ``loose``: cards out of play (discards on their way
    off the table): they may lie anywhere but in a fixed zone."""

    zones: tuple[tuple[str, tuple[Term, ...]], ...] = ()
    free: tuple[str, ...] = ()
    loose: frozenset = frozenset()

    def cards_at(self, zone: str) -> tuple[Term, ...] | None:
        """The cards that should lie in a fixed zone; None for a zone the rules do not fix."""
        return next((cards for name, cards in self.zones if name == zone), None)

    def is_free(self, zone: str | None) -> bool:
        return zone is None or any(zone == f or (f.endswith(":") and zone.startswith(f))
                                   for f in self.free)

    def zone_of(self, card: Term) -> str | None:
        """The first fixed zone where this card should lie, None if it is in none."""
        return next((name for name, cards in self.zones if card in cards), None)


@dataclass(frozen=True)
class Outcome:
    """Something that happened at the table, for the journal reader, dashboard and audio.

    Subclasses are frozen dataclasses; ``text()`` says it in plain English.
    """

    def text(self) -> str:  # pragma: no cover - every concrete outcome overrides it
        return type(self).__name__


class Game(ABC):
    """A rules engine: the state of one session's game, folded from its moves."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @classmethod
    @abstractmethod
    def from_header(cls, header: Header) -> "Game":
        """A new game for this header; RuleError if the header does not fit the game."""

    @abstractmethod
    def apply(self, move: Move) -> tuple[Outcome, ...]:
        """Apply one move (never ``undo``: the session handles it) or raise RuleError."""

    @property
    @abstractmethod
    def complete(self) -> bool:
        """True once the match, series or game is over."""

    @abstractmethod
    def summary(self) -> dict:
        """The summary object of the spec, without ``game`` and ``complete``."""


# --- field checks shared by the engines ---------------------------------------------

def move_type(move: Move) -> str:
    kind = move.get("type")
    if not isinstance(kind, str):
        raise RuleError('the move has no "type"')
    return kind


def require(move: Move, key: str, kind: type | tuple[type, ...], *, optional: bool = False,
            default: Any = None) -> Any:
    """The field ``key`` of ``move``, checked to be of ``kind`` (bool is never an int)."""
    what = move.get("type", "move")
    if key not in move:
        if optional:
            return default
        raise RuleError(f'{what}: the field "{key}" is missing')
    value = move[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        ok = False
    else:
        ok = isinstance(value, kinds)
    if not ok:
        names = " or ".join(_TYPE_WORDS.get(k, k.__name__) for k in kinds)
        raise RuleError(f'{what}: "{key}" must be {names}, not {json_repr(value)}')
    return value


def require_player(move: Move, names: tuple[str, ...], key: str = "player") -> str:
    name = require(move, key, str)
    if name not in names:
        raise RuleError(f'{move.get("type", "move")}: there is no player called {name!r} '
                        f'(players: {", ".join(names)})')
    return name


def json_repr(value: Any) -> str:
    import json
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


_TYPE_WORDS = {int: "a whole number", str: "a text", bool: "true or false", list: "a list",
               dict: "an object", float: "a number"}
