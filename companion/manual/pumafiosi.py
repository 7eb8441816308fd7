"""Pumafiosi in words: "ann 37", "ann 37 gun", "tony 12", "place 37 at 8 notebook",
"place 37 at 5 ring", "honor bob", "undo"."""

from __future__ import annotations

from typing import Sequence

from companion.manual.words import (ParseError, Words, check_typo, first_word, is_player,
                                    keyword_form, undo)

EXAMPLE = "ann 37"
ITEMS = ("vest", "notebook")
WORDS = ("place", "at", "gun", "tony", "honor", "undo", "ring") + ITEMS


def parse(text: str, names: Sequence[str], placer: str | None) -> dict:
    """``placer``: the player who must place the round's card now (None if nobody)."""
    head = first_word(text, EXAMPLE)
    if head == "undo":
        return undo(text)
    if head == "tony":
        return keyword_form(text, "tony CARD",
                            lambda words: {"type": "tony", "card": words.number()})
    if head in ("honor", "honour"):
        return keyword_form(text, "honor PLAYER", lambda words: {
            "type": "honor_violation", "player": words.player(names)})
    if head == "place":
        return _place(text, placer)
    if is_player(head, names):
        return _play(text, names)
    check_typo(head, WORDS)
    # "NAME CARD": a name the table does not know gets the player message, not "unknown".
    if _second_is_number(text):
        return _play(text, names)
    raise ParseError("parse.unknown", word=text.split()[0], example=EXAMPLE)


def _play(text: str, names: Sequence[str]) -> dict:
    words = Words(text, "PLAYER CARD [gun]")
    player = words.player(names)
    move = {"type": "play", "player": player, "card": words.number()}
    if words.peek() in ("gun", "machine_gun", "mg"):
        words.next()
        move["machine_gun"] = True
    words.end()
    return move


def _place(text: str, placer: str | None) -> dict:
    if placer is None:
        raise ParseError("parse.no_placer")
    words = Words(text, "place CARD at STEP [vest|notebook] [ring]")
    words.next()
    card = words.number()
    if words.peek() == "at":
        words.next()
    step = words.number()
    # The engine names who may place; the entry only names the card and where it goes.
    move = {"type": "place", "player": placer, "card": card, "step": step}
    while words:
        word = words.choice(ITEMS + ("ring",))
        if word == "ring":
            move["ring"] = True
        else:
            move["item"] = word
    return move



def _second_is_number(text: str) -> bool:
    words = text.split()
    return len(words) > 1 and words[1].lstrip("-").isdigit()
