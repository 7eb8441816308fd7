"""Seeded random legal Duel sessions: each player lays a blade of their hand at random."""

from __future__ import annotations

import random

from companion.games.base import Header, Player
from tests.toygame.engine import Duel, Play

NAMES = ("Ann", "Bob")


def random_session(seed: int, players: int | None = None, complete: bool = True
                   ) -> tuple[Header, list[dict]]:
    """A legal session of two players; ``complete=False`` cuts it before the end."""
    if players not in (None, 2):
        raise ValueError(f"a duel is for 2 players, not {players}")
    rng = random.Random(seed)
    header = Header("duel", tuple(Player(name) for name in NAMES))
    game, moves = Duel.from_header(header), []
    while not game.complete:
        player = game.to_act
        move = Play(player, rng.choice(game.hand(player)))
        game.apply(move)
        moves.append(move.to_json())
    return header, moves if complete else moves[:rng.randrange(len(moves))]
