"""Refusals for tests: the codes the source raises, and random moves near legal ones."""

import ast
from functools import cache
from pathlib import Path

from companion.games.mafia_random import random_session as mafia_session
from companion.games.pumafiosi_random import random_session as pumafiosi_session
from companion.games.pungi_random import random_session as pungi_session
from companion.session import Session

COMPANION = Path(__file__).resolve().parents[2] / "companion"


@cache
def raised_codes() -> dict[str, list[str]]:
    """code -> the places (file:line) that raise it; a code that is not a literal text
    is listed under ``None`` so a test can point at it."""
    codes: dict = {}
    for path in sorted(COMPANION.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "RuleError"):
                first = node.args[0] if node.args else None
                code = first.value if isinstance(first, ast.Constant) else None
                where = f"{path.relative_to(COMPANION.parent)}:{node.lineno}"
                codes.setdefault(code, []).append(where)
    return codes


# Random legal sessions of each game: (seed, complete) -> (header, moves).
GENERATORS = {
    "pumafiosi": lambda seed, complete: pumafiosi_session(seed, players=2 + seed % 4,
                                                          complete=complete, honor=0.05),
    "pungi": lambda seed, complete: pungi_session(seed, complete=complete),
    "mafia": lambda seed, complete: mafia_session(seed, players=3 + seed % 6,
                                                  complete=complete),
}


def mutations(rng, move, names):
    """Moves near a legal one: another player, card, value or slot, a field dropped or of
    the wrong type, another type."""
    move = dict(move)
    key = rng.choice(sorted(move))
    how = rng.randrange(6)
    if how == 0:
        move[key] = rng.choice(list(names) + ["Zed"])
    elif how == 1:
        move[key] = rng.randint(-5, 60)
    elif how == 2:
        del move[key]
    elif how == 3:
        move[key] = rng.choice(ODD_VALUES)
    elif how == 4:
        move["type"] = rng.choice(["play", "place", "tony", "first", "layout", "mission",
                                   "contribute", "reveal", "adjust", "abort", "assign",
                                   "release", "reveal_cop", "omerta", "spoke", "turn",
                                   "honor_violation", "deal"])
    else:
        move[rng.choice(["slot", "step", "value", "delta", "item", "skill", "ring",
                         "machine_gun", "animal"])] = rng.choice([0, 1, 2, 3, 10, -3, "vest",
                                                                  "ring", "frog", True, "?"])
    return move


ODD_VALUES = (None, "x", [], {}, True, 2.5, 99, -3, [{"value": 0}], ["charmer"] * 4,
              [{"value": 2, "color": "red"}], [{"color": "blue"}], [3, "x"], [99, 98],
              ["Ann", "Ann"], ["Zed"], [1, 2, 3, 4, 5, 6, 7], "charmer", "vest", "ring")


def odd_header(rng, header):
    """A header JSON near a legal one: one thing about it broken (or not)."""
    obj = header.to_json()
    players = obj["players"]
    how = rng.randrange(12)
    if how == 0:
        return rng.choice([None, [], "x", {"format": "companion-session/0"}])
    if how == 1:
        obj[rng.choice(["format", "game", "players", "options"])] = rng.choice(
            [None, 3, "chess", [], ["x"], {"name": "Ann"}])
    elif how == 2:
        players[rng.randrange(len(players))] = rng.choice(
            ["Ann", {"name": ""}, {"age": 3}, {"name": "Ann", "age": "old"},
             {"name": "Ann", "role": 3}, {"name": "Ann", "character": ["x"]}])
    elif how == 3:
        obj["players"] = players + players[:1] if rng.random() < 0.5 else players * 3
    elif how == 4:
        obj["players"] = players[:1]
    elif how == 5:
        for player in players:
            if rng.random() < 0.5:
                player["age"] = rng.choice([30, None]) if "age" in player else 30
            if player.get("age") is None:
                player.pop("age", None)
    elif how == 6:
        obj["options"] = rng.choice([[], {"items": "yes"}, {"games": 0}, {"games": True},
                                     {"snakes": [1, 2]}, {"snakes": [True] * 31},
                                     {"missions": []}, {"missions": [3]},
                                     {"missions": [{"id": 1}]}])
    elif how == 7:
        mission = {"id": 1, "name": "Job", "recruits": 2, "cards": 3, "value": 4,
                   "color": "blue"}
        mission[rng.choice(sorted(mission))] = rng.choice([None, "", 0, True, "red"])
        obj["options"] = {"missions": [mission] if rng.random() < 0.7 else
                          [dict(mission, name="Job")] * 2}
    elif how == 8:
        obj["options"] = {"missions": [{"id": 1, "name": "Job", "recruits": 2, "cards": 3,
                                        "value": 4, "color": "blue"}] * 2}
    elif how == 9:
        for player in players:
            player["role"] = rng.choice(["mobster", "cop", "judge"])
    elif how == 10:
        for player in players:
            player["character"] = rng.choice(["Salvatore", "Vincenzo", "", "Peppe"])
    else:
        obj["game"] = rng.choice(["pumafiosi", "pungi", "mafia"])
    return obj


def near_misses(header, moves, rng, rate):
    """Replay a legal session, yielding ``(session, move near a legal one)`` now and then;
    the caller must leave the session as it found it (undo what was accepted)."""
    session = Session(header)
    for i, move in enumerate(moves):
        if rng.random() < rate:
            yield session, mutations(rng, rng.choice(moves[i:i + 5]), header.names)
        session.apply(move)
