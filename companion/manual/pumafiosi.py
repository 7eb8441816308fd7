"""Pumafiosi in words: "ann 37", "ann 37 gun", "tony 12", "place 37 at 8 notebook",
"place 37 at 5 ring", "honor bob", "undo"; and as the screen says them: "Ann plays 37
with the machine gun", "Tony's card is 12", "Cy places 37 at step 8".

"cy had 55" names the card of Cy's play the camera did not read (an ``unseen_play``):
parsed as ``{"type": "had", "player", "card"}``, not a move of the session format;
:class:`AtTable` turns it into the journal rewritten (companion.journal_rewrite.named_unseen).
"bob had 23 at 7" names where Bob placed the card that won a round at a step the camera
did not see (an ``unseen_place``): ``{"type": "had", "player", "card", "step"}``, the
journal rewritten the same way (named_place)."""

from __future__ import annotations

from typing import Sequence

from companion.journal_rewrite import named_place, named_unseen
from companion.manual.table_words import Entry, TableWords, rewritten
from companion.inputs import whole_number
from companion.manual.words import (UNDO, Form, ParseError, Words, check_typo, first_word,
                                    is_player, keyword_form, undo, without)

ITEMS = ("vest", "notebook")
GUN = ("gun", "machine_gun", "mg")
TONY = Form("tony CARD", ("tony 12",), "help.pumafiosi.tony", ("tony",))
PLAY = Form("PLAYER CARD [gun]", ("{player} 37", "{player} 37 gun"),
            "help.pumafiosi.play", ("play",))
PLACE = Form("place CARD at STEP [vest|notebook] [ring]",
             ("place 37 at 8", "place 37 at 5 notebook", "place 37 at 6 ring",
              "{player} places 37 at step 8"), "help.pumafiosi.place", ("place",))
HONOR = Form("honor PLAYER", ("honor {other}",), "help.pumafiosi.honor")
HAD = Form("PLAYER had CARD", ("{player} had 55",), "help.pumafiosi.had")
HAD_PLACED = Form("PLAYER had CARD at STEP", ("{player} had 23 at 7",),
                  "help.pumafiosi.had_placed")
FORMS = (TONY, PLAY, PLACE, HONOR, HAD, HAD_PLACED, UNDO)
EXAMPLE = PLAY.filled(player="ann")[0]
WORDS = ("place", "at", "gun", "tony", "honor", "undo", "ring", "had") + ITEMS
# The words of the screen's sentences that say nothing the move needs.
FILLER = ("plays", "play", "with", "the", "step", "machine", "wedding", "card", "is", "on",
          "token")


def parse(text: str, names: Sequence[str], placer: str | None) -> dict:
    """``placer``: the player who must place the round's card now (None if nobody)."""
    text = without(text, FILLER, names)
    head = first_word(text, EXAMPLE)
    if head == "undo":
        return undo(text)
    if head in ("tony", "tony's"):
        return keyword_form(text, TONY.usage,
                            lambda words: {"type": "tony", "card": words.number()})
    if head in ("honor", "honour"):
        return keyword_form(text, HONOR.usage, lambda words: {
            "type": "honor_violation", "player": words.player(names)})
    if head in ("place", "places"):
        if placer is None:
            raise ParseError("parse.no_placer")
        return _place(Words(text, PLACE.usage), placer, skip=1)
    if is_player(head, names):
        return _by_player(text, names)
    check_typo(head, WORDS)
    # "NAME CARD": a name the table does not know gets the player message, not "unknown".
    if _second_is_number(text):
        return _by_player(text, names)
    raise ParseError("parse.unknown", word=text.split()[0], example=EXAMPLE)


def _by_player(text: str, names: Sequence[str]) -> dict:
    """"Ann 37" (a play), "Ann places 37 at 8" (the placer named) or "Ann had 37"."""
    words = Words(text, PLAY.usage)
    player = words.player(names)
    if words.peek() in ("place", "places"):
        words.usage = PLACE.usage
        return _place(words, player, skip=1)
    if words.peek() == "had":
        words.usage = HAD.usage
        words.next()
        named = {"type": "had", "player": player, "card": words.number()}
        if words.peek() == "at":
            words.usage = HAD_PLACED.usage
            words.next()
            named["step"] = words.number()
        words.end()
        return named
    move = {"type": "play", "player": player, "card": words.number()}
    if words.peek() in GUN:
        words.next()
        move["machine_gun"] = True
    words.end()
    return move


def _place(words: Words, placer: str, skip: int) -> dict:
    for _ in range(skip):
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
    return len(words) > 1 and whole_number(words[1]) is not None



class AtTable(TableWords):
    """Pumafiosi's words at a running table: "place" needs no name (the engine says who
    places), and "had" names an unseen play or place."""

    forms = FORMS
    keywords = WORDS

    def parse(self, text: str) -> dict:
        game = self.table.game
        return parse(text, self.table.names, game.to_act if game.phase == "place" else None)

    def enter(self, entry: dict) -> Entry:
        if entry["type"] != "had":
            return super().enter(entry)
        # the unseen play (or place) named: the journal rewritten from it on
        session = self.table.session
        if "step" in entry:
            return rewritten(lambda: named_place(session, entry["player"], entry["card"],
                                                 entry["step"]))
        return rewritten(lambda: named_unseen(session, entry["player"], entry["card"]))
