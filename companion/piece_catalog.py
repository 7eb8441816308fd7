"""Every physical piece as the lower stages need it, derived from the decks in one place.

The decks (companion.decks) hold the cards as data and know no camera; vision/ and
calibration/ know no games. This module bridges them: the detector's marker catalogue
(which piece and side each marker shows), the renderer's and the sticker sheets'
PieceSpecs (size, marker side, back marker), the printed side behind each marker id, and
the table map's PieceShapes with the role each piece plays in the table's geometry.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Iterable, Mapping

from calibration.types import PieceShape
from calibration.zones import LAYOUT_NEEDS
from companion.decks import Card, Deck, all_decks, back_key, card_key, pieces_of
from companion.registry import game_names, game_spec
from vision.types import CardRef, PieceSpec


def anchor_roles(game: str) -> Mapping[str, str]:
    """Kind -> anchor role template (its face values filled in; see
    calibration.types.PieceShape), for the kit or a game: its ``pieces.anchors``."""
    return pieces_of(game).anchors


def anchored_game(anchors: Iterable[str]) -> str | None:
    """The one game whose anchor cards lie at ``anchors`` (a calibration's anchor names:
    "step:8", "pungi", "mission:1"); None when no game's do, or several games' do.

    >>> anchored_game(["step:5", "step:-3"]), anchored_game(["pungi"]), anchored_game([])
    ('pumafiosi', 'pungi', None)
    """
    kinds = {name.split(":")[0] for name in anchors}
    found = [game for game in game_names()
             if any(role.split(":")[0] in kinds for role in anchor_roles(game).values())]
    return found[0] if len(found) == 1 else None


@dataclass(frozen=True)
class MissingAnchors:
    """Fewer of a game's anchor cards of one ``kind`` ("pungi", "step") than the
    ``needed`` that lay out its zones were found: ``found`` those that were, ``unseen``
    the game's others of that kind."""

    kind: str
    needed: int
    found: tuple[str, ...]
    unseen: tuple[str, ...]


def missing_anchors(game: str, anchors: Iterable[str]) -> tuple[MissingAnchors, ...]:
    """The kinds of ``game``'s anchor cards too few of which lie at ``anchors`` (a
    calibration's anchor names) to lay out the game's zones (calibration.zones.LAYOUT_NEEDS):
    Pungi's pungi card, two of Pumafiosi's hierarchy cards; Mafia needs none (a mission
    slot opens where its card is laid in play).

    >>> missing_anchors("pungi", ["step:8"])
    (MissingAnchors(kind='pungi', needed=1, found=(), unseen=('pungi',)),)
    >>> missing_anchors("pungi", ["pungi"]), missing_anchors("mafia", [])
    ((), ())
    >>> steps, = missing_anchors("pumafiosi", ["step:8", "pungi"])
    >>> steps.found, len(steps.unseen), steps.needed
    (('step:8',), 8, 2)
    >>> missing_anchors("pumafiosi", ["step:8", "step:-3"])
    ()
    """
    have = set(anchors)
    deck = all_decks()[game]
    by_kind: dict[str, dict[str, None]] = {}   # (ordered as the deck lists them, once each)
    for card in deck.cards:
        role = anchor_roles(game).get(card.kind)
        if role:
            name = role.format(**dict(card.face))
            by_kind.setdefault(name.split(":")[0], {})[name] = None
    missing = []
    for kind, names in by_kind.items():
        found = tuple(n for n in names if n in have)
        if len(found) < LAYOUT_NEEDS[kind]:
            missing.append(MissingAnchors(kind, LAYOUT_NEEDS[kind], found,
                                          tuple(n for n in names if n not in have)))
    return tuple(missing)


def marker_catalog(games: Iterable[str] | None = None) -> dict[int, CardRef]:
    """``{marker id: CardRef}`` for the detector: which piece and side each marker shows
    (of ``games``' decks and the kit's; default: every deck)."""
    catalog = {}
    decks = all_decks()
    for name in decks if games is None else games:
        deck = decks[name]
        for card in deck.cards:
            catalog[card.marker] = CardRef(card_key(card), "face", card.label)
        for back in deck.backs:
            catalog[back.marker] = CardRef(back_key(deck, back), "back", f"{back.name} back")
    return catalog


def piece_spec(card: Card, deck: Deck | None = None) -> PieceSpec:
    """The printed piece of ``card``: size, marker side and (if read) its back marker."""
    deck = deck or all_decks()[card.game]
    kind = deck.kinds[card.kind]
    back = next((b for b in deck.backs if b.name == card.back), None)
    return PieceSpec(marker=card.marker, label=card.label, size_mm=kind.size_mm,
                     marker_mm=kind.marker_mm, round=kind.round,
                     back_marker=back.marker if back else None,
                     back_label=f"{back.name} back" if back else "")


def deck_pieces(game: str) -> tuple[PieceSpec, ...]:
    """Every piece of ``game`` (a registered game, or "kit")."""
    deck = all_decks()[game]
    return tuple(piece_spec(card, deck) for card in deck.cards)


def played_marker_mm(game: str, options: Mapping[str, object]) -> tuple[float, ...]:
    """The marker sides (mm) of the pieces ``game`` puts on the table as it is played
    (its anchors and the kit's lay out the table; optional pieces only when in play)."""
    deck = all_decks()[game]
    return tuple(sorted({kind.marker_mm for name, kind in deck.kinds.items()
                         if name not in game_spec(game).pieces.anchors
                         and _in_play(game, name, options)}))


def _in_play(game: str, kind: str, options: Mapping[str, object]) -> bool:
    option = game_spec(game).pieces.optional.get(kind)
    return option is None or bool(options.get(option, False))


@cache
def printed_sides() -> dict[int, tuple[PieceSpec, bool]]:
    """Each marker id's piece and whether it is on the face (True) or the back."""
    sides: dict[int, tuple[PieceSpec, bool]] = {}
    for deck in all_decks().values():
        for card in deck.cards:
            piece = piece_spec(card, deck)
            sides[card.marker] = (piece, True)
            if piece.back_marker is not None:
                sides.setdefault(piece.back_marker, (piece, False))
    return sides


@cache
def piece_shapes() -> dict[int, PieceShape]:
    """Every marker's piece geometry and layout role, for the table map."""
    shapes = {}
    for game, deck in all_decks().items():
        for card in deck.cards:
            kind = deck.kinds[card.kind]
            role = anchor_roles(game).get(card.kind)
            anchor = role.format(**dict(card.face)) if role else None
            shapes[card.marker] = PieceShape(kind.size_mm, kind.marker_mm, anchor, kind.round)
        for back in deck.backs:
            kind = deck.kinds[back.kind]
            shapes[back.marker] = PieceShape(kind.size_mm, kind.marker_mm, None, kind.round)
    return shapes
