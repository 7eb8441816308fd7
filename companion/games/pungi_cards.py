"""Pungi's snake cards: a value or a charmer, and what the charmers do at the scoring.

Shared by the engine (companion.games.pungi), which scores with them, and its outcomes
(companion.games.pungi_outcomes), which tell what the charmers did.
"""

from __future__ import annotations

from typing import Sequence, Union

CHARMER = "charmer"

Card = Union[int, str]
"""A snake card: its value (an int) or ``"charmer"``."""


def charmed_values(cards: Sequence[Card]) -> list[int]:
    """The snake values of one collection after its charmers are used, in order taken.

    The best legal use: while a negative snake is unturned, a charmer turns the most
    negative one positive; then a charmer turns the smallest unturned non-negative snake
    negative; a charmer with no unturned snake left does nothing.

    >>> charmed_values([-4, 2, CHARMER, CHARMER])
    [4, -2]
    """
    values = [c for c in cards if c != CHARMER]
    turned = _turned(values, len(cards) - len(values))
    return [-v if i in turned else v for i, v in enumerate(values)]


def _turned(values: Sequence[int], charmers: int) -> set[int]:
    """Indices (into ``values``) of the snakes the charmers turn."""
    by_value = sorted(range(len(values)), key=lambda i: (values[i], i))
    negatives = [i for i in by_value if values[i] < 0]
    return set((negatives + [i for i in by_value if values[i] >= 0])[:charmers])


def charmer_turns(cards: Sequence[Card]) -> tuple[int, list[int]]:
    """How many charmers a collection holds, and the snake values they turn.

    >>> charmer_turns([-4, 1, CHARMER, CHARMER])
    (2, [-4, 1])
    """
    values = [c for c in cards if c != CHARMER]
    charmers = len(cards) - len(values)
    return charmers, [values[i] for i in sorted(_turned(values, charmers))]


def collection_points(cards: Sequence[Card]) -> int:
    return sum(charmed_values(cards))
