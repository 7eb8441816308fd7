"""What every game's parser shares: the error, the word reader, player names, numbers,
and :class:`Form`, one typed move of a game's grammar as its parser reads it and as the
help and the command line's placeholder show it."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from companion.inputs import whole_number
from companion.names import name_key


class ParseError(Exception):
    """An entry that is not a move: a message id of companion.i18n and its fields."""

    def __init__(self, key: str, **fields: Any):
        super().__init__(key, fields)
        self.key, self.fields = key, fields


@dataclass(frozen=True)
class Form:
    """One way to type a move. ``usage`` is what the parser names in its errors;
    ``examples`` are shown in the help (``{player}``: the player whose move it is,
    ``{other}``: another player, and fields of the game's own), and a test parses each; ``phases``: the game's phases
    when it is made (empty: at any time); ``about``: the help's message id for it."""

    usage: str
    examples: tuple[str, ...]
    about: str
    phases: tuple[str, ...] = ()

    def filled(self, **fields: str) -> tuple[str, ...]:
        """The examples with the table's players (and the game's fields) in them."""
        return tuple(e.format(**fields) for e in self.examples)


UNDO = Form("undo", ("undo",), "help.undo")


class Words:
    """The words of one entry, read left to right; ``usage`` names the form for errors."""

    def __init__(self, text: str, usage: str):
        self.items = text.split()
        self.usage = usage
        self.pos = 0

    def __bool__(self) -> bool:
        return self.pos < len(self.items)

    def peek(self) -> str | None:
        return self.items[self.pos].casefold() if self else None

    def next(self) -> str:
        if not self:
            raise ParseError("parse.missing", usage=self.usage)
        self.pos += 1
        return self.items[self.pos - 1]

    def number(self) -> int:
        word = self.next()
        number = whole_number(word)   # ASCII digits: "²" and "٣" are no card or slot
        if number is None:
            raise ParseError("parse.number", word=word)
        return number

    def is_number(self) -> bool:
        """Whether the next word is a number."""
        return bool(self) and whole_number(self.items[self.pos]) is not None

    def player(self, names: Sequence[str]) -> str:
        """A player's name, which may be several words ("Ann Lee"): the most words that
        name one player are taken, else the next word alone."""
        longest = max((len(name.split()) for name in names), default=1)
        for count in range(min(longest, len(self.items) - self.pos), 1, -1):
            phrase = " ".join(self.items[self.pos:self.pos + count])
            if is_player(phrase, names):
                self.pos += count
                return match_player(phrase, names)
        return match_player(self.next(), names)

    def choice(self, choices: Sequence[str]) -> str:
        word = self.next()
        if word.casefold() not in choices:
            raise ParseError("parse.choice", word=word, choices=", ".join(choices))
        return word.casefold()

    def end(self) -> None:
        if self:
            raise ParseError("parse.extra", usage=self.usage)


def match_player(word: str, names: Sequence[str]) -> str:
    """A player by name or by the start of the name when that is unambiguous, case and
    accents aside (``zoe`` is Zoë)."""
    folded = name_key(word)
    exact = [n for n in names if name_key(n) == folded]
    if exact:
        return exact[0]
    starts = [n for n in names if name_key(n).startswith(folded)]
    if len(starts) == 1:
        return starts[0]
    raise ParseError("parse.player", word=word, names=", ".join(names))


def is_player(word: str, names: Sequence[str]) -> bool:
    try:
        match_player(word, names)
    except ParseError:
        return False
    return True


def first_word(text: str, example: str) -> str:
    """The entry's first word, folded (accents too: "Omertà" is omerta); an empty entry
    is an error showing an example."""
    words = text.split()
    if not words:
        raise ParseError("parse.empty", example=example)
    return name_key(words[0])


def without(text: str, filler: Sequence[str], names: Sequence[str]) -> str:
    """``text`` without the words the app's own sentences add ("plays", "with the",
    "at step"), so what the screen says can be typed back; the first word, and any word
    that names a player, always stay."""
    words = text.split()
    return " ".join(words[:1] + [w for w in words[1:] if name_key(w) not in filler
                                 or any(name_key(n) == name_key(w) for n in names)])


def keyword_form(text: str, usage: str, read: Callable[[Words], dict]) -> dict:
    """A move that starts with its keyword: ``read`` takes the words after it, and
    nothing may be left over."""
    words = Words(text, usage)
    words.next()
    move = read(words)
    words.end()
    return move


def undo(text: str) -> dict:
    """``undo``, alone on the line: the same in every game."""
    return keyword_form(text, UNDO.usage, lambda words: {"type": "undo"})


def check_typo(word: str, keywords: Sequence[str]) -> None:
    """A misspelt keyword ("plase") is named as such, with the word meant."""
    close = difflib.get_close_matches(word.casefold(), keywords, n=1, cutoff=0.75)
    if close and close[0] != word.casefold():
        raise ParseError("parse.typo", word=word, meant=close[0])
