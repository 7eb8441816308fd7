"""A calibration opened as the companion's table map: the decks' piece shapes
(companion.piece_catalog) and the rules' hierarchy steps (companion.games.pumafiosi)
handed down to calibration/, which knows neither; and what a calibration lacks to lay out
a game's zones."""

from __future__ import annotations

from pathlib import Path

from calibration.store import Calibration, load_calibration
from calibration.table_map import TableMap
from companion.games.pumafiosi import STEPS
from companion.piece_catalog import missing_anchors, piece_shapes
from companion.said import Said, said


def load_table_calibration(path: str | Path) -> Calibration:
    """The calibration file at ``path`` (a one-line CalibrationError when it is unusable)."""
    return load_calibration(path, STEPS)


def table_map(calibration: Calibration) -> TableMap:
    """The table map of ``calibration``, following the table's anchors and corners."""
    return TableMap(calibration, piece_shapes(), STEPS)


def load_table_map(path: str | Path) -> TableMap:
    """The table map of the calibration file at ``path``."""
    return table_map(load_table_calibration(path))


def unseen_anchors(game: str, calibration: Calibration) -> tuple[Said, ...]:
    """Warnings for the anchor cards of ``game`` that ``calibration`` lacks to lay out its
    zones (companion.piece_catalog.missing_anchors): said when calibrate finishes, and
    once as record, play --camera and replay start a game on it."""
    warnings = []
    for missing in missing_anchors(game, (a.name for a in calibration.anchors)):
        # (one sentence for each anchor kind calibration.zones.LAYOUT_NEEDS names)
        warnings.append(said(f"calibrate.unseen_{missing.kind}", found=len(missing.found),
                             needed=missing.needed,
                             cards=len(missing.found) + len(missing.unseen)))
    return tuple(warnings)
