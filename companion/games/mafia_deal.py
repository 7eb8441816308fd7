"""Dealing for Mafia tables that let the app deal: goal cards (roles) and mission recruits.

Pure functions of their arguments: the same seed always deals the same way, so a dealt
game can be replayed and checked. The side counts are the rulebook's set-up table.
"""

from __future__ import annotations

import random
from typing import Hashable, Sequence

from companion.games.base import RuleError
from companion.games.mafia_missions import Mission

# players -> (mobsters, cops), from the rulebook's set-up table.
SIDES = {3: (2, 1), 4: (3, 1), 5: (3, 2), 6: (4, 2), 7: (4, 3), 8: (5, 3)}

MOBSTER, COP = "mobster", "cop"
ROLES = (MOBSTER, COP)


def side_counts(players: int) -> tuple[int, int]:
    """``(mobsters, cops)`` for a table of ``players``."""
    if players not in SIDES:
        raise RuleError("player_count", game="mafia", low=min(SIDES), high=max(SIDES),
                        players=players)
    return SIDES[players]


def deal_roles(players: Sequence[str], seed: Hashable) -> dict[str, str]:
    """Shuffle the table's goal cards and deal one to each player: ``{name: role}``."""
    mobsters, cops = side_counts(len(players))
    goals = [MOBSTER] * mobsters + [COP] * cops
    random.Random(seed).shuffle(goals)
    return dict(zip(players, goals))


def assign_to_mission(mission: Mission, free_players: Sequence[str],
                      seed: Hashable) -> tuple[str, ...]:
    """The characters drawn at random from the free ones for a new mission: as many as it
    recruits, or every free one when there are fewer (the mission then begins as is)."""
    count = min(mission.recruits, len(free_players))
    return tuple(random.Random(seed).sample(list(free_players), count))
