"""Mafia in words: "mission 1 3 ann bob", "contribute ann 1 [salvatore]",
"reveal 1 2b 4b 2y", "abort 1 ann", "assign 1 ann", "release 1 ann", "adjust 1 ann -2",
"cop ann", "omerta ann", "spoke [ann]", "turn bob", "undo"."""

from __future__ import annotations

import re
from typing import Sequence

from companion.manual.words import (ParseError, Words, check_typo, first_word,
                                    keyword_form, undo)

EXAMPLE = "contribute ann 1"
WORDS = ("mission", "contribute", "salvatore", "reveal", "abort", "assign", "release",
         "adjust", "cop", "omerta", "spoke", "turn", "undo")
COLOURS = {"b": "blue", "blue": "blue", "y": "yellow", "yellow": "yellow"}
_CARD = re.compile(r"^(\d+)([a-z]+)$")


def parse(text: str, names: Sequence[str]) -> dict:
    head = first_word(text, EXAMPLE)
    if head == "undo":
        return undo(text)
    form = _FORMS.get(head)
    if form is None:
        check_typo(head, WORDS)
        raise ParseError("parse.unknown", word=text.split()[0], example=EXAMPLE)
    usage, read = form
    return keyword_form(text, usage, lambda words: read(words, names))


def _mission(words: Words, names: Sequence[str]) -> dict:
    slot = words.number()
    mission = words.next()
    # Mission ids are numbers in the bundled deck; a session's own missions may use names.
    move = {"type": "mission", "slot": slot,
            "mission": int(mission) if mission.lstrip("-").isdigit() else mission}
    # An empty list is a move too: nobody may be free to recruit.
    move["assigned"] = []
    while words:
        move["assigned"].append(words.player(names))
    return move


def _contribute(words: Words, names: Sequence[str]) -> dict:
    move = {"type": "contribute", "player": words.player(names), "slot": words.number()}
    if words.peek() == "salvatore":
        words.next()
        move["skill"] = "salvatore"
    return move


def _reveal(words: Words, names: Sequence[str]) -> dict:
    slot = words.number()
    cards = [_card(words.next())]
    while words:
        cards.append(_card(words.next()))
    return {"type": "reveal", "slot": slot, "cards": cards}


def _card(word: str) -> dict:
    """"2b" is a blue 2, "4y" (or "4yellow") a yellow 4."""
    found = _CARD.match(word.casefold())
    if not found or found.group(2) not in COLOURS:
        raise ParseError("parse.card", word=word)
    return {"value": int(found.group(1)), "color": COLOURS[found.group(2)]}


def _slot_player(kind: str):
    def form(words: Words, names: Sequence[str]) -> dict:
        return {"type": kind, "slot": words.number(), "player": words.player(names)}
    return form


def _adjust(words: Words, names: Sequence[str]) -> dict:
    return {"type": "adjust", "slot": words.number(), "player": words.player(names),
            "delta": words.number()}


def _player(kind: str):
    def form(words: Words, names: Sequence[str]) -> dict:
        return {"type": kind, "player": words.player(names)}
    return form


def _spoke(words: Words, names: Sequence[str]) -> dict:
    return {"type": "spoke", "player": words.player(names)} if words else {"type": "spoke"}


_FORMS = {
    "mission": ("mission SLOT MISSION [PLAYER ...]", _mission),
    "contribute": ("contribute PLAYER SLOT [salvatore]", _contribute),
    "reveal": ("reveal SLOT 2b 4y ...", _reveal),
    "abort": ("abort SLOT PLAYER", _slot_player("abort")),
    "assign": ("assign SLOT PLAYER", _slot_player("assign")),
    "release": ("release SLOT PLAYER", _slot_player("release")),
    "adjust": ("adjust SLOT PLAYER DELTA", _adjust),
    "cop": ("cop PLAYER", _player("reveal_cop")),
    "omerta": ("omerta PLAYER", _player("omerta")),
    "spoke": ("spoke [PLAYER]", _spoke),
    "turn": ("turn PLAYER", _player("turn")),
}
