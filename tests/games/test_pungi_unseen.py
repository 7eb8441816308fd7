"""Pungi's unseen play: an animal card nobody read. Play goes on, the round's hand-out
stays open (its snakes out of the pile, in nobody's collection) and so do the points;
named later, the journal rewritten gives the state of the game as read."""

import pytest
from hypothesis import Phase, given, settings, strategies as st

from calibration.zone import Zone
from companion.games.base import RuleError
from companion.games.pungi_outcomes import HandOutOpen, PungiScored, SeriesWon, SnakeTaken
from companion.games.pungi_random import random_session
from companion.games.unseen import Unread, UnseenPlay, UnseenPlayed
from companion.journal_rewrite import bare, named
from companion.session import Session
from tests.games.test_pungi import distinct_game, lay, new_game, play

SOME = settings(max_examples=25, deadline=None, phases=[Phase.explicit, Phase.generate])


def unseen(game, player=None):
    return game.apply({"type": "unseen_play", "player": player or game.to_act})


def test_an_unseen_play_is_the_player_to_act_s_and_play_goes_on():
    game = new_game(3)
    lay(game, [5, -2, 1])
    play(game, "Ann", "duck", 3)
    assert unseen(game) == (UnseenPlayed("Bob"),)
    assert game.to_act == "Cy" and game.still_to_play == ("Cy",)
    assert game.plays == (("Ann", "duck", 3), ("Bob", None, None))
    assert game.unread == (Unread("play", "Bob", 1, 1),)
    # The card lies in Bob's play zone unread: the rules fix nothing there.
    picture = game.expected_table()
    assert picture.cards_at(Zone("play", 1)) == ("duck 3",)
    assert picture.cards_at(Zone("play", 2)) is None


def test_the_round_ends_with_its_hand_out_open_and_the_pile_exact():
    game = new_game(3)
    lay(game, [7, -2, 1])
    play(game, "Ann", "duck", 3)
    unseen(game)
    outcomes = play(game, "Cy", "duck", 9)
    assert outcomes[1:] == (HandOutOpen(1, 1, (7, -2, 1), ("Bob",)),)
    assert not any(isinstance(o, SnakeTaken) for o in outcomes)
    assert game.collections == {"Ann": (), "Bob": (), "Cy": ()}
    assert game.phase == "layout" and game.first_player == "Bob" and game.round_number == 2
    assert game.pile_size == 37 - 3 and game.plays == () and game.layout == ()
    assert [tuple(o) for o in game.open] == [(1, 1, (7, -2, 1), (("Ann", "duck", 3),
                                                                ("Bob", None, None),
                                                                ("Cy", "duck", 9)))]
    assert game.unread == (Unread("play", "Bob", 1, 1),)
    # The next round is laid out from what the pile still holds, and played as usual.
    with pytest.raises(RuleError) as err:
        lay(game, [7, 0, 2])     # (the default deck has one +7: it went out in round 1)
    assert err.value.code == "pile_short"
    lay(game, [0, 2, 3])
    assert game.to_act == "Bob"


def test_the_last_card_of_a_round_may_be_the_unseen_one_and_several_may_be():
    game = new_game(3)
    lay(game, [5, -2, 1])
    unseen(game)
    play(game, "Bob", "duck", 3)
    assert unseen(game)[1] == HandOutOpen(1, 1, (5, -2, 1), ("Ann", "Cy"))
    assert [u.player for u in game.unread] == ["Ann", "Cy"]


def test_refused_before_the_layout_and_out_of_turn_in_words():
    game = new_game(3)
    with pytest.raises(RuleError) as err:
        unseen(game, "Ann")
    assert err.value.code == "no_layout"
    assert str(err.value) == ("Ann played a card nobody read, but no snakes are laid out "
                              "yet: Ann lays out first")
    lay(game, [5, -2, 1])
    with pytest.raises(RuleError) as err:
        unseen(game, "Bob")
    assert str(err.value) == "Bob played a card nobody read, but it is Ann's turn"
    game = new_game(4)
    lay(game, ["charmer"] * 4)     # (four identical: back into the pile)
    with pytest.raises(RuleError) as err:
        unseen(game, "Ann")
    assert str(err.value) == ("Ann played a card nobody read, but the layout went back "
                              "into the pile (four identical cards): Ann must lay out a "
                              "new one first")


def test_the_legal_moves_know_it():
    game = new_game(3)
    assert not list(game.legal_moves(type="unseen_play"))
    lay(game, [5, -2, 1])
    assert list(game.legal_moves(type="unseen_play")) == [UnseenPlay("Ann")]
    assert not list(game.legal_moves(type="unseen_play", player="Bob"))
    assert game.is_legal({"type": "unseen_play", "player": "Ann"})
    child = game.child({"type": "unseen_play", "player": "Ann"})
    assert child.to_act == "Bob" and game.to_act == "Ann"


def whole_game(n, unread_at):
    """A one-game series of n players with distinct snakes, played to its end; the plays
    at the positions ``unread_at`` (counted over the plays) unseen. The game, its moves
    and every move's outcomes."""
    game, moves, outcomes, i = distinct_game(n, games=1), [], [], 0
    animals = iter([(a, v) for v in range(1, 11) for a in game.animals])
    while game.phase != "over":
        if game.phase == "layout":   # (the first row the pile gives that is not sent back)
            row = next(m.cards for m in game.legal_moves(type="layout")
                       if max(m.cards.count(c) for c in m.cards) < 4)
            moves.append({"type": "layout", "cards": list(row)})
        else:
            animal, value = next(animals)
            moves.append({"type": "unseen_play", "player": game.to_act} if i in unread_at
                         else {"type": "play", "player": game.to_act, "animal": animal,
                               "value": value})
            i += 1
        outcomes += game.apply(moves[-1])
    return game, moves, outcomes


def test_a_game_scored_with_an_open_hand_out_says_so_and_names_no_winner():
    game, moves, outcomes = whole_game(6, {6})     # Bob's card, the first of round 2
    scored = next(o for o in outcomes if isinstance(o, PungiScored))
    assert scored.open == ((1, 2),)
    assert "the snakes of round 2 are in nobody's points yet" in scored.text()
    assert not any(isinstance(o, SeriesWon) for o in outcomes)
    assert game.complete and game.winners == ()
    summary = game.summary()
    assert summary["open"] == [{"game": 1, "round": 2, "cards": list(moves[7]["cards"]),
                                "unread": ["Bob"]}]
    assert summary["winners"] == []
    # The open snakes are in no collection: six fewer than the rounds handed out.
    taken = sum(len(c) for c in summary["games"][0]["collections"].values())
    assert taken == 6 * (game.round_number - 1) - 6


def test_without_an_unseen_play_the_summary_has_no_open_entry():
    game, _, _ = whole_game(3, set())
    assert "open" not in game.summary() and game.winners


@SOME
@given(st.integers(min_value=0, max_value=2**32), st.randoms(use_true_random=False))
def test_an_unseen_play_named_later_gives_the_game_as_read(seed, rng):
    """A random session with some plays unseen, then each named (the journal rewritten,
    the first unseen play first): the same summary and state as the session as read."""
    header, moves = random_session(seed)
    truth = Session(header)
    for move in moves:
        truth.apply(move)
    plays = [i for i, m in enumerate(moves) if m["type"] == "play"]
    hidden = sorted(rng.sample(plays, min(len(plays), rng.randint(1, 3))))
    read = Session(header)
    for i, move in enumerate(moves):
        read.apply({"type": "unseen_play", "player": move["player"], "t": move["t"]}
                   if i in hidden else move)
    assert [(u.player, u.game, u.round) for u in read.game.unread] and \
        len(read.game.unread) == len(hidden)
    for i in hidden:
        for move in named(read, bare(moves[i])):
            read.apply(move)
    assert read.summary() == truth.summary()
    assert read.game.unread == () and read.game.open == ()
    assert [bare(m) for m in read.moves] == [bare(m) for m in truth.moves]


def test_a_name_for_a_play_that_was_read_is_refused_in_words():
    header, moves = random_session(3, players=3)
    session = Session(header)
    for move in moves[:3]:
        session.apply(move)
    first = session.game.players[0]
    with pytest.raises(RuleError) as err:
        named(session, {"type": "play", "player": first, "animal": "mouse", "value": 4})
    assert err.value.code == "no_unseen"
    assert str(err.value) == (f"{first} had mouse 4, but every card {first} played was read "
                              f"(there is no unseen play of {first}'s to name)")

