"""``direct(header, moves, look, fps, seed)``: a session's moves acted out on a rendered
table by the director of its game (companion.simulator.director says what they share)."""

from __future__ import annotations

from companion.games import Move
from companion.simulator.act import Look
from companion.simulator.director import Directed, Director
from companion.simulator.mafia import MafiaDirector
from companion.simulator.pumafiosi import PumafiosiDirector
from companion.simulator.pungi import PungiDirector

DIRECTORS: dict[str, type[Director]] = {"pumafiosi": PumafiosiDirector,
                                        "pungi": PungiDirector, "mafia": MafiaDirector}


def direct(header_line: dict, moves: list[Move], look: Look, fps: float,
           seed: int = 0) -> Directed:
    game = header_line["game"]
    if game not in DIRECTORS:
        raise ValueError(f"no director for {game}")
    return DIRECTORS[game](header_line, look, fps, seed).run(moves)
