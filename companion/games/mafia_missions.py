"""Mafia's mission cards: the default deck's, or a session's own ``options.missions``.

A mission card says how many characters it recruits, how many cards complete it, the
money value the revealed cards must reach and its colour (blue or yellow).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.decks import load_deck
from companion.games.base import RuleError

COLORS = ("blue", "yellow")


@dataclass(frozen=True, slots=True)
class Mission:
    id: int | str
    name: str
    recruits: int
    cards: int
    value: int
    color: str

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "recruits": self.recruits,
                "cards": self.cards, "value": self.value, "color": self.color}


@cache
def default_missions() -> tuple[Mission, ...]:
    """The missions of the bundled deck (companion/decks/mafia.toml), ids as written there."""
    deck = load_deck("mafia")
    return tuple(Mission(c.get("id"), c.get("name"), c.get("recruits"), c.get("cards"),
                         c.get("value"), c.get("color"))
                 for c in deck.of_kind("mission"))


def missions_from_options(options: Any) -> tuple[Mission, ...]:
    """``options.missions`` checked, or the default deck when the option is absent."""
    if "missions" not in options:
        return default_missions()
    raw = options["missions"]
    if not isinstance(raw, list) or not raw:
        raise RuleError("missions_not_list")
    missions = [_mission(i, entry) for i, entry in enumerate(raw, 1)]
    ids = [m.id for m in missions]
    dupes = [i for n, i in enumerate(ids) if i in ids[:n]]
    if dupes:
        raise RuleError("mission_ids_twice", ids=tuple(dupes))
    return tuple(missions)


def _mission(number: int, entry: Any) -> Mission:
    if not isinstance(entry, dict):
        raise RuleError("mission_not_object", number=number, value=entry)
    ident = entry.get("id")
    if isinstance(ident, bool) or not isinstance(ident, (int, str)) or ident == "":
        raise RuleError("mission_field", number=number, name=None, field="id", value=ident)
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RuleError("mission_field", number=number, name=None, field="name", value=name)
    counts = {}
    for key in ("recruits", "cards", "value"):
        value = entry.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RuleError("mission_field", number=number, name=name, field=key, value=value)
        counts[key] = value
    color = entry.get("color")
    if color not in COLORS:
        raise RuleError("mission_field", number=number, name=name, field="color", value=color)
    return Mission(ident, name, counts["recruits"], counts["cards"], counts["value"], color)
