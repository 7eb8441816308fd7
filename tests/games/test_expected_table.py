"""Each engine says what should lie where on the table (``expected_table()``), in the zone
vocabulary calibration uses and the cards in game terms."""

from __future__ import annotations

from calibration.zone import Zone
from companion.session import Session, parse_header


def session(game: str, players: list[dict], moves: list[dict]) -> Session:
    s = Session(parse_header({"format": "companion-session/1", "game": game,
                              "players": players, "options": {}}))
    for move in moves:
        s.apply(move)
    return s


THREE = [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35}, {"name": "Cy", "age": 52}]


def test_pumafiosi_the_hierarchy_at_its_steps_and_this_round_s_cards_at_the_seats():
    s = session("pumafiosi", THREE, [
        {"type": "play", "player": "Ann", "card": 13}, {"type": "play", "player": "Bob",
                                                        "card": 27},
        {"type": "play", "player": "Cy", "card": 5},
        {"type": "place", "player": "Ann", "card": 13, "step": 8},
        {"type": "play", "player": "Ann", "card": 40}])
    picture = s.game.expected_table()
    assert picture.cards_at("step:8") == (13,)
    assert picture.cards_at("step:10") == () and picture.cards_at("step:-3") == ()
    assert picture.cards_at("play:1") == (40,) and picture.cards_at("play:2") is None
    assert picture.zone_of(13) == Zone("step", 8) and picture.cards_at(Zone("step", 8)) == (13,)
    assert picture.loose == {27, 5}                 # the last round's discards
    assert picture.is_free("seat:2") and picture.is_free(None)
    assert not picture.is_free("play:3")


def test_pumafiosi_the_scored_hierarchy_lies_there_until_the_next_game_begins():
    s = session("pumafiosi", THREE, [])
    for round_ in range(10):
        cards = {p: 3 * round_ + i + 1 for i, p in enumerate(("Ann", "Bob", "Cy"))}
        for _ in range(3):
            s.apply({"type": "play", "player": s.game.to_act, "card": cards[s.game.to_act]})
        winner = s.game.to_act
        s.apply({"type": "place", "player": winner, "card": cards[winner], "step": -3})
    assert s.game.game_number == 2
    picture = s.game.expected_table()
    assert len(picture.cards_at("step:-3")) == 10
    # The last round's other cards are on their way off too: a card that left the table
    # with that round stands for its play (wild-table1080 seed 104: Ann's 50, read in
    # play before the round's place, left no account of the game's last round whole).
    others = set(cards.values()) - {cards[winner]}
    assert others <= picture.loose
    s.apply({"type": "play", "player": s.game.to_act, "card": 30})
    assert s.game.expected_table().cards_at("step:-3") == ()
    assert 2 in s.game.expected_table().loose      # the old hierarchy: off the table soon
    assert not others & s.game.expected_table().loose   # (the next game deals them again)


def test_pungi_the_layout_and_the_animal_cards_of_this_round():
    s = session("pungi", [{"name": "Ann"}, {"name": "Bob"}], [
        {"type": "layout", "cards": [-3, "charmer"]},
        {"type": "play", "player": "Ann", "animal": "mouse", "value": 2}])
    picture = s.game.expected_table()
    assert picture.zones == ((Zone("layout", 1), (-3,)), (Zone("layout", 2), ("charmer",)),
                             (Zone("play", 1), ("mouse 2",)))
    assert picture.is_free("seat:1")
    s.apply({"type": "play", "player": "Bob", "animal": "duck", "value": 9})
    s.apply({"type": "layout", "cards": [2, 5]})
    picture = s.game.expected_table()
    assert picture.zones == ((Zone("layout", 1), (2,)), (Zone("layout", 2), (5,)))
    assert picture.loose == {"mouse 2", "duck 9"}     # the last round's cards, off the table


def test_pungi_before_a_layout_nothing_is_fixed():
    # the last round's cards go off the table and the next snakes come out of the pile
    # over any zone: a hand that rests on the way is no physical mistake
    s = session("pungi", [{"name": "Ann"}, {"name": "Bob"}], [])
    for zone in ("play:1", "layout:2", "pungi", "seat:2"):
        assert s.game.expected_table().is_free(zone)
    s.apply({"type": "layout", "cards": [-3, "charmer"]})
    assert not s.game.expected_table().is_free("play:1")


def test_mafia_the_missions_with_their_face_down_piles():
    s = session("mafia", [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], [
        {"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]},
        {"type": "contribute", "player": "Ann", "slot": 1}])
    picture = s.game.expected_table()
    assert picture.cards_at("mission:1") == ("mission 3", "face down", "face down")
    assert picture.cards_at("mission:2") == ()
    assert picture.is_free("seat:3") and picture.is_free("play:1")
