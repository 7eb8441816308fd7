"""Seeded random legal Pungi sessions, for tests, benchmarks and the table renderer.

The generator plays the part of the table: it shuffles the snake pile, lays out rounds
(sometimes four identical cards first, which the rules send back), lets the players pick
unplayed animal cards (often the animal someone already played, so majorities happen),
and now and then has the table choose the first player.
"""

from __future__ import annotations

import random
from collections import Counter

from companion.games.base import Header, Player
from companion.games.pungi import (ANIMAL_VALUES, CHARMERS_IN_DECK, REDEAL_AT, default_deck,
                                   layout_possible)
from companion.games.pungi_cards import CHARMER, Card

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")
FIRST_CHANCE = 0.15
REDEAL_CHANCE = 0.1
FOLLOW_CHANCE = 0.4  # a player picks an animal already played this round
DEAL_TRIES = 50


def random_session(seed: int, players: int | None = None, complete: bool = True,
                   games: int | None = None,
                   snakes: list[int] | None = None) -> tuple[Header, list[dict]]:
    """A legal session; ``complete=False`` cuts it before the series ends.

    ``players`` (2-6) defaults to a seeded choice; ``games`` and ``snakes`` become
    ``options.games`` / ``options.snakes`` when given (else the header's defaults apply).
    """
    rng = random.Random(seed)
    n = players if players is not None else rng.randint(2, 6)
    names = NAMES[:n]
    options: dict = {}
    if games is not None:
        options["games"] = games
    if snakes is not None:
        options["snakes"] = list(snakes)
    deck = Counter(snakes if snakes is not None else default_deck()[0])
    deck[CHARMER] = CHARMERS_IN_DECK
    animals = default_deck()[1]
    moves: list[dict] = []
    first = 0
    for _ in range(games if games is not None else n):
        pile = Counter(deck)
        played: set[tuple[str, int]] = set()
        for layout in _deal_game(rng, deck, n):
            if rng.random() < FIRST_CHANCE:
                first = rng.randrange(n)
                moves.append({"type": "first", "player": names[first]})
            if rng.random() < REDEAL_CHANCE:
                redeal = _redeal_layout(rng, pile, n)
                if redeal:
                    moves.append({"type": "layout", "cards": redeal})
            moves.append({"type": "layout", "cards": layout})
            pile -= Counter(layout)
            round_animals: list[str] = []
            for seat in range(n):
                animal, value = _pick_animal(rng, animals, played, round_animals)
                played.add((animal, value))
                round_animals.append(animal)
                moves.append({"type": "play", "player": names[(first + seat) % n],
                              "animal": animal, "value": value})
            first = (first + 1) % n
    if not complete:
        moves = moves[:rng.randrange(len(moves))]
    t = 0.0
    for move in moves:
        t += rng.uniform(1.0, 20.0)
        move["t"] = round(t, 1)
    return Header("pungi", tuple(Player(name) for name in names), options), moves


def _deal_game(rng: random.Random, deck: Counter, n: int) -> list[list[Card]]:
    """One game's layouts, each without four identical cards, never leaving a pile that
    has enough cards for a round but only layouts that must go back (the rules end the
    game there; these sessions keep to full-length games)."""
    while True:
        pile, layouts = Counter(deck), []
        while sum(pile.values()) >= n:
            layout = _next_layout(rng, pile, n)
            if layout is None:
                break
            layouts.append(layout)
            pile -= Counter(layout)
        else:
            return layouts


def _next_layout(rng: random.Random, pile: Counter, n: int) -> list[Card] | None:
    cards = list(pile.elements())
    for _ in range(DEAL_TRIES):
        layout = rng.sample(cards, n)
        counts = Counter(layout)
        if max(counts.values()) >= REDEAL_AT:
            continue
        rest = pile - counts
        if sum(rest.values()) < n or layout_possible(rest, n):
            return layout
    return None


def _redeal_layout(rng: random.Random, pile: Counter, n: int) -> list[Card] | None:
    """A layout the rules send back: four or more identical cards, all from the pile."""
    kinds = [kind for kind, count in pile.items() if count >= REDEAL_AT]
    if n < REDEAL_AT or not kinds:
        return None
    kind = rng.choice(kinds)
    same = rng.randint(REDEAL_AT, min(pile[kind], n))
    others = rng.sample(list((pile - Counter({kind: same})).elements()), n - same)
    layout = [kind] * same + others
    rng.shuffle(layout)
    return layout


def _pick_animal(rng: random.Random, animals: tuple[str, ...], played: set[tuple[str, int]],
                 round_animals: list[str]) -> tuple[str, int]:
    open_animals = [a for a in animals if any((a, v) not in played for v in ANIMAL_VALUES)]
    followed = [a for a in round_animals if a in open_animals]
    if followed and rng.random() < FOLLOW_CHANCE:
        animal = rng.choice(followed)
    else:
        animal = rng.choice(open_animals)
    return animal, rng.choice([v for v in ANIMAL_VALUES if (animal, v) not in played])
