"""Pungi in words: "layout -3 2 charmer 4", "ann mouse 7", "first bob", "undo"."""

from __future__ import annotations

from typing import Sequence

from companion.manual.words import (ParseError, Words, check_typo, first_word, is_player,
                                    keyword_form, undo)

EXAMPLE = "ann mouse 7"
WORDS = ("layout", "charmer", "first", "undo")


def parse(text: str, names: Sequence[str], animals: Sequence[str]) -> dict:
    """``animals``: the deck's six animal names."""
    head = first_word(text, EXAMPLE)
    if head == "undo":
        return undo(text)
    if head == "first":
        return keyword_form(text, "first PLAYER",
                            lambda words: {"type": "first", "player": words.player(names)})
    if head == "layout":
        return keyword_form(text, "layout CARD CARD ... (numbers or charmer)", _layout)
    if not is_player(head, names):
        check_typo(head, WORDS)
    # "NAME ANIMAL VALUE": a name the table does not know gets the player message.
    parts = text.split()
    if is_player(head, names) or (len(parts) > 1 and parts[1].casefold() in animals):
        words = Words(text, "PLAYER ANIMAL VALUE")
        player = words.player(names)
        animal = words.choice(tuple(animals))
        move = {"type": "play", "player": player, "animal": animal, "value": words.number()}
        words.end()
        return move
    raise ParseError("parse.unknown", word=text.split()[0], example=EXAMPLE)


def _layout(words: Words) -> dict:
    cards: list[int | str] = []
    while words:
        if words.peek() == "charmer":
            words.next()
            cards.append("charmer")
        else:
            cards.append(words.number())
    if not cards:
        raise ParseError("parse.missing", usage=words.usage)
    return {"type": "layout", "cards": cards}
