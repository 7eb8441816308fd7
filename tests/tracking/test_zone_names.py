"""The zone names calibration lays out are the ones the adapters read."""

from __future__ import annotations

from calibration.types import Anchor, Seat
from calibration.zones import build_zones
from companion.adapters.base import seat_number
from companion.adapters.pumafiosi import step_of_zone
from companion.games.pumafiosi import STEPS


def test_every_zone_calibration_lays_out_is_read_by_the_adapters():
    seats = [Seat(n, x, y) for n, (x, y) in enumerate([(400, 50), (100, 500), (700, 550)], 1)]
    anchors = [Anchor(f"step:{v}", 650, 100 + 70 * i, 0, (59, 91)) for i, v in enumerate(STEPS)]
    anchors += [Anchor("pungi", 400, 300, 0, (59, 91)), Anchor("mission:2", 300, 300, 0, (59, 91))]
    names = [z.name for z in build_zones((800, 600), seats, anchors, STEPS)]
    assert sorted(step_of_zone(n) for n in names if n.startswith("step:")) == sorted(STEPS)
    assert sorted(step_of_zone(n) for n in names if n.startswith("hierarchy:")) == sorted(STEPS)
    assert [seat_number(n, "play") for n in names if n.startswith("play:")] == [1, 2, 3]
    assert [seat_number(n, "seat") for n in names if n.startswith("seat:")] == [1, 2, 3]
    assert [seat_number(n, "layout") for n in names if n.startswith("layout:")] == [1, 2, 3]
    assert [seat_number(n, "mission") for n in names if n.startswith("mission:")] == [2]
