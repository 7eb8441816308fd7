"""The directors that act game scripts out on the rendered table: the same script gives
the same frames, and what no camera can see is refused in words."""

from __future__ import annotations

import math

import pytest

from companion.decks import all_decks
from companion.simulator.act import Handling, Look
from companion.simulator.direct import direct
from companion.simulator.pumafiosi import PITCH, STEP_X, TOP_Y
from companion.games.pumafiosi import STEPS
from vision.render import render

HEADER = {"format": "companion-session/1", "game": "pumafiosi",
          "players": [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35},
                      {"name": "Cy", "age": 52}], "options": {}}
ROUND = [{"type": "play", "player": "Ann", "card": 13},
         {"type": "play", "player": "Bob", "card": 27},
         {"type": "play", "player": "Cy", "card": 5},
         {"type": "place", "player": "Ann", "card": 13, "step": 6}]


def test_the_same_script_gives_the_same_scenes_and_hands_keep_their_pace():
    first, again = (direct(HEADER, ROUND, Look(), 10.0, seed=4) for _ in range(2))
    assert first.act.scenes == again.act.scenes
    faster = direct(HEADER, ROUND, Look(), 30.0, seed=4)
    assert abs(len(faster.act.scenes) / 30 - len(first.act.scenes) / 10) < 0.5  # seconds
    assert 0 < first.setup_frames < len(first.act.scenes)


def test_moves_no_camera_sees_are_refused_in_words():
    with pytest.raises(ValueError, match="move 2: a honor_violation move is nothing the "
                                         "camera sees"):
        direct(HEADER, ROUND[:1] + [{"type": "honor_violation", "player": "Bob"}], Look(), 10.0)


@pytest.mark.parametrize("game,counts", [("pumafiosi", range(2, 6)), ("pungi", range(2, 7)),
                                         ("mafia", range(3, 9))])
def test_every_number_of_players_has_its_seats(game, counts):
    for n in counts:
        header = {"format": "companion-session/1", "game": game,
                  "players": [{"name": f"P{i}", "age": 20 + i} for i in range(n)],
                  "options": {}}
        seats = [p for p in direct(header, [], Look(), 10.0).act.scenes[0].pieces
                 if p.piece.label.startswith("seat ")]
        assert len(seats) == n


# --- hands as unkind as real players' (Handling) -------------------------------------

CARD_13 = next(c.marker for c in all_decks()["pumafiosi"].of_kind("pumafioso")
               if c.get("value") == 13)
CARD_27 = next(c.marker for c in all_decks()["pumafiosi"].of_kind("pumafioso")
               if c.get("value") == 27)
CARRY = Handling(hand_mm_s=600.0)


def track(directed, marker):
    """Per frame: where the piece showing ``marker`` lies (None while it is not there)."""
    return [next(((p.x_mm, p.y_mm) for p in s.pieces if p.piece.marker == marker), None)
            for s in directed.act.scenes]


def runs(values):
    """(value, how many frames in a row) for each run of equal values."""
    out = []
    for v in values:
        if out and out[-1][0] == v:
            out[-1][1] += 1
        else:
            out.append([v, 1])
    return out


@pytest.mark.parametrize("fps", [10.0, 30.0])
def test_a_hesitating_hand_leaves_the_card_on_the_wrong_step_for_the_set_time(fps):
    hesitant = Handling(hand_mm_s=600.0, pause_chance=1.0, pause_s=1.2)
    directed = direct(HEADER, ROUND, Look(handling=hesitant), fps, seed=4)
    wrong = (STEP_X, TOP_Y - STEPS.index(5) * PITCH)   # step 6's free neighbour below
    rests = [n for at, n in runs(track(directed, CARD_13)) if at == wrong]
    assert len(rests) == 1 and abs(rests[0] / fps - 1.2) <= 1.01 / fps
    final = track(directed, CARD_13)[-1]
    assert abs(final[1] - (TOP_Y - STEPS.index(6) * PITCH)) < 4   # then on to its own step
    start = track(directed, CARD_13).index(wrong)
    hands = [s.hands for s in directed.act.scenes[start:start + rests[0]]]
    assert all(len(h) == 1 for h in hands)   # the hand stays by it meanwhile
    # at any frame rate the same pace: the act lasts as long in seconds
    other = direct(HEADER, ROUND, Look(handling=hesitant), 40.0 - fps, seed=4)
    assert abs(len(directed.act.scenes) / fps - len(other.act.scenes) / (40.0 - fps)) < 0.5


def test_a_carried_card_comes_from_the_seat_at_the_hands_pace_over_other_cards():
    directed = direct(HEADER, ROUND, Look(handling=CARRY), 10.0, seed=4)
    path = [at for at in track(directed, CARD_13) if at is not None]
    assert math.dist(path[0], (200.0, 35.0)) < 100      # Ann's seat marker
    steps = [math.dist(a, b) for a, b in zip(path, path[1:])]
    assert max(steps) <= 600.0 / 10 + 1 and sum(s > 0 for s in steps) >= 8
    moving = [p for s in directed.act.scenes for p in s.pieces
              if p.piece.marker == CARD_13 and p.velocity_mm_s != (0.0, 0.0)]
    assert moving and max(math.hypot(*p.velocity_mm_s) for p in moving) < 600.0 * 1.01
    # the place: the arm reaching from Ann's play spot to step 6 hides other cards
    hidden = set()
    for scene in directed.act.scenes:
        carried = next((p for p in scene.pieces if p.piece.marker == CARD_13), None)
        if scene.hands and carried and carried.velocity_mm_s != (0.0, 0.0) \
                and carried.x_mm > 400:
            hidden |= {m.marker for m in render(scene, (640, 360)).markers
                       if m.marker != CARD_13 and m.visible_fraction < 1}
    assert hidden


def test_discards_are_carried_off_across_the_table():
    directed = direct(HEADER, ROUND, Look(handling=CARRY), 10.0, seed=4)
    path = track(directed, CARD_27)
    last = max(i for i, at in enumerate(path) if at is not None)
    trip = [at for at in path[:last + 1] if at is not None][-12:]
    assert trip[-1][0] < 0 < trip[0][0]     # from its play spot to beyond the left edge
    steps = [math.dist(a, b) for a, b in zip(trip, trip[1:])]
    assert max(steps) <= 600.0 / 10 + 10 and sum(s > 0 for s in steps) >= 4
    assert path[-1] is None
    quick = track(direct(HEADER, ROUND, Look(), 10.0, seed=4), CARD_27)
    assert all(at is None or at[0] > 0 for at in quick)   # the quick hands: it vanishes


def test_sloppy_hands_land_cards_further_off_their_spots():
    def spread(sloppiness):
        look = Look(handling=Handling(sloppiness=sloppiness))
        final = track(direct(HEADER, ROUND, look, 10.0, seed=9), CARD_13)[-1]
        return abs(final[0] - STEP_X)
    assert spread(4.0) == pytest.approx(4 * spread(1.0))
