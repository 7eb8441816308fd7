"""Mafia in words: "mission 1 3 ann bob", "contribute ann 1 [salvatore]", "whose 1 ann",
"reveal 1 2b 4b 2y", "abort 1 ann", "assign 1 ann", "release 1 ann", "adjust 1 ann -2",
"cop ann", "omerta ann", "spoke [ann]", "turn bob", "undo"; and once the game is over,
"cops bob cy": who were the cops (not a move: :class:`AtTable` keeps it beside the
journal). A slot and a player may come in either order, with the words the screen uses:
"assign ann to mission 1".

"whose 1 ann" names the player whose card the camera saw lie on the mission in slot 1
without seeing who brought it (an ``unseen_contribute``): parsed as ``{"type": "whose",
"player", "slot"}`` (and ``"skill"``), not a move of the session format; :class:`AtTable`
turns it into the journal rewritten (companion.journal_rewrite.named_contribution).
"revealed 1 2b 4b 2y" names the faces of the mission revealed in slot 1 that nobody read
(an ``unseen_reveal``): parsed as ``{"type": "revealed", "slot", "cards"}``, turned into
the journal rewritten (companion.journal_rewrite.named). So is "reveal 1 ..." while the
rules could not take it as a reveal now and a reveal in slot 1 is unread.
"aborted 1 ann" names who aborted the mission in slot 1 that the camera saw carried off
without seeing whose Abort card it was (an ``unseen_abort``): parsed as ``{"type":
"aborted", "slot", "player"}``, turned into the journal rewritten
(companion.journal_rewrite.named_abort). So is "abort 1 ann" while the rules could not
take it as an abort now and an abort in slot 1 is unseen.

When a side has won, the table is asked who were the cops (the goal cards were secret);
the answer, checked by the rules, is kept beside the journal (companion.session.cops), so
a resumed game and ``companion export --bgstats`` know each player's side."""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from companion.games import RuleError
from companion.games.mafia import COPS
from companion.journal_rewrite import named, named_abort, named_contribution
from companion.manual.table_words import Answer, Entry, Refused, TableWords, rewritten
from companion.said import Said, refusal, said
from companion.session.cops import CopsFileError, read_cops, write_cops
from companion.inputs import whole_number
from companion.manual.words import (UNDO, Form, ParseError, Words, check_typo, first_word,
                                    keyword_form, undo, without)

WORDS = ("mission", "contribute", "whose", "salvatore", "reveal", "revealed", "abort", "aborted",
         "assign", "release", "adjust", "cop", "omerta", "spoke", "turn", "cops", "undo")
# Between a keyword and its slot: "contribute ann to mission 1", "reveal mission 1 ...".
FILLER = ("to", "on", "in", "from", "slot")
COLOURS = {"b": "blue", "blue": "blue", "y": "yellow", "yellow": "yellow"}
_CARD = re.compile(r"^([0-9]+)([a-z]+)$")


def parse(text: str, names: Sequence[str]) -> dict:
    head = first_word(text, EXAMPLE)
    if head == "undo":
        return undo(text)
    entry = _FORMS.get(head)
    if entry is None:
        check_typo(head, WORDS)
        raise ParseError("parse.unknown", word=text.split()[0], example=EXAMPLE)
    form, read = entry
    if head != "mission":   # "mission" names a mission card; elsewhere it names a slot
        text = without(text, FILLER + ("mission",), names)
    return keyword_form(text, form.usage, lambda words: read(words, names))


def _mission(words: Words, names: Sequence[str]) -> dict:
    slot = words.number()
    mission = words.next()
    # Mission ids are numbers in the bundled deck; a session's own missions may use names.
    number = whole_number(mission)
    move = {"type": "mission", "slot": slot, "mission": mission if number is None else number}
    # An empty list is a move too: nobody may be free to recruit.
    move["assigned"] = []
    while words:
        move["assigned"].append(words.player(names))
    return move


def _slot_and_player(words: Words, names: Sequence[str]) -> tuple[int, str]:
    """A slot and a player, in either order ("1 ann" or "ann 1")."""
    if words.is_number():
        slot = words.number()
        return slot, words.player(names)
    player = words.player(names)
    return words.number(), player


def _contribute(words: Words, names: Sequence[str], kind: str = "contribute") -> dict:
    slot, player = _slot_and_player(words, names)
    move = {"type": kind, "player": player, "slot": slot}
    if words.peek() == "salvatore":
        words.next()
        move["skill"] = "salvatore"
    return move


def _reveal(words: Words, names: Sequence[str], kind: str = "reveal") -> dict:
    slot = words.number()
    cards = [_card(words.next())]
    while words:
        cards.append(_card(words.next()))
    return {"type": kind, "slot": slot, "cards": cards}


def _card(word: str) -> dict:
    """"2b" is a blue 2, "4y" (or "4yellow") a yellow 4."""
    found = _CARD.match(word.casefold())
    value = whole_number(found.group(1)) if found else None   # (20 digits: no card)
    if value is None or found.group(2) not in COLOURS:
        raise ParseError("parse.card", word=word)
    return {"value": value, "color": COLOURS[found.group(2)]}


def _slot_player(kind: str):
    def form(words: Words, names: Sequence[str]) -> dict:
        slot, player = _slot_and_player(words, names)
        return {"type": kind, "slot": slot, "player": player}
    return form


def _adjust(words: Words, names: Sequence[str]) -> dict:
    slot, player = _slot_and_player(words, names)
    return {"type": "adjust", "slot": slot, "player": player, "delta": words.number()}


def _player(kind: str):
    def form(words: Words, names: Sequence[str]) -> dict:
        return {"type": kind, "player": words.player(names)}
    return form


def _spoke(words: Words, names: Sequence[str]) -> dict:
    return {"type": "spoke", "player": words.player(names)} if words else {"type": "spoke"}


def _cops(words: Words, names: Sequence[str]) -> dict:
    cops = [words.player(names)]
    while words:
        cops.append(words.player(names))
    return {"type": "cops", "players": cops}


def _form(usage: str, examples: tuple[str, ...], read, phases: tuple[str, ...] = ()
          ) -> tuple[Form, object]:
    return Form(usage, examples, f"help.mafia.{usage.split()[0]}", phases), read


_FORMS = {
    "mission": _form("mission SLOT MISSION [PLAYER ...]", ("mission 1 3 {player} {other}",),
                     _mission),
    "contribute": _form("contribute PLAYER SLOT [salvatore]",
                        ("contribute {player} 1", "contribute {player} to mission 2 salvatore"),
                        _contribute),
    "whose": _form("whose SLOT PLAYER [salvatore]", ("whose 1 {player}",),
                   lambda words, names: _contribute(words, names, "whose")),
    "reveal": _form("reveal SLOT 2b 4y ...", ("reveal 1 2b 4b 3y 1b",), _reveal),
    "revealed": _form("revealed SLOT 2b 4y ...", ("revealed 1 2b 4b 3y 1b",),
                      lambda words, names: _reveal(words, names, "revealed")),
    "abort": _form("abort SLOT PLAYER", ("abort 1 {player}",), _slot_player("abort")),
    "aborted": _form("aborted SLOT PLAYER", ("aborted 1 {player}",), _slot_player("aborted")),
    "assign": _form("assign SLOT PLAYER", ("assign 2 {player}", "assign {player} to mission 2"),
                    _slot_player("assign")),
    "release": _form("release SLOT PLAYER", ("release 2 {other}",), _slot_player("release")),
    "adjust": _form("adjust SLOT PLAYER DELTA", ("adjust 1 {player} -2",), _adjust),
    "cop": _form("cop PLAYER", ("cop {other}",), _player("reveal_cop")),
    "omerta": _form("omerta PLAYER", ("omerta {player}",), _player("omerta")),
    "spoke": _form("spoke [PLAYER]", ("spoke {other}", "spoke"), _spoke),
    "turn": _form("turn PLAYER", ("turn {other}",), _player("turn")),
    "cops": _form("cops PLAYER ...", ("cops {player}",), _cops, ("over",)),
}
FORMS = (*(form for form, _ in _FORMS.values()), UNDO)
EXAMPLE = _FORMS["contribute"][0].filled(player="ann", other="bob")[0]


class AtTable(TableWords):
    """Mafia's words at a running table: "whose" names an unseen contribution, "revealed"
    (or a reveal the rules cannot take now) the faces of a reveal nobody read, "aborted"
    (or an abort the rules cannot take now) who aborted a mission nobody saw aborted, and
    once a side has won, "cops" answers who were the cops."""

    forms = FORMS
    keywords = WORDS
    cops: tuple[str, ...] | None = None   # named at the end of the game

    def parse(self, text: str) -> dict:
        return parse(text, self.table.names)

    def phase(self) -> str | None:
        # Every Mafia move may come at any time; once over, the table names the cops.
        return "over" if self.table.game.complete else None

    def waiting_form(self) -> Form | None:
        # No mission open yet: the table opens one; then cards go on it; at the end, the
        # cops (unless known).
        game = self.table.game
        if game.winners:
            known = self.cops is not None or len(game.roles) == len(self.table.names)
            return None if known else next(f for f in self.forms if "over" in f.phases)
        kind = "contribute" if game.in_progress else "mission"
        return next(f for f in self.forms if f.usage.startswith(kind))

    def enter(self, entry: dict) -> Entry:
        if entry["type"] == "whose":   # the card nobody saw whose, named
            return rewritten(lambda: named_contribution(
                self.table.session, entry["player"], entry["slot"], entry.get("skill")))
        game = self.table.game
        unread = any(slot == entry.get("slot") for slot, _ in game.open_reveals)
        if entry["type"] == "revealed" or (entry["type"] == "reveal" and unread
                                           and not game.is_legal(entry)):
            move = {"type": "reveal", "slot": entry["slot"], "cards": entry["cards"]}
            return rewritten(lambda: named(self.table.session, move))
        unseen = any(slot == entry.get("slot") for slot, _ in game.unseen_aborts)
        if entry["type"] == "aborted" or (entry["type"] == "abort" and unseen
                                          and not game.is_legal(entry)):
            return rewritten(lambda: named_abort(self.table.session, entry["player"],
                                                 entry["slot"]))
        if entry["type"] != "cops":
            return super().enter(entry)
        game = self.table.game
        if not game.complete:
            raise Refused(said("mafia.cops_early"))
        try:
            sides = game.sides(entry["players"])
        except RuleError as exc:
            raise Refused(said("cmd.illegal", reason=refusal(exc))) from None
        cops = tuple(name for name, side in sides.items() if side == COPS)
        if self.journal is not None:
            try:
                write_cops(self.journal, cops)
            except OSError as exc:
                raise Refused(said("mafia.cops_failed", path=self.journal,
                                   reason=exc.strerror or str(exc))) from None
        self.cops = cops
        return Answer(said("mafia.cops_named", names=", ".join(cops)))

    def start(self) -> Said | None:
        """The cops a resumed game's table named, read."""
        if self.journal is None:
            return None
        try:
            self.cops = read_cops(self.journal)
        except CopsFileError as exc:
            return exc.args[0]
        return None

    def question(self) -> Said | None:
        """Who were the cops, when the game is over and nobody said."""
        form = self.waiting_form()
        if self.table.game.complete and form is not None:
            return said("mafia.ask_cops", example=form.filled(**self.example_fields())[0])
        return None

    def answers(self) -> Mapping[str, Any]:
        return {} if self.cops is None else {"cops": self.cops}
