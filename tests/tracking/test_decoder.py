"""The decoder (companion.decoder) on plain rules states: what the cards on the table name,
what time says, and when it asks instead of choosing."""

from calibration.zone import Zone
from companion.decoder import Evidence, Hypothesis, better, hypotheses, leader, rivals
from companion.games import game_class
from companion.games.base import Header, Player


def pumafiosi(*plays: tuple[str, int]):
    game = game_class("pumafiosi").from_header(Header("pumafiosi", (
        Player("Ann", 41), Player("Bob", 35), Player("Cy", 52))))
    for name, card in plays:
        game.apply({"type": "play", "player": name, "card": card})
    return game


def moves(found) -> list[tuple]:
    return [h.moves for h in found]


def test_a_card_at_a_step_names_the_play_and_the_place_the_rules_allow():
    """Bob's winning 20 never read in play, seen placed at step 6: his play is the only
    one the rules allow with that card, and only the winner places it."""
    game = pumafiosi(("Ann", 10))
    table = (Evidence(Zone("play", 1), 10, 1.0), Evidence(Zone("play", 3), 30, 4.0),
             Evidence(Zone("step", 6), 20, 6.0))
    best = leader(hypotheses(game, table, table))
    assert best is not None and best.moves == (
        {"type": "play", "player": "Bob", "card": 20},
        {"type": "play", "player": "Cy", "card": 30},
        {"type": "place", "player": "Bob", "card": 20, "step": 6})
    assert best.whole


def test_a_card_put_down_after_the_round_it_would_complete_was_placed_is_not_of_it():
    """Cy's 30 came to rest long after Bob's 20 lay at its step: the round was over when
    it came, so it is not Cy's card of that round; the place shows the round ended
    without Cy's card read. Come in time, it is."""
    game = pumafiosi(("Ann", 10), ("Bob", 20))
    table = (Evidence(Zone("play", 1), 10, 1.0), Evidence(Zone("step", 6), 20, 6.0),
             Evidence(Zone("play", 3), 30, 20.0))
    assert leader(hypotheses(game, table, table[:2])).moves == (
        {"type": "unseen_play", "player": "Cy"},
        {"type": "place", "player": "Bob", "card": 20, "step": 6})
    in_time = table[:2] + (Evidence(Zone("play", 3), 30, 5.0),)
    assert leader(hypotheses(game, in_time, table[:2])).moves == (
        {"type": "play", "player": "Cy", "card": 30},
        {"type": "place", "player": "Bob", "card": 20, "step": 6})


def test_a_card_a_journalled_move_named_names_no_other():
    """The same numbers come again in the next game: a discard still lying in its play
    zone is the move it was, not a new one."""
    game = pumafiosi(("Ann", 10))
    table = (Evidence(Zone("play", 2), 20, 1.0, spent=True),)
    assert hypotheses(game, table, table) == ()
    assert moves(hypotheses(game, (Evidence(Zone("play", 2), 20, 1.0),) * 1,
                            (Evidence(Zone("play", 2), 20, 1.0),))) == [
        ({"type": "play", "player": "Bob", "card": 20},)]


def test_what_lies_as_it_lay_when_a_person_moved_is_no_news():
    """A person took a place back (undo) while its card and the card it bumped still lie
    there: the rules alone would name the place again; the table has told nothing new."""
    game = pumafiosi(("Ann", 10), ("Bob", 20), ("Cy", 30))
    table = (Evidence(Zone("step", 6), 20, 1.0, theirs=True),)
    assert hypotheses(game, table, table) == ()
    fresh = (Evidence(Zone("step", 6), 20, 1.0),)
    assert moves(hypotheses(game, fresh, fresh))[0] == (
        {"type": "place", "player": "Bob", "card": 20, "step": 6},)


def test_where_the_table_cannot_tell_whose_move_it_was_it_asks():
    """Bob's and Cy's cards were never read, so the rules cannot name the round's winner;
    40 lies at step 7 and nothing else on the table says who placed it: either is as
    good, so none leads, and both are named for the question."""
    game = pumafiosi(("Ann", 13))
    for name in ("Bob", "Cy"):
        game.apply({"type": "unseen_play", "player": name})
    table = (Evidence(Zone("step", 7), 40, 3.0),)
    found = hypotheses(game, table, table)
    assert leader(found) is None
    assert moves(rivals(found)) == [
        ({"type": "place", "player": "Bob", "card": 40, "step": 7},),
        ({"type": "place", "player": "Cy", "card": 40, "step": 7},)]
    # Bob's next card, put down first in the next round, says he won it.
    table += (Evidence(Zone("play", 2), 20, 5.0),)
    assert leader(hypotheses(game, table, table[:1])).moves == (
        {"type": "place", "player": "Bob", "card": 40, "step": 7},
        {"type": "play", "player": "Bob", "card": 20})


def test_a_card_come_to_rest_lately_names_no_move_the_readings_lack():
    """The readings book Bob's 42 and Cy's 33; Cy's winning 33 also lies at step 10,
    where a hand rests it for a moment on its way to step 8 (the hard table at 720p
    booked "Cy places 33 at step 10" from it at the recording's end). Lain still less
    than the time given, it is no evidence of a place; lain still longer, it is."""
    game = pumafiosi(("Ann", 8))
    table = (Evidence(Zone("play", 1), 8, 1.0), Evidence(Zone("play", 2), 42, 9.0),
             Evidence(Zone("step", 10), 33, 10.0))
    readings = ({"type": "play", "player": "Bob", "card": 42},
                {"type": "play", "player": "Cy", "card": 33})
    assert better(game, table, readings, settled=9.5) is None
    found = better(game, table, readings, settled=11.0)
    assert found is not None and found.moves[-1] == {
        "type": "place", "player": "Cy", "card": 33, "step": 10}


def test_an_account_claiming_more_unread_cards_than_it_explains_is_never_journalled():
    """A card lay at a step as a whole game's hierarchy was cleared away (the hard table):
    the only account of it, two plays nobody read and a play of that card and its place,
    was journalled ("Bob plays 21; Cy played a card (not read); Ann played a card (not
    read); Bob places 21 at step 2"). One card does not pay for two nobody saw."""
    account = ({"type": "play", "player": "Bob", "card": 21},
               {"type": "unseen_play", "player": "Cy"},
               {"type": "unseen_play", "player": "Ann"},
               {"type": "place", "player": "Bob", "card": 21, "step": 2})
    assert leader([Hypothesis(account, 1, 0, 0, True, unseen=2)]) is None
    assert leader([Hypothesis(account[:1] + account[2:], 1, 0, 0, True, unseen=1)]) \
        is not None   # (one card nobody read, for the card it explains: taken)


def test_two_cards_read_in_their_players_zones_out_of_turn_order_are_read_late():
    """Wild-table1080 seed 104 (another vision): Ann's 54 came to rest 0.6 s before
    Cy's 2, read late at Cy's far seat, though Cy plays before Ann; Bob's 21 was seen
    only at its step. Every account of those two cards takes Cy's first (the rules'
    turn order), so their order says nothing against one: the round is journalled, not
    asked for 10 s while the next round comes down (which then took Cy's next card for
    Bob's place). Where an account as good takes them the other way round, or a card
    names only part of its move, time still decides or the table is asked."""
    game = pumafiosi()
    table = (Evidence(Zone("play", 3), 30, 3.0), Evidence(Zone("play", 1), 10, 3.6),
             Evidence(Zone("step", 6), 20, 6.0))
    best = leader(hypotheses(game, table, table))
    assert best is not None and best.moves == (
        {"type": "play", "player": "Ann", "card": 10},
        {"type": "play", "player": "Bob", "card": 20},
        {"type": "play", "player": "Cy", "card": 30},
        {"type": "place", "player": "Bob", "card": 20, "step": 6})
    # Bob's card read at the step before Cy's in his zone: that is no late read.
    early = table[:2] + (Evidence(Zone("step", 6), 20, 2.0),)
    assert leader(hypotheses(game, early, early)) is None


def test_a_read_card_that_left_before_the_table_was_weighed_keeps_its_move():
    """Hard 1080p table, report seed 116: Ann's 45 was read in her play zone, then unread
    from view; Bob's 37 was never read in his and lay at step 10; Bob's next card, 14, came
    to his zone and the readings booked it as his card of that round (Bob plays 14), two
    wrong moves, for the account the table shows had Ann's card unread and so did not hold
    every read move. A move nobody saw in the account that a reading names is that
    reading's."""
    game = pumafiosi()
    table = (Evidence(Zone("play", 3), 16, 4.0), Evidence(Zone("step", 10), 37, 5.0),
             Evidence(Zone("play", 2), 14, 11.0))
    read = ({"type": "play", "player": "Ann", "card": 45},
            {"type": "play", "player": "Bob", "card": 14},
            {"type": "play", "player": "Cy", "card": 16})
    best = better(game, table, read)
    assert best is not None and best.moves == (
        {"type": "play", "player": "Ann", "card": 45},
        {"type": "play", "player": "Bob", "card": 37},
        {"type": "play", "player": "Cy", "card": 16},
        {"type": "place", "player": "Bob", "card": 37, "step": 10},
        {"type": "play", "player": "Bob", "card": 14})
