"""The directors that act game scripts out on the rendered table: the same script gives
the same frames, and what no camera can see is refused in words."""

from __future__ import annotations

import pytest

from companion.simulator.act import Look
from companion.simulator.direct import direct

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
