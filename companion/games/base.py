"""What every rules engine shares: the header, the error type, outcomes, field checks.

An engine is a state plus ``apply(move) -> outcomes``. It is pure: no I/O, no clock, no
randomness. An illegal move raises :class:`RuleError` naming the rule broken, and the
state is left exactly as it was (engines check everything before they change anything).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Iterator, Mapping, NamedTuple, Union

from calibration.zone import Zone
from companion.games.frozen import fast_init
from companion.games.moves import Move, Undo, matches


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

    ``zones``: the zones whose content the rules fix (calibration.zone.Zone: step 8,
    play 2, layout 1, mission 1), each with the cards that should lie there (a zone
    listed with no cards must be empty; a card twice is two such cards, so a face-down
    pile is a count). ``free``: zones the rules leave to the players, and ``free_kinds``:
    kinds of zone they leave whole ("seat": hands, collections); a card lying outside
    every zone is always free. ``loose``: cards out of play (discards on their way off
    the table): they may lie anywhere but in a fixed zone. ``unplaced``: how many cards
    the rules know lie in the fixed zones without knowing where (a place nobody saw), so
    the picture may be wrong about what a move bumped. Where a zone is asked about, its
    text ("step:8", as the tracker names it) will do too."""

    zones: tuple[tuple[Zone, tuple[Term, ...]], ...] = ()
    free: tuple[Zone, ...] = ()
    free_kinds: tuple[str, ...] = ()
    loose: frozenset = frozenset()
    unplaced: int = 0

    def cards_at(self, zone: Zone | str) -> tuple[Term, ...] | None:
        """The cards that should lie in a fixed zone; None for a zone the rules do not fix."""
        zone = as_zone(zone)
        return next((cards for name, cards in self.zones if name == zone), None)

    def is_free(self, zone: Zone | str | None) -> bool:
        if zone is None:
            return True
        zone = as_zone(zone)
        return zone.kind in self.free_kinds or zone in self.free

    def zone_of(self, card: Term) -> Zone | None:
        """The first fixed zone where this card should lie, None if it is in none."""
        return next((name for name, cards in self.zones if card in cards), None)


def as_zone(zone: Zone | str) -> Zone:
    """A zone, or the zone its text names (ValueError for a text that names none)."""
    return zone if isinstance(zone, Zone) else Zone.parse(zone)


@dataclass(frozen=True)
class Outcome:
    """Something that happened at the table, for the journal reader, dashboard and audio.

    Subclasses are frozen dataclasses; ``text()`` says it in plain English. ``kind`` is
    the outcome's stable name, unique across all games (snake case, e.g.
    ``"round_won"``, ``"pumafiosi_scored"``): translations (companion.i18n.OUTCOMES),
    sound cues and exports choose by it, never by class or module name.
    """

    kind: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The slotted class a dataclass decorator makes: made fast (companion.games.frozen).
        if "__slots__" in vars(cls) and "__dataclass_fields__" in vars(cls):
            fast_init(cls)

    def text(self) -> str:
        """The outcome in one plain English sentence."""
        # (the catalogue is loaded by the first outcome worded, not with the engines)
        from companion.messages import announce

        return announce(self, "en")


class Rule(NamedTuple):
    """What an engine says about one move type (its ``RULES`` table holds one a type)."""

    move: type[Move]
    """The typed move class (its ``parse`` reads the session format)."""
    check: Callable[[Any, Any], Any]
    """``check(game, move)``: RuleError if the rules refuse the move now, else what
    ``effect`` needs; it changes nothing."""
    effect: Callable[[Any, Any, Any], "tuple[Outcome, ...]"]
    """``effect(game, move, checked)``: the move applied, its outcomes."""
    domain: Callable[[Any, Mapping[str, Any]], Iterable[Move]]
    """``domain(game, fixed)``: the moves of this type a legal-move search tries, lazily
    and in a stable order: every legal one with the ``fixed`` field values among them
    (``check`` sorts out the rest)."""


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
    - ``expected_table()``: what should lie where, for the camera reconciliation.

    And the questions every engine answers (as python-chess's ``legal_moves``,
    ``is_legal`` and ``push`` on a copy): :meth:`legal_moves`, :meth:`is_legal`,
    :meth:`child`; :meth:`parse_move` reads a move of the game's session format.

    ``apply`` is written once, here: it checks the type, refuses every move after the
    end, reads a JSON object as the type's typed move (``parse_move``), and applies it
    by the engine's ``RULES`` entry for the type: its ``check`` (which refuses, changing
    nothing), then its ``effect``. An engine writes only its rules and ``copy``.

    >>> from companion.games import game_class
    >>> game = game_class("pungi").from_header(Header("pungi", (Player("Ann"), Player("Bob"))))
    >>> game.players, game.phase, game.to_act, game.complete, game.winners
    (('Ann', 'Bob'), 'layout', 'Ann', False, ())
    >>> game.apply({"type": "deal"})
    Traceback (most recent call last):
    ...
    companion.games.base.RuleError: unknown move type 'deal' for pungi (known: first, layout, play, unseen_play, undo)
    >>> sorted({move.type for move in game.legal_moves()})
    ['first', 'layout']
    >>> game.is_legal({"type": "first", "player": "Bob"}), game.child(
    ...     {"type": "first", "player": "Bob"}).to_act, game.to_act
    (True, 'Bob', 'Ann')
    """

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    RULES: ClassVar[Mapping[str, Rule]]
    """Move type -> its rule (the check and effect may assume the game is not over)."""

    @classmethod
    @abstractmethod
    def from_header(cls, header: Header) -> "Game":
        """A new game for this header; RuleError if the header does not fit the game."""

    @abstractmethod
    def copy(self) -> "Game":
        """An independent copy of this state (cheap: no deep copy of what never changes)."""

    def apply(self, move: Mapping[str, Any]) -> tuple[Outcome, ...]:
        """Apply one move (never ``undo``: the session handles it) or raise RuleError.

        ``move``: a typed move, or a JSON object of the session format (read as the
        type's typed move first). Nothing changes when it raises.
        """
        kind = move.get("type") if type(move) is dict else getattr(move, "type", None)
        rule = self.RULES.get(kind) if type(kind) is str else None
        if rule is None or self.complete:
            rule, move = self._rule(move)   # (refuses it, worded)
        typed, check, effect, _ = rule
        if type(move) is not typed:
            move = typed.parse(move)
        return effect(self, move, check(self, move))

    def _rule(self, move: Mapping[str, Any]) -> tuple[Rule, Move]:
        """The rule of the move's type, and the move typed; RuleError for a move of no
        type of this game, any move once the game is over, or a field the format refuses."""
        kind = move.get("type")
        if type(kind) is not str:
            kind = move_type(move)  # words the refusal (or takes a str subclass)
        if self.complete:
            raise RuleError("over", move=kind, game=self.name)
        return self._typed(kind, move)

    @classmethod
    def _typed(cls, kind: str, move: Mapping[str, Any]) -> tuple[Rule, Move]:
        rule = cls.RULES.get(kind)
        if rule is None:
            raise RuleError("unknown_move", move=kind, game=cls.name, known=tuple(cls.RULES))
        return rule, move if type(move) is rule.move else rule.move.parse(move)

    @classmethod
    def parse_move(cls, obj: Mapping[str, Any]) -> Move:
        """The typed move a JSON object of this game's session format says (``undo``
        included); RuleError for an unknown type or a field the format refuses.

        >>> from companion.games import game_class
        >>> game_class("mafia").parse_move({"type": "turn", "player": "Ann", "t": 3})
        Turn(player='Ann')
        """
        kind = obj.get("type") if isinstance(obj, Mapping) else None
        if type(kind) is not str:
            if not isinstance(obj, Mapping):
                raise RuleError("move_not_object")
            kind = move_type(obj)
        if kind == Undo.type:
            return Undo.parse(obj)
        return cls._typed(kind, obj)[1]

    def is_legal(self, move: Mapping[str, Any]) -> bool:
        """Would :meth:`apply` take this move (typed, or a JSON object) now?

        >>> from companion.games import game_class
        >>> game = game_class("mafia").from_header(Header("mafia", (Player("Ann"),
        ...     Player("Bob"), Player("Cy"))))
        >>> game.is_legal({"type": "spoke"}), game.is_legal({"type": "omerta", "player": "Cy"})
        (False, True)
        """
        try:
            rule, move = self._rule(move)
            rule.check(self, move)
        except RuleError:
            return False
        return True

    def child(self, move: Mapping[str, Any]) -> "Game":
        """The state after ``move`` (RuleError if it is illegal); this one is untouched.

        >>> from companion.games import game_class
        >>> game = game_class("mafia").from_header(Header("mafia", (Player("Ann"),
        ...     Player("Bob"), Player("Cy"))))
        >>> game.child({"type": "turn", "player": "Bob"}).to_act, game.to_act
        ('Bob', None)
        """
        child = self.copy()
        child.apply(move)
        return child

    def legal_moves(self, player: str | None = None, type: str | None = None,
                    **fixed: Any) -> Iterator[Move]:
        """The legal moves from this state, lazily, as typed moves: of one ``player``
        (moves with no player field, as a Pumafiosi ``tony``, are no player's), of one
        move ``type``, and with the ``fixed`` field values (``card=37``; a tuple or list
        for a list field, with None for the elements left open, as a Pungi layout of
        which one place was read, ``cards=[None, 5, None]``; None for an absent optional
        field). Each engine documents the
        domain it searches; an optional flag the format allows as ``false`` is offered
        absent, never as ``false``. Finite and in a stable order, even where the moves
        are combinatorial (only what the fixed fields leave is enumerated, as it is
        needed). Empty once the game is over.

        A field no move type of the game has is a TypeError (a misspelt field would
        silently find nothing); a ``type`` of no move of the game is a RuleError.

        >>> from companion.games import game_class
        >>> game = game_class("pumafiosi").from_header(Header("pumafiosi", (
        ...     Player("Ann", 41), Player("Bob", 35), Player("Cy", 52))))
        >>> list(game.legal_moves(card=37))     # which moves could put 37 on the table?
        [Play(player='Ann', card=37, machine_gun=None)]
        >>> for name, card in (("Ann", 10), ("Bob", 20), ("Cy", 30)):
        ...     _ = game.apply({"type": "play", "player": name, "card": card})
        >>> [move.step for move in game.legal_moves(type="place", player="Bob")]
        [10, 8, 7, 6, 5, 3, 2, 1, -3]
        """
        if player is not None:
            fixed["player"] = player
        if type is not None:
            if type not in self.RULES:
                self._typed(type, {"type": type})   # refuses it, worded as apply does
            rules = ((type, self.RULES[type]),)
        else:
            rules = tuple(self.RULES.items())
        known = {name for _, rule in rules for name in rule.move.FIELDS}
        unknown = sorted(set(fixed) - known - {"player"})
        if unknown:
            raise TypeError(f"legal_moves: no {type or self.name} move has the field "
                            f"{', '.join(map(repr, unknown))} (fields: "
                            f"{', '.join(sorted(known))})")
        return self._legal(rules, fixed)

    def _legal(self, rules, fixed: dict[str, Any]) -> Iterator[Move]:
        if self.complete:
            return
        for _, rule in rules:
            if not set(fixed) <= set(rule.move.FIELDS):
                continue   # (no move of this type has such a field)
            for move in rule.domain(self, fixed):
                if fixed and not matches(move, fixed):
                    continue
                try:
                    rule.check(self, move)
                except RuleError:
                    continue
                yield move

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

def move_type(move: Mapping[str, Any]) -> str:
    kind = move.get("type")
    if not isinstance(kind, str):
        raise RuleError("no_type")
    return kind


def require(move: Mapping[str, Any], key: str, kind: type | tuple[type, ...], *, optional: bool = False,
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


def require_player(move: Mapping[str, Any], names: tuple[str, ...], key: str = "player") -> str:
    name = require(move, key, str)
    if name not in names:
        what = move.get("type", "move")
        raise RuleError("unknown_player", move=what, player=name, players=names)
    return name


def text_field(obj: Mapping[str, Any], key: str, *, optional: bool = False) -> str | None:
    """A text field of a move's JSON (None when ``optional`` and absent)."""
    value = obj.get(key)
    if type(value) is str:
        return value
    if optional and key not in obj:
        return None
    return require(obj, key, str)


def int_field(obj: Mapping[str, Any], key: str) -> int:
    """A whole-number field of a move's JSON (never a bool)."""
    value = obj.get(key)
    if type(value) is int:
        return value
    return require(obj, key, int)


def flag_field(obj: Mapping[str, Any], key: str) -> bool | None:
    """An optional true/false field of a move's JSON: None when absent."""
    value = obj.get(key)
    if value is None and key not in obj:
        return None
    if type(value) is not bool:
        require(obj, key, bool)
    return value


@dataclass(frozen=True, slots=True)
class PlayerMove(Move):
    """The base of a move whose one field is ``player`` (a subclass names its ``type``,
    has ``__slots__ = ()`` and is finished by ``companion.games.moves.typed``)."""

    FIELDS = ("player",)
    player: str

    @classmethod
    def parse(cls, obj: Mapping[str, Any]) -> "PlayerMove":
        return cls._read(obj, (text_field(obj, "player"),))

