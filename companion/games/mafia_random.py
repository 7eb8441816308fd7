"""Seeded random legal Mafia sessions, for tests, benchmarks and the table renderer.

Every move is applied to a real :class:`Mafia` as it is made, so a session that comes out
of here is legal by construction. Besides contributions and reveals, the sessions hold
turns, Omertà (ended by the turn coming back or broken by ``spoke``), aborts, backups,
releases, exchanges, Salvatore's and Vincenzo's skills and cop reveals.
"""

from __future__ import annotations

import random

from companion.games.base import Header, Player
from companion.games.mafia import Mafia, MissionInPlay
from companion.games.mafia_deal import assign_to_mission, side_counts
from companion.games.mafia_missions import COLORS

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")

# A game ends by its 7th reveal at the latest, with one more mission open beside it:
# aborts beyond what the deck can spare would leave the game without missions.
MISSIONS_A_GAME_NEEDS = 8


def random_session(seed: int, players: int = 5, complete: bool = True,
                   custom_missions: bool | None = None) -> tuple[Header, list[dict]]:
    """A legal session; ``complete=False`` cuts a finished game short at a random move.

    ``custom_missions=None`` picks, from the seed, whether the header brings its own
    ``options.missions``.
    """
    rng = random.Random(seed)
    if custom_missions is None:
        custom_missions = rng.random() < 0.3
    options = {"missions": _random_missions(rng)} if custom_missions else {}
    header = Header("mafia", tuple(Player(n) for n in NAMES[:players]), options)
    game = Mafia.from_header(header)
    moves: list[dict] = []

    def apply(move: dict) -> None:
        game.apply(move)
        moves.append(move)

    aborts_left = len(game.missions) - MISSIONS_A_GAME_NEEDS
    seat = rng.randrange(players)
    while not game.complete:
        for slot, current in game.slots.items():
            # A revealed mission may lie a while (for Vincenzo) unless nothing is in progress.
            wait = current is not None and game.in_progress and rng.random() < 0.5
            if (current is None or current.revealed) and game.unused_missions and not wait:
                apply(_open(rng, game, slot))
        if rng.random() < 0.4:
            apply({"type": "turn", "player": game.players[seat]})
            seat = (seat + rng.choice((1, 1, 1, 2))) % players  # now and then a lost turn
        extra = rng.random()
        if extra < 0.35:
            for move in _extra_moves(rng, game, aborts_left):
                aborts_left -= move["type"] == "abort"
                apply(move)
        else:
            apply(_progress(rng, game))
    if not complete:
        moves = moves[:rng.randrange(len(moves))]
    return header, moves


def _random_missions(rng: random.Random) -> list[dict]:
    missions = []
    for number in range(rng.randint(MISSIONS_A_GAME_NEEDS, 11)):
        cards = rng.randint(2, 6)
        missions.append({"id": f"m{number + 1}", "name": f"Job {number + 1}",
                         "recruits": rng.randint(1, 4), "cards": cards,
                         "value": rng.randint(1, 2 * cards), "color": rng.choice(COLORS)})
    return missions


def _open(rng: random.Random, game: Mafia, slot: int) -> dict:
    mission = rng.choice(game.unused_missions)
    assigned = assign_to_mission(mission, game.free_players, rng.randrange(2**32))
    return {"type": "mission", "slot": slot, "mission": mission.id, "assigned": list(assigned)}


def _progress(rng: random.Random, game: Mafia) -> dict:
    """A move that brings a mission in progress closer to its reveal."""
    slot, target = rng.choice(sorted(game.in_progress.items()))
    if target.needed == 0:
        return _reveal(rng, slot, target)
    if target.assigned:
        return {"type": "contribute", "player": rng.choice(target.assigned), "slot": slot}
    if game.free_players:
        return {"type": "assign", "slot": slot, "player": rng.choice(game.free_players)}
    other = next(s for s in game.in_progress if s != slot)
    return {"type": "release", "slot": other,
            "player": rng.choice(game.in_progress[other].assigned)}


def _reveal(rng: random.Random, slot: int, target: MissionInPlay) -> dict:
    # A leaning per mission, so that both sides win games.
    loyal = rng.uniform(0.45, 0.95)
    other = next(c for c in COLORS if c != target.mission.color)
    cards = [{"value": rng.randint(1, 4),
              "color": target.mission.color if rng.random() < loyal else other}
             for _ in range(target.mission.cards)]
    return {"type": "reveal", "slot": slot, "cards": cards}


def _extra_moves(rng: random.Random, game: Mafia, aborts_left: int) -> list[dict]:
    """One of the table's other moves, when it is possible now (else nothing)."""
    kind = rng.choice(("omerta", "spoke", "abort", "backup", "release", "exchange",
                       "salvatore", "adjust", "reveal_cop"))
    players = game.players
    in_progress = sorted(game.in_progress.items())
    if kind == "omerta":
        return [{"type": "omerta", "player": game.to_act or rng.choice(players)}]
    if kind == "spoke" and game.omerta:
        move = {"type": "spoke"}
        if rng.random() < 0.7:
            move["player"] = rng.choice(players)
        return [move]
    staffed = [(s, m) for s, m in in_progress if m.assigned]
    if kind == "abort" and aborts_left > 0 and staffed:
        slot, target = rng.choice(staffed)
        return [{"type": "abort", "slot": slot, "player": rng.choice(target.assigned)}]
    if kind == "backup" and in_progress and game.free_players:
        slot, _ = rng.choice(in_progress)
        return [{"type": "assign", "slot": slot, "player": rng.choice(game.free_players)}]
    if kind == "release" and staffed:
        slot, target = rng.choice(staffed)
        return [{"type": "release", "slot": slot, "player": rng.choice(target.assigned)}]
    if kind == "exchange" and staffed:
        return _exchange(rng, game, staffed)
    open_slots = [(s, m) for s, m in in_progress if m.needed]
    if kind == "salvatore" and "Salvatore" not in game.skills_used and open_slots:
        slot, _ = rng.choice(open_slots)
        return [{"type": "contribute", "player": rng.choice(players), "slot": slot,
                 "skill": "salvatore"}]
    revealed = [s for s, m in game.slots.items() if m is not None and m.revealed]
    if kind == "adjust" and "Vincenzo" not in game.skills_used and revealed:
        return [{"type": "adjust", "slot": rng.choice(revealed), "player": rng.choice(players),
                 "delta": rng.randint(-2, 2)}]
    hidden = [p for p in players if p not in game.revealed_cops]
    if kind == "reveal_cop" and len(game.revealed_cops) < side_counts(len(players))[1]:
        return [{"type": "reveal_cop", "player": rng.choice(hidden)}]
    return []


def _exchange(rng: random.Random, game: Mafia,
              staffed: list[tuple[int, MissionInPlay]]) -> list[dict]:
    """Exchange: a character on a mission swaps places with one elsewhere."""
    slot, target = rng.choice(staffed)
    leaving = rng.choice(target.assigned)
    others = [(s, p) for s, m in game.in_progress.items() if s != slot for p in m.assigned]
    others += [(None, p) for p in game.free_players]
    if not others:
        return []
    other_slot, entering = rng.choice(others)
    moves = [{"type": "release", "slot": slot, "player": leaving}]
    if other_slot is not None:
        moves.append({"type": "release", "slot": other_slot, "player": entering})
    moves.append({"type": "assign", "slot": slot, "player": entering})
    if other_slot is not None:
        moves.append({"type": "assign", "slot": other_slot, "player": leaving})
    return moves
