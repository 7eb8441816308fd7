"""Pumafiosi: the rulebook's examples and every reading of the spec, one rule at a time."""

import json

import pytest

from companion.games.base import Header, Player, RuleError
from companion.games.pumafiosi import HeldCard, Pumafiosi
from companion.games.pumafiosi_outcomes import (CardDropped, CardPlaced, PumafiosiScored,
                                                GameStarted, MatchWon, PenaltyCharged,
                                                RingAdded, RoundWon)
from companion.session import Session

AGES = {"Ann": 41, "Bob": 35, "Cy": 52, "Dee": 20, "Eve": 70}


def header(names=("Ann", "Bob", "Cy"), items=False):
    return Header("pumafiosi", tuple(Player(n, AGES[n]) for n in names),
                  {"items": True} if items else {})


def new_game(names=("Ann", "Bob", "Cy"), items=False):
    return Pumafiosi.from_header(header(names, items))


def play(player, card, **extra):
    return {"type": "play", "player": player, "card": card, **extra}


def place(player, card, step, **extra):
    return {"type": "place", "player": player, "card": card, "step": step, **extra}


def tony(card):
    return {"type": "tony", "card": card}


def run(game, moves):
    outcomes = []
    for move in moves:
        outcomes += game.apply(move)
    return outcomes


def won_round(game, winner, step, base, **extra):
    """One round of 3+ players that ``winner`` wins with ``base + 1`` and places at ``step``.

    The player after the winner plays ``base + 2`` (the highest), all others lower cards.
    """
    names = game.players
    order = [names[(names.index(game.to_act) + i) % len(names)] for i in range(len(names))]
    others = [n for n in order if n != winner]
    cards = {winner: base + 1, others[0]: base + 2}
    cards.update({n: base - i for i, n in enumerate(others[1:])})
    moves = [play(n, cards[n]) for n in order] + [place(winner, base + 1, step, **extra)]
    return run(game, moves)


def state(game):
    """Everything the engine holds, in comparable form."""
    def plain(value):
        if isinstance(value, HeldCard):
            return ("held", value.card, tuple(value.owners), value.item)
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, set):
            return sorted(value)
        return value
    return plain(vars(game)), json.dumps(game.summary())


def drops(outcomes):
    return [(o.card, o.from_step, o.to_step, o.penalty_each, o.owners)
            for o in outcomes if isinstance(o, CardDropped)]


# --- the rulebook's examples ---------------------------------------------------------

def test_rulebook_example_purple_drops_one_orange_two():
    names = ("Green", "Purple", "Orange")
    ages = {"Green": 30, "Purple": 40, "Orange": 50}
    game = Pumafiosi.from_header(
        Header("pumafiosi", tuple(Player(n, ages[n]) for n in names), {}))
    run(game, [play("Purple", 30), play("Orange", 50), play("Green", 5), place("Purple", 30, 8),
               play("Purple", 35), play("Orange", 51), play("Green", 6), place("Purple", 35, 6),
               play("Purple", 52), play("Orange", 25), play("Green", 7),
               place("Orange", 25, 7)])
    out = run(game, [play("Orange", 53), play("Green", 40), play("Purple", 8),
                     place("Green", 40, 8)])
    assert drops(out) == [(30, 8, 7, 1, ("Purple",)), (25, 7, 5, 2, ("Orange",))]
    assert game.scores == {"Green": 0, "Purple": -1, "Orange": -2}
    assert [cards for _, cards in game.hierarchy][:5] == [
        (), ((40, ("Green",)),), ((30, ("Purple",)),), ((35, ("Purple",)),),
        ((25, ("Orange",)),)]


def test_rulebook_example_pink_wealth_minus_penalty():
    # Pink's 12 wealth and 4 penalty points end as 8: the running score is the difference.
    game = new_game()
    won_round(game, "Bob", 10, 20)
    won_round(game, "Bob", 8, 30)
    run(game, [{"type": "honor_violation", "player": "Bob"}])
    assert game.scores["Bob"] == -5


# --- winning a round ------------------------------------------------------------------

def test_second_highest_card_wins():
    game = new_game()
    out = run(game, [play("Ann", 10), play("Bob", 30), play("Cy", 20)])
    won = [o for o in out if isinstance(o, RoundWon)]
    assert won == [RoundWon("Cy", 20, 20, 1, 1)]
    assert game.phase == "place" and game.to_act == "Cy"


def test_machine_gun_makes_a_low_card_win():
    game = new_game(items=True)
    out = run(game, [play("Ann", 10), play("Bob", 5, machine_gun=True), play("Cy", 30)])
    assert [o for o in out if isinstance(o, RoundWon)] == [RoundWon("Bob", 5, 15.5, 1, 1)]
    assert game.items_left("Bob") == ("vest", "notebook", "ring")


def test_round_winner_starts_the_next_round():
    game = new_game()
    assert game.to_act == "Ann"  # second-oldest: Cy 52, Ann 41, Bob 35
    won_round(game, "Cy", 10, 20)
    assert game.to_act == "Cy" and game.round_number == 2


def test_two_players_second_oldest_is_the_younger():
    game = new_game(("Ann", "Bob"))
    assert game.phase == "tony" and game.to_act == "Bob"


# --- placement and the cascade ---------------------------------------------------------

def test_drop_over_several_steps_and_into_the_casualty_step():
    game = new_game()
    won_round(game, "Bob", 1, 20)
    won_round(game, "Cy", -3, 23)
    won_round(game, "Ann", 2, 26)
    out = won_round(game, "Bob", 2, 29)
    assert drops(out) == [(27, 2, 1, 1, ("Ann",)), (21, 1, -3, 1, ("Bob",))]
    assert dict(game.hierarchy)[-3] == ((24, ("Cy",)), (21, ("Bob",)))


def test_a_dropping_card_passes_higher_cards():
    game = new_game()
    won_round(game, "Bob", 8, 20)     # 21 at 8
    won_round(game, "Cy", 7, 30)      # 31 at 7
    out = won_round(game, "Ann", 8, 40)  # 41 at 8: 21 drops past 31 to 6
    assert drops(out) == [(21, 8, 6, 2, ("Bob",))]


def test_place_at_minus_three_any_time():
    game = new_game()
    won_round(game, "Bob", 10, 40)
    out = won_round(game, "Cy", -3, 10)
    assert drops(out) == [] and dict(game.hierarchy)[-3] == ((11, ("Cy",)),)


# --- Tony --------------------------------------------------------------------------------

def test_tony_wins_and_places_at_the_highest_possible_step():
    game = new_game(("Ann", "Bob"))
    run(game, [tony(40), play("Bob", 30), play("Ann", 20), place("Bob", 30, 10)])
    out = run(game, [tony(25), play("Bob", 50), play("Ann", 10)])
    assert [o for o in out if isinstance(o, CardPlaced)] == [CardPlaced(None, 25, 8)]
    # Tony won a round Bob started: Ann starts the next one.
    assert game.phase == "tony" and game.to_act == "Ann"
    out = run(game, [tony(45), play("Ann", 51), play("Bob", 11)])
    assert drops(out) == [(30, 10, 8, 1, ("Bob",)), (25, 8, 7, 0, ())]
    assert game.scores == {"Ann": 0, "Bob": -1}
    assert game.to_act == "Bob"


def test_tony_goes_to_minus_three_when_every_step_holds_a_higher_card():
    game = new_game(("Ann", "Bob"))
    for i, step in enumerate((10, 8, 7, 6, 5, 3, 2, 1)):
        starter = game.to_act
        other = "Ann" if starter == "Bob" else "Bob"
        run(game, [tony(54 - i), play(starter, 40 - i), play(other, i + 1),
                   place(starter, 40 - i, step)])
    out = run(game, [tony(20), play(game.to_act, 55), play("Ann" if game.to_act == "Bob"
                                                             else "Bob", 19)])
    assert CardPlaced(None, 20, -3) in out


def test_ring_on_tonys_card_makes_the_ringer_its_owner():
    game = new_game(("Ann", "Bob"), items=True)
    run(game, [tony(5), play("Bob", 30), play("Ann", 2)])  # Tony's 5 wins, goes to 10
    out = run(game, [tony(1), play("Ann", 9), play("Bob", 40), place("Ann", 9, 10, ring=True)])
    assert drops(out) == [(5, 10, 8, 0, ())]
    assert out[-1] == RingAdded("Ann", 5, ("Ann",))
    assert game.card_at(8) == (5, ("Ann",), "ring")


# --- items ---------------------------------------------------------------------------------

def test_vest_pays_nothing_notebook_pays_double():
    game = new_game(items=True)
    won_round(game, "Cy", 7, 20, item="notebook")
    won_round(game, "Bob", 8, 23, item="vest")
    out = won_round(game, "Ann", 8, 26)
    assert drops(out) == [(24, 8, 7, 0, ("Bob",)), (21, 7, 6, 2, ("Cy",))]


def test_ring_takes_effect_after_the_drops_and_both_pay_later():
    game = new_game(items=True)
    won_round(game, "Bob", 8, 20)
    out = won_round(game, "Cy", 8, 23, ring=True)
    assert drops(out) == [(21, 8, 7, 1, ("Bob",))]
    assert out[-1] == RingAdded("Cy", 21, ("Bob", "Cy"))
    out = won_round(game, "Ann", 7, 26)
    assert drops(out) == [(21, 7, 6, 1, ("Bob", "Cy"))]
    assert game.scores == {"Ann": 0, "Bob": -2, "Cy": -1}


def test_ring_and_notebook_in_the_same_placement():
    game = new_game(items=True)
    won_round(game, "Bob", 8, 20)
    won_round(game, "Cy", 8, 23, ring=True, item="notebook")
    assert game.card_at(8) == (24, ("Cy",), "notebook")
    assert game.items_left("Cy") == ("machine_gun", "vest")


# --- scoring and the match -----------------------------------------------------------------

def play_game(game, plan):
    """Ten rounds: plan is [(winner, step, extra)]; round r uses cards 3r+1..3r+3."""
    out = []
    for r, (winner, step, extra) in enumerate(plan):
        out += won_round(game, winner, step, 3 * r + 1, **extra)
    return out


def test_scoring_notebook_doubles_and_absent_player_pays_ten():
    game = new_game(items=True)
    plan = [("Bob", 10, {"item": "notebook"})] + [("Ann", -3, {})] * 9
    out = play_game(game, plan)
    assert PenaltyCharged("Cy", 10, "absent") in out
    scored = next(o for o in out if isinstance(o, PumafiosiScored))
    assert scored.points == (("Ann", -27), ("Bob", 20), ("Cy", -10))
    assert game.summary()["games"][0]["scores"] == {"Ann": -27, "Bob": 20, "Cy": -10}
    assert out[-1] == GameStarted(2, "Bob")
    assert game.game_number == 2 and game.round_number == 1 and not game.cards_out


def test_wealth_and_penalties_are_what_the_rulebooks_cards_hold():
    game = new_game()
    honour = {"type": "honor_violation", "player": "Bob"}
    won_round(game, "Bob", 10, 1)
    out = won_round(game, "Cy", 10, 4)   # Cy's card pushes Bob's down
    run(game, [honour])
    dropped = sum(d[3] for d in drops(out))
    assert dropped > 0
    assert game.penalties == {"Ann": 0, "Bob": dropped + 5, "Cy": 0}
    assert game.wealth == {"Ann": 0, "Bob": 0, "Cy": 0}   # nothing carried into game 1
    for r, step in enumerate((8, 7, 6, 5, 3, 2, 1, -3), 2):
        won_round(game, "Cy", step, 3 * r + 1)
    first = game.summary()["games"][0]["scores"]
    assert game.game_number == 2 and first["Cy"] > 0 > first["Ann"]   # Ann was absent
    # Scored and netted: the positive scores are carried over on the wealth cards.
    assert game.wealth == {name: max(score, 0) for name, score in first.items()}
    assert game.penalties == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert game.scores == first
    for _ in range(2):
        if game.game_number == 3:
            run(game, [honour])
        play_game(game, [("Ann", -3, {})] * 10)
    assert game.complete
    final = game.summary()["scores"]
    assert game.wealth == {name: max(score, 0) for name, score in final.items()}
    assert game.penalties == {"Ann": 0, "Bob": 5, "Cy": 0}   # the last game's


def test_start_of_the_next_game_tie_goes_to_the_second_oldest_tied():
    game = new_game()
    # Bob and Cy both end at -9, Ann at -12: of Cy (52) and Bob (35), Bob starts.
    winners = ["Bob", "Cy", "Ann", "Ann", "Bob", "Cy", "Ann", "Bob", "Cy", "Ann"]
    out = play_game(game, [(w, -3, {}) for w in winners])
    assert out[-1] == GameStarted(2, "Bob")


def test_match_winner_and_tie_break_by_highest_card():
    game = new_game()
    m3 = [("Ann", -3, {}), ("Bob", -3, {}), ("Cy", -3, {})] * 3
    play_game(game, [("Bob", -3, {})] + m3)   # Ann -9, Bob -12, Cy -9
    play_game(game, [("Bob", -3, {})] + m3)   # Ann -18, Bob -24, Cy -18
    out = play_game(game, [("Cy", 10, {}), ("Ann", -3, {}), ("Ann", 7, {}),
                           ("Cy", -3, {}), ("Cy", -3, {})] + [("Bob", -3, {})] * 5)
    assert game.scores["Ann"] == game.scores["Cy"] == -14
    assert out[-1] == MatchWon(("Cy",), -14)
    assert game.complete and game.phase == "over" and game.to_act is None
    assert game.summary()["winners"] == ["Cy"]
    with pytest.raises(RuleError, match="the pumafiosi session is over"):
        game.apply(play("Ann", 1))


def test_summary_shape_and_order():
    game = new_game()
    play_game(game, [("Ann", step, {}) for step in (10, 8, 7, 6, 5, 3, 2, 1, -3, -3)])
    summary = game.summary()
    assert list(summary) == ["scores", "winners", "games"]
    hierarchy = summary["games"][0]["hierarchy"]
    assert list(hierarchy) == ["10", "8", "7", "6", "5", "3", "2", "1", "-3"]
    assert hierarchy["-3"] == [{"card": 29, "owners": ["Ann"]}, {"card": 26, "owners": ["Ann"]}]
    assert all(type(v) is int for v in summary["scores"].values())
    # Bob and Cy are absent: -10 each; Ann scores 10+8+7+6+5+3+2+1-6 = 36.
    assert summary["scores"] == {"Ann": 36, "Bob": -10, "Cy": -10}


def test_honor_violation_costs_five_at_any_time():
    game = new_game()
    out = run(game, [play("Ann", 10), {"type": "honor_violation", "player": "Cy"}])
    assert out[-1] == PenaltyCharged("Cy", 5, "honor")
    assert game.scores["Cy"] == -5 and game.to_act == "Bob"


# --- illegal moves: the reason, and the state left exactly as it was ------------------------

ROUND_WON = [play("Ann", 10), play("Bob", 20), play("Cy", 30)]   # Bob must place 20
BOB_AT_8 = ROUND_WON + [place("Bob", 20, 8)]                     # Bob starts round 2

ILLEGAL = [
    ([], play("Cy", 20), False, "Cy played 20, but it is Ann's turn"),
    ([play("Ann", 10)], play("Ann", 11), False, "(Ann has already played this round)"),
    ([play("Ann", 10)], play("Bob", 10), False, "10 was already played in this game"),
    ([], play("Ann", 56), False, "from 1 to 55"),
    ([], play("Ann", 0), False, "from 1 to 55"),
    ([], play("Ann", "7"), False, '"card" must be a whole number'),
    ([], play("Ann", True), False, '"card" must be a whole number'),
    ([], {"type": "play", "card": 3}, False, '"player" is missing'),
    ([], play("Zed", 3), False, "no player called 'Zed'"),
    ([], {"type": "deal"}, False, "unknown move type 'deal' for pumafiosi"),
    ([], play("Ann", 3, machine_gun=True), False, "item tokens are not in play"),
    ([], play("Ann", 3, machine_gun="yes"), True, '"machine_gun" must be true or false'),
    ([], tony(3), False, "Tony plays only in the 2-player game"),
    (ROUND_WON, play("Bob", 11), False, "Bob must first place 20"),
    (ROUND_WON, place("Cy", 30, 8), False, "Bob won the round"),
    (ROUND_WON, place("Bob", 21, 8), False, "that is the card to place"),
    (ROUND_WON, place("Bob", 20, 4), False, "must be one of the hierarchy steps"),
    (ROUND_WON, place("Bob", 20, "8"), False, '"step" must be a whole number'),
    (ROUND_WON, place("Bob", 20, 8, item="vest"), False, "item tokens are not in play"),
    (ROUND_WON, place("Bob", 20, 8, item="ring"), True, '"item" must be "vest" or "notebook"'),
    (ROUND_WON, place("Bob", 20, 8, item=None), True, '"item" must be a text'),
    (ROUND_WON, place("Bob", 20, 8, ring=True), True, "step 8 is empty"),
    (ROUND_WON, place("Bob", 20, -3, ring=True), True, "bumps no single card"),
    ([], place("Ann", 10, 8), False, "no round has been won yet"),
    (BOB_AT_8 + [play("Bob", 11), play("Cy", 15), play("Ann", 31)], place("Cy", 15, 8), False,
     "step 8 holds 20, a higher card"),
    (BOB_AT_8 + [play("Bob", 25), play("Cy", 12), play("Ann", 31)],
     place("Bob", 25, 8, ring=True), True, "20 is Bob's own card"),
    ([play("Ann", 10), play("Bob", 20, machine_gun=True), play("Cy", 40), place("Bob", 20, 8)],
     play("Bob", 21, machine_gun=True), True, "Bob has already used the machine gun"),
    # The vest is fine but the ring is not: nothing of the move may stick.
    (ROUND_WON, place("Bob", 20, 8, item="vest", ring=True), True, "step 8 is empty"),
    ([], {"type": "honor_violation", "player": "Zed"}, False, "no player called 'Zed'"),
]


@pytest.mark.parametrize("prefix, move, items, reason", ILLEGAL, ids=[c[3] for c in ILLEGAL])
def test_illegal_move_is_refused_and_changes_nothing(prefix, move, items, reason):
    game = new_game(items=items)
    run(game, prefix)
    before = state(game)
    with pytest.raises(RuleError) as err:
        game.apply(move)
    assert reason in str(err.value)
    assert state(game) == before


def test_ring_on_a_card_with_an_item_is_refused():
    game = new_game(items=True)
    won_round(game, "Bob", 8, 20, item="vest")
    run(game, [play("Bob", 30), play("Cy", 25), play("Ann", 10)])
    before = state(game)
    with pytest.raises(RuleError, match="already carries the bulletproof vest"):
        game.apply(place("Cy", 25, 8, ring=True))
    assert state(game) == before


def test_two_player_turn_rules():
    game = new_game(("Ann", "Bob"))
    with pytest.raises(RuleError, match="Tony's card must be revealed first"):
        game.apply(play("Bob", 3))
    game.apply(tony(9))
    with pytest.raises(RuleError, match="Tony's card for this round is already out"):
        game.apply(tony(10))
    with pytest.raises(RuleError, match="9 was already played"):
        game.apply(play("Bob", 9))


@pytest.mark.parametrize("players, options, reason", [
    ([Player("Ann", 41), Player("Bob")], {}, "Bob has none"),
    ([Player("Ann", 41), Player("Bob", 41)], {}, "Ann and Bob are both 41"),
    ([Player("Ann", 41), Player("Bob", 35)], {"items": "yes"}, "options.items must be true"),
])
def test_header_errors(players, options, reason):
    with pytest.raises(RuleError, match=reason):
        Pumafiosi.from_header(Header("pumafiosi", tuple(players), options))


def test_session_player_counts_and_undo():
    session = Session(header(("Ann", "Bob", "Cy", "Dee", "Eve")))
    session.apply(play("Cy", 5))  # ages: Eve 70, Cy 52: Cy is second-oldest
    session.apply({"type": "undo"})
    assert session.game.to_act == "Cy" and not session.game.cards_out


def test_every_outcome_reads_as_one_sentence():
    from companion.games.pumafiosi_random import random_session
    head, moves = random_session(3, players=2, items=True, honor=0.05)
    game = Pumafiosi.from_header(head)
    texts = [o.text() for o in run(game, moves)]
    assert game.complete
    assert all(t and "\n" not in t and "None" not in t for t in texts)
    assert any("wedding ring" in t for t in texts) and any("Tony" in t for t in texts)
