"""One Pumafiosi round end to end on rendered frames: the table renderer, the real marker
detector and table map, then the tracker and the adapter, with a hand reaching over the
table; the moves must be the round's, and nothing else."""

from __future__ import annotations

from companion.calibrated_table import table_map as calibrated_map
from companion.games.pumafiosi import STEPS
from companion.live.reader import TableReader
from companion.live_table import LiveTable, Table
from companion.reconcile import SETTLE_S
from companion.session import Session, parse_header
from tests.calibration.calibration_tables import calibrate, card, detect, seat_markers, shoot
from vision.types import Hand, Placed

COLUMN = [Placed(card("pumafiosi", "hierarchy", step=v), 700.0, 570.0 - i * 62.0)
          for i, v in enumerate(STEPS)]
HEADER = {"format": "companion-session/1", "game": "pumafiosi",
          "players": [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35},
                      {"name": "Cy", "age": 52}], "options": {}}


def pumafioso(value: int, x: float, y: float, angle: float = 0.0) -> Placed:
    return Placed(card("pumafiosi", "pumafioso", value=value), x, y, angle)


def test_a_round_seen_through_the_camera_gives_its_moves():
    base = seat_markers(3) + COLUMN
    cal, _ = calibrate([shoot(base).image], players=3)
    table_map = calibrated_map(cal)
    session = Session(parse_header(HEADER))
    reader = TableReader(LiveTable(Table(session)))
    frames = []
    ann, bob, cy = pumafioso(13, 520, 150, 5), pumafioso(27, 200, 325, 80), \
        pumafioso(5, 450, 470, 170)
    frames += [[ann]] * 5
    frames += [[ann, bob]] * 2 + [[ann, bob, "hand"]] * 2 + [[ann, bob]] * 3
    frames += [[ann, bob, cy]] * 5
    placed = pumafioso(13, 610, 570 - 3 * 62.0, 2)  # Ann's 13 beside step 6
    frames += [[placed, bob, cy]] * 55
    emitted_at = []
    for i, pieces in enumerate(frames):
        hands = (Hand(200, 300, from_angle_deg=180),) if "hand" in pieces else ()
        cards = [p for p in pieces if p != "hand"]
        image = shoot(base + cards, seed=i, hands=hands).image
        placements = table_map.locate(detect(image))
        emitted_at += [i] * len(reader.judge(reader.track(placements, i / 30)).moves)
    # 100 ms of video after a card is first fully seen at rest (its 4th frame): frames
    # 0, 12 and 17 show Ann's, Cy's and the placed card first; Bob's, first seen in
    # frame 5 and then covered by the hand, counts as soon as it shows again. The place
    # is said once its card has lain SETTLE_S more (a hand may rest it on its way).
    assert emitted_at == [3, 9, 15, 20 + round(SETTLE_S * 30)]
    assert session.moves == [{"type": "play", "player": "Ann", "card": 13},
                             {"type": "play", "player": "Bob", "card": 27},
                             {"type": "play", "player": "Cy", "card": 5},
                             {"type": "place", "player": "Ann", "card": 13, "step": 6}]


def filmed(scenes, players: int = 3):
    """The real pipeline on rendered frames at 30 fps: each scene (its pieces, how many
    frames) a still table; the session and every frame's status."""
    from companion.live.pipeline import Pipeline
    from vision.types import Frame

    base = seat_markers(players) + COLUMN
    cal, _ = calibrate([shoot(base).image], players=players)
    session = Session(parse_header(HEADER))
    pipeline = Pipeline(LiveTable(Table(session)), calibrated_map(cal))
    statuses, index = [], 0
    for scene, (pieces, count) in enumerate(scenes):
        image = shoot(base + pieces, seed=scene).image   # a still table: one picture
        for _ in range(count):
            statuses.append(pipeline.process(Frame(image, index / 30, index)))
            index += 1
    return session, statuses


def test_a_card_resting_a_moment_on_a_wrong_step_is_placed_where_it_stays():
    """Ann's winning 13 rests 0.2 s beside step -3 on its way, then beside step 6, where it
    stays: one place, at 6, and nothing to correct."""
    ann, bob, cy = pumafioso(13, 520, 150, 5), pumafioso(27, 200, 325, 80), \
        pumafioso(5, 450, 470, 170)
    paused, placed = pumafioso(13, 610, 570 - 8 * 62.0, 2), pumafioso(13, 610, 570 - 3 * 62.0)
    session, statuses = filmed([([ann], 8), ([ann, bob], 8), ([ann, bob, cy], 8),
                                ([paused, bob, cy], 6), ([placed, bob, cy], 8),
                                ([placed], 75)])
    assert [{k: v for k, v in m.items() if k != "t"} for m in session.moves] == [
        {"type": "play", "player": "Ann", "card": 13},
        {"type": "play", "player": "Bob", "card": 27},
        {"type": "play", "player": "Cy", "card": 5},
        {"type": "place", "player": "Ann", "card": 13, "step": 6}]
    assert [w for s in statuses for w in s.warnings] == []
    journalled = [m["type"] for s in statuses for m in s.moves]
    assert journalled == ["play", "play", "play", "place"]


def test_a_card_the_camera_never_read_is_asked_for_once_through_the_pipeline():
    ann, cy = pumafioso(13, 520, 150, 5), pumafioso(5, 450, 470, 170)
    session, statuses = filmed([([ann], 8), ([ann, cy], 110)])  # Bob's card is not seen
    assert [{k: v for k, v in m.items() if k != "t"} for m in session.moves] == [
        {"type": "play", "player": "Ann", "card": 13}]
    assert [s.question for s in statuses if s.question] == [
        "Bob's card? type it (bob CARD), or put it down again"]
    assert [w for s in statuses for w in s.warnings] == []   # (out of turn: asked)
