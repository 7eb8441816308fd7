"""Table scenes from the decks: pieces (companion.piece_catalog) laid out on a table for
the renderer: the table kit's corner markers on the table's corners, cards scattered
between.

The table frame is the one the corner markers define (kit.toml): corner 1 at the origin,
then clockwise as seen from above (x to the right, y away from the camera), so corner 2
is at (0, depth), corner 3 at (width, depth) and corner 4 at (width, 0).
"""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

from companion.decks import all_decks
from companion.piece_catalog import piece_spec
from vision.types import PieceSpec, Placed, Scene

DEFAULT_TABLE_MM = (800.0, 600.0)


def table_corners(table_mm: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """Where the centres of corner markers 1-4 lie, in table mm."""
    w, d = table_mm
    return ((0.0, 0.0), (0.0, d), (w, d), (w, 0.0))


def corner_pieces(table_mm: tuple[float, float]) -> tuple[Placed, ...]:
    """The four kit corner markers, centred on the table's corners."""
    corners = sorted(all_decks()["kit"].of_kind("corner"), key=lambda c: c.get("corner"))
    return tuple(Placed(piece_spec(card), x, y)
                 for card, (x, y) in zip(corners, table_corners(table_mm)))


def scatter(pieces: Sequence[PieceSpec], table_mm: tuple[float, float] = DEFAULT_TABLE_MM,
            seed: int = 0, max_angle_deg: float = 15.0, face_down: float = 0.0,
            overlap: bool = False, margin_mm: float = 50.0) -> tuple[Placed, ...]:
    """``pieces`` lying about the table away from its corners: one per cell of a grid,
    jittered and slightly turned; ``overlap`` pushes neighbours onto each other's
    corners, ``face_down`` is the share of pieces lying face down."""
    rng = np.random.default_rng(seed)
    if not pieces:
        return ()
    cell_w = max(p.size_mm[0] for p in pieces) * 1.35
    cell_h = max(p.size_mm[1] for p in pieces) * 1.15
    cols = int((table_mm[0] - 2 * margin_mm) // cell_w)
    rows = int((table_mm[1] - 2 * margin_mm) // cell_h)
    if cols * rows < len(pieces):
        raise ValueError(f"{len(pieces)} pieces do not fit on a {table_mm[0]:g} x "
                         f"{table_mm[1]:g} mm table without stacking (room for {cols * rows})")
    cells = rng.permutation(cols * rows)[:len(pieces)]
    spread = 0.45 if overlap else 0.08
    placed = []
    for z, (piece, cell) in enumerate(zip(pieces, cells)):
        col, row = divmod(int(cell), rows)
        x = margin_mm + (col + 0.5 + rng.uniform(-spread, spread)) * cell_w
        y = margin_mm + (row + 0.5 + rng.uniform(-spread, spread)) * cell_h
        placed.append(Placed(piece, float(x), float(y),
                             float(rng.uniform(-max_angle_deg, max_angle_deg)),
                             face_up=bool(rng.random() >= face_down), z=z))
    return tuple(placed)


def table_scene(placed: Iterable[Placed], table_mm: tuple[float, float] = DEFAULT_TABLE_MM,
                with_corners: bool = True, **scene_fields) -> Scene:
    """A Scene of ``placed`` pieces (plus the corner markers), other Scene fields as given."""
    pieces = (corner_pieces(table_mm) if with_corners else ()) + tuple(placed)
    return Scene(table_mm=tuple(table_mm), pieces=pieces, **scene_fields)
