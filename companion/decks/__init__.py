"""Every physical card of every game, as data: its marker, its face, its back, its size.

The decks are TOML files beside this module (one per game, plus ``kit.toml`` for the
table-corner and seat markers). Where the rulebooks give no values (Pungi's snakes,
Mafia's action cards and missions) the files hold documented defaults that a table edits
to match its printing; ``load_deck(game, path)`` reads an edited copy. A malformed file
gets a :class:`DeckError` naming the file, the line and what to fix.

Marker ids are AprilTag 36h11 ids (0-586). Every physical card has its own id (printed
twice, in opposite corners); cards that hide their face (Pungi animals, Mafia action
cards) also carry a back marker shared by every card with the same back. No id is used
twice across the three games and the table kit: :func:`all_decks` checks that.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Mapping

DECK_DIR = Path(__file__).resolve().parent
DECK_NAMES = ("kit", "pumafiosi", "pungi", "mafia")
MARKER_IDS = range(0, 587)  # AprilTag 36h11
FORMAT = "companion-deck/1"


class DeckError(Exception):
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
    """The deck of ``game`` from ``path`` (default: the bundled file)."""
    path = Path(path) if path else DECK_DIR / f"{game}.toml"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DeckError(f"{path}: cannot read the deck file: {exc.strerror or exc}") from None
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
        raise fail(1, f'the deck needs format = "{FORMAT}"')
    if data.get("game") != game:
        raise fail(None, f'this is not a {game} deck (game = {data.get("game")!r})')
    kinds = {}
    for name, spec in data.get("kinds", {}).items():
        try:
            w, h = spec["size_mm"]
            kinds[name] = Kind(name, (float(w), float(h)), float(spec["marker_mm"]),
                               bool(spec.get("round", False)))
        except (KeyError, TypeError, ValueError):
            raise fail(None, f'[kinds.{name}] needs size_mm = [width, height] and '
                             f'marker_mm = side of the marker, in millimetres') from None
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
        if not isinstance(name, str) or kind not in kinds:
            raise fail(line, f"a back needs a name and a kind from [kinds] ({', '.join(kinds)})")
        backs.append(Back(name, claim(entry.get("marker"), line, f"back {name!r}"), kind))
    back_names = {b.name for b in backs}
    cards = []
    for number, (line, entry) in enumerate(_with_lines(path, text, data, "cards"), 1):
        kind = entry.get("kind")
        if kind not in kinds:
            raise fail(line, f"card {number}: kind {kind!r} is not one of "
                             f"{', '.join(kinds)} (see [kinds])")
        face = tuple((k, v) for k, v in entry.items() if k not in _RESERVED)
        label = entry.get("label") or " ".join([kind] + [str(v) for _, v in face])
        back = entry.get("back")
        if back is not None and back not in back_names:
            raise fail(line, f"card {number} ({label}): back {back!r} is not one of the "
                             f"deck's backs ({', '.join(sorted(back_names))})")
        cards.append(Card(game, kind, claim(entry.get("marker"), line, f"card {label!r}"),
                          str(label), face, back))
    if not cards:
        raise fail(None, "the deck has no cards = [ ... ] list")
    return Deck(game, path, kinds, tuple(cards), tuple(backs))


@cache
def all_decks() -> dict[str, Deck]:
    """The bundled decks and table kit, checked never to share a marker id."""
    decks = {name: load_deck(name) for name in DECK_NAMES}
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

