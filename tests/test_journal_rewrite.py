"""The journal rewritten from an earlier move: undo back to it, the move, the later moves
again unchanged (the reconciler's correction and an unseen play named share it)."""

import pytest

from companion.games.base import RuleError
from companion.journal_rewrite import named, named_abort, named_contribution, named_place, \
    named_unseen, rewrite
from companion.session import Session, parse_header

HEADER = {"format": "companion-session/1", "game": "pumafiosi",
          "players": [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35},
                      {"name": "Cy", "age": 52}], "options": {}}
ROUND = [{"type": "play", "player": "Ann", "card": 18, "t": 1.0},
         {"type": "play", "player": "Bob", "card": 42, "t": 2.0},
         {"type": "unseen_play", "player": "Cy", "t": 3.0},
         {"type": "place", "player": "Bob", "card": 42, "step": 8, "t": 4.0},
         {"type": "play", "player": "Bob", "card": 54, "t": 5.0}]


def session(moves=ROUND):
    s = Session(parse_header(HEADER))
    for move in moves:
        s.apply(move)
    return s


def test_naming_an_unseen_play_undoes_back_to_it_and_plays_the_rest_again():
    s = session()
    moves = named_unseen(s, "Cy", 55)
    assert moves == ({"type": "undo"},) * 3 + (
        {"type": "play", "player": "Cy", "card": 55},
        {"type": "place", "player": "Bob", "card": 42, "step": 8},
        {"type": "play", "player": "Bob", "card": 54})
    for move in moves:
        s.apply(move)
    assert s.moves[2] == {"type": "play", "player": "Cy", "card": 55}
    assert s.game.cards_out == {18, 42, 55, 54}


def test_a_card_the_later_moves_forbid_is_refused_in_words():
    with pytest.raises(RuleError) as err:
        named_unseen(session(), "Cy", 54)       # Bob plays 54 later
    assert err.value.code == "card_out"
    with pytest.raises(RuleError) as err:
        named_unseen(session(), "Ann", 3)
    assert err.value.code == "no_unseen"
    assert str(err.value) == ("Ann had 3, but every card Ann played was read (there is no "
                              "unseen play of Ann's to name)")


def test_a_rewrite_reports_what_each_move_did_and_leaves_the_session_alone():
    s = session(ROUND[:4])
    done = rewrite(s, 1, {"type": "place", "player": "Bob", "card": 42, "step": 10})
    assert done.moves == ({"type": "undo"},
                          {"type": "place", "player": "Bob", "card": 42, "step": 10})
    assert done.game.hierarchy[0] == (10, ((42, ("Bob",)),))
    assert len(s.moves) == 4 and s.game.hierarchy[1] == (8, ((42, ("Bob",)),))


MAFIA = {"format": "companion-session/1", "game": "mafia",
         "players": [{"name": n, **({"character": "Salvatore"} if n == "Dee" else {})}
                     for n in ("Ann", "Bob", "Cy", "Dee")], "options": {}}


def test_naming_a_mafia_card_nobody_saw_whose_rewrites_the_first_on_its_slot():
    opened = {"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]}
    unseen = {"type": "unseen_contribute", "slot": 1}
    s = Session(parse_header(MAFIA))
    for move in (opened, unseen, {"type": "omerta", "player": "Cy"}, unseen):
        s.apply(move)
    assert named_contribution(s, "Bob", 1) == ({"type": "undo"},) * 3 + (
        {"type": "contribute", "player": "Bob", "slot": 1},
        {"type": "omerta", "player": "Cy"}, unseen)
    # Salvatore's card, off his mission, is named with his skill; nobody else's is.
    assert named_contribution(s, "Dee", 1, "salvatore")[3] == {
        "type": "contribute", "player": "Dee", "slot": 1, "skill": "salvatore"}
    with pytest.raises(RuleError, match="Cy is not assigned to Casino takeover"):
        named_contribution(s, "Cy", 1)
    with pytest.raises(RuleError, match="every card on the mission in slot 2 was seen"):
        named_contribution(s, "Ann", 2)
    assert len(s.moves) == 4   # (the session is left alone)


def test_naming_a_mafia_reveal_nobody_read_books_its_faces_where_it_was():
    """The mission revealed unread, the next one opened in its slot: naming the faces
    puts the reveal in place of the ``unseen_reveal`` (the first in that slot), the side's
    count follows, and the later moves come again."""
    opened = {"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]}
    faces = [{"value": v, "color": "blue"} for v in (2, 1, 1, 3)]
    s = Session(parse_header(MAFIA))
    for move in (opened, *({"type": "contribute", "player": "Ann", "slot": 1},) * 3,
                 {"type": "unseen_reveal", "slot": 1},
                 {"type": "mission", "slot": 1, "mission": 5, "assigned": ["Cy", "Dee"]}):
        s.apply(move)
    assert s.game.scores == {"mobsters": 0, "cops": 0}
    moves = named(s, {"type": "reveal", "slot": 1, "cards": faces})
    assert moves[:3] == ({"type": "undo"},) * 2 + ({"type": "reveal", "slot": 1,
                                                      "cards": faces},)
    assert moves[3]["mission"] == 5
    for move in moves:
        s.apply(move)
    assert s.game.scores == {"mobsters": 1, "cops": 0} and "open" not in s.game.summary()
    with pytest.raises(RuleError, match="there is no reveal nobody read"):
        named(s, {"type": "reveal", "slot": 1, "cards": faces})


def test_naming_a_mafia_abort_nobody_saw_whose_books_the_abort_where_it_was():
    """The mission aborted with no Abort card read, the table going on (the next mission
    in its slot, a card on it): naming the player puts their abort in place of the
    ``unseen_abort``, the later moves again, and the game is the one of the abort read;
    a player who was not on the mission, or a slot with no abort unseen, is refused."""
    opened = {"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]}
    later = ({"type": "mission", "slot": 1, "mission": 5, "assigned": ["Cy", "Dee"]},
             {"type": "contribute", "player": "Dee", "slot": 1})
    s = Session(parse_header(MAFIA))
    for move in (opened, {"type": "contribute", "player": "Ann", "slot": 1},
                 {"type": "unseen_abort", "slot": 1}, *later):
        s.apply(move)
    with pytest.raises(RuleError, match="Cy is not assigned to Casino takeover"):
        named_abort(s, "Cy", 1)
    with pytest.raises(RuleError, match="no abort nobody saw whose"):
        named_abort(s, "Ann", 2)
    moves = named_abort(s, "Bob", 1)
    assert moves == ({"type": "undo"},) * 3 + (
        {"type": "abort", "slot": 1, "player": "Bob"}, *later)
    assert moves == named(s, {"type": "abort", "slot": 1, "player": "Bob"})
    for move in moves:
        s.apply(move)
    read = Session(parse_header(MAFIA))
    for move in (opened, {"type": "contribute", "player": "Ann", "slot": 1},
                 {"type": "abort", "slot": 1, "player": "Bob"}, *later):
        read.apply(move)
    assert s.moves == read.moves and s.game.unseen_aborts == ()
    assert vars(s.game) == vars(read.game)


def test_naming_a_place_nobody_saw_puts_the_card_at_its_step_and_replays_the_drops():
    """Bob's 42 was placed where nobody saw; the next round's 50 went to step 8. Named
    at step 8, 42 stands there first and 50's place bumps it down a step; named at step
    10 it stays; a later move the name would forbid is refused in words."""
    def played(cy_card):
        s = session([])
        for move in ({"type": "play", "player": "Ann", "card": 18},
                     {"type": "play", "player": "Bob", "card": 42},
                     {"type": "play", "player": "Cy", "card": 55},
                     {"type": "unseen_place", "player": "Bob"},
                     {"type": "play", "player": "Bob", "card": 54},
                     {"type": "play", "player": "Cy", "card": cy_card},
                     {"type": "play", "player": "Ann", "card": 1},
                     {"type": "place", "player": "Cy", "card": cy_card, "step": 8}):
            s.apply(move)
        return s
    s = played(50)
    moves = named_place(s, "Bob", 42, 8)
    assert moves[:5] == ({"type": "undo"},) * 5
    assert moves[5] == {"type": "place", "player": "Bob", "card": 42, "step": 8}
    for move in moves:
        s.apply(move)
    assert s.game.card_at(8)[0] == 50 and s.game.card_at(7)[0] == 42
    assert s.game.hidden == ()
    s = played(20)
    with pytest.raises(RuleError, match="step 8 holds 42, a higher card"):
        named_place(s, "Bob", 42, 8)
    with pytest.raises(RuleError, match="there is no place of Ann's nobody saw"):
        named_place(s, "Ann", 18, 8)
