"""Seeded random legal Pumafiosi sessions, for tests, benchmarks and the renderer.

Each game deals every player 10 cards (a hand of 3 and a draw pile of 7) from a shuffled
deck; with 2 players the rest is Tony's deck. Players play a random card from their hand,
winners place at a random legal step, and with items on they use their tokens now and
then. The engine itself says which moves are legal, so every session replays cleanly.
"""

from __future__ import annotations

import random

from companion.games.base import Header, Player
from companion.games.pumafiosi import CASUALTY, STEPS, Pumafiosi

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def random_session(seed: int, players: int = 3, complete: bool = True,
                   items: bool | None = None, honor: float = 0.0,
                   ages: tuple[int, ...] | None = None) -> tuple[Header, list[dict]]:
    """A legal session; ``items=None`` picks items on or off from the seed.

    ``complete=False`` cuts the match short at a random move. ``honor`` is the chance,
    per round, of an ``honor_violation`` by a random player. ``ages`` (distinct) are the
    players' ages, random by default.
    """
    rng = random.Random(seed)
    if items is None:
        items = rng.random() < 0.5
    if ages is None:
        ages = tuple(rng.sample(range(8, 90), players))
    header = Header("pumafiosi", tuple(Player(NAMES[i], ages[i]) for i in range(players)),
                    {"items": items} if items else {})
    game = Pumafiosi.from_header(header)
    moves: list[dict] = []
    stop = None if complete else rng.randrange(0, 3 * 10 * (players + 2))

    def apply(move: dict) -> None:
        game.apply(move)
        moves.append(move)

    while not game.complete and (stop is None or len(moves) < stop):
        hands, draw, tony = _deal(rng, game.players)
        number = game.game_number
        while game.game_number == number and not game.complete:
            if stop is not None and len(moves) >= stop:
                break
            if honor and rng.random() < honor:
                apply({"type": "honor_violation", "player": rng.choice(game.players)})
            phase = game.phase
            name = game.to_act
            if phase == "tony":
                apply({"type": "tony", "card": tony.pop()})
            elif phase == "play":
                hand = hands[name]
                card = hand.pop(rng.randrange(len(hand)))
                if draw[name]:
                    hand.append(draw[name].pop())
                move = {"type": "play", "player": name, "card": card}
                if "machine_gun" in game.items_left(name) and rng.random() < 0.15:
                    move["machine_gun"] = True
                apply(move)
            else:
                apply(_placement(rng, game, name))
    return header, moves


def _deal(rng: random.Random, names: tuple[str, ...]):
    deck = list(range(1, 56))
    rng.shuffle(deck)
    hands = {name: deck[i * 10:i * 10 + 3] for i, name in enumerate(names)}
    draw = {name: deck[i * 10 + 3:i * 10 + 10] for i, name in enumerate(names)}
    return hands, draw, deck[len(names) * 10:]


def _placement(rng: random.Random, game: Pumafiosi, name: str) -> dict:
    card = _winning_card(game, name)
    legal = [step for step in STEPS[:CASUALTY]
             if (held := game.card_at(step)) is None or held[0] < card]
    legal.append(STEPS[CASUALTY])
    # Players mostly aim high, sometimes low, sometimes to bump someone.
    step = legal[0] if rng.random() < 0.4 else rng.choice(legal)
    move = {"type": "place", "player": name, "card": card, "step": step}
    left = game.items_left(name)
    placed_items = [i for i in ("vest", "notebook") if i in left]
    if placed_items and rng.random() < 0.2:
        move["item"] = rng.choice(placed_items)
    bumped = game.card_at(step) if step != STEPS[CASUALTY] else None
    if ("ring" in left and bumped is not None and bumped[2] is None
            and name not in bumped[1] and rng.random() < 0.5):
        move["ring"] = True
    return move


def _winning_card(game: Pumafiosi, name: str) -> int:
    return next(card for player, card, _ in game.plays if player == name)
