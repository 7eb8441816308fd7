"""Pumafiosi's unseen play: a card played face up that nobody read. Every legal place is
checked against a brute-force reference (every card the unseen plays may be)."""

from itertools import permutations

import pytest

from companion.games.base import RuleError
from companion.games.pumafiosi_outcomes import RoundWon
from companion.games.unseen import UnseenPlayed
from tests.games.test_pumafiosi import new_game, place, play

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
STEP = 8


def unseen(player):
    return {"type": "unseen_play", "player": player}


def order(game):
    """The round's players in play order."""
    start = game.players.index(game.start_player)
    return game.players[start:] + game.players[:start]


def second(values):
    """Whose value is the second-highest: the reference's own ranking."""
    return sorted(values, key=values.get)[-2]


def can_win(known, unseen_players, placer, card):
    """The reference: can some distinct unused cards for the unseen plays make ``placer``
    (playing ``card`` if unseen) the second-highest?"""
    values = dict(known)
    rest = [p for p in unseen_players if p != placer]
    if placer in unseen_players:
        if card in known.values():
            return False
        values[placer] = card
    elif known[placer] != card:
        return False
    free = [c for c in range(1, 56) if c not in values.values()]
    return any(second({**values, **dict(zip(rest, cards))}) == placer
               for cards in permutations(free, len(rest)))


def round_with(n, unseen_at, cards):
    """A fresh n-player game's first round with unseen plays at these positions."""
    game = new_game(NAMES[:n])
    known, unread = {}, []
    for i, player in enumerate(order(game)):
        if i in unseen_at:
            outcomes = game.apply(unseen(player))
            assert outcomes == (UnseenPlayed(player),)
            unread.append(player)
        else:
            game.apply(play(player, cards[i]))
            known[player] = cards[i]
    return game, known, unread


def tried(game, move):
    try:
        game.apply(move)
    except RuleError as err:
        return err.code
    return "ok"


@pytest.mark.parametrize("n", [3, 4, 5])
def test_every_position_and_every_placer_as_the_reference_says(n):
    cards = [30, 12, 45, 3, 51][:n]
    for position in range(n):
        game, known, unread = round_with(n, {position}, cards)
        assert game.phase == "place" and game.to_act is None
        for player in order(game):
            tries = [known[player]] if player in known else [1, 29, 31, 50, 55, 30]
            for card in tries + [card for card in (2, 46) if player in known]:
                scratch, _, _ = round_with(n, {position}, cards)
                expected = can_win(known, unread, player, card)
                code = tried(scratch, place(player, card, STEP))
                assert (code == "ok") == expected, (n, position, player, card, code)
                if expected:
                    assert scratch.phase == "play" and scratch.to_act == player
                    assert scratch.hierarchy[1] == (STEP, ((card, (player,)),))


def test_the_place_announces_who_won():
    game, _, _ = round_with(3, {2}, [30, 12, 0])
    won, placed = game.apply(place("Bob", 12, STEP))[:2]
    assert won == RoundWon("Bob", 12, 12, 1, 1) and placed.card == 12


def test_two_unseen_plays_in_one_round():
    for n, at in ((3, {0, 2}), (4, {1, 2}), (5, {0, 4})):
        cards = [30, 12, 45, 3, 51][:n]
        game, known, unread = round_with(n, at, cards)
        for player in order(game):
            for card in ([known[player]] if player in known else [1, 13, 31, 52]):
                scratch, _, _ = round_with(n, at, cards)
                expected = can_win(known, unread, player, card)
                assert (tried(scratch, place(player, card, STEP)) == "ok") == expected


def test_a_place_no_card_allows_is_refused_in_words():
    game, _, _ = round_with(3, {2}, [54, 55, 0])    # Ann 54, Bob 55, Cy unread
    with pytest.raises(RuleError) as err:
        game.apply(place("Bob", 55, STEP))          # Cy would need more than 55
    assert err.value.code == "unseen_not_second"
    assert str(err.value) == ("Bob placed 55, but no cards for what Cy played unread make "
                              "55 the second-highest card of the round")
    with pytest.raises(RuleError) as err:
        game.apply(place("Ann", 53, STEP))
    assert err.value.code == "not_the_played_card"


def test_plays_before_the_place_are_refused():
    game, _, _ = round_with(3, {2}, [30, 12, 0])
    with pytest.raises(RuleError) as err:
        game.apply(play("Ann", 1))
    assert err.value.code == "place_first_unseen"
    assert "Cy's card was not read" in str(err.value)


def test_a_later_play_using_the_last_possible_value_is_refused():
    game, _, _ = round_with(3, {2}, [53, 54, 0])    # Ann 53, Bob 54, Cy unread
    game.apply(place("Bob", 54, STEP))              # so Cy's card is 55
    assert game.to_act == "Bob"
    game.apply(play("Bob", 1))
    with pytest.raises(RuleError) as err:
        game.apply(play("Cy", 55))
    assert err.value.code == "unseen_no_card"
    assert str(err.value) == ("Cy played 55, but then no card would be left for the card "
                              "nobody read (Cy): the cards this game has left cannot be it")
    game.apply(play("Cy", 2))


def test_unseen_plays_of_two_rounds_share_the_cards_left():
    game, _, _ = round_with(3, {2}, [52, 53, 0])    # Cy's unread card is 54 or 55
    game.apply(place("Bob", 53, STEP))
    game.apply(play("Bob", 50))
    game.apply(unseen("Cy"))
    game.apply(play("Ann", 51))
    game.apply(place("Ann", 51, 7))                 # Cy's second: above 51, so 54 or 55
    game.apply(play("Ann", 1))
    game.apply(play("Bob", 2))
    with pytest.raises(RuleError) as err:
        game.apply(play("Cy", 54))                  # 55 alone cannot be both
    assert err.value.code == "unseen_no_card" and "(Cy and Cy)" in str(err.value)


def test_the_unseen_player_places_and_names_the_card():
    game, _, _ = round_with(3, {2}, [30, 12, 0])
    with pytest.raises(RuleError) as err:
        game.apply(place("Cy", 30, STEP))           # Ann's card
    assert err.value.code == "card_out"
    game.apply(place("Cy", 20, STEP))
    assert game.cards_out == {30, 12, 20}
    with pytest.raises(RuleError):
        game.apply(play("Cy", 20))


def test_an_unseen_play_needs_its_turn_and_three_players():
    game = new_game()
    with pytest.raises(RuleError) as err:
        game.apply(unseen("Bob"))
    assert err.value.code == "wrong_turn"
    assert str(err.value) == "Bob played a card nobody read, but it is Ann's turn"
    two = new_game(("Ann", "Bob"))
    two.apply({"type": "tony", "card": 9})
    with pytest.raises(RuleError) as err:
        two.apply(unseen(two.to_act))
    assert err.value.code == "unseen_two_players"


def test_the_summary_never_lists_the_unseen_card():
    game, _, _ = round_with(3, {2}, [30, 12, 0])
    game.apply(place("Bob", 12, STEP))
    assert game.expected_table().cards_at("play:3") is None
    assert game.summary()["scores"] == {"Ann": 0, "Bob": 0, "Cy": 0}


def unread_losers(moves, every=2):
    """The session with every other round's first losing play (no machine gun) unread."""
    out, round_plays, rounds = [], [], 0
    for move in moves:
        if move["type"] == "play":
            round_plays.append(len(out))
        elif move["type"] == "place":
            losers = [i for i in round_plays if out[i]["card"] != move["card"]
                      and not out[i].get("machine_gun")]
            if losers and rounds % every == 0:
                out[losers[0]] = unseen(out[losers[0]]["player"])
            round_plays, rounds = [], rounds + 1
        out.append(move)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_random_matches_with_unread_losers_score_the_same(seed):
    from companion.games.pumafiosi_random import random_session
    from companion.session import Session

    header, moves = random_session(seed, players=3 + seed % 3)
    truth, unread = Session(header), Session(header)
    for move in moves:
        truth.apply(move)
    changed = unread_losers(moves)
    assert any(m["type"] == "unseen_play" for m in changed)
    for move in changed:
        unread.apply(move)
    assert unread.summary() == truth.summary() and unread.complete


# --- a place nobody saw (``unseen_place``) ---------------------------------------------

def unseen_place(player):
    return {"type": "unseen_place", "player": player}


def test_a_place_nobody_saw_ends_the_round_and_the_card_is_in_no_step():
    """Bob won with 12 and placed it where nobody saw: the round ends, Bob starts the
    next, no card drops for it, it scores nothing, and Bob counts as present (no 10 points
    for a family absent from the hierarchy)."""
    game, _, _ = round_with(3, set(), [30, 12, 5])
    assert game.to_act == "Bob" and game.phase == "place"
    assert [o.text() for o in game.apply(unseen_place("Bob"))] == [
        "Game 1, round 1: Bob places 12 at a step nobody saw (not read)"]
    assert (game.phase, game.to_act, game.hidden) == ("play", "Bob", (("Bob", 12),))
    assert all(not cards for _, cards in game.hierarchy)
    assert 12 in game.expected_table().loose     # the camera may find it anywhere
    for player in ("Ann", "Cy"):
        with pytest.raises(RuleError) as err:
            game.apply(unseen_place(player))
        assert err.value.code == "no_round_won"
    # The other nine rounds: Bob plays low, Cy in the middle (and wins), Ann high.
    pool = sorted(set(range(1, 56)) - {30, 12, 5}, reverse=True)
    for r in range(9):
        ann, cy, bob = pool[3 * r:3 * r + 3]
        cards = {"Ann": ann, "Bob": bob, "Cy": cy}
        for player in order(game):
            game.apply(play(player, cards[player]))
        game.apply(place("Cy", cy, -3))
    assert game.game_number == 2 and game.hidden == ()
    assert game.summary()["scores"] == {"Ann": -10, "Bob": 0, "Cy": -27}


def test_an_unread_winner_placed_where_nobody_saw_keeps_the_second_highest_bounds():
    """Cy's card was not read and Cy won (the next round says so): placed where nobody
    saw, Cy's card stays unread and is the one card between the round's two read ones,
    as the reference says; Cy playing that card later is refused."""
    game, known, unread = round_with(3, {2}, [30, 28, 0])    # Ann 30, Bob 28, Cy unread
    assert [c for c in range(1, 56) if can_win(known, unread, "Cy", c)] == [29]
    assert [o.kind for o in game.apply(unseen_place("Cy"))] == ["unseen_placed"]
    assert game.hidden == (("Cy", None),) and game.to_act == "Cy"
    assert tried(game, play("Cy", 29)) == "unseen_no_card"
    assert tried(game, play("Cy", 31)) == "ok"


def test_a_place_nobody_saw_with_two_unread_cards_must_name_the_card():
    game, _, _ = round_with(3, {0, 2}, [0, 12, 0])           # Ann and Cy unread
    with pytest.raises(RuleError) as err:
        game.apply(unseen_place("Ann"))
    assert err.value.code == "unseen_place_open"
    assert str(err.value) == ("Ann placed the winning card at a step nobody saw, but Ann "
                              "and Cy's cards were not read: the place must name the card, "
                              "since which of them won depends on it")
    game.apply(unseen_place("Bob"))     # Bob's 12, read: one of them higher, one lower
    assert game.hidden == (("Bob", 12),)
