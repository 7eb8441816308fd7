"""The word parsers: every move of every fixture survives being typed, and bad entries
are refused with the right message."""

import pytest

from companion.board import view
from companion.live_table import Table
from companion.manual import mafia, pumafiosi, pungi, words_at_table
from companion.manual.table_words import Answer, Refused
from companion.manual.words import ParseError
from companion.said import said, say
from companion.session import Session, parse_header
from tests.dashboard.fixtures import session_lines, typed, valid_sessions, without_time

NAMES = ("Ann", "Bob", "Cy")


@pytest.mark.parametrize("name", valid_sessions())
def test_every_fixture_move_typed_in_words_parses_back(name):
    """Read as the game screen reads it: by the game's words at the table (its context:
    who places, the deck's animals)."""
    header, moves = session_lines(name)
    table = Table(Session(parse_header(header)))
    words = words_at_table(table)
    for move in moves:
        assert words.parse(typed(header["game"], move)) == without_time(move)
        table.apply(move)


@pytest.mark.parametrize("text, move", [
    ("ann 37", {"type": "play", "player": "Ann", "card": 37}),
    ("ANN 37 gun", {"type": "play", "player": "Ann", "card": 37, "machine_gun": True}),
    ("b 12", {"type": "play", "player": "Bob", "card": 12}),   # a unique start of a name
    ("tony 12", {"type": "tony", "card": 12}),
    ("honor bob", {"type": "honor_violation", "player": "Bob"}),
    ("place 37 at 8", {"type": "place", "player": "Cy", "card": 37, "step": 8}),
    ("place 37 8 notebook", {"type": "place", "player": "Cy", "card": 37, "step": 8,
                             "item": "notebook"}),
    ("place 37 at 5 ring", {"type": "place", "player": "Cy", "card": 37, "step": 5,
                            "ring": True}),
    ("place 37 at -3", {"type": "place", "player": "Cy", "card": 37, "step": -3}),
    (" undo ", {"type": "undo"}),
])
def test_pumafiosi_words(text, move):
    assert pumafiosi.parse(text, NAMES, "Cy") == move


@pytest.mark.parametrize("text, key", [
    ("", "parse.empty"),
    ("zed 37", "parse.player"),
    ("37", "parse.unknown"),
    ("plase 37 at 8", "parse.typo"),
    ("ann", "parse.missing"),
    ("ann thirty", "parse.number"),
    ("ann 37 37", "parse.extra"),
    ("place 37 at 8 hat", "parse.choice"),
    ("honor zed", "parse.player"),
    ("undo now", "parse.extra"),
])
def test_pumafiosi_bad_words(text, key):
    with pytest.raises(ParseError) as error:
        pumafiosi.parse(text, NAMES, "Cy")
    assert error.value.key == key


def test_place_when_nobody_has_won_a_round():
    with pytest.raises(ParseError) as error:
        pumafiosi.parse("place 37 at 8", NAMES, None)
    assert error.value.key == "parse.no_placer"


def test_an_ambiguous_start_of_a_name_is_refused():
    with pytest.raises(ParseError) as error:
        pumafiosi.parse("a 37", ("Ann", "Al"), None)
    assert error.value.key == "parse.player"


ANIMALS = ("mouse", "duck", "lizard", "dragonfly", "grasshopper", "frog")


@pytest.mark.parametrize("text, move", [
    ("layout -3 2 charmer 4", {"type": "layout", "cards": [-3, 2, "charmer", 4]}),
    ("ann mouse 7", {"type": "play", "player": "Ann", "animal": "mouse", "value": 7}),
    ("first bob", {"type": "first", "player": "Bob"}),
])
def test_pungi_words(text, move):
    assert pungi.parse(text, NAMES, ANIMALS) == move


@pytest.mark.parametrize("text, key", [
    ("layout", "parse.missing"), ("ann cat 7", "parse.choice"), ("layout 2 x", "parse.number"),
])
def test_pungi_bad_words(text, key):
    with pytest.raises(ParseError) as error:
        pungi.parse(text, NAMES, ANIMALS)
    assert error.value.key == key


@pytest.mark.parametrize("text, move", [
    ("mission 1 3 ann bob", {"type": "mission", "slot": 1, "mission": 3,
                             "assigned": ["Ann", "Bob"]}),
    ("contribute ann 1", {"type": "contribute", "player": "Ann", "slot": 1}),
    ("contribute cy 2 salvatore", {"type": "contribute", "player": "Cy", "slot": 2,
                                   "skill": "salvatore"}),
    ("reveal 1 2b 4b 2y", {"type": "reveal", "slot": 1, "cards": [
        {"value": 2, "color": "blue"}, {"value": 4, "color": "blue"},
        {"value": 2, "color": "yellow"}]}),
    ("abort 1 ann", {"type": "abort", "slot": 1, "player": "Ann"}),
    ("adjust 2 bob -2", {"type": "adjust", "slot": 2, "player": "Bob", "delta": -2}),
    ("cop cy", {"type": "reveal_cop", "player": "Cy"}),
    ("omerta ann", {"type": "omerta", "player": "Ann"}),
    ("spoke", {"type": "spoke"}),
    ("turn bob", {"type": "turn", "player": "Bob"}),
])
def test_mafia_words(text, move):
    assert mafia.parse(text, NAMES) == move


@pytest.mark.parametrize("text, key", [
    ("reveal 1 2g", "parse.card"), ("omerta", "parse.missing"), ("vote ann", "parse.unknown"),
])
def test_mafia_bad_words(text, key):
    with pytest.raises(ParseError) as error:
        mafia.parse(text, NAMES)
    assert error.value.key == key


def test_pungi_unknown_player():
    with pytest.raises(ParseError) as error:
        pungi.parse("zed mouse 3", NAMES, ANIMALS)
    assert error.value.key == "parse.player"


@pytest.mark.parametrize("parse, text", [
    (lambda text: pungi.parse(text, NAMES, ANIMALS), "layuot 1 2 3"),
    (lambda text: mafia.parse(text, NAMES), "omrta ann"),
])
def test_misspelt_keywords_are_named(parse, text):
    with pytest.raises(ParseError) as error:
        parse(text)
    assert error.value.key == "parse.typo"


def test_pumafiosi_had_names_an_unseen_play():
    from companion.manual import pumafiosi
    assert pumafiosi.parse("cy had 55", ("Ann", "Bob", "Cy"), None) == \
        {"type": "had", "player": "Cy", "card": 55}
    assert pumafiosi.HAD in pumafiosi.FORMS   # so the help lists it


def test_pungi_had_or_a_play_out_of_turn_names_an_unseen_play():
    """"bob had mouse 4" names Bob's play the camera did not read; "bob mouse 4" does too
    while it is not Bob's turn (the rules could not take it as a play), and is a play
    when it is."""
    table = Table(Session(parse_header({
        "format": "companion-session/1", "game": "pungi", "options": {},
        "players": [{"name": n} for n in NAMES]})))
    words = words_at_table(table)
    assert words.parse("bob had mouse 4") == {"type": "had", "player": "Bob",
                                              "animal": "mouse", "value": 4}
    assert pungi.HAD in pungi.FORMS   # so the help lists it
    table.apply_all([{"type": "layout", "cards": [5, -2, 1]},
                     {"type": "play", "player": "Ann", "animal": "duck", "value": 3},
                     {"type": "unseen_play", "player": "Bob"}])
    named = {"type": "play", "player": "Bob", "animal": "mouse", "value": 4}
    for text in ("bob had mouse 4", "bob mouse 4"):
        assert words.enter(words.parse(text)) == ({"type": "undo"}, named)
    table.apply_all([{"type": "play", "player": "Cy", "animal": "duck", "value": 9},
                     {"type": "layout", "cards": [0, 2, 3]}])
    assert table.game.to_act == "Bob"
    assert words.enter(words.parse("bob mouse 4")) == (named,)   # his play of round 2
    assert words.enter(words.parse("bob had mouse 4"))[-1] == {"type": "layout",
                                                               "cards": [0, 2, 3]}
    with pytest.raises(Refused) as refused:
        words.enter(words.parse("cy had frog 1"))
    assert "there is no unseen play of Cy's to name" in say(refused.value.reason, "en")


def test_mafia_revealed_or_a_reveal_the_rules_cannot_take_names_a_reveal_nobody_read():
    """"revealed 1 2b ..." names the faces of the mission revealed unread in slot 1; so
    does "reveal 1 ..." while the rules could not take it as a reveal now."""
    table = Table(Session(parse_header({
        "format": "companion-session/1", "game": "mafia", "options": {},
        "players": [{"name": n} for n in NAMES]})))
    words = words_at_table(table)
    faces = [{"value": 2, "color": "blue"}, {"value": 4, "color": "blue"},
             {"value": 3, "color": "yellow"}, {"value": 1, "color": "blue"}]
    assert words.parse("revealed 1 2b 4b 3y 1b") == {"type": "revealed", "slot": 1,
                                                     "cards": faces}
    assert "revealed SLOT 2b 4y ..." in [f.usage for f in mafia.FORMS]   # (the help)
    table.apply_all([{"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]},
                     *({"type": "contribute", "player": "Ann", "slot": 1},) * 3,
                     {"type": "unseen_reveal", "slot": 1},
                     {"type": "mission", "slot": 1, "mission": 5, "assigned": ["Cy"]}])
    reveal = {"type": "reveal", "slot": 1, "cards": faces}
    opened = {"type": "mission", "slot": 1, "mission": 5, "assigned": ["Cy"]}
    for text in ("revealed 1 2b 4b 3y 1b", "reveal 1 2b 4b 3y 1b"):
        assert words.enter(words.parse(text)) == ({"type": "undo"},) * 2 + (reveal, opened)
    with pytest.raises(Refused) as refused:
        words.enter(words.parse("revealed 2 2b 4b 3y 1b"))
    assert "there is no reveal nobody read" in say(refused.value.reason, "en")


def test_mafia_aborted_or_an_abort_the_rules_cannot_take_names_an_abort_nobody_saw():
    """"aborted 1 bob" names who aborted the mission in slot 1 that nobody saw aborted; so
    does "abort 1 bob" while the rules could not take it as an abort now. A player not on
    that mission, or a slot with no such abort, is refused in words."""
    table = Table(Session(parse_header({
        "format": "companion-session/1", "game": "mafia", "options": {},
        "players": [{"name": n} for n in NAMES]})))
    words = words_at_table(table)
    assert words.parse("aborted 1 bob") == {"type": "aborted", "slot": 1, "player": "Bob"}
    assert words.parse("aborted bob 1") == {"type": "aborted", "slot": 1, "player": "Bob"}
    assert "aborted SLOT PLAYER" in [f.usage for f in mafia.FORMS]   # (the help)
    opened = {"type": "mission", "slot": 1, "mission": 5, "assigned": ["Cy"]}
    table.apply_all([{"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]},
                     {"type": "unseen_abort", "slot": 1}, opened])
    abort = {"type": "abort", "slot": 1, "player": "Bob"}
    for text in ("aborted 1 bob", "abort 1 bob", "aborted mission 1 bob"):
        assert words.enter(words.parse(text)) == ({"type": "undo"},) * 2 + (abort, opened)
    with pytest.raises(Refused) as refused:
        words.enter(words.parse("aborted 1 cy"))
    assert "Cy is not on Casino takeover" in say(refused.value.reason, "en")
    with pytest.raises(Refused) as refused:
        words.enter(words.parse("aborted 2 ann"))
    assert "there is no abort nobody saw whose" in say(refused.value.reason, "en")
    assert "không có lần hủy nào không thấy của ai" in say(refused.value.reason, "vi")
    assert words.enter(words.parse("abort 1 cy")) == ({"type": "abort", "slot": 1,
                                                       "player": "Cy"},)   # (Cy's own now)
    with pytest.raises(ParseError):
        words.parse("aborted 1")


def test_the_mafia_words_ask_for_the_cops_once_over_and_keep_the_answer():
    """Without a journal the answer is kept in memory: the table is asked until it
    answers, the view says who they were, and nothing is asked or awaited after."""
    header, moves = session_lines("mafia-cops-win")
    table = Table(Session(parse_header(header)))
    words = words_at_table(table)
    table.apply_all(moves[:-1])
    with pytest.raises(Refused) as early:
        words.enter(words.parse("cops cy"))
    assert early.value.reason.key == "mafia.cops_early" and words.question() is None
    table.apply(moves[-1])
    assert words.question().startswith("Who were the cops?")
    assert words.waiting_form().usage == "cops PLAYER ..."
    with pytest.raises(Refused) as wrong:
        words.enter(words.parse("cops ann bob"))
    assert "has 1 cop, not 2" in say(wrong.value.reason, "en")
    assert words.enter(words.parse("cops cy")) == Answer(said("mafia.cops_named", names="Cy"))
    assert words.question() is None and words.waiting_form() is None
    notes = view("mafia", table.game, table.names, table.in_force, "vi",
                 answers=words.answers()).notes
    assert notes[-1].rows[-1].cells[0].text == "Cảnh sát là: Cy"
