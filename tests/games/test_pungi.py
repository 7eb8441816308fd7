"""Pungi: the rulebook's examples and every reading of the spec, one rule at a time."""

import copy

import pytest

from companion.games.base import Header, Player, RuleError
from companion.games.pungi import Pungi, default_deck, majority_animal
from companion.games.pungi_cards import CHARMER, charmed_values, collection_points
from companion.games.pungi_outcomes import (AnimalPlayed, LayoutDealt, LayoutRedealt,
                                            MajorityFound, PungiScored, SeriesWon, SnakeTaken)
from companion.session import Session

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")
ANIMALS = default_deck()[1]
# 31 distinct snakes with the charmers spread out, so no layout holds four identical cards.
DISTINCT = list(range(-10, 21))
DEAL_ORDER = [c for i, v in enumerate(DISTINCT) for c in ([CHARMER, v] if i % 5 == 0 and i < 30
                                                          else [v])]


def header(n=4, **options):
    return Header("pungi", tuple(Player(name) for name in NAMES[:n]), options)


def new_game(n=4, **options):
    return Pungi.from_header(header(n, **options))


def distinct_game(n, **options):
    """A game that play_game can play: its pile is DISTINCT plus the charmers."""
    return new_game(n, snakes=DISTINCT, **options)


def lay(game, cards):
    return game.apply({"type": "layout", "cards": list(cards)})


def play(game, player, animal, value):
    return game.apply({"type": "play", "player": player, "animal": animal, "value": value})


def play_round(game, cards, plays):
    """Lay ``cards`` out, then play ``plays`` ((animal, value) each) in turn order."""
    outcomes = list(lay(game, cards))
    for animal, value in plays:
        outcomes += play(game, game.to_act, animal, value)
    return outcomes


def taken(outcomes):
    return [(o.player, o.card, o.position) for o in outcomes if isinstance(o, SnakeTaken)]


def distinct_plays(n, round_index):
    """Animal cards never repeated within a game: card k is animal k // 10, value k % 10 + 1."""
    return [(ANIMALS[k // 10], k % 10 + 1) for k in range(round_index * n, round_index * n + n)]


def play_game(game):
    """Play the current game to its end with DEAL_ORDER and distinct animal cards."""
    n = len(game.players)
    outcomes, start = [], game.game_number
    for r in range(len(DEAL_ORDER) // n):
        outcomes += play_round(game, DEAL_ORDER[r * n:(r + 1) * n], distinct_plays(n, r))
    assert game.game_number > start or game.complete
    return outcomes


def state(game):
    return copy.deepcopy(game.__dict__), game.summary()


# --- the rulebook's examples ------------------------------------------------------------

def test_three_mice_beat_two_ducks():
    assert majority_animal(["mouse", "duck", "mouse", "duck", "mouse"]) == "mouse"


def test_two_lizards_two_dragonflies_one_grasshopper_give_no_advantage():
    assert majority_animal(["lizard", "dragonfly", "grasshopper", "lizard", "dragonfly"]) is None


def test_karl_with_two_charmers_scores_eight():
    karl = [CHARMER, -3, 2, CHARMER, 3, 4]
    assert charmed_values(karl) == [3, -2, 3, 4]
    assert collection_points(karl) == 8


def test_the_replay_says_what_the_charmers_did():
    collections = {"Karl": (CHARMER, -3, 2, CHARMER, 3, 4), "Lea": (CHARMER, 5),
                   "Max": (CHARMER,), "Ned": (-1, 2)}
    points = {name: collection_points(cards) for name, cards in collections.items()}
    assert PungiScored(1, points, points, collections).text() == (
        "Game 1 is over. Points: Karl 8 (charmers turn -3 into 3, 2 into -2), Lea -5 (charmer "
        "turns 5 into -5), Max 0 (charmer turns nothing), Ned 1. Series: Karl 8, Lea -5, "
        "Max 0, Ned 1.")


def test_one_charmer_turns_a_penalty_into_victory_points():
    assert collection_points([-4, CHARMER]) == 4


# --- charmers: the spec's reading ---------------------------------------------------------

@pytest.mark.parametrize("cards, values", [
    ([-1, -5, CHARMER], [-1, 5]),                         # the most negative first
    ([-1, -2, 3, CHARMER, CHARMER], [1, 2, 3]),
    ([CHARMER, 3, 1, 5], [3, -1, 5]),                     # no negative: the smallest turns
    ([CHARMER, 2, 0, 5], [2, 0, 5]),                      # 0 turned stays 0
    ([CHARMER, 2, 2], [-2, 2]),                           # one of equal snakes only
    ([CHARMER, CHARMER, CHARMER, -2], [2]),               # more charmers than snakes
    ([CHARMER, CHARMER, CHARMER, -2, 4], [2, -4]),
    ([CHARMER, CHARMER], []),
    ([], []),
    ([-3, 7], [-3, 7]),
])
def test_charmers(cards, values):
    assert charmed_values(cards) == values
    assert collection_points(cards) == sum(values)


# --- the hand-out ---------------------------------------------------------------------------

def test_majority_players_take_first_by_value_then_the_rest():
    game = new_game(5)
    outcomes = play_round(game, [5, 4, 3, 2, 1], [("mouse", 2), ("duck", 9), ("mouse", 7),
                                                  ("duck", 8), ("mouse", 3)])
    assert MajorityFound("mouse") in outcomes
    assert taken(outcomes) == [("Cy", 5, 1), ("Eve", 4, 2), ("Ann", 3, 3),
                               ("Bob", 2, 4), ("Dee", 1, 5)]


def test_without_majority_everyone_takes_by_value():
    game = new_game(5)
    outcomes = play_round(game, [5, 4, 3, 2, 1], [("lizard", 1), ("dragonfly", 4),
                                                  ("grasshopper", 10), ("lizard", 6),
                                                  ("dragonfly", 2)])
    assert MajorityFound(None) in outcomes
    assert taken(outcomes) == [("Cy", 5, 1), ("Dee", 4, 2), ("Bob", 3, 3),
                               ("Eve", 2, 4), ("Ann", 1, 5)]


def test_equal_values_go_to_the_earlier_play():
    game = new_game(4)
    play_round(game, [1, 2, 3, 4], distinct_plays(4, 5))  # Bob starts the next round
    outcomes = play_round(game, [7, 6, 5, 4], [("duck", 5), ("mouse", 5), ("duck", 6),
                                               ("mouse", 6)])
    # Bob, Cy, Dee, Ann played: no majority (2 ducks, 2 mice); 6s first: Dee before Ann,
    # then the 5s: Bob before Cy.
    assert taken(outcomes) == [("Dee", 7, 1), ("Ann", 6, 2), ("Bob", 5, 3), ("Cy", 4, 4)]


def test_two_players_one_animal_each_is_no_majority_two_of_a_kind_is():
    game = new_game(2)
    outcomes = play_round(game, [1, 2], [("mouse", 1), ("duck", 2)])
    assert MajorityFound(None) in outcomes and taken(outcomes)[0][0] == "Bob"
    outcomes = play_round(game, [3, 4], [("frog", 3), ("frog", 1)])
    assert MajorityFound("frog") in outcomes and taken(outcomes)[0][0] == "Bob"


def test_outcomes_read_as_sentences():
    game = distinct_game(2, games=1)
    outcomes = play_game(game)
    assert isinstance(outcomes[0], LayoutDealt) and isinstance(outcomes[1], AnimalPlayed)
    assert isinstance(outcomes[-2], PungiScored) and isinstance(outcomes[-1], SeriesWon)
    for outcome in outcomes:
        text = outcome.text()
        assert text[0].isupper() and text.endswith("."), text


# --- first players -------------------------------------------------------------------------

def test_the_first_player_moves_clockwise_and_first_overrides():
    game = new_game(3)
    assert game.first_player == "Ann" and game.phase == "layout" and game.to_act == "Ann"
    play_round(game, [1, 2, 3], distinct_plays(3, 0))
    assert game.first_player == "Bob"
    game.apply({"type": "first", "player": "Ann"})
    game.apply({"type": "first", "player": "Cy"})  # the latest choice counts
    lay(game, [4, 5, 6])
    assert game.to_act == "Cy"
    for animal, value in distinct_plays(3, 1):
        play(game, game.to_act, animal, value)
    assert game.first_player == "Ann"  # the rotation goes on from the chosen player


def test_the_rotation_carries_over_into_the_next_game():
    game = distinct_game(4, games=2)
    play_game(game)  # 9 rounds: Ann, Bob, Cy, Dee, Ann, ..., Ann
    assert game.game_number == 2 and game.round_number == 1
    assert game.first_player == "Bob"


def test_first_is_allowed_before_the_first_layout_of_a_later_game():
    game = distinct_game(2, games=2)
    play_game(game)
    game.apply({"type": "first", "player": "Bob"})
    lay(game, [1, 2])
    assert game.to_act == "Bob"


# --- redeals --------------------------------------------------------------------------------

@pytest.mark.parametrize("cards", [[2, 2, 2, 2], [CHARMER] * 4, [CHARMER] * 5 + [0]])
def test_four_identical_cards_go_back_into_the_pile(cards):
    game = new_game(len(cards), snakes=[2] * 5 + list(range(26)))
    pile = game.pile
    outcomes = lay(game, cards)
    assert isinstance(outcomes[0], LayoutRedealt) and outcomes[0].count >= 4
    assert game.pile == pile and game.layout == () and game.relayout_needed
    assert game.phase == "layout" and game.round_number == 1
    outcomes = lay(game, list(range(len(cards))))
    assert isinstance(outcomes[0], LayoutDealt) and not game.relayout_needed
    assert game.to_act == "Ann"


def test_three_identical_cards_are_a_layout():
    game = new_game(4)
    assert isinstance(lay(game, [2, 2, 2, -1])[0], LayoutDealt)


# --- the end of a game and of the series ----------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_a_game_lasts_while_the_pile_holds_a_round(n):
    game = distinct_game(n, games=2)
    outcomes = play_game(game)
    scored = [o for o in outcomes if isinstance(o, PungiScored)]
    assert len(scored) == 1 and outcomes[-1] == scored[0]
    assert sum(isinstance(o, LayoutDealt) for o in outcomes) == 37 // n
    assert all(len(cards) == 37 // n for cards in scored[0].collections.values())
    assert game.game_number == 2 and game.pile_size == 37 and not game.complete


def test_a_game_ends_when_the_pile_could_only_make_layouts_of_four_identical_cards():
    # 4 players, 31 distinct snakes and one charmer dealt in 8 rounds: 5 charmers are
    # left, enough cards for a round, but any layout of them goes back into the pile.
    game = distinct_game(4, games=2)
    deal = DISTINCT + [CHARMER]
    outcomes = []
    for r in range(8):
        outcomes += play_round(game, deal[4 * r:4 * r + 4], distinct_plays(4, r))
    scored = [o for o in outcomes if isinstance(o, PungiScored)]
    assert len(scored) == 1 and outcomes[-1] == scored[0]
    assert game.game_number == 2 and game.pile_size == 37 and game.phase == "layout"


def test_a_game_goes_on_while_one_layout_without_four_identical_cards_is_left():
    game = distinct_game(4, games=1)
    deal = DISTINCT[:-1] + [CHARMER, CHARMER]   # leaves 20 and 4 charmers: 20 + 3 charmers
    for r in range(8):
        play_round(game, deal[4 * r:4 * r + 4], distinct_plays(4, r))
    assert game.pile == {20: 1, CHARMER: 4} and game.phase == "layout"
    play_round(game, [CHARMER, 20, CHARMER, CHARMER], distinct_plays(4, 8))
    assert game.complete


def test_an_animal_card_comes_back_in_the_next_game():
    game = distinct_game(2, games=2)
    play_game(game)
    lay(game, [1, 2])
    play(game, "Ann", ANIMALS[0], 1)  # played in game 1 already


def test_series_scores_and_summary():
    game = distinct_game(2)  # options.games defaults to the number of players
    assert game.games_in_series == 2
    play_game(game)
    first = game.summary()
    games = first["games"]
    assert list(first) == ["scores", "winners", "games"] and first["winners"] == []
    assert list(games[0]) == ["scores", "collections"]
    ann, bob = games[0]["collections"]["Ann"], games[0]["collections"]["Bob"]
    assert sorted(ann + bob, key=str) == sorted(DEAL_ORDER[:36], key=str)
    assert games[0]["scores"] == {"Ann": collection_points(ann), "Bob": collection_points(bob)}
    outcomes = play_game(game)
    assert game.complete and game.phase == "over"
    summary = game.summary()
    assert summary["scores"] == {p: 2 * games[0]["scores"][p] for p in ("Ann", "Bob")}
    best = max(summary["scores"].values())
    assert summary["winners"] == [p for p, s in summary["scores"].items() if s == best]
    assert outcomes[-1] == SeriesWon(tuple(summary["winners"]), best)


def test_a_two_player_game_hand_computed():
    """Ann always plays the higher card and no animal has a majority, so Ann takes the
    snake nearest the pungi and Bob the other one, in all 18 rounds."""
    ann = [CHARMER, -3, 2, CHARMER, 3, 4] + [0] * 12
    bob = [CHARMER] * 4 + [-6, -5, -1, 7] + [0] * 10
    game = new_game(2, games=1, snakes=[-3, 2, 3, 4, -6, -5, -1, 7, 9] + [0] * 22)
    for r in range(18):
        lay(game, [ann[r], bob[r]])
        cards = ({"Ann": ("mouse", 10 - r), "Bob": ("lizard", 9 - r)} if r < 9 else
                 {"Ann": ("duck", 19 - r), "Bob": ("dragonfly", 18 - r)})
        for _ in range(2):
            play(game, game.to_act, *cards[game.to_act])
    # Ann: -3 turns to 3; the second charmer turns the smallest non-negative, a 0:
    # 3 + 2 + 3 + 4 = 12. Bob: -6, -5, -1 turn; the fourth charmer turns a 0:
    # 6 + 5 + 1 + 7 = 19. The 9 stays in the pile.
    assert game.complete and game.pile == {9: 1}
    assert game.summary() == {
        "scores": {"Ann": 12, "Bob": 19}, "winners": ["Bob"],
        "games": [{"scores": {"Ann": 12, "Bob": 19}, "collections": {"Ann": ann, "Bob": bob}}]}


def test_session_refuses_moves_after_the_series():
    session = Session(header(2, games=1, snakes=DISTINCT))
    game = session.game
    play_game(game)
    with pytest.raises(RuleError, match="session is over"):
        session.apply({"type": "layout", "cards": [1, 2]})


def test_the_engine_refuses_first_after_the_series():
    game = distinct_game(2, games=1)
    play_game(game)
    with pytest.raises(RuleError) as refused:
        game.apply({"type": "first", "player": "Bob"})
    assert refused.value.code == "over" and game.first_player == "Ann"


# --- options -----------------------------------------------------------------------------

def test_default_deck_comes_from_the_deck_file():
    snakes, animals = default_deck()
    assert len(snakes) == 31 and animals == ("mouse", "duck", "lizard", "dragonfly",
                                             "grasshopper", "frog")
    game = new_game(3)
    assert game.pile_size == 37 and game.pile["charmer"] == 6 and game.pile[-6] == 1


def test_custom_snakes():
    game = new_game(3, snakes=[0] * 31)
    assert game.pile == {0: 31, CHARMER: 6}
    with pytest.raises(RuleError, match="none left"):
        lay(game, [0, 1, 0])


@pytest.mark.parametrize("options, fragment", [
    ({"games": 0}, "options.games"), ({"games": "2"}, "options.games"),
    ({"games": True}, "options.games"), ({"snakes": [1] * 30}, "options.snakes"),
    ({"snakes": [1] * 30 + [1.5]}, "options.snakes"), ({"snakes": "default"}, "options.snakes"),
])
def test_bad_options_are_refused(options, fragment):
    with pytest.raises(RuleError, match=fragment):
        new_game(3, **options)


# --- illegal moves leave the state as it was ----------------------------------------------

def _after(n, setup):
    game = new_game(n)
    for move in setup:
        game.apply(move)
    return game


L4 = {"type": "layout", "cards": [1, 2, 3, 4]}
ANN_MOUSE = {"type": "play", "player": "Ann", "animal": "mouse", "value": 1}


def _round(cards):
    moves = [{"type": "layout", "cards": cards}]
    for seat, name in enumerate(NAMES[:4]):
        moves.append({"type": "play", "player": name, "animal": ANIMALS[seat], "value": 10})
    return moves


@pytest.mark.parametrize("setup, move, fragment", [
    ([], ANN_MOUSE, "no snakes are laid out yet: Ann lays out first"),
    ([L4], {**ANN_MOUSE, "player": "Bob"}, "Bob played mouse 1, but it is Ann's turn"),
    ([L4, ANN_MOUSE], {**ANN_MOUSE, "player": "Bob"}, "mouse 1 was already played in game 1"),
    (_round([CHARMER, 1, 2, 3]) + [L4], {**ANN_MOUSE, "animal": "frog"},
     "Ann played frog 1, but it is Bob's turn"),
    (_round([CHARMER, 1, 2, 3]), {**ANN_MOUSE, "animal": "frog"},
     "no snakes are laid out yet: Bob lays out first"),
    (_round([CHARMER, 1, 2, 3]) + [{"type": "layout", "cards": [4, 5, 6, 7]}],
     {"type": "play", "player": "Bob", "animal": "mouse", "value": 10},
     "mouse 10 was already played in game 1"),
    ([], {**ANN_MOUSE, "value": 11}, "animal cards go from 1 to 10"),
    ([], {**ANN_MOUSE, "value": 0}, "animal cards go from 1 to 10"),
    ([], {**ANN_MOUSE, "value": "5"}, '"value" must be a whole number'),
    ([], {**ANN_MOUSE, "value": True}, '"value" must be a whole number'),
    ([], {**ANN_MOUSE, "animal": "cat"}, "not an animal of this deck"),
    ([], {**ANN_MOUSE, "animal": "Mouse"}, "not an animal of this deck"),
    ([], {**ANN_MOUSE, "player": "Zed"}, "no player called 'Zed'"),
    ([], {"type": "play", "player": "Ann", "value": 3}, '"animal" is missing'),
    ([], {"type": "layout", "cards": [1, 2, 3]}, "4 players need 4 cards"),
    ([], {"type": "layout", "cards": [1, 2, 3, 4, 5]}, "4 players need 4 cards"),
    ([], {"type": "layout", "cards": "1 2 3 4"}, '"cards" must be a list'),
    ([], {"type": "layout"}, '"cards" is missing'),
    ([], {"type": "layout", "cards": [1, 2, "Charmer", 4]}, 'card 3 must be a snake value'),
    ([], {"type": "layout", "cards": [1, True, 3, 4]}, 'card 2 must be a snake value'),
    ([], {"type": "layout", "cards": [1, 2, 3, 4.0]}, 'card 4 must be a snake value'),
    ([], {"type": "layout", "cards": [-6, -6, 1, 2]}, "2 times snake -6, but the pile has 1"),
    ([], {"type": "layout", "cards": [8, 1, 2, 3]}, "snake +8, but the pile has none"),
    (_round([CHARMER, CHARMER, CHARMER, 1]), {"type": "layout", "cards": [CHARMER] * 4},
     "4 times a charmer, but the pile has 3 left"),
    ([L4], L4, "already laid out; it is Ann's turn"),
    ([L4], {"type": "first", "player": "Cy"}, "cannot become first player now"),
    ([{"type": "layout", "cards": [2, 2, 2, 2]}], ANN_MOUSE, "went back into the pile"),
    ([{"type": "layout", "cards": [2, 2, 2, 2]}], {"type": "first", "player": "Cy"},
     "the next move must be a new layout by Ann"),
    ([], {"type": "first", "player": "Zed"}, "no player called 'Zed'"),
    ([], {"type": "deal"}, "unknown move type 'deal' for pungi"),
    ([], {"kind": "play"}, 'the move has no "type"'),
])
def test_illegal_moves_are_refused_and_change_nothing(setup, move, fragment):
    game = _after(4, setup)
    before = state(game)
    with pytest.raises(RuleError) as err:
        game.apply(move)
    assert fragment in str(err.value)
    assert state(game) == before


def test_times_and_unknown_fields_are_ignored():
    game = new_game(4)
    lay(game, [1, 2, 3, 4])
    game.apply({**ANN_MOUSE, "t": 12.5, "seen_by": "camera"})
    assert game.plays == (("Ann", "mouse", 1),) and game.to_act == "Bob"
