"""``direct(header, moves, look, fps, seed)``: a session's moves acted out on a rendered
table by the director of its game (its registration's ``director``;
companion.simulator.director says what they share)."""

from __future__ import annotations

from companion.games import Move
from companion.registry import game_spec
from companion.simulator.act import Look
from companion.simulator.director import Directed


def direct(header_line: dict, moves: list[Move], look: Look, fps: float,
           seed: int = 0) -> Directed:
    director = game_spec(header_line["game"]).part("director")
    return director(header_line, look, fps, seed).run(moves)
