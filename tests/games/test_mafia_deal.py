"""Mafia dealing: the rulebook's side counts, and seeded deals that repeat and look fair."""

from collections import Counter

import pytest

from companion.games.base import RuleError
from companion.games.mafia_deal import assign_to_mission, deal_roles, side_counts
from companion.games.mafia_missions import Mission

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")
RULEBOOK = {3: (2, 1), 4: (3, 1), 5: (3, 2), 6: (4, 2), 7: (4, 3), 8: (5, 3)}


@pytest.mark.parametrize("players", range(3, 9))
def test_side_counts_follow_the_rulebook_table(players):
    assert side_counts(players) == RULEBOOK[players]


@pytest.mark.parametrize("players", [2, 9])
def test_other_table_sizes_are_refused(players):
    with pytest.raises(RuleError, match="3-8 players"):
        side_counts(players)


@pytest.mark.parametrize("players", range(3, 9))
def test_deal_roles_gives_every_player_one_goal_card_of_the_right_counts(players):
    names = NAMES[:players]
    roles = deal_roles(names, seed=7)
    assert list(roles) == list(names)
    counts = Counter(roles.values())
    assert (counts["mobster"], counts["cop"]) == RULEBOOK[players]


def test_deal_roles_is_a_function_of_its_seed():
    assert deal_roles(NAMES[:6], 42) == deal_roles(NAMES[:6], 42)
    deals = {tuple(deal_roles(NAMES[:6], seed).values()) for seed in range(40)}
    assert len(deals) > 5  # seeds do deal differently


def test_every_seat_is_a_cop_about_equally_often():
    deals = 3000
    cops = Counter(p for seed in range(deals) for p, r in deal_roles(NAMES[:5], seed).items()
                   if r == "cop")
    expected = deals * 2 / 5
    for name in NAMES[:5]:
        assert abs(cops[name] - expected) < 0.08 * expected, cops


def test_assign_to_mission_draws_the_recruits_from_the_free_players():
    mission = Mission(1, "Precinct invasion", 3, 5, 6, "blue")
    free = ("Ann", "Cy", "Eve", "Gus")
    drawn = assign_to_mission(mission, free, seed=3)
    assert len(drawn) == 3 and len(set(drawn)) == 3 and set(drawn) <= set(free)
    assert assign_to_mission(mission, free, seed=3) == drawn
    assert sorted(assign_to_mission(mission, ("Bob", "Dee"), seed=3)) == ["Bob", "Dee"]
    assert assign_to_mission(mission, (), seed=3) == ()


def test_every_free_player_is_recruited_about_equally_often():
    mission = Mission(3, "Casino takeover", 2, 4, 5, "blue")
    draws = 3000
    picked = Counter(p for seed in range(draws)
                     for p in assign_to_mission(mission, NAMES[:6], seed))
    expected = draws * 2 / 6
    for name in NAMES[:6]:
        assert abs(picked[name] - expected) < 0.1 * expected, picked
