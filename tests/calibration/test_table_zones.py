"""Zones laid out from each game's anchor cards, on rendered frames: the Pumafiosi
hierarchy steps, the Pungi layout row, the Mafia missions, and each seat's play zone."""

from dataclasses import replace

from calibration.table_map import TableMap
from calibration.zones import LayoutOptions
from companion.calibrated_table import table_map as calibrated_map
from companion.games.pumafiosi import STEPS
from vision.types import Placed

from .calibration_tables import calibrate, card, detect, seat_markers, shoot

PITCH = 62.0


def hierarchy(x: float, top_y: float = 570.0) -> list[Placed]:
    """The nine hierarchy cards in a column, step 10 at the top (far side)."""
    return [Placed(card("pumafiosi", "hierarchy", step=v), x, top_y - i * PITCH)
            for i, v in enumerate(STEPS)]


def zones_of(table: TableMap, frame) -> dict[int, str | None]:
    return {p.marker: p.zone for p in table.locate(detect(frame))}


def test_pumafiosi_steps_lie_beside_the_hierarchy_cards_towards_the_centre():
    column = hierarchy(300.0)
    setup = shoot(seat_markers() + column).image
    cal, messages = calibrate([setup], players=4)
    assert "anchors: step:10, step:8, step:7, step:6, step:5, step:3, step:2, step:1, " \
           "step:-3" in messages
    table = calibrated_map(cal)
    winners = [Placed(card("pumafiosi", "pumafioso", 36), 372.0, 570.0 - 3 * PITCH, 3),
               Placed(card("pumafiosi", "pumafioso", 12), 368.0, 570.0 - 8 * PITCH, -4),
               Placed(card("pumafiosi", "pumafioso", 40), 375.0, 570.0 - 0 * PITCH, 0)]
    played = Placed(card("pumafiosi", "pumafioso", 50), 520.0, 150.0, 10)   # before seat 1
    near_seat = Placed(card("pumafiosi", "pumafioso", 51), 840.0, 420.0, 90)  # by seat 4
    zones = zones_of(table, shoot(seat_markers() + column + winners + [played, near_seat]).image)
    assert zones[56] == "step:6"
    assert zones[32] == "step:-3"
    assert zones[60] == "step:10"
    assert zones[column[3].piece.marker] == "hierarchy:6"
    assert zones[70] == "play:1"
    assert zones[71] == "seat:4"
    # Winners' cards on the other side of the column are not on a step.
    wrong_side = Placed(card("pumafiosi", "pumafioso", 36), 228.0, 570.0 - 3 * PITCH, 0)
    assert zones_of(table, shoot(column + [wrong_side]).image)[56] != "step:6"


def test_the_steps_follow_the_hierarchy_when_it_moves():
    cal, _ = calibrate([shoot(seat_markers() + hierarchy(300.0)).image], players=4)
    table = calibrated_map(cal)
    moved = hierarchy(620.0)   # now right of the centre: steps are on its left
    winner = Placed(card("pumafiosi", "pumafioso", 36), 548.0, 570.0 - 4 * PITCH, 0)
    assert zones_of(table, shoot(moved + [winner]).image)[56] == "step:5"
    # The hierarchy card hidden in the next frame keeps its place.
    assert zones_of(table, shoot(moved[:4] + [winner]).image)[56] == "step:5"


def test_steps_side_can_be_set_in_the_file():
    cal, _ = calibrate([shoot(seat_markers() + hierarchy(300.0)).image], players=4)
    # Walking down the column (towards the near side, -y), "right" is -x.
    table = calibrated_map(replace(cal, options=LayoutOptions(steps_side="right")))
    winner = Placed(card("pumafiosi", "pumafioso", 36), 228.0, 570.0 - 3 * PITCH, 0)
    assert zones_of(table, shoot(hierarchy(300.0) + [winner]).image)[56] == "step:6"


def test_pungi_layout_runs_from_the_pungi_card_along_its_arrow():
    pungi = Placed(card("pungi", "pungi"), 330.0, 330.0, 0)
    cal, messages = calibrate([shoot(seat_markers() + [pungi]).image], players=4)
    assert "anchors: pungi" in messages
    table = calibrated_map(cal)
    snakes = [Placed(card("pungi", "snake", k), 330.0 + (k + 1) * 68.0, 332.0, 2)
              for k in range(4)]
    zones = zones_of(table, shoot(seat_markers() + [pungi] + snakes).image)
    assert [zones[s.piece.marker] for s in snakes] == [f"layout:{k}" for k in (1, 2, 3, 4)]
    assert zones[pungi.piece.marker] == "pungi"
    # The arrow given in the file (pointing to -x) turns the row round.
    flipped = calibrated_map(replace(cal, options=LayoutOptions(arrow=180.0)))
    left = Placed(card("pungi", "snake", 0), 330.0 - 68.0, 330.0, 0)
    assert zones_of(flipped, shoot([pungi, left]).image)[left.piece.marker] == "layout:1"


def test_layout_places_laid_out_again_stay_as_the_pungi_card_moves():
    # (seat marker 1 lost in glare: three seats found, where four players will sit)
    pungi = Placed(card("pungi", "pungi"), 330.0, 330.0, 0)
    cal, _ = calibrate([shoot(seat_markers()[1:] + [pungi]).image])
    table = calibrated_map(cal)
    assert sum(z.kind == "layout" for z in table.zones) == 3   # one a seat
    table.lay_out(replace(cal.options, layout_places=4))
    assert sum(z.kind == "layout" for z in table.zones) == 4
    moved = replace(pungi, y_mm=460.0)   # (out of the row it laid out before)
    snakes = [Placed(card("pungi", "snake", k), 330.0 + (k + 1) * 68.0, 462.0, 2)
              for k in range(4)]
    zones = zones_of(table, shoot([moved] + snakes).image)
    assert [zones[s.piece.marker] for s in snakes] == [f"layout:{k}" for k in (1, 2, 3, 4)]


def test_mafia_missions_each_have_a_zone_for_contributions():
    missions = [Placed(card("mafia", "mission", 0), 330.0, 330.0, 0),
                Placed(card("mafia", "mission", 1), 580.0, 330.0, 0)]
    cal, messages = calibrate([shoot(seat_markers() + missions).image], players=4)
    assert "anchors: mission:1, mission:2" in messages
    table = calibrated_map(cal)
    contributions = [Placed(card("mafia", "action", 0), 405.0, 335.0, 0, face_up=False),
                     Placed(card("mafia", "action", 1), 505.0, 320.0, 0, face_up=False)]
    placements = table.locate(detect(shoot(missions + contributions).image))
    backs = sorted((p.position_mm[0], p.zone) for p in placements if p.card.side == "back")
    assert [zone for _, zone in backs] == ["mission:1", "mission:2"]
    # A new mission laid in slot 1's place takes slot 1.
    new = Placed(card("mafia", "mission", 5), 335.0, 325.0, 0)
    zones = zones_of(table, shoot([new, missions[1]]).image)
    assert zones[new.piece.marker] == "mission:1"
    assert zones[missions[1].piece.marker] == "mission:2"


def test_a_card_beside_the_pungi_card_at_set_up_shows_the_arrow():
    # The pungi card nearer the right edge: without a hint the row would run left.
    pungi = Placed(card("pungi", "pungi"), 600.0, 330.0, 0)
    first = Placed(card("pungi", "snake", 0), 668.0, 330.0, 0)
    cal, messages = calibrate([shoot(seat_markers() + [pungi, first]).image], players=4)
    assert "pungi arrow: the layout row runs towards the card beside the pungi card " \
           "(0 degrees)" in messages
    table = calibrated_map(cal)
    second = Placed(card("pungi", "snake", 1), 736.0, 328.0, 0)
    zones = zones_of(table, shoot([pungi, first, second]).image)
    assert (zones[first.piece.marker], zones[second.piece.marker]) == ("layout:1", "layout:2")


def test_a_mission_card_paused_on_its_way_takes_its_slot_where_it_comes_to_rest():
    cal, _ = calibrate([shoot(seat_markers()).image], players=4)
    table = calibrated_map(cal)

    def missions() -> list[str]:
        return sorted(z.name for z in table.zones if z.name.startswith("mission:"))

    first = Placed(card("mafia", "mission", 0), 330.0, 520.0, 0)   # paused on its way
    assert zones_of(table, shoot([first]).image)[first.piece.marker] == "mission:1"
    first = replace(first, y_mm=330.0)                              # at rest, 190 mm on
    assert zones_of(table, shoot([first]).image)[first.piece.marker] == "mission:1"
    assert missions() == ["mission:1"]
    # The next mission card pauses away from slot 1 (a slot of its own a moment), then
    # comes to rest in slot 1: the spot where it paused is no slot any more.
    second = Placed(card("mafia", "mission", 1), 330.0, 520.0, 0)
    assert zones_of(table, shoot([second]).image)[second.piece.marker] == "mission:2"
    second = replace(second, x_mm=335.0, y_mm=325.0)
    assert zones_of(table, shoot([second]).image)[second.piece.marker] == "mission:1"
    assert missions() == ["mission:1"]


def test_a_mission_card_carried_off_to_a_pile_leaves_its_slot_where_it_lay():
    """A revealed mission carried to its side's pile, past the other mission: neither
    slot goes with it, and the next mission card laid where it lay takes its slot."""
    cal, _ = calibrate([shoot(seat_markers()).image], players=4)
    table = calibrated_map(cal)

    def zones_at(t: float, placed: list[Placed]) -> dict[int, str | None]:
        detection = replace(detect(shoot(placed).image), timestamp=t)
        return {p.marker: p.zone for p in table.locate(detection)}

    def slots() -> dict[str, tuple[int, int]]:
        return {name: (round(a.x_mm), round(a.y_mm)) for name, a in table.anchors.items()}

    done = Placed(card("mafia", "mission", 0), 330.0, 330.0, 0)
    other = Placed(card("mafia", "mission", 1), 580.0, 330.0, 0)
    zones_at(0.0, [done, other])
    zones_at(3.0, [done, other])                      # both lain still a while
    laid = slots()
    passing = replace(done, x_mm=470.0, y_mm=250.0)   # carried past slot 2
    assert zones_at(3.4, [passing, other])[other.piece.marker] == "mission:2"
    pile = replace(done, x_mm=720.0, y_mm=95.0)
    zones = zones_at(3.8, [pile, other])
    assert not (zones[done.piece.marker] or "").startswith("mission:")
    assert slots() == laid
    new = Placed(card("mafia", "mission", 5), 335.0, 325.0, 0)
    assert zones_at(5.0, [pile, other, new])[new.piece.marker] == "mission:1"
    assert sorted(slots()) == ["mission:1", "mission:2"]


def test_a_mission_card_off_the_table_opens_no_slot():
    """Held over the missions' pile beyond the far edge, a mission card is no slot: its
    zone would take in the seat beside it (a character lying there was taken for a
    recruit)."""
    cal, _ = calibrate([shoot(seat_markers()).image], players=4)
    table = calibrated_map(cal)
    beyond = Placed(card("mafia", "mission", 0), 330.0, cal.table_mm[1] + 40.0, 0)
    table.locate(detect(shoot([beyond]).image))
    assert not [z.name for z in table.zones if z.name.startswith("mission:")]
    laid = replace(beyond, y_mm=330.0)
    assert zones_of(table, shoot([laid]).image)[laid.piece.marker] == "mission:1"
