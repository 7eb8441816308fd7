"""Duel in words: "ann 3", "bob plays 5", "undo"; and as the screen says them ("Ann plays
3"), which can be typed back."""

from __future__ import annotations

from typing import Sequence

from companion.manual.table_words import TableWords
from companion.manual.words import (UNDO, Form, ParseError, Words, check_typo, first_word,
                                    is_player, undo, without)

PLAY = Form("PLAYER BLADE", ("{player} 3", "{player} plays 5"), "help.duel.play", ("play",))
FORMS = (PLAY, UNDO)
EXAMPLE = PLAY.filled(player="ann")[0]
WORDS = ("undo",)
FILLER = ("plays", "play", "choi")   # (and "chơi": the screen in Vietnamese)


def parse(text: str, names: Sequence[str]) -> dict:
    text = without(text, FILLER, names)
    head = first_word(text, EXAMPLE)
    if head == "undo":
        return undo(text)
    if not is_player(head, names):
        check_typo(head, WORDS)
        raise ParseError("parse.unknown", word=text.split()[0], example=EXAMPLE)
    words = Words(text, PLAY.usage)
    move = {"type": "play", "player": words.player(names), "card": words.number()}
    words.end()
    return move


class AtTable(TableWords):
    forms = FORMS
    keywords = WORDS

    def parse(self, text: str) -> dict:
        return parse(text, self.table.names)
