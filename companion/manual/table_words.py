"""A game's typed words at a running table: the forms its parser reads, what the table
waits for now (the help and the command line's placeholder show it), and what an entry
does there: moves for the live table to play (a move, or the journal rewritten from a
move the camera could not read, once a person names it), or an answer kept beside the
journal (Mafia's cops), or a refusal.

Each game's parser module has its subclass of :class:`TableWords`, ``AtTable``; the
dashboard's one game screen knows a game's words only through it
(companion.manual.words_at_table finds it by the game's name).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from companion.games import Move, RuleError
from companion.live_table import Table
from companion.manual.words import Form
from companion.said import Said, refusal, said


class Refused(Exception):
    """An entry the table does not take: ``reason``, said in the table's language."""

    def __init__(self, reason: Said):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Answer:
    """An entry that answered the table's question outside the journal: what to say."""

    said: Said


Entry = tuple[Move, ...] | Answer   # what an entry does: moves to play, or an answer


class TableWords(ABC):
    """One game's words at ``table``, journalled at ``journal`` (None: in memory).
    A subclass gives ``forms`` (its parser's, for the help and the placeholder),
    ``keywords`` (for the command line's completion) and ``parse``."""

    forms: tuple[Form, ...] = ()
    keywords: tuple[str, ...] = ()

    def __init__(self, table: Table, journal: Path | None = None):
        self.table = table
        self.journal = journal

    @abstractmethod
    def parse(self, text: str) -> dict:
        """The entry as the game's parser reads it (ParseError if it is none)."""

    def enter(self, entry: dict) -> Entry:
        """What a parsed entry does at the table (Refused if nothing)."""
        return (entry,)

    def vocabulary(self) -> tuple[str, ...]:
        """The words the command line completes: the keywords and the players."""
        return (*self.keywords, *self.table.names)

    def phase(self) -> str | None:
        """The game's phase, as the forms name it (None: a game without phases)."""
        return self.table.game.phase

    def to_act(self) -> str | None:
        """The player whose move the table waits for, if one."""
        return self.table.game.to_act

    def waiting_form(self) -> Form | None:
        """The move the table waits for now: the first form of the phase (None: the game
        is over)."""
        phase = self.phase()
        return next((f for f in self.forms if phase in f.phases), None)

    def example_fields(self) -> dict[str, str]:
        """What the forms' examples are filled with: the player to move and another."""
        names = self.table.names
        player = self.to_act() or names[0]
        return {"player": player, "other": names[(names.index(player) + 1) % len(names)]}

    def example(self) -> str | None:
        """The placeholder's example: the awaited move, with the player to make it."""
        form = self.waiting_form()
        return form.filled(**self.example_fields())[0] if form else None

    def help_fields(self, lang: str) -> dict[str, str]:
        """What the help's examples and descriptions are filled with, in ``lang``."""
        return self.example_fields()

    def start(self) -> Said | None:
        """The table opens: what is kept beside its journal is read; a reason when that
        cannot be."""
        return None

    def question(self) -> Said | None:
        """What the table is asked now, if anything (after new moves, and as it opens)."""
        return None

    def answers(self) -> Mapping[str, Any]:
        """The table's answers kept outside the journal, for the game's view."""
        return {}


def rewritten(moves: Callable[[], Sequence[Move]]) -> tuple[Move, ...]:
    """The journal rewritten from a move a person named (companion.journal_rewrite): the
    moves to play, or Refused when the rules refuse the named move."""
    try:
        return tuple(moves())
    except RuleError as exc:
        raise Refused(said("cmd.illegal", reason=refusal(exc))) from None
