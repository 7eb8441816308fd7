"""Moves typed in plain words, one parser module per game (its registration's ``words``,
companion.registry, imported on use).

Each game module has ``parse(text, ...) -> move`` (a session-format move, ``undo``
included; pure), ``EXAMPLE`` (a typical entry), ``WORDS`` (its keywords, for completion)
and ``AtTable``, its words at a running table (companion.manual.table_words). A bad entry
raises :class:`ParseError` with a message id of companion.i18n, so it is shown in the
table's language.
"""

from __future__ import annotations

from pathlib import Path

from companion.live_table import Table
from companion.manual.table_words import TableWords
from companion.registry import game_spec


def words_at_table(table: Table, journal: Path | None = None) -> TableWords:
    """The words of ``table``'s game (the session header's), journalled at ``journal``."""
    return game_spec(table.session.header.game).part("words").AtTable(table, journal)
