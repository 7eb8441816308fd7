"""Which of a game's anchor cards a calibration lacks to lay out the game's zones
(companion.piece_catalog.missing_anchors), checked against the zones calibration/ lays out
from those that are there, and the warning made of it (companion.calibrated_table)."""

from dataclasses import replace

import numpy as np
import pytest

from calibration.store import Calibration
from calibration.types import Anchor, Seat
from calibration.zones import build_zones
from companion.calibrated_table import calibration_gaps
from companion.games.pumafiosi import STEPS
from companion.piece_catalog import MissingAnchors, missing_anchors
from companion.said import say

TABLE = (900.0, 650.0)
SEATS = (Seat(1, 450.0, 60.0), Seat(2, 450.0, 590.0))


def card(name: str, k: int = 0) -> Anchor:
    return Anchor(name, 300.0, 570.0 - 62.0 * k, 0.0, (59.0, 91.0))


def zone_kinds(anchors) -> set[str]:
    return {z.kind for z in build_zones(TABLE, SEATS, anchors, STEPS)}


def test_pungi_needs_its_pungi_card_and_nothing_else():
    assert missing_anchors("pungi", []) == (MissingAnchors("pungi", 1, (), ("pungi",)),)
    assert missing_anchors("pungi", ["step:8", "mission:1"])[0].unseen == ("pungi",)
    assert missing_anchors("pungi", ["pungi"]) == ()
    # (what it says is missing is what the layout row is laid out from)
    assert "layout" not in zone_kinds([]) and "layout" in zone_kinds([card("pungi")])


@pytest.mark.parametrize("found", [(), ("step:5",)])
def test_pumafiosi_with_fewer_than_two_hierarchy_cards_lacks_them(found):
    missing, = missing_anchors("pumafiosi", found)
    assert missing.kind == "step" and missing.needed == 2 and missing.found == found
    assert len(missing.found) + len(missing.unseen) == len(STEPS)
    assert "step" not in zone_kinds([card(n) for n in found])


def test_two_hierarchy_cards_lay_out_every_step():
    found = [card("step:8", 1), card("step:1", 7)]
    assert missing_anchors("pumafiosi", [a.name for a in found]) == ()
    steps = {z.name for z in build_zones(TABLE, SEATS, found, STEPS) if z.kind == "step"}
    assert steps == {f"step:{v}" for v in STEPS}


def test_mafia_needs_no_mission_card_at_calibration():
    # a mission slot opens where its card is laid in play (calibration.table_map)
    assert missing_anchors("mafia", []) == ()


def test_the_warning_is_said_in_both_languages():
    calibration = Calibration(np.eye(3), TABLE, (1280, 720), 0.5,
                              SEATS, (card("step:8", 1),))
    assert calibration_gaps(calibration, "mafia") == ()
    steps, = calibration_gaps(calibration, "pumafiosi")
    assert steps.startswith("warning: hierarchy cards seen: 1 of the 9, but 2 are needed")
    assert say(steps, "vi").startswith("cảnh báo: số lá của Hệ thống Phân cấp được thấy: 1 "
                                       "trên 9, nhưng cần 2 lá")
    pungi, = calibration_gaps(replace(calibration, anchors=()), "pungi")
    assert "no snake laid out can be read until the camera sees the pungi card" in pungi
    assert "không đọc được lá rắn nào được bày" in say(pungi, "vi")
