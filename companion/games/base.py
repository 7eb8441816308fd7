"""What every rules engine shares: the header, the error type, outcomes, field checks.

An engine is a state plus ``apply(move) -> outcomes``. It is pure: no I/O, no clock, no
randomness. An illegal move raises :class:`RuleError` naming the rule broken, and the
state is left exactly as it was (engines check everything before they change anything).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Union

Move = Mapping[str, Any]
"""One move of the session format: a parsed JSON object with a ``"type"``."""


class RuleError(Exception):
    """A move or header that the rules do not allow.

    ``code`` says which rule, stably; ``fields`` hold the values its wording needs. The
    words are the message catalogue's (companion.messages lists every code, both languages
    side by side): ``str(err)`` is the English a session file's refused line gets.

    >>> err = RuleError("wrong_turn", move="play", player="Bob", card=20, turn="Ann",
    ...                 done=False)
    >>> err.code, err.fields["turn"], str(err)
    ('wrong_turn', 'Ann', "Bob played 20, but it is Ann's turn")
    """

    def __init__(self, code: str, **fields: Any):
        super().__init__(code)
        self.code = code
        self.fields = fields

    def __str__(self) -> str:
        # (the catalogue is loaded by the first refusal worded, not with the engines)
        from companion.messages import refused

        return refused(self.code, self.fields, "en")


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

    Subclasses are frozen dataclasses. ``kind`` is the outcome's stable name, unique across
    all games (snake case, e.g. ``"round_won"``, ``"pumafiosi_scored"``): its words (the
    message catalogue, companion.messages), sound cues and exports choose by it, never by
    class or module name.
    """

    kind: ClassVar[str]

    def text(self) -> str:
        """The outcome in one plain English sentence."""
        # (the catalogue is loaded by the first outcome worded, not with the engines)
        from companion.messages import announce

        return announce(self, "en")


Handler = Callable[[Any, Move], "tuple[Outcome, ...]"]


class Game(ABC):
    """A rules engine: the state of one session's game, folded from its moves.

    The one interface of every game (as python-chess's Board or an OpenSpiel state: a
    small API, the state is the fold of its moves). All state is read through these
    read-only properties; nothing outside the engine changes it but :meth:`apply`.

    - ``players``: the player names in clockwise seating order.
    - ``to_act``: the player the table waits for (to play, place, lay out, or whose
      turn it is), or None (nobody in particular, or the session is over).
    - ``phase``: what the table waits for, one documented string per game
      (Pumafiosi "tony", "play", "place"; Pungi "layout", "play"; Mafia "play"); always
      ``"over"`` once ``complete``.
    - ``scores``: the running scores, name -> number (Mafia: the sides' mission counts,
      ``{"mobsters": n, "cops": m}``), as the summary's ``scores``.
    - ``winners``: a tuple of the winning players (Mafia: the side), empty until complete.
    - ``complete``: the match, series or game is over; every move is then refused with
      the code ``"over"`` (``undo`` is the session's, not the engine's).
    - ``summary()``: the spec's summary object.
    - ``expected_table()``: coming (what should lie where, for the camera reconciliation).

    ``apply`` is written once, here: it checks the type, refuses every move after the
    end, and calls the engine's handler for the type from its ``HANDLERS`` table. An
    engine writes only its handlers (``handler(self, move) -> outcomes``).

    >>> from companion.games import game_class
    >>> game = game_class("pungi").from_header(Header("pungi", (Player("Ann"), Player("Bob"))))
    >>> game.players, game.phase, game.to_act, game.complete, game.winners
    (('Ann', 'Bob'), 'layout', 'Ann', False, ())
    >>> game.apply({"type": "deal"})
    Traceback (most recent call last):
    ...
    companion.games.base.RuleError: unknown move type 'deal' for pungi (known: first, layout, play, undo)
    """

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    HANDLERS: ClassVar[Mapping[str, Handler]]
    """Move type -> the handler that applies it (it may assume the game is not over)."""

    @classmethod
    @abstractmethod
    def from_header(cls, header: Header) -> "Game":
        """A new game for this header; RuleError if the header does not fit the game."""

    def apply(self, move: Move) -> tuple[Outcome, ...]:
        """Apply one move (never ``undo``: the session handles it) or raise RuleError.

        Nothing changes when it raises.
        """
        kind = move.get("type")
        if type(kind) is not str:
            kind = move_type(move)  # words the refusal (or takes a str subclass)
        if self.complete:
            raise RuleError("over", move=kind, game=self.name)
        handler = self.HANDLERS.get(kind)
        if handler is None:
            raise RuleError("unknown_move", move=kind, game=self.name, known=tuple(self.HANDLERS))
        return handler(self, move)

    @property
    @abstractmethod
    def players(self) -> tuple[str, ...]:
        """The player names in clockwise seating order."""

    @property
    @abstractmethod
    def to_act(self) -> str | None:
        """The player the table waits for, or None."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """What the table waits for (a documented string per game); "over" when complete."""

    @property
    @abstractmethod
    def scores(self) -> dict[str, int]:
        """The running scores, name -> number (a new dict each time)."""

    @property
    @abstractmethod
    def winners(self) -> tuple[str, ...]:
        """The winners, empty until the session is complete."""

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
        raise RuleError("no_type")
    return kind


def require(move: Move, key: str, kind: type | tuple[type, ...], *, optional: bool = False,
            default: Any = None) -> Any:
    """The field ``key`` of ``move``, checked to be of ``kind`` (bool is never an int)."""
    what = move.get("type", "move")
    if key not in move:
        if optional:
            return default
        raise RuleError("field_missing", move=what, field=key)
    value = move[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        ok = False
    else:
        ok = isinstance(value, kinds)
    if not ok:
        raise RuleError("field_type", move=what, field=key,
                        expected=tuple(k.__name__ for k in kinds), value=value)
    return value


def require_player(move: Move, names: tuple[str, ...], key: str = "player") -> str:
    name = require(move, key, str)
    if name not in names:
        what = move.get("type", "move")
        raise RuleError("unknown_player", move=what, player=name, players=names)
    return name

