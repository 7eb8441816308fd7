"""Typed moves: one frozen value per move type of the session format.

A move class names its rules fields (``FIELDS``, in the format's order); a field that is
optional in the format is ``None`` when absent. Every move also carries ``t`` (seconds
since the session began) and the object's other top-level fields (``extra``), and
remembers the key order of the JSON it was read from (``order``), so that
``parse(obj).to_json() == obj`` key for key and value for value (``4.0`` stays ``4.0``, an
absent field stays absent, ``false`` stays ``false``). Neither ``t``, ``extra`` nor
``order`` is part of a move's identity: two moves are equal when their type and rules
fields are. A JSON object nested in a move (a Mafia revealed card) is a :class:`Record`,
read and written the same way.

A move reads as a read-only mapping of its JSON (``move["player"]``, ``move.get("t")``,
``dict(move)``), so code written for the dicts of the session file reads it unchanged.

A move checks its fields when it is made: a value the format does not allow raises the
RuleError that the same field in a session file gets (``parse`` words it from the object
read, a constructor from the move's own JSON). This module imports nothing of the games:
the engines' shared base (companion.games.base) builds on it.

>>> move = Undo.parse({"t": 12.5, "type": "undo", "note": "slipped"})
>>> move, move.t, move.to_json()
(Undo(), 12.5, {'t': 12.5, 'type': 'undo', 'note': 'slipped'})
>>> move == Undo(), dict(move) == move.to_json(), move["note"]
(True, True, 'slipped')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Callable, ClassVar, Iterator

from companion.games.frozen import fast_init, maker


@dataclass(frozen=True, slots=True)
class Record(Mapping):
    """A JSON object read into a frozen value: its ``FIELDS`` (None: absent), the keys
    it does not know (``extra``) and its key order (``order``), so that it is written
    back exactly as it was read."""

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields, in the order the format writes them."""

    extra: tuple[tuple[str, Any], ...] = field(default=(), compare=False, kw_only=True,
                                               repr=False)
    """The keys the format does not know, as (key, value) in the object's order."""
    order: tuple[str, ...] | None = field(default=None, compare=False, kw_only=True,
                                          repr=False)
    """The key order of the JSON object it was read from (None: the format's)."""

    CARRIED: ClassVar[tuple[str, ...]] = ("extra", "order")
    """The fields carried besides ``FIELDS`` (never part of the identity)."""
    _UNCARRIED: ClassVar[tuple] = ((), None)   # ... their values when none is carried
    _SLOTS: ClassVar[tuple[str, ...]] = CARRIED
    _KNOWN: ClassVar[frozenset[str]] = frozenset()

    def __post_init__(self) -> None:
        # Made in code, it is checked as its JSON would be: the one parser words it.
        type(self).parse(self)

    # --- reading and writing JSON ------------------------------------------------------

    @classmethod
    def parse(cls, obj: Mapping[str, Any]) -> "Record":
        """The value a JSON object of this kind says, its fields checked (RuleError)."""
        return cls._read(obj, ())

    @classmethod
    def _read(cls, obj: Mapping[str, Any], values: tuple) -> "Record":
        """The value of ``obj`` whose fields (checked by the caller) are ``values``."""
        return cls._make(*values, extras(obj, cls._KNOWN), tuple(obj))

    _make: ClassVar[Callable[..., "Record"]]
    """A value of the class from every slot's value, in ``_SLOTS`` order, unchecked
    (made for each class by :func:`typed`, companion.games.frozen)."""

    @classmethod
    def trusted(cls, *values: Any) -> "Record":
        """A value of these field values (in ``FIELDS`` order), not checked: for values
        a legal-move domain takes from the rules' own."""
        return cls._make(*values, *cls._UNCARRIED)

    def to_json(self) -> dict[str, Any]:
        """The JSON object (a new dict; lists where the value holds tuples)."""
        return {key: self[key] for key in self._keys()}

    def _own(self) -> tuple[list[str], list[str]]:
        """The keys written besides the fields and extras: before them, and after."""
        return [], []

    def _keys(self) -> list[str]:
        before, after = self._own()
        present = before + [name for name in self.FIELDS if getattr(self, name) is not None] \
            + after + [key for key, _ in self.extra]
        if self.order is None:
            return present
        known = [key for key in self.order if key in present]
        return known + [key for key in present if key not in known]

    # --- the read-only mapping of its JSON -------------------------------------------

    def __getitem__(self, key: str) -> Any:
        if key in self.FIELDS:
            value = getattr(self, key)
            if value is not None:
                return json_value(value)
        else:
            for name, value in self.extra:
                if name == key:
                    return value
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys())

    def __len__(self) -> int:
        return len(self._keys())

    def __contains__(self, key: object) -> bool:
        return key in self._keys()

    @classmethod
    def _setup(cls) -> None:
        cls._SLOTS = cls.FIELDS + cls.CARRIED
        cls._KNOWN = frozenset(cls.FIELDS) | cls._KNOWN
        cls._make = staticmethod(maker(cls, cls._SLOTS))
        fast_init(cls)


@dataclass(frozen=True, slots=True)
class Move(Record):
    """A move of the session format (the base of every typed move): a record with a
    ``type`` (the class's) and a time stamp ``t``."""

    type: ClassVar[str] = ""

    t: Any = field(default=None, compare=False, kw_only=True, repr=False)
    """Seconds since the session began (the rules ignore it), None when absent."""

    CARRIED: ClassVar[tuple[str, ...]] = ("t", "extra", "order")
    _UNCARRIED: ClassVar[tuple] = (None, (), None)
    _KNOWN: ClassVar[frozenset[str]] = frozenset(("type", "t"))

    @classmethod
    def _read(cls, obj: Mapping[str, Any], values: tuple) -> "Move":
        return cls._make(*values, obj.get("t"), extras(obj, cls._KNOWN), tuple(obj))

    def _own(self) -> tuple[list[str], list[str]]:
        timed = self.t is not None or (self.order is not None and "t" in self.order)
        return ["type"], ["t"] if timed else []

    def __getitem__(self, key: str) -> Any:
        if key == "type":
            return self.type
        if key == "t" and "t" in self._own()[1]:
            return self.t
        return Record.__getitem__(self, key)

    def at(self, t: Any) -> "Move":
        """The same move stamped with the time ``t``."""
        return self._make(*(getattr(self, name) for name in self.FIELDS), t, self.extra,
                          self.order)

    def without_time(self) -> "Move":
        """The same move with no time stamp (as the rules see it)."""
        order = None if self.order is None else tuple(k for k in self.order if k != "t")
        return self._make(*(getattr(self, name) for name in self.FIELDS), None, self.extra,
                          order)


def typed(record_class: type[Record]) -> type[Record]:
    """Finish a record or move class made by ``@dataclass(frozen=True, slots=True)``: its
    slot order and known keys, from ``FIELDS`` (which must name its fields in order)."""
    names = tuple(f.name for f in fields(record_class) if f.name not in record_class.CARRIED)
    if names != record_class.FIELDS:
        raise TypeError(f"{record_class.__name__}.FIELDS {record_class.FIELDS} must list its "
                        f"fields in order: {names}")
    record_class._setup()
    return record_class


def extras(obj: Mapping[str, Any], known: frozenset[str]) -> tuple[tuple[str, Any], ...]:
    """The (key, value) pairs of ``obj`` whose keys are not ``known``, in its order."""
    return () if known.issuperset(obj) else \
        tuple((k, v) for k, v in obj.items() if k not in known)


def json_value(value: Any) -> Any:
    """A field's value as JSON writes it (tuples as lists, records as their objects)."""
    if isinstance(value, tuple):
        return [json_value(v) for v in value]
    if isinstance(value, Record):
        return value.to_json()
    return value


@typed
@dataclass(frozen=True, slots=True)
class Undo(Move):
    """``{"type": "undo"}``: takes back the latest move still in force (every game's;
    the session applies it, never an engine)."""

    type = "undo"
    FIELDS = ()


# --- what a legal-move search shares -----------------------------------------------------

def choices(fixed: Mapping[str, Any], key: str, domain) -> Any:
    """The values of field ``key`` a legal-move search tries: ``domain``, or only the
    value ``fixed`` gives it when that is one of them (of the domain's own type: a bool
    is never a card number)."""
    if key not in fixed:
        return domain
    value = fixed[key]
    return tuple(v for v in domain if v == value and type(v) is type(value))[:1]


def matches(move: Move, fixed: Mapping[str, Any]) -> bool:
    """Does ``move`` have every field value ``fixed`` gives (:func:`same`; None asks for
    an absent field)?"""
    return all(same(getattr(move, key), value) for key, value in fixed.items())


def same(have: Any, wanted: Any) -> bool:
    """Is a field's value ``have`` the value ``wanted``, in JSON terms (a tuple asked
    for equals a list, a record its object; a bool is never a number)? A list asked for
    may leave elements open: None there stands for any one.

    >>> same((5, "charmer", 2), [None, "charmer", None]), same(1, True), same(None, None)
    (True, False, True)
    """
    have, wanted = json_value(have), json_value(wanted)
    if isinstance(wanted, list):
        return isinstance(have, list) and len(have) == len(wanted) and all(
            w is None or same(h, w) for h, w in zip(have, wanted))
    if isinstance(wanted, dict):
        return isinstance(have, dict) and have.keys() == wanted.keys() and all(
            same(have[key], value) for key, value in wanted.items())
    return type(have) is type(wanted) and have == wanted


def open_places(fixed: Mapping[str, Any], key: str, domain) -> list | None:
    """For a list field fixed with open elements (None): the values each place may take
    (the domain's, or the one asked for); None when the field is not fixed so."""
    wanted = fixed.get(key)
    if not isinstance(wanted, (list, tuple)) or None not in wanted:
        return None
    return [list(domain) if w is None else [v for v in domain if same(v, w)]
            for w in wanted]
