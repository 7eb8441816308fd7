"""Every physical card of every game, as data: its marker, its face, its back, its size.

The decks are TOML files, one per game (named by its registration's ``pieces.deck``; the
bundled games' beside this module), plus ``kit.toml`` here for the table-corner and seat
markers. Where the rulebooks give no values (Pungi's snakes,
Mafia's action cards and missions) the files hold documented defaults that a table edits
to match its printing; ``load_deck(game, path)`` reads an edited copy, and the
``COMPANION_DECKS`` environment variable names a folder of edited copies that every
command uses instead. A malformed file gets a :class:`DeckError` naming the file, the
line and what to fix; every field of every card is checked, so an edited deck is either
refused in one line or safe for the rules, the adapters and the sticker sheets.

Marker ids are AprilTag 36h11 ids (0-586). Every physical card has its own id (printed
twice, in opposite corners); cards that hide their face (Pungi animals, Mafia action
cards) also carry a back marker shared by every card with the same back. No id is used
twice across the games and the table kit: :func:`all_decks` checks that.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Iterable, Mapping

from companion import DECKS_ENV   # (re-exported: a folder of edited decks, used instead)
from companion.inputs import InputError, read_text
from companion.registry import game_spec, registered_names
from companion.registry.pieces import Field, Pieces, Text, Whole

DECK_DIR = Path(__file__).resolve().parent
KIT = "kit"   # the table kit: corner and seat markers, part of every game
MARKER_IDS = range(0, 587)  # AprilTag 36h11
MAX_DECK_BYTES = 1 << 20    # the largest bundled deck is 15 kB
FORMAT = "companion-deck/1"


class DeckError(InputError):
    """A deck file that cannot be used: ``file:line: what is wrong; what to do``."""


@dataclass(frozen=True)
class Kind:
    """A kind of physical piece: its size and the side of its printed markers (mm)."""

    name: str
    size_mm: tuple[float, float]
    marker_mm: float
    round: bool = False


@dataclass(frozen=True)
class Back:
    """What the back of a hidden card shows (e.g. a Pungi mouse): one marker for all."""

    name: str
    marker: int
    kind: str


@dataclass(frozen=True)
class Card:
    """One physical card or token. ``face`` holds its game values (value, animal, ...)."""

    game: str
    kind: str
    marker: int
    label: str
    face: tuple[tuple[str, Any], ...]
    back: str | None = None

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.face:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class Deck:
    game: str
    path: Path
    kinds: Mapping[str, Kind]
    cards: tuple[Card, ...]
    backs: tuple[Back, ...]

    def by_marker(self) -> dict[int, Card | Back]:
        table: dict[int, Card | Back] = {c.marker: c for c in self.cards}
        table.update({b.marker: b for b in self.backs})
        return table

    def of_kind(self, kind: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.kind == kind)

    def markers(self) -> list[int]:
        return [c.marker for c in self.cards] + [b.marker for b in self.backs]


_RESERVED = {"kind", "marker", "label", "back"}

# The table kit's pieces, as a game's registration gives its own (companion.registry):
# the face fields each kind carries, the table's four corners, and which kinds lay out
# the table (see calibration.types.PieceShape).
KIT_PIECES = Pieces(
    deck="companion.decks:kit.toml",
    faces={"corner": {"corner": Whole(1, 4)}, "seat": {"seat": Whole(1, 8)}},
    counts={"corner": 4},
    anchors={"corner": "corner:{corner}", "seat": "seat:{seat}"},
    unique={"corner": ("corner",), "seat": ("seat",)})


def deck_names() -> tuple[str, ...]:
    """The kit and every registered game, in the order they were registered."""
    return (KIT, *registered_names())


def pieces_of(game: str) -> Pieces:
    """How ``game``'s pieces (or the kit's) look on the table: its registration's."""
    return KIT_PIECES if game == KIT else game_spec(game).pieces


def bundled_path(game: str) -> Path:
    """The deck file ``game`` brings (``pieces.deck``, "package:file.toml")."""
    package, _, name = pieces_of(game).deck.partition(":")
    return Path(str(files(package) / name))


def deck_path(game: str) -> Path:
    """Where ``game``'s deck is read from: $COMPANION_DECKS if set, else the bundled one."""
    folder = os.environ.get(DECKS_ENV)
    if folder and not Path(folder).is_dir():
        raise DeckError(f"{DECKS_ENV}={folder}: no such folder; set it to a folder of edited "
                        f"copies of the deck files ({DECK_DIR}/*.toml), or unset it")
    return Path(folder) / f"{game}.toml" if folder else bundled_path(game)


def _with_lines(path: Path, text: str, data: dict, array: str) -> list[tuple[int | None, dict]]:
    """The entries of ``array = [ {...}, ... ]``, each with its line (one entry per line)."""
    entries = data.get(array, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DeckError(f"{path}: {array} must be a list of {{ ... }} tables, one per line")
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if re.match(rf"\s*{array}\s*=\s*\[", line)),
                 len(lines))
    numbers: list[int | None] = [i + 1 for i, line in enumerate(lines[start:], start)
                                 if line.lstrip().startswith("{")]
    numbers += [None] * (len(entries) - len(numbers))
    return list(zip(numbers, entries))


def load_deck(game: str, path: str | Path | None = None) -> Deck:
    """The deck of ``game`` from ``path`` (default: :func:`deck_path`)."""
    path = Path(path) if path else deck_path(game)
    try:
        text = read_text(path, "deck file", MAX_DECK_BYTES)
    except InputError as exc:
        hint = f" (copy the bundled {bundled_path(game)})" if "no such file" in str(exc) else ""
        raise DeckError(f"{exc}{hint}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(f"{path}: not valid TOML ({exc}); compare with the bundled "
                        f"{game}.toml") from None
    return _build(game, path, text, data)


def _build(game: str, path: Path, text: str, data: dict) -> Deck:
    def fail(line: int | None, message: str) -> DeckError:
        where = f"{path}:{line}" if line else str(path)
        return DeckError(f"{where}: {message}")

    if data.get("format") != FORMAT:
        raise fail(_line_of(text, "format") or 1, f'the deck needs format = "{FORMAT}"')
    if data.get("game") != game:
        raise fail(_line_of(text, "game"),
                   f'this is not a {game} deck (game = {data.get("game")!r}); it must say '
                   f'game = "{game}"')
    pieces = pieces_of(game)
    faces = pieces.faces
    raw_kinds = data.get("kinds", {})
    if not isinstance(raw_kinds, dict):
        raise fail(_line_of(text, r"kinds\s*="), "kinds must be [kinds.NAME] tables")
    kinds = {}
    for name, spec in raw_kinds.items():
        line = _line_of(text, rf"\[\s*kinds\.{re.escape(name)}\s*\]")
        if name not in faces:
            raise fail(line, f"[kinds.{name}]: {game} has no such kind of piece; the kinds "
                             f"are {', '.join(faces)}")
        kinds[name] = _kind(name, spec, lambda message: fail(line, message))
    missing = [name for name in faces if name not in kinds]
    if missing:
        raise fail(None, f"[kinds.{missing[0]}] is missing: every {game} deck needs "
                         f"{', '.join(f'[kinds.{k}]' for k in faces)} (see the bundled "
                         f"{game}.toml)")
    seen: dict[int, str] = {}

    def claim(marker: Any, line: int | None, what: str) -> int:
        if isinstance(marker, bool) or not isinstance(marker, int) or marker not in MARKER_IDS:
            raise fail(line, f"{what}: marker must be an AprilTag 36h11 id from 0 to 586, "
                             f"not {marker!r}")
        if marker in seen:
            raise fail(line, f"{what}: marker {marker} is already used by {seen[marker]}; "
                             f"give each card its own marker")
        seen[marker] = what
        return marker

    backs = []
    for line, entry in _with_lines(path, text, data, "backs"):
        name = entry.get("name")
        kind = entry.get("kind")
        if not Text().check(name) or not isinstance(kind, str) or kind not in kinds:
            raise fail(line, f"a back needs a name and a kind from [kinds] ({', '.join(kinds)})")
        if any(b.name == name for b in backs):
            raise fail(line, f"back {name!r} is named twice; give each back its own name")
        unknown = sorted(set(entry) - {"name", "kind", "marker"})
        if unknown:
            raise fail(line, f"back {name!r}: unknown field {unknown[0]!r} (a back has only "
                             f"name, kind and marker)")
        backs.append(Back(name, claim(entry.get("marker"), line, f"back {name!r}"), kind))
    back_kinds = {b.name: b.kind for b in backs}
    cards = []
    alike: dict[tuple, tuple[int, int | None, str]] = {}   # a card's identity -> its entry
    for number, (line, entry) in enumerate(_with_lines(path, text, data, "cards"), 1):
        kind = entry.get("kind")
        if not isinstance(kind, str) or kind not in kinds:
            raise fail(line, f"card {number}: kind {kind!r} is not one of "
                             f"{', '.join(kinds)} (see [kinds])")
        face = tuple((k, v) for k, v in entry.items() if k not in _RESERVED)
        label = entry.get("label") or " ".join([kind] + [str(v) for _, v in face])
        if not isinstance(label, str):
            raise fail(line, f"card {number}: label must be a text in quotes, not {label!r}")
        _check_face(dict(face), faces[kind], lambda message: fail(
            line, f"card {number} ({label}): {message}"))
        back = entry.get("back")
        if back is not None and (not isinstance(back, str) or back_kinds.get(back) != kind):
            names = sorted(name for name, of in back_kinds.items() if of == kind)
            raise fail(line, f"card {number} ({label}): back {back!r} is not one of the "
                             f"deck's backs for a {kind} ({', '.join(names) or 'none'})")
        fields = pieces.unique.get(kind, ())
        identity = (kind, *(_folded(dict(face)[f]) for f in fields))
        if fields and identity in alike:
            first, first_line, first_label = alike[identity]
            values = " ".join(f"{f} {dict(face)[f]!r}" for f in fields)
            raise fail(line, f"card {number} ({label}): {values} is card {first}'s too "
                             f"({first_label}, line {first_line}); each {kind} card has its "
                             f"own {' and '.join(fields)}")
        alike[identity] = (number, line, label)
        cards.append(Card(game, kind, claim(entry.get("marker"), line, f"card {label!r}"),
                          label, face, back))
    for kind, count in pieces.counts.items():
        have = sum(card.kind == kind for card in cards)
        if have != count:
            raise fail(None, f"the {game} deck needs {count} {kind} card{'s' * (count > 1)}, "
                             f"this one has {have}; add or remove lines in cards = [ ... ]")
    if not cards:
        raise fail(None, "the deck has no cards = [ ... ] list")
    return Deck(game, path, kinds, tuple(cards), tuple(backs))


def _folded(value: Any) -> Any:
    """A face value as cards are told apart: names whatever their case."""
    return value.casefold().strip() if isinstance(value, str) else value


def _line_of(text: str, pattern: str) -> int | None:
    """The first line of ``text`` that starts with ``pattern`` (None if none does)."""
    return next((i for i, line in enumerate(text.split("\n"), 1)
                 if re.match(rf"\s*{pattern}", line)), None)


def _kind(name: str, spec: Any, fail) -> Kind:
    """One ``[kinds.NAME]`` table: sizes in millimetres, the marker smaller than the piece."""
    need = (f"[kinds.{name}] needs size_mm = [width, height] and marker_mm = the marker's "
            f"side, in millimetres (more than 0)")
    try:
        w, h = spec["size_mm"]
        size = (float(w), float(h))
        marker = float(spec["marker_mm"])
    except (KeyError, TypeError, ValueError):
        raise fail(need) from None
    if isinstance(w, bool) or isinstance(h, bool) or not (min(size) > 0 and marker > 0):
        raise fail(need)
    if not (max(size) <= 1000 and marker <= min(size)):
        raise fail(f"[kinds.{name}]: a {size[0]:g}x{size[1]:g} mm piece cannot carry a "
                   f"{marker:g} mm marker (the marker must fit on the piece; at most 1000 mm)")
    rounded = spec.get("round", False)
    if not isinstance(rounded, bool):
        raise fail(f"[kinds.{name}]: round must be true or false, not {rounded!r}")
    return Kind(name, size, marker, rounded)


def _check_face(face: dict, fields: Mapping[str, Field], fail) -> None:
    """A card's face fields against its kind's: each present and of the right form."""
    for key, form in fields.items():
        if key not in face:
            raise fail(f"{key} is missing (it must be {form.words})")
        if not form.check(face[key]):
            raise fail(f"{key} must be {form.words}, not {face[key]!r}")
    unknown = sorted(set(face) - set(fields))
    if unknown:
        known = ", ".join(fields) or "no face fields"
        raise fail(f"unknown field {unknown[0]!r} (this kind has {known}; check the spelling)")


@cache
def all_decks() -> dict[str, Deck]:
    """The bundled decks and table kit, checked never to share a marker id."""
    decks = {name: load_deck(name) for name in deck_names()}
    check_disjoint(decks.values())
    return decks


def check_disjoint(decks: Iterable[Deck]) -> None:
    owner: dict[int, str] = {}
    for deck in decks:
        for marker in deck.markers():
            if marker in owner:
                raise DeckError(f"{deck.path}: marker {marker} is also used by the "
                                f"{owner[marker]} deck; marker ids must differ across decks")
            owner[marker] = deck.game


def card_key(card: Card) -> str:
    """A physical piece's stable, readable identity, e.g. ``pumafiosi/pumafioso/37``;
    cards that share a label (Pungi's two -4 snakes) add their marker: ``.../snake_-4#124``."""
    key = f"{card.game}/{card.kind}/{card.label}".replace(" ", "_")
    return f"{key}#{card.marker}" if card.label in _shared_labels(card.game) else key


@cache
def _shared_labels(game: str) -> frozenset[str]:
    labels = [c.label for c in all_decks()[game].cards]
    return frozenset(label for label in labels if labels.count(label) > 1)


def back_key(deck: Deck, back: Back) -> str:
    return f"{deck.game}/back/{back.name}"

