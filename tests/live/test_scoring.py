"""A journal scored against its script: an unseen play standing for a script play by the
same player (a Mafia card nobody saw whose, for a contribution to the same slot) is
"unread", neither missed nor phantom."""

import json

from companion.simulator.make_fixtures import moves_right, moves_unread, scored

HEADER = {"format": "companion-session/1", "game": "pumafiosi",
          "players": [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35},
                      {"name": "Cy", "age": 52}], "options": {}}
SCRIPT = [{"type": "play", "player": "Ann", "card": 18},
          {"type": "play", "player": "Bob", "card": 42},
          {"type": "play", "player": "Cy", "card": 55},
          {"type": "place", "player": "Bob", "card": 42, "step": 8},
          {"type": "play", "player": "Bob", "card": 3}]


def journal(moves):
    return "".join(json.dumps(line) + "\n" for line in [HEADER] + moves)


def test_an_unseen_play_for_a_script_play_is_unread_not_phantom():
    got = SCRIPT[:2] + [{"type": "unseen_play", "player": "Cy"}] + SCRIPT[3:]
    assert (moves_right(SCRIPT, got), moves_unread(SCRIPT, got)) == (4, 1)
    score = scored(HEADER, SCRIPT, journal(got))
    assert {k: score[k] for k in ("right", "missed", "unread", "phantom")} == \
        {"right": 4, "missed": 0, "unread": 1, "phantom": 0}
    assert score["summary_equal"]


def test_an_unseen_play_stands_only_for_the_same_players_play():
    got = SCRIPT[:1] + [{"type": "unseen_play", "player": "Bob"}]    # the game stopped there
    score = scored(HEADER, SCRIPT, journal(got))
    assert {k: score[k] for k in ("right", "missed", "unread", "phantom")} == \
        {"right": 1, "missed": 3, "unread": 1, "phantom": 0}
    cy_instead = SCRIPT[:1] + [{"type": "unseen_play", "player": "Cy"}]
    assert moves_unread(SCRIPT[:2], cy_instead) == 0   # Bob played there: a phantom


def test_a_missions_recruits_match_in_any_order_but_not_other_recruits():
    script = [{"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]}]
    assert moves_right(script, [{"type": "mission", "slot": 1, "mission": 3,
                                 "assigned": ["Bob", "Ann"], "t": 2.3}]) == 1
    assert moves_right(script, [{"type": "mission", "slot": 1, "mission": 3,
                                 "assigned": ["Bob", "Cy"]}]) == 0


def test_a_reveals_faces_match_in_any_order_but_not_other_faces():
    blue2, yellow1 = {"value": 2, "color": "blue"}, {"value": 1, "color": "yellow"}
    script = [{"type": "reveal", "slot": 1, "cards": [blue2, yellow1]}]
    assert moves_right(script, [{"type": "reveal", "slot": 1, "cards": [yellow1, blue2],
                                 "t": 9.0}]) == 1
    assert moves_right(script, [{"type": "reveal", "slot": 1,
                                 "cards": [blue2, {"value": 1, "color": "blue"}]}]) == 0


def test_a_mafia_card_nobody_saw_whose_stands_for_a_contribution_to_its_slot():
    script = [{"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]},
              {"type": "contribute", "player": "Bob", "slot": 1}]
    assert moves_unread(script, script[:1] + [{"type": "unseen_contribute", "slot": 1}]) == 1
    assert moves_unread(script, script[:1] + [{"type": "unseen_contribute", "slot": 2}]) == 0


def test_a_place_nobody_saw_stands_for_the_same_players_place():
    got = SCRIPT[:3] + [{"type": "unseen_place", "player": "Bob"}] + SCRIPT[4:]
    score = scored(HEADER, SCRIPT, journal(got))
    assert {k: score[k] for k in ("right", "missed", "unread", "phantom")} == \
        {"right": 4, "missed": 0, "unread": 1, "phantom": 0}
