"""Pungi in words: "layout -3 2 charmer 4", "ann mouse 7", "first bob", "undo"; and as
the screen says them: "Ann plays mouse 7".

"bob had mouse 4" names the card of Bob's play the camera did not read (an
``unseen_play``): parsed as ``{"type": "had", "player", "animal", "value"}``, not a move
of the session format; :class:`AtTable` turns it into the journal rewritten
(companion.journal_rewrite.named). So does "bob mouse 4" while it is not Bob's turn and
a play of his is unseen: the rules could not take it as a play now."""

from __future__ import annotations

from typing import Sequence

from companion.i18n import TERMS, term
from companion.journal_rewrite import named
from companion.manual.table_words import Entry, TableWords, rewritten
from companion.manual.words import (UNDO, Form, ParseError, Words, check_typo, first_word,
                                    is_player, keyword_form, undo, without)
from companion.names import name_key

FIRST = Form("first PLAYER", ("first {other}",), "help.pungi.first", ("layout",))
LAYOUT = Form("layout CARD CARD ... (numbers or charmer)", ("layout {cards}",),
              "help.pungi.layout", ("layout",))
_LAYOUT_CARDS = ("-3", "2", "charmer", "4", "-1", "0")   # an example layout, one per player
PLAY = Form("PLAYER ANIMAL VALUE", ("{player} mouse 7", "{player} plays duck 10"),
            "help.pungi.play", ("play",))
HAD = Form("PLAYER had ANIMAL VALUE", ("{player} had mouse 7",), "help.pungi.had")
FORMS = (LAYOUT, FIRST, PLAY, HAD, UNDO)
EXAMPLE = PLAY.filled(player="ann")[0]


def layout_example(players: int) -> str:
    """An example layout of as many cards as the table has players (the rules' count)."""
    return " ".join(_LAYOUT_CARDS[:players])
WORDS = ("layout", "charmer", "first", "undo", "had")
FILLER = ("plays", "play", "a", "the", "choi")   # (and "chơi": the screen in Vietnamese)


def parse(text: str, names: Sequence[str], animals: Sequence[str]) -> dict:
    """``animals``: the deck's six animal names."""
    text = without(in_deck_words(text, (*animals, "charmer")), FILLER, names)
    head = first_word(text, EXAMPLE)
    if head == "undo":
        return undo(text)
    if head == "first":
        return keyword_form(text, FIRST.usage,
                            lambda words: {"type": "first", "player": words.player(names)})
    if head == "layout":
        return keyword_form(text, LAYOUT.usage, _layout)
    if not is_player(head, names):
        check_typo(head, WORDS)
    # "NAME ANIMAL VALUE": a name the table does not know gets the player message.
    parts = text.split()
    if is_player(head, names) or (len(parts) > 1 and parts[1].casefold() in animals):
        words = Words(text, PLAY.usage)
        player = words.player(names)
        kind = "play"
        if words.peek() == "had":
            words.usage, kind = HAD.usage, "had"
            words.next()
        animal = words.choice(tuple(animals))
        move = {"type": kind, "player": player, "animal": animal, "value": words.number()}
        words.end()
        return move
    raise ParseError("parse.unknown", word=text.split()[0], example=EXAMPLE)


def in_deck_words(text: str, cards: Sequence[str]) -> str:
    """``text`` with the cards' names as the screen says them in Vietnamese ("thằn lằn",
    "người dụ rắn"; accents and case aside) in the deck's own words ("lizard"), so what
    the screen says can be typed back."""
    tokens = text.split()
    for card in cards:
        said_vi = [name_key(w) for w in TERMS.get(card, {}).get("vi", "").split()]
        n, i = len(said_vi), 0
        while n and i + n <= len(tokens):
            if [name_key(w) for w in tokens[i:i + n]] == said_vi:
                tokens[i:i + n] = [card]
            i += 1
    return " ".join(tokens)


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


class AtTable(TableWords):
    """Pungi's words at a running table: the deck's animals are words too, and the help
    names them (a new player cannot guess them)."""

    forms = FORMS

    @property
    def keywords(self) -> tuple[str, ...]:
        return (*WORDS, *self.table.game.animals)

    def parse(self, text: str) -> dict:
        return parse(text, self.table.names, self.table.game.animals)

    def enter(self, entry: dict) -> Entry:
        """"had" names a play the camera did not read (the journal rewritten from it);
        so does a play the rules cannot take now from a player with one."""
        game, session = self.table.game, self.table.session
        unread = any(u.player == entry.get("player") for u in game.unread)
        if entry["type"] == "had" or (entry["type"] == "play" and unread
                                      and not game.is_legal(entry)):
            move = {"type": "play", "player": entry["player"], "animal": entry["animal"],
                    "value": entry["value"]}
            return rewritten(lambda: named(session, move))
        return super().enter(entry)

    def example_fields(self) -> dict[str, str]:
        return {**super().example_fields(), "cards": layout_example(len(self.table.names))}

    def help_fields(self, lang: str) -> dict[str, str]:
        return {**super().help_fields(lang),
                "animals": ", ".join(term(lang, a) for a in self.table.game.animals)}
