"""The tracker on synthetic placement streams: what counts as there, and when."""

from __future__ import annotations

import pytest

from calibration.types import Placement
from companion.said import say
from companion.tracker import (Appeared, Flipped, Left, Moved, Tracker, TrackerError,
                               TrackerSettings)
from vision.types import CardRef

DT = 1 / 30
CARD = CardRef("pumafiosi/pumafioso/37", "face", "37")
OTHER = CardRef("pumafiosi/pumafioso/12", "face", "12")
MOUSE_BACK = CardRef("pungi/back/mouse", "back", "mouse back")
MOUSE_7 = CardRef("pungi/animal/mouse_7", "face", "mouse 7")


def seen(card: CardRef, marker: int, zone: str | None, x: float, y: float = 0.0) -> Placement:
    return Placement(card, marker, zone, (x, y), 0.0)


class Film:
    """Frames at 30 fps into a tracker; every change kept with its frame number."""

    def __init__(self, settings: TrackerSettings = TrackerSettings()):
        self.tracker = Tracker(settings)
        self.frame = 0
        self.changes: list[tuple[int, object]] = []

    def show(self, *placements: Placement, frames: int = 1) -> None:
        for _ in range(frames):
            for change in self.tracker.update(placements, self.frame * DT):
                self.changes.append((self.frame, change))
            self.frame += 1

    def kinds(self) -> list[str]:
        return [type(c).__name__ for _, c in self.changes]


def test_a_card_counts_as_there_after_the_settle_time_and_is_reported_once():
    film = Film()
    film.show(seen(CARD, 56, "play:1", 100), frames=30)
    assert film.kinds() == ["Appeared"]
    frame, change = film.changes[0]
    assert frame == 3  # 100 ms at 30 fps: the fourth frame it is seen in
    assert isinstance(change, Appeared) and change.zone == "play:1" and change.card == CARD
    assert [c.card for c in film.tracker.table] == [CARD]


def test_a_card_seen_for_a_moment_never_counts():
    film = Film()
    film.show(seen(CARD, 56, "play:1", 100), frames=2)
    film.show(frames=40)
    assert film.changes == [] and film.tracker.table == ()


def test_flicker_glare_and_a_hand_over_the_card_change_nothing():
    film = Film()
    card = seen(CARD, 56, "play:1", 100)
    film.show(card, frames=10)
    for _ in range(5):  # every other frame missed
        film.show(card)
        film.show()
    film.show(seen(CARD, 56, None, 100))  # glare: misread out of its zone for one frame
    film.show(card, frames=5)
    film.show(frames=18)  # a hand over it for 600 ms
    film.show(card, frames=10)
    assert film.kinds() == ["Appeared"]


def test_a_card_under_a_hand_or_picked_up_is_hidden_from_where_it_lay():
    """Of the stable picture, a card unseen a moment (a hand over it) or seen away from
    where it lay (lifted, on the move) is hidden: where it lay is no news of where it
    lies; seen there again, it is not."""
    film = Film()
    card = seen(CARD, 56, "step:8", 100)
    film.show(card, frames=10)
    assert film.tracker.hidden == ()
    film.show(frames=7)                               # a hand over it, 230 ms
    assert [c.card for c in film.tracker.hidden] == [CARD]
    film.show(card)
    assert film.tracker.hidden == ()
    film.show(seen(CARD, 56, "step:8", 130))          # lifted: seen 30 mm away
    assert [c.card for c in film.tracker.hidden] == [CARD]
    assert film.kinds() == ["Appeared"]


def test_a_card_gone_longer_than_the_vanish_time_left():
    film = Film()
    film.show(seen(CARD, 56, "step:8", 100), frames=10)
    film.show(frames=25)
    assert film.kinds() == ["Appeared", "Left"]
    frame, change = film.changes[1]
    assert isinstance(change, Left) and change.zone == "step:8"
    assert frame - 9 >= 0.7 * 30  # not before 700 ms unseen


def test_a_sliding_card_is_reported_once_where_it_settles():
    film = Film()
    for i in range(12):  # slid through seat and play zones towards the step
        zone = "seat:2" if i < 4 else "play:2" if i < 8 else "step:5"
        film.show(seen(CARD, 56, zone, 20.0 * i))
    film.show(seen(CARD, 56, "step:5", 240), frames=10)
    assert film.kinds() == ["Appeared"]
    change = film.changes[0][1]
    assert change.zone == "step:5" and change.position == (240, 0.0)
    assert change.entry == (0.0, 0.0) and change.entry_zone == "seat:2"


def test_a_card_moved_to_another_zone_is_one_move():
    film = Film()
    film.show(seen(CARD, 56, "play:2", 0), frames=10)
    film.show(frames=5)  # picked up
    film.show(seen(CARD, 56, "step:7", 300), frames=10)
    assert film.kinds() == ["Appeared", "Moved"]
    change = film.changes[1][1]
    assert isinstance(change, Moved) and (change.from_zone, change.to_zone) == ("play:2", "step:7")


def test_a_card_that_lay_a_while_comes_from_where_it_lay():
    """A card that lay in Bob's seat 2 s, then went to a mission, came from his seat."""
    film = Film()
    film.show(seen(CARD, 56, "play:3", 0), frames=3)   # glimpsed on its way
    film.show(seen(CARD, 56, "seat:2", 50), frames=60)
    film.show(seen(CARD, 56, "mission:1", 300), frames=10)
    moved = film.changes[1][1]
    assert isinstance(moved, Moved) and moved.to_zone == "mission:1"
    assert (moved.entry, moved.entry_zone) == ((50, 0.0), "seat:2")
    assert film.tracker.table[0].entry_zone == "seat:2"


def test_a_hand_that_rests_a_card_on_its_way_brings_it_from_further_back():
    """A card rested a second in a play zone on its way to a mission came from the seat
    it was first seen at, not from the play zone it paused in."""
    film = Film()
    film.show(seen(CARD, 56, "seat:2", 0), frames=3)
    film.show(seen(CARD, 56, "play:3", 150), frames=30)   # 1 s at rest
    film.show(seen(CARD, 56, "mission:1", 300), frames=10)
    moved = film.changes[1][1]
    assert isinstance(moved, Moved) and moved.from_zone == "play:3"
    assert (moved.entry, moved.entry_zone) == ((0, 0.0), "seat:2")


def test_a_face_card_carried_unread_comes_from_where_it_lay():
    """A face card is one card: seen again soon after it left, it was carried from where it
    lay (Mafia at the hard 720p table, seed 114: Bob's character card, carried 1.3 s in the
    air from his seat to the mission after his Backup card, appeared there "from the
    mission", taken for a card nudged where it lay, and the Backup was never booked). Seen
    again later than ``carried_s``, it came from where it is first seen."""
    film = Film()
    film.show(seen(CARD, 56, "seat:2", 50), frames=60)
    film.show(frames=40)                                   # 1.3 s in the air
    film.show(seen(CARD, 56, "mission:1", 300), frames=10)
    film.show(frames=150)                                  # gone 5 s
    film.show(seen(CARD, 56, "mission:2", 600), frames=10)
    kinds = [(type(c).__name__, getattr(c, "entry_zone", None)) for _, c in film.changes]
    assert kinds == [("Appeared", "seat:2"), ("Left", None), ("Appeared", "seat:2"),
                     ("Left", None), ("Appeared", "mission:2")]


def test_a_face_card_unread_a_while_where_it_lies_keeps_its_stay():
    """Seen again where it lay, a face card never moved: unread longer than ``vanish_s``
    (Pumafiosi at the hard 720p table, seed 117: Bob's 29 in his play zone, unread 0.8 s
    during the last round's cascade, came back as a card laid after Cy's place, and the
    round that explained the whole table took the cards out of the order they came; the
    game's last place was neither booked nor asked). Its stay goes on: it lies there since
    it first came to rest there, from the same place."""
    film = Film()
    film.show(seen(CARD, 56, "seat:2", 0), frames=60)
    film.show(frames=30)                                   # carried in the air
    film.show(seen(CARD, 56, "play:2", 300), frames=60)
    came = film.changes[-1][1]
    film.show(frames=30)                                   # unread 1 s
    film.show(seen(CARD, 56, "play:2", 305), frames=10)
    assert film.kinds() == ["Appeared", "Left", "Appeared", "Left", "Appeared"]
    again = film.changes[-1][1]
    assert again.since == film.tracker.table[0].since <= came.time < again.time
    assert (again.entry, again.entry_zone) == (came.entry, came.entry_zone) == ((0, 0), "seat:2")


def test_a_card_first_seen_on_a_twin_came_no_known_way():
    """A second action back first seen within 2 cm of one at rest may be that one, lifted
    and put down: which way it came the tracker cannot say."""
    film = Film()
    film.show(seen(MOUSE_BACK, 208, "mission:1", 0), frames=10)
    film.show(seen(MOUSE_BACK, 208, "mission:1", 0), seen(MOUSE_BACK, 208, "mission:1", 12),
              frames=3)
    film.show(seen(MOUSE_BACK, 208, "mission:1", 0), seen(MOUSE_BACK, 208, "mission:1", 60),
              frames=10)
    second = film.changes[1][1]
    assert isinstance(second, Appeared) and (second.entry, second.entry_zone) == (None, None)


def test_cards_landing_in_the_same_frame_are_all_reported():
    film = Film()
    film.show(seen(CARD, 56, "play:1", 0), seen(OTHER, 31, "play:2", 300),
              seen(MOUSE_BACK, 208, "play:3", 600), frames=6)
    assert film.kinds() == ["Appeared"] * 3
    assert {c.zone for _, c in film.changes} == {"play:1", "play:2", "play:3"}
    assert len({frame for frame, _ in film.changes}) == 1


def test_shared_back_markers_are_told_apart_by_position():
    film = Film()
    a = seen(MOUSE_BACK, 208, "play:1", 0)
    b = seen(MOUSE_BACK, 208, "play:2", 400)
    film.show(a, frames=6)
    film.show(a, b, frames=6)
    film.show(b, a, frames=3)  # listed in any order
    film.show(b, frames=30)    # the first one taken away
    kinds = film.kinds()
    assert kinds == ["Appeared", "Appeared", "Left"]
    first, second, gone = (c for _, c in film.changes)
    assert first.track != second.track and gone.track == first.track and gone.zone == "play:1"


def test_a_card_turned_over_where_it_lies_is_flipped():
    film = Film()
    film.show(seen(MOUSE_BACK, 208, "play:1", 100, 50), frames=10)
    film.show(frames=3)  # the hand turns it
    face = seen(MOUSE_7, 160, "play:1", 103, 48)
    film.show(face, frames=7)
    assert film.kinds() == ["Appeared", "Flipped"]
    change = film.changes[1][1]
    assert isinstance(change, Flipped)
    assert (change.card, change.side, change.was, change.zone) == \
        (MOUSE_7, "face", MOUSE_BACK, "play:1")
    assert change.was_track == film.changes[0][1].track
    assert film.tracker.table[0].entry == (103, 48)   # turned where it lies: from there
    film.show(face, frames=40)  # the back never shows again: no Left for it
    assert film.kinds() == ["Appeared", "Flipped"]


def test_only_the_timestamps_given_count():
    def run(settings: TrackerSettings, step: float) -> list:
        tracker = Tracker(settings)
        out = []
        for i in range(60):
            placements = [seen(CARD, 56, "play:1", 0)] if i % 7 else []
            out += [(i, type(c).__name__) for c in tracker.update(placements, i * step)]
        return out

    assert run(TrackerSettings(), DT) == run(TrackerSettings(), DT)
    # at 10 fps the settle time, not the frame count, decides
    slow = run(TrackerSettings(settle_frames=1), 0.1)
    assert slow[0] == (2, "Appeared")


def test_a_card_on_the_edge_of_two_zones_settles_in_the_one_seen_most():
    film = Film()
    for i in range(30):  # read in step 7 two frames out of three, step 6 otherwise
        film.show(seen(CARD, 56, "step:6" if i % 3 == 2 else "step:7", 100))
    assert film.kinds() == ["Appeared"]
    assert film.changes[0][1].zone == "step:7"
    for i in range(30):  # nudged over the edge a few millimetres: now mostly step 6
        film.show(seen(CARD, 56, "step:7" if i % 3 == 2 else "step:6", 105))
    assert film.kinds() == ["Appeared", "Moved"]
    assert (film.changes[1][1].from_zone, film.changes[1][1].to_zone) == ("step:7", "step:6")


def test_a_frame_from_the_past_is_refused_and_changes_nothing():
    film = Film()
    film.show(seen(CARD, 56, "play:1", 100), frames=6)
    with pytest.raises(TrackerError, match="timestamps must not go back") as refused:
        film.tracker.update([], 0.05)
    assert [c.card for c in film.tracker.table] == [CARD]
    assert say(refused.value.args[0], "vi") == ("một khung hình lúc 0.050 giây đến sau khung "
                                                "lúc 0.167 giây: thời điểm không được lùi lại")
