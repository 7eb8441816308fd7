"""A calibration opened as the companion's table map: the decks' piece shapes
(companion.piece_catalog) and the rules' hierarchy steps (companion.games.pumafiosi)
handed down to calibration/, which knows neither; and what a calibration lacks for a
session: its players' seats, the anchor cards its game's zones are laid out from."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from calibration.calibrator import seats_not_registered
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


def calibration_gaps(calibration: Calibration, game: str | None = None,
                     players: Sequence[str] | None = None) -> tuple[Said, ...]:
    """Warnings for what ``calibration`` lacks: the seats of ``players`` (a session's names,
    in seating order; without them, the seats below the highest one found) it did not
    find, whose cards cannot be read, and the anchor cards of ``game`` it lacks to lay out
    its zones (companion.piece_catalog.missing_anchors). Said when calibrate finishes, and
    once as record, play --camera and replay start a session on it.

    >>> import numpy as np
    >>> from calibration.types import Seat
    >>> seats = (Seat(2, 60.0, 325.0), Seat(3, 450.0, 590.0))
    >>> calibration = Calibration(np.eye(3), (900.0, 650.0), (1280, 720), 0.5, seats, ())
    >>> print(calibration_gaps(calibration)[0])   # doctest: +ELLIPSIS
    warning: seat 1 was not found (seats seen: 2, 3): player 1's cards cannot be read...
    >>> gaps = calibration_gaps(calibration, "pungi", ("Ann", "Bob", "Cy"))
    >>> print(gaps[0])   # doctest: +ELLIPSIS
    warning: seat 1 (Ann) was not found at calibration: Ann's cards cannot be read, each...
    >>> [gap.key for gap in gaps]
    ['calibrate.unseen_player_seat', 'calibrate.unseen_pungi']
    """
    numbers = [s.number for s in calibration.seats]
    if players is None:
        seen = ", ".join(map(str, numbers))
        warnings = [said("calibrate.unseen_seat", seat=n, seen=seen)
                    for n in seats_not_registered(numbers)]
    else:
        warnings = [said("calibrate.unseen_player_seat", seat=n, player=players[n - 1])
                    for n in seats_not_registered(numbers, len(players))]
    for missing in missing_anchors(game, (a.name for a in calibration.anchors)) if game else ():
        # (one sentence for each anchor kind calibration.zones.LAYOUT_NEEDS names)
        warnings.append(said(f"calibrate.unseen_{missing.kind}", found=len(missing.found),
                             needed=missing.needed,
                             cards=len(missing.found) + len(missing.unseen)))
    return tuple(warnings)
