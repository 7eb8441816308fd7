"""The Mafia rules engine: the rulebook's example, every rule and every reading."""

import copy
from dataclasses import dataclass

import pytest

from calibration.zone import Zone
from companion.games.base import Header, Player, RuleError
from companion.games.mafia import Mafia
from companion.games.mafia_outcomes import (CardContributed, CopRevealed, MissionAborted,
                                            MissionAdjusted, MissionFull, MissionOpened,
                                            MissionRevealed, OmertaBroken, OmertaEnded,
                                            OmertaStarted, SideWon, TurnPassed)
from companion.games.mafia_missions import Mission, default_missions, missions_from_options
from companion.session import Session

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")
# Default deck: 1 Precinct invasion (3 recruits, 5 cards, $6 blue),
# 3 Casino takeover (2, 4, $5 blue), 5 Protection racket (2, 4, $4 yellow).
PRECINCT_CARDS = [{"value": 2, "color": "blue"}, {"value": 4, "color": "blue"},
                  {"value": 2, "color": "yellow"}, {"value": 1, "color": "blue"},
                  {"value": 2, "color": "blue"}]


def new_game(players=5, characters=None, roles=None, missions=None):
    return Mafia(NAMES[:players], missions or default_missions(), characters, roles)


def play(game, *moves):
    outcomes = []
    for move in moves:
        outcomes.extend(game.apply(move))
    return outcomes


def state(game):
    return copy.deepcopy(vars(game))


def assert_illegal(game, move, fragment):
    """The move raises a RuleError naming the rule, and the state is exactly as before."""
    before, summary = state(game), game.summary()
    with pytest.raises(RuleError) as caught:
        game.apply(move)
    assert fragment in str(caught.value)
    assert state(game) == before
    assert game.summary() == summary


def opened(slot, mission, *assigned):
    return {"type": "mission", "slot": slot, "mission": mission, "assigned": list(assigned)}


def contribute(player, slot, **extra):
    return {"type": "contribute", "player": player, "slot": slot, **extra}


def cards(*signed, color="blue"):
    """Cards from signed values for a mission of ``color``: +v in its colour, -v not."""
    other = "yellow" if color == "blue" else "blue"
    return [{"value": abs(v), "color": color if v > 0 else other} for v in signed]


def reveal(slot, signed, color="blue"):
    return {"type": "reveal", "slot": slot, "cards": cards(*signed, color=color)}


def precinct_full(game):
    """Mission 1 in slot 1 with Ann, Bob, Cy and its four contributions."""
    play(game, opened(1, 1, "Ann", "Bob", "Cy"),
         *(contribute(p, 1) for p in ("Ann", "Bob", "Cy", "Ann")))


def casino(game, slot, signed, *assigned):
    """Mission 3 (Casino takeover: 4 cards, $5 blue) opened, filled and revealed."""
    play(game, opened(slot, 3, *assigned), *(contribute(assigned[0], slot) for _ in range(3)),
         reveal(slot, signed))


# --- the rulebook's example ---------------------------------------------------------

def test_precinct_invasion_example_is_a_success_at_7_of_6():
    game = new_game()
    precinct_full(game)
    outcomes = game.apply({"type": "reveal", "slot": 1, "cards": PRECINCT_CARDS})
    assert outcomes == (MissionRevealed(1, game.missions[1], (2, 4, -2, 1, 2), 7, 6, True,
                                        1, 0),)
    assert "+2 +4 -2 +1 +2 = $7 of $6: success" in outcomes[0].text()
    assert game.summary() == {"scores": {"mobsters": 1, "cops": 0}, "winners": [], "games": []}


def test_a_total_just_below_the_value_is_a_failure():
    game = new_game()
    precinct_full(game)
    outcome, = game.apply(reveal(1, [2, 4, -2, 1, 1]))
    assert (outcome.total, outcome.success) == (6, True)  # reaching the value is enough
    game = new_game()
    precinct_full(game)
    outcome, = game.apply(reveal(1, [2, 4, -2, -1, 2]))
    assert (outcome.total, outcome.success) == (5, False)
    assert game.summary()["scores"] == {"mobsters": 0, "cops": 1}


def test_yellow_mission_counts_yellow_cards_plus():
    game = new_game()
    play(game, opened(1, 5, "Ann", "Bob"), *(contribute("Ann", 1) for _ in range(3)))
    outcome, = game.apply(reveal(1, [4, 3, -2, 1], color="yellow"))
    assert (outcome.cards, outcome.total, outcome.success) == ((4, 3, -2, 1), 6, True)


# --- missions and slots -----------------------------------------------------------------

def test_a_mission_opens_with_the_draw_pile_card_and_is_full_after_cards_minus_one():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"))
    for _ in range(3):
        assert game.apply(contribute("Ann", 1))[-1] == CardContributed(
            "Ann", 1, game.missions[1], game.slots[1].needed, None)
    outcomes = game.apply(contribute("Bob", 1))
    assert outcomes[-1] == MissionFull(1, game.missions[1])
    assert_illegal(game, contribute("Cy", 1), "is full")


def test_a_one_card_mission_is_full_when_it_opens():
    game = new_game(missions=[Mission("x", "Quick job", 1, 1, 1, "blue")])
    outcomes = game.apply(opened(1, "x", "Ann"))
    assert outcomes[-1] == MissionFull(1, game.missions["x"])
    assert game.apply(reveal(1, [1]))[0].success


def test_reveal_only_when_full_and_with_exactly_the_missions_cards():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"), contribute("Ann", 1))
    assert_illegal(game, {"type": "reveal", "slot": 1, "cards": PRECINCT_CARDS},
                   "not full yet: 3 more cards needed")
    precinct = new_game()
    precinct_full(precinct)
    assert_illegal(precinct, {"type": "reveal", "slot": 1, "cards": PRECINCT_CARDS[:4]},
                   "holds 5 cards, but 4 were revealed")
    assert_illegal(precinct, {"type": "reveal", "slot": 1, "cards": PRECINCT_CARDS * 2},
                   "but 10 were revealed")


@pytest.mark.parametrize("card, fragment", [
    ({"value": 0, "color": "blue"}, '"value" must be a whole number'),
    ({"value": 2.5, "color": "blue"}, '"value" must be a whole number'),
    ({"value": True, "color": "blue"}, '"value" must be a whole number'),
    ({"value": 2, "color": "red"}, '"color" must be "blue" or "yellow"'),
    ({"value": 2}, '"color" must be "blue" or "yellow"'),
    (3, 'card 5 must be {"value", "color"}'),
])
def test_revealed_cards_are_checked(card, fragment):
    game = new_game()
    precinct_full(game)
    assert_illegal(game, {"type": "reveal", "slot": 1, "cards": PRECINCT_CARDS[:4] + [card]},
                   fragment)


def test_no_third_mission_while_two_are_in_progress():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"), opened(2, 3, "Dee", "Eve"))
    assert_illegal(game, opened(1, 5), "two missions are already in progress")
    assert_illegal(game, opened(2, 5), "slot 2 already holds Casino takeover")


def test_the_other_slot_is_named_when_it_is_free():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"))
    assert_illegal(game, opened(1, 3, "Dee", "Eve"), "slot 2 is free")


def test_a_revealed_mission_lies_in_its_slot_until_a_new_one_opens_there():
    game = new_game()
    precinct_full(game)
    play(game, {"type": "reveal", "slot": 1, "cards": PRECINCT_CARDS})
    assert game.slots[1].revealed and game.in_progress == {}
    assert game.free_players == NAMES[:5]  # its characters are free again
    play(game, opened(1, 3, "Ann", "Dee"))
    assert game.slots[1].mission.name == "Casino takeover"
    assert game.revealed_missions[0].mission.name == "Precinct invasion"


def test_a_mission_card_is_never_in_progress_twice_but_opens_again_when_done():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"))
    assert_illegal(game, opened(2, 1, "Dee", "Eve"), "already in progress in the other slot")
    play(game, {"type": "abort", "slot": 1, "player": "Ann"})
    play(game, opened(1, 1, "Ann", "Bob", "Cy"))       # a short custom list needs this
    casino(game, 2, [5, 1, -1, 1], "Dee", "Eve")
    play(game, opened(2, 3, "Dee", "Eve"))
    assert game.slots[2].mission.name == "Casino takeover" and not game.slots[2].revealed


@pytest.mark.parametrize("move, fragment", [
    ({"type": "mission", "slot": 1, "mission": 99, "assigned": []}, "no mission with id 99"),
    ({"type": "mission", "slot": 1, "mission": "1", "assigned": []}, 'no mission with id "1"'),
    ({"type": "mission", "slot": 1, "mission": True, "assigned": []}, '"mission" must be'),
    ({"type": "mission", "slot": 1, "assigned": []}, 'the field "mission" is missing'),
    ({"type": "mission", "slot": 3, "mission": 1, "assigned": []}, '"slot" must be 1 or 2'),
    ({"type": "mission", "slot": True, "mission": 1, "assigned": []}, '"slot" must be'),
    ({"type": "mission", "slot": 1, "mission": 1}, 'the field "assigned" is missing'),
    ({"type": "mission", "slot": 1, "mission": 1, "assigned": "Ann"}, '"assigned" must be'),
    (opened(1, 1, "Ann", "Bob", "Zed"), '"Zed" in "assigned" is not a player'),
    (opened(1, 1, "Ann", "Bob", "Ann"), "Ann is assigned twice"),
])
def test_mission_fields_are_checked(move, fragment):
    assert_illegal(new_game(), move, fragment)


def test_recruits_come_from_the_free_characters_in_any_number():
    game = new_game(players=3)
    play(game, opened(1, 3, "Ann", "Bob"))
    assert_illegal(game, opened(2, 1, "Cy", "Ann", "Bob"), "Ann, Bob are already on the other")
    play(game, opened(2, 1, "Cy"))     # the card recruits 3: the mission begins as is
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy", "Dee"))   # more than the card recruits
    play(game, opened(2, 3))                             # nobody: Backup can add them
    game = new_game(players=3)
    play(game, opened(1, 1, "Ann", "Bob", "Cy"))
    assert game.apply(opened(2, 3)) == (MissionOpened(2, game.missions[3], ()),)


def test_missions_from_options_replace_the_default_deck():
    options = {"missions": [{"id": "a", "name": "Heist", "recruits": 2, "cards": 3, "value": 4,
                             "color": "yellow"}, {"id": 7, "name": "Raid", "recruits": 1,
                                                  "cards": 2, "value": 1, "color": "blue"}]}
    game = Mafia.from_header(Header("mafia", tuple(Player(n) for n in NAMES[:4]), options))
    assert list(game.missions) == ["a", 7]
    assert_illegal(game, opened(1, 1, "Ann"), "no mission with id 1 (ids: \"a\", 7)")
    play(game, opened(1, "a", "Ann", "Bob"), contribute("Ann", 1), contribute("Bob", 1))
    assert game.apply(reveal(1, [3, 2, -1], color="yellow"))[0].success


@pytest.mark.parametrize("missions, fragment", [
    ([], "non-empty list"),
    ({"id": 1}, "non-empty list"),
    ([5], "mission 1 must be an object"),
    ([{"name": "X", "recruits": 1, "cards": 1, "value": 1, "color": "blue"}], '"id" must be'),
    ([{"id": 1, "name": "", "recruits": 1, "cards": 1, "value": 1, "color": "blue"}],
     '"name" must be'),
    ([{"id": 1, "name": "X", "recruits": 0, "cards": 1, "value": 1, "color": "blue"}],
     '"recruits" must be a whole number of at least 1'),
    ([{"id": 1, "name": "X", "recruits": 1, "cards": 2.0, "value": 1, "color": "blue"}],
     '"cards" must be'),
    ([{"id": 1, "name": "X", "recruits": 1, "cards": 1, "value": 1, "color": "Blue"}],
     '"color" must be "blue" or "yellow"'),
    ([{"id": 1, "name": "X", "recruits": 1, "cards": 1, "value": 1, "color": "blue"},
      {"id": 1, "name": "Y", "recruits": 1, "cards": 1, "value": 1, "color": "blue"}],
     "1 appears twice"),
])
def test_bad_mission_options_are_refused(missions, fragment):
    with pytest.raises(RuleError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        missions_from_options({"missions": missions})


def test_the_default_deck_has_the_rulebook_example_as_mission_1():
    assert default_missions()[0] == Mission(1, "Precinct invasion", 3, 5, 6, "blue")
    assert len(default_missions()) == 10


# --- contributions and Salvatore ----------------------------------------------------

def test_only_assigned_players_contribute():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"))
    assert_illegal(game, contribute("Dee", 1), "Dee is not assigned to Precinct invasion")
    assert_illegal(game, contribute("Ann", 2), "slot 2 has no mission")
    assert_illegal(game, contribute("Zed", 1), "no player called 'Zed'")


def test_a_card_nobody_saw_whose_counts_towards_its_mission():
    """``unseen_contribute``: the camera saw a card lie on the mission, not whose it was.
    It counts like a contribution (the mission fills, the reveal follows); only a mission
    in progress that is not full takes it."""
    game = new_game()
    unseen = {"type": "unseen_contribute", "slot": 1}
    assert_illegal(game, unseen, "unseen_contribute: slot 1 has no mission")
    play(game, opened(1, 1, "Ann", "Bob", "Cy"), contribute("Ann", 1))
    outcome, = game.apply(unseen)
    assert outcome == CardContributed(None, 1, game.missions[1], 2, None)
    assert outcome.text() == ("Someone (not seen who) adds a card to Precinct invasion "
                              "(slot 1); 2 more needed.")
    assert game.in_progress[1].contributions == ("Ann", None)
    assert [o.kind for o in play(game, unseen, contribute("Cy", 1))] == [
        "card_contributed", "card_contributed", "mission_full"]
    assert_illegal(game, unseen, "unseen_contribute: Precinct invasion (slot 1) is full")
    play(game, {"type": "reveal", "slot": 1, "cards": PRECINCT_CARDS})
    assert game.scores == {"mobsters": 1, "cops": 0}
    assert_illegal(game, unseen, "unseen_contribute: Precinct invasion (slot 1) has already "
                                 "been revealed")


def test_a_reveal_nobody_read_is_done_with_and_its_side_stays_open():
    """``unseen_reveal``: the full mission's cards were turned up and nobody read them. It
    is done with (its slot and characters free, play goes on), in neither count, and
    cannot be adjusted; only a full mission in progress takes it."""
    game = new_game()
    unseen = {"type": "unseen_reveal", "slot": 1}
    assert_illegal(game, unseen, "slot 1 has no mission")
    play(game, opened(1, 3, "Ann", "Bob"), contribute("Ann", 1))
    assert_illegal(game, unseen, "not full yet")
    play(game, contribute("Bob", 1), contribute("Ann", 1))
    outcome, = game.apply(unseen)
    assert outcome.kind == "reveal_unread"
    assert outcome.text() == ("Casino takeover (slot 1) was revealed, but nobody read its "
                              "cards: which side it counts for stays open until they are "
                              "named.")
    assert game.in_progress == {} and game.free_players == NAMES[:5]
    assert game.scores == {"mobsters": 0, "cops": 0} and game.revealed_missions == ()
    assert [(slot, m.mission.id) for slot, m in game.open_reveals] == [(1, 3)]
    assert game.summary() == {"scores": {"mobsters": 0, "cops": 0}, "winners": [],
                              "games": [], "open": [{"slot": 1, "mission": 3}]}
    assert_illegal(game, unseen, "has already been revealed")
    assert_illegal(game, {"type": "adjust", "slot": 1, "player": "Ann", "delta": 1},
                   "whose cards nobody read")
    assert 3 in game.used_missions
    play(game, opened(1, 5, "Cy", "Dee"))   # the next mission opens in its slot
    assert game.expected_table().cards_at(Zone("mission", 1)) == ("mission 5", "face down")


def test_winners_wait_while_a_reveal_nobody_read_could_have_won_the_other_side():
    """A side with four wins outright only if the missions revealed unread could not have
    given the other side its fourth first."""
    game = new_game()
    casino(game, 1, (-1, -1, -1, -1), "Ann", "Bob")
    casino(game, 1, (-1, -1, -1, -1), "Ann", "Bob")
    casino(game, 1, (-1, -1, -1, -1), "Ann", "Bob")
    play(game, opened(1, 3, "Ann", "Bob"), *(contribute("Ann", 1) for _ in range(3)),
         {"type": "unseen_reveal", "slot": 1})
    for _ in range(3):
        casino(game, 1, (2, 2, 1, 1), "Ann", "Bob")
    assert not game.complete
    outcomes = play(game, opened(1, 3, "Ann", "Bob"), *(contribute("Ann", 1) for _ in range(3)),
                    reveal(1, (2, 2, 1, 1)))
    assert game.complete and game.scores == {"mobsters": 4, "cops": 3}
    assert game.winners == () and not any(isinstance(o, SideWon) for o in outcomes)
    assert game.summary()["winners"] == [] and game.summary()["open"] == [
        {"slot": 1, "mission": 3}]
    clear = new_game()
    play(clear, opened(1, 3, "Ann", "Bob"), *(contribute("Ann", 1) for _ in range(3)),
         {"type": "unseen_reveal", "slot": 1})
    for _ in range(4):
        casino(clear, 1, (2, 2, 1, 1), "Ann", "Bob")
    assert clear.winners == ("mobsters",)


def test_salvatore_contributes_anywhere_once_per_game():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"))
    outcome, = game.apply(contribute("Dee", 1, skill="salvatore"))
    assert outcome == CardContributed("Dee", 1, game.missions[1], 3, "salvatore")
    assert "using Salvatore's skill" in outcome.text()
    assert_illegal(game, contribute("Eve", 1, skill="salvatore"), "already been used")
    assert_illegal(game, contribute("Ann", 1, skill="salvatore"), "already been used")


def test_salvatore_may_use_his_skill_on_his_own_mission():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"), contribute("Ann", 1, skill="salvatore"))
    assert game.skills_used == {"Salvatore"}


def test_only_salvatore_uses_the_skill_when_characters_are_given():
    game = new_game(characters={"Ann": "Tony", "Dee": "Salvatore"})
    play(game, opened(1, 1, "Ann", "Bob", "Cy"), opened(2, 3, "Dee", "Eve"))
    assert_illegal(game, contribute("Ann", 2, skill="salvatore"), "Ann plays Tony")
    assert_illegal(game, contribute("Eve", 1, skill="salvatore"), "Dee plays Salvatore, not Eve")
    play(game, contribute("Dee", 1, skill="salvatore"))


@pytest.mark.parametrize("skill, fragment", [("vincenzo", 'can only be "salvatore"'),
                                             (1, '"skill" must be a text')])
def test_the_skill_field_is_checked(skill, fragment):
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"))
    assert_illegal(game, contribute("Dee", 1, skill=skill), fragment)


# --- abort --------------------------------------------------------------------------

def test_abort_discards_the_mission_for_neither_side_and_frees_the_slot():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"), contribute("Ann", 1), contribute("Bob", 1))
    outcome, = game.apply({"type": "abort", "slot": 1, "player": "Cy"})
    assert outcome == MissionAborted(1, game.missions[1], "Cy", 3)
    assert game.slots[1] is None and game.summary()["scores"] == {"mobsters": 0, "cops": 0}
    assert_illegal(game, contribute("Ann", 1), "slot 1 has no mission")
    play(game, opened(1, 3, "Ann", "Bob"))


def test_abort_only_by_an_assigned_player_of_a_mission_in_progress():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"))
    assert_illegal(game, {"type": "abort", "slot": 1, "player": "Dee"},
                   "Dee is not assigned to Precinct invasion")
    assert_illegal(game, {"type": "abort", "slot": 2, "player": "Dee"}, "slot 2 has no mission")
    casino(game, 2, [5, 1, -1, 1], "Dee", "Eve")
    assert_illegal(game, {"type": "abort", "slot": 2, "player": "Dee"}, "already been revealed")


def test_an_abort_nobody_saw_whose_does_what_the_abort_does_and_waits_to_be_named():
    """``unseen_abort``: the mission's card left while in progress and nobody saw whose
    Abort card it was. Who aborted changes nothing later, so every later move is judged as
    after the abort, and naming it gives exactly the state of the abort read."""
    unseen = {"type": "unseen_abort", "slot": 1}
    game = new_game()
    assert_illegal(game, unseen, "slot 1 has no mission")
    play(game, opened(1, 1, "Ann", "Bob", "Cy"), contribute("Ann", 1), contribute("Bob", 1))
    later = (opened(1, 3, "Bob", "Dee"), contribute("Dee", 1), opened(2, 5, "Ann", "Cy"))
    read = copy.deepcopy(game)
    outcome, = game.apply(unseen)
    assert outcome == MissionAborted(1, game.missions[1], None, 3)
    assert outcome.text() == ("Someone (not seen who) aborts Precinct invasion (slot 1): its 3 "
                              "cards are discarded; it counts for neither side.")
    assert [(slot, m.mission.id, m.assigned) for slot, m in game.unseen_aborts] == [
        (1, 1, ("Ann", "Bob", "Cy"))]
    assert_illegal(game, unseen, "slot 1 has no mission")
    play(game, *later)
    play(read, {"type": "abort", "slot": 1, "player": "Cy"}, *later)
    named = state(game)
    assert named.pop("_unseen_aborts") and state(read).pop("_unseen_aborts") == []
    assert named == {k: v for k, v in state(read).items() if k != "_unseen_aborts"}
    assert game.summary() == read.summary() and game.free_players == read.free_players
    assert game.expected_table() == read.expected_table()


def test_an_abort_nobody_saw_needs_a_mission_in_progress_that_someone_could_abort():
    game = new_game()
    play(game, opened(1, 1))
    assert_illegal(game, {"type": "unseen_abort", "slot": 1},
                   "nobody is assigned to Precinct invasion (slot 1), so nobody could abort it")
    assert list(game.legal_moves(type="unseen_abort")) == []
    casino(game, 2, [5, 1, -1, 1], "Dee", "Eve")
    assert_illegal(game, {"type": "unseen_abort", "slot": 2}, "already been revealed")
    play(game, {"type": "assign", "slot": 1, "player": "Ann"})
    assert [m.to_json() for m in game.legal_moves(type="unseen_abort")] == [
        {"type": "unseen_abort", "slot": 1}]


# --- assign and release (Backup, Release, Exchange) -----------------------------------

def test_backup_release_and_exchange():
    game = new_game(players=6)
    play(game, opened(1, 1, "Ann", "Bob", "Cy"), opened(2, 3, "Dee", "Eve"))
    play(game, {"type": "assign", "slot": 2, "player": "Flo"})  # Backup
    assert game.slots[2].assigned == ("Dee", "Eve", "Flo")
    play(game, {"type": "release", "slot": 1, "player": "Bob"})  # Release
    assert game.free_players == ("Bob",)
    # Exchange Ann (slot 1) with Eve (slot 2): both leave, then both enter.
    play(game, {"type": "release", "slot": 1, "player": "Ann"},
         {"type": "release", "slot": 2, "player": "Eve"},
         {"type": "assign", "slot": 1, "player": "Eve"},
         {"type": "assign", "slot": 2, "player": "Ann"})
    assert game.slots[1].assigned == ("Cy", "Eve")
    assert game.slots[2].assigned == ("Dee", "Flo", "Ann")
    play(game, contribute("Eve", 1))
    assert_illegal(game, contribute("Bob", 1), "Bob is not assigned")


def test_a_mission_may_be_left_empty():
    game = new_game()
    play(game, opened(1, 3, "Ann", "Bob"), {"type": "release", "slot": 1, "player": "Ann"},
         {"type": "release", "slot": 1, "player": "Bob"})
    assert game.slots[1].assigned == ()


def test_assign_and_release_are_checked():
    game = new_game()
    play(game, opened(1, 1, "Ann", "Bob", "Cy"), opened(2, 3, "Dee", "Eve"))
    assert_illegal(game, {"type": "assign", "slot": 1, "player": "Dee"},
                   "Dee is already on Casino takeover (slot 2)")
    assert_illegal(game, {"type": "assign", "slot": 1, "player": "Ann"},
                   "Ann is already on Precinct invasion (slot 1)")
    assert_illegal(game, {"type": "release", "slot": 1, "player": "Dee"},
                   "Dee is not on Precinct invasion")
    game = new_game()
    casino(game, 1, [5, 1, -1, 1], "Ann", "Bob")
    assert_illegal(game, {"type": "assign", "slot": 1, "player": "Cy"}, "already been revealed")
    assert_illegal(game, {"type": "release", "slot": 1, "player": "Ann"},
                   "already been revealed")
    assert_illegal(game, {"type": "assign", "slot": 2, "player": "Cy"}, "slot 2 has no mission")


# --- Vincenzo's adjust --------------------------------------------------------------

def test_vincenzo_turns_a_failure_into_a_success():
    game = new_game()
    casino(game, 1, [3, 2, -1, -1], "Ann", "Bob")  # 3 of 5: a failure
    assert game.summary()["scores"] == {"mobsters": 0, "cops": 1}
    outcome, = game.apply({"type": "adjust", "slot": 1, "player": "Cy", "delta": 2})
    assert outcome == MissionAdjusted(1, game.missions[3], "Cy", 2, 5, 5, True, True, 1, 0)
    assert "now a success" in outcome.text()
    assert game.summary()["scores"] == {"mobsters": 1, "cops": 0}


def test_adjust_may_come_later_while_the_mission_still_lies_in_its_slot():
    game = new_game()
    casino(game, 1, [5, 1, -1, 1], "Ann", "Bob")  # 6 of 5
    play(game, {"type": "turn", "player": "Cy"}, opened(2, 1, "Ann", "Bob", "Cy"))
    outcome, = game.apply({"type": "adjust", "slot": 1, "player": "Dee", "delta": -1})
    assert (outcome.total, outcome.success, outcome.changed) == (5, True, False)
    assert "still a success" in outcome.text()


def test_adjust_is_checked():
    game = new_game(characters={"Dee": "Vincenzo", "Eve": "Peppe"})
    assert_illegal(game, {"type": "adjust", "slot": 1, "player": "Dee", "delta": 1},
                   "slot 1 is empty")
    play(game, opened(1, 3, "Ann", "Bob"))
    assert_illegal(game, {"type": "adjust", "slot": 1, "player": "Dee", "delta": 1},
                   "not revealed yet")
    play(game, *(contribute("Ann", 1) for _ in range(3)), reveal(1, [1, 1, 1, 1]))
    for delta in (3, -3):
        assert_illegal(game, {"type": "adjust", "slot": 1, "player": "Dee", "delta": delta},
                       "delta must be from -2 to 2")
    assert_illegal(game, {"type": "adjust", "slot": 1, "player": "Dee", "delta": 1.5},
                   '"delta" must be a whole number')
    assert_illegal(game, {"type": "adjust", "slot": 1, "player": "Eve", "delta": 1},
                   "Eve plays Peppe")
    assert_illegal(game, {"type": "adjust", "slot": 1, "player": "Ann", "delta": 1},
                   "Dee plays Vincenzo, not Ann")
    play(game, {"type": "adjust", "slot": 1, "player": "Dee", "delta": 0})
    assert_illegal(game, {"type": "adjust", "slot": 1, "player": "Dee", "delta": 1},
                   "Vincenzo's skill has already been used")


def test_adjust_of_a_replaced_mission_is_refused():
    game = new_game()
    casino(game, 1, [5, 1, -1, 1], "Ann", "Bob")
    play(game, opened(1, 1, "Ann", "Bob", "Cy"))
    assert_illegal(game, {"type": "adjust", "slot": 1, "player": "Dee", "delta": -2},
                   "holds Precinct invasion, not revealed yet")


def test_the_fourth_failure_ends_the_game_before_any_adjust():
    game = win_three_each()
    casino(game, 1, [3, 1, -1, 1], "Ann", "Bob")  # 4 of 5: the cops' fourth failure
    assert game.winners == ("cops",) and game.summary()["winners"] == ["cops"]
    assert_illegal(game, {"type": "adjust", "slot": 1, "player": "Cy", "delta": 2},
                   "the mafia session is over")


def test_an_adjust_turning_the_fourth_success_ends_the_game():
    game = Mafia(NAMES[:5], [Mission(i, f"Job {i}", 1, 1, 2, "blue") for i in range(9)])
    for i in range(3):
        play(game, opened(1, i, "Ann"), reveal(1, [2]))  # successes
    for i in range(3, 6):
        play(game, opened(1, i, "Ann"), reveal(1, [1]))  # failures: 1 of 2
    play(game, opened(1, 6, "Ann"), opened(2, 7, "Bob"), reveal(1, [2]))
    assert game.winners == ("mobsters",)
    game = Mafia(NAMES[:5], [Mission(i, f"Job {i}", 1, 1, 2, "blue") for i in range(9)])
    for i in range(3):
        play(game, opened(1, i, "Ann"), reveal(1, [2]))
    play(game, opened(1, 3, "Ann"), reveal(1, [1]))
    outcomes = game.apply({"type": "adjust", "slot": 1, "player": "Ann", "delta": 1})
    assert outcomes[-1] == SideWon("mobsters", 4, 0)
    assert game.summary() == {"scores": {"mobsters": 4, "cops": 0}, "winners": ["mobsters"],
                              "games": [{"scores": {"mobsters": 4, "cops": 0}}]}


def win_three_each():
    """Three successes and three failures on one-card missions, then the default deck."""
    jobs = [Mission(f"j{i}", f"Job {i}", 1, 1, 2, "blue") for i in range(6)]
    game = Mafia(NAMES[:5], jobs + list(default_missions()))
    for i in range(6):
        play(game, opened(1, f"j{i}", "Ann"), reveal(1, [2 if i < 3 else 1]))
    assert game.summary()["scores"] == {"mobsters": 3, "cops": 3} and not game.complete
    return game


# --- cops -----------------------------------------------------------------------------

def test_a_cop_reveals_once():
    game = new_game()
    assert game.apply({"type": "reveal_cop", "player": "Bob"}) == (CopRevealed("Bob"),)
    assert_illegal(game, {"type": "reveal_cop", "player": "Bob"}, "already revealed")


def test_no_more_cops_reveal_than_the_table_has():
    game = new_game(players=5)
    play(game, {"type": "reveal_cop", "player": "Bob"}, {"type": "reveal_cop", "player": "Cy"})
    assert_illegal(game, {"type": "reveal_cop", "player": "Dee"},
                   "a table of 5 has 2 cops, and Bob, Cy already revealed")


def test_only_a_cop_reveals_when_roles_are_given():
    game = new_game(players=4, roles={"Ann": "mobster", "Bob": "cop"})
    assert_illegal(game, {"type": "reveal_cop", "player": "Ann"}, "Ann is a mobster")
    play(game, {"type": "reveal_cop", "player": "Bob"})


# --- Omertà and turns ---------------------------------------------------------------

def test_omerta_ends_when_play_comes_back_to_its_player():
    game = new_game(players=3)
    assert play(game, {"type": "turn", "player": "Ann"}, {"type": "omerta", "player": "Ann"}) == [
        TurnPassed("Ann"), OmertaStarted("Ann")]
    assert play(game, {"type": "turn", "player": "Bob"}, {"type": "turn", "player": "Cy"}) == [
        TurnPassed("Bob"), TurnPassed("Cy")]
    assert game.omerta == "Ann"
    assert game.apply({"type": "turn", "player": "Ann"}) == (TurnPassed("Ann"),
                                                             OmertaEnded("Ann"))
    assert game.omerta is None and game.to_act == "Ann"
    assert_illegal(game, {"type": "spoke"}, "no Omertà is in force")


def test_spoke_breaks_the_omerta():
    game = new_game()
    play(game, {"type": "omerta", "player": "Bob"})
    assert game.apply({"type": "spoke", "player": "Eve"}) == (OmertaBroken("Eve"),)
    assert game.apply({"type": "turn", "player": "Bob"}) == (TurnPassed("Bob"),)
    play(game, {"type": "omerta", "player": "Bob"})
    outcome, = game.apply({"type": "spoke"})
    assert outcome == OmertaBroken(None) and outcome.text().startswith("Someone spoke")


def test_spoke_with_no_omerta_and_bad_names_are_refused():
    game = new_game()
    assert_illegal(game, {"type": "spoke", "player": "Ann"}, "no Omertà is in force")
    play(game, {"type": "omerta", "player": "Bob"})
    assert_illegal(game, {"type": "spoke", "player": "Zed"}, "no player called 'Zed'")
    assert_illegal(game, {"type": "omerta", "player": 3}, '"player" must be a text')
    assert_illegal(game, {"type": "turn"}, 'the field "player" is missing')


def test_a_new_omerta_replaces_the_one_in_force():
    game = new_game()
    play(game, {"type": "omerta", "player": "Ann"}, {"type": "omerta", "player": "Cy"})
    assert game.apply({"type": "turn", "player": "Ann"}) == (TurnPassed("Ann"),)
    assert game.apply({"type": "turn", "player": "Cy"})[-1] == OmertaEnded("Cy")


# --- the end ------------------------------------------------------------------------

def test_four_failures_win_for_the_cops_and_close_the_session():
    missions = [Mission(i, f"Job {i}", 1, 1, 3, "yellow") for i in range(5)]
    session = Session(Header("mafia", tuple(Player(n) for n in NAMES[:3]),
                             {"missions": [m.to_json() for m in missions]}))
    for i in range(4):
        session.apply(opened(1, i, "Ann"))
        outcomes = session.apply(reveal(1, [2], color="yellow"))
    assert outcomes[-1] == SideWon("cops", 0, 4)
    assert session.summary() == {"game": "mafia", "complete": True,
                                 "scores": {"mobsters": 0, "cops": 4}, "winners": ["cops"],
                                 "games": [{"scores": {"mobsters": 0, "cops": 4}}]}
    with pytest.raises(RuleError, match="session is over"):
        session.apply({"type": "turn", "player": "Ann"})
    assert_illegal(session.game, {"type": "turn", "player": "Ann"}, "the mafia session is over")


def test_unknown_and_typeless_moves_are_refused():
    game = new_game()
    assert_illegal(game, {"type": "play", "player": "Ann"}, "unknown move type 'play' for mafia")
    assert_illegal(game, {"player": "Ann"}, 'the move has no "type"')


def test_t_and_unknown_fields_are_ignored():
    game = new_game()
    play(game, {"type": "turn", "player": "Ann", "t": 12.5, "note": "hi"})
    assert game.to_act == "Ann"


# --- the header -----------------------------------------------------------------------

@pytest.mark.parametrize("characters, roles, fragment", [
    ({"Ann": "Tony", "Bob": "tony"}, {}, "Ann and Bob both play tony"),
    ({"Ann": ""}, {}, "Ann's character must be a non-empty text"),
    ({}, {"Ann": "police"}, 'Ann\'s role must be "mobster" or "cop"'),
    ({}, {"Ann": "cop", "Bob": "cop"}, "a table of 4 has 1 cop goal card, but the header "
                                       "gives 2 players the role cop"),
])
def test_characters_and_roles_are_checked(characters, roles, fragment):
    with pytest.raises(RuleError, match=fragment):
        new_game(players=4, characters=characters, roles=roles)


def test_every_outcome_reads_as_a_sentence():
    game = new_game(players=5)
    outcomes = play(game, {"type": "turn", "player": "Ann"}, {"type": "omerta", "player": "Ann"},
                    {"type": "spoke"}, opened(1, 1, "Ann", "Bob", "Cy"), opened(2, 3, "Dee", "Eve"),
                    {"type": "release", "slot": 1, "player": "Cy"},
                    {"type": "assign", "slot": 1, "player": "Cy"},
                    {"type": "abort", "slot": 2, "player": "Dee"},
                    {"type": "reveal_cop", "player": "Eve"})
    for outcome in outcomes:
        text = outcome.text()
        assert text.endswith(".") and type(outcome).__name__ not in text


@dataclass(frozen=True)
class SeatedPlayer(Player):
    """A header player as the header parser would keep it with Mafia's optional fields."""

    character: str | None = None
    role: str | None = None


def test_from_header_takes_characters_and_roles_from_the_players():
    players = (SeatedPlayer("Ann", character="Vincenzo", role="cop"), SeatedPlayer("Bob"),
               SeatedPlayer("Cy", role="mobster"), Player("Dee"))
    game = Mafia.from_header(Header("mafia", players))
    assert (game.characters, game.roles) == ({"Ann": "Vincenzo"}, {"Ann": "cop", "Cy": "mobster"})
    assert_illegal(game, {"type": "reveal_cop", "player": "Cy"}, "Cy is a mobster")


# --- the sides, named at the end ------------------------------------------------------------

def test_the_sides_come_from_the_header_roles_or_the_cops_the_table_names():
    roles = {"Ann": "cop", "Bob": "mobster", "Cy": "mobster", "Dee": "cop", "Eve": "mobster"}
    assert new_game(roles=roles).sides() == {
        "Ann": "cops", "Bob": "mobsters", "Cy": "mobsters", "Dee": "cops", "Eve": "mobsters"}
    game = new_game()
    play(game, {"type": "reveal_cop", "player": "Cy"})
    assert game.sides(["Cy", "Eve"])["Eve"] == "cops"
    for cops, code in ((["Eve"], "cops_count"), (["Ann", "Eve"], "cops_contradict"),
                       (["Cy", "Cy"], "cops_count"), (["Cy", "nobody"], "unknown_player")):
        with pytest.raises(RuleError) as err:
            game.sides(cops)
        assert err.value.code == code, cops
    with pytest.raises(RuleError, match="Bob is a mobster in the header, so Bob is not a cop"):
        new_game(roles={"Bob": "mobster"}).sides(["Ann", "Bob"])
