"""The field runs' typist (companion.simulator.typist): what a player who knows what was
played types when the companion asks."""

from __future__ import annotations

from companion.session import Session, parse_header
from companion.simulator.typist import answer

PUMAFIOSI = {"format": "companion-session/1", "game": "pumafiosi",
             "players": [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35},
                         {"name": "Cy", "age": 52}], "options": {}}
MAFIA = {"format": "companion-session/1", "game": "mafia",
         "players": [{"name": "Ann", "character": "Peppe"}, {"name": "Bob", "character": "Tony"},
                     {"name": "Cy", "character": "Lorenzo"}], "options": {}}
SCRIPT = [{"type": "play", "player": "Ann", "card": 13},
          {"type": "play", "player": "Bob", "card": 27},
          {"type": "play", "player": "Cy", "card": 40},
          {"type": "place", "player": "Bob", "card": 27, "step": 8}]


def session_of(header: dict, moves: list[dict]) -> Session:
    session = Session(parse_header(header))
    for move in moves:
        session.apply(move)
    return session


def typed(header: dict, journal: list[dict], script: list[dict]) -> tuple:
    session = session_of(header, journal)
    return answer(list(session.moves), script, session.game, session)


def test_an_unseen_play_is_named_with_the_card_the_script_has():
    journal = SCRIPT[:1] + [{"type": "unseen_play", "player": "Bob"}] + SCRIPT[2:]
    assert typed(PUMAFIOSI, journal, SCRIPT) == (
        {"type": "undo"}, {"type": "undo"}, {"type": "undo"}, SCRIPT[1], SCRIPT[2], SCRIPT[3])


def test_the_move_the_rules_wait_for_is_the_scripts_next():
    assert typed(PUMAFIOSI, SCRIPT[:3], SCRIPT) == (SCRIPT[3],)
    assert typed(PUMAFIOSI, SCRIPT, SCRIPT) == ()


def test_a_journal_gone_wrong_gets_no_answer():
    wrong = SCRIPT[:3] + [{**SCRIPT[3], "step": 7}]
    assert typed(PUMAFIOSI, wrong, SCRIPT + [{"type": "play", "player": "Bob", "card": 5}]) == ()


def test_a_move_read_in_another_order_is_no_mistake_and_one_past_taking_is_skipped():
    """Cy's card on slot 2 was not read; Ann's Omertà was, and then slot 2 was aborted:
    Cy's card can no longer be typed, Ann's second card on slot 1 can."""
    opened = [{"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]},
              {"type": "mission", "slot": 2, "mission": 5, "assigned": ["Cy"]}]
    script = opened + [{"type": "contribute", "player": "Cy", "slot": 2},
                       {"type": "omerta", "player": "Ann"},
                       {"type": "abort", "slot": 2, "player": "Cy"},
                       {"type": "contribute", "player": "Ann", "slot": 1}]
    journal = opened + [script[3], script[4]]
    assert typed(MAFIA, journal, script) == (script[5],)
    assert typed(MAFIA, opened + [script[3]], script) == (script[2],)


def test_a_card_nobody_saw_whose_is_named_with_the_scripts_contributor():
    """Bob's card on slot 1 was booked as nobody's seen: the typist names it (the journal
    rewritten, the Omertà after it again), not a second card of Bob's."""
    opened = [{"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]}]
    script = opened + [{"type": "contribute", "player": "Bob", "slot": 1},
                       {"type": "omerta", "player": "Ann"}]
    journal = opened + [{"type": "unseen_contribute", "slot": 1}, script[2]]
    assert typed(MAFIA, journal, script) == (
        {"type": "undo"}, {"type": "undo"}, script[1], script[2])


def test_a_place_nobody_saw_is_named_with_the_scripts_step():
    script = SCRIPT + [{"type": "play", "player": "Bob", "card": 5}]
    journal = SCRIPT[:3] + [{"type": "unseen_place", "player": "Bob"}, script[4]]
    assert typed(PUMAFIOSI, journal, script) == (
        {"type": "undo"}, {"type": "undo"}, script[3], script[4])
