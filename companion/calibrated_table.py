"""A calibration opened as the companion's table map: the decks' piece shapes
(companion.piece_catalog) and the rules' hierarchy steps (companion.games.pumafiosi)
handed down to calibration/, which knows neither."""

from __future__ import annotations

from pathlib import Path

from calibration.store import Calibration, load_calibration
from calibration.table_map import TableMap
from companion.games.pumafiosi import STEPS
from companion.piece_catalog import piece_shapes


def load_table_calibration(path: str | Path) -> Calibration:
    """The calibration file at ``path`` (a one-line CalibrationError when it is unusable)."""
    return load_calibration(path, STEPS)


def table_map(calibration: Calibration) -> TableMap:
    """The table map of ``calibration``, following the table's anchors and corners."""
    return TableMap(calibration, piece_shapes(), STEPS)


def load_table_map(path: str | Path) -> TableMap:
    """The table map of the calibration file at ``path``."""
    return table_map(load_table_calibration(path))
