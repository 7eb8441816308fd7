"""Moves typed in plain words, one parser module per game.

Each game module has ``parse(text, ...) -> move`` (a session-format move, ``undo``
included; pure), ``EXAMPLE`` (a typical entry), ``WORDS`` (its keywords, for completion)
and ``AtTable``, its words at a running table (companion.manual.table_words), found here by
the game's name and imported on use. A bad entry raises :class:`ParseError` with a
message id of companion.i18n, so it is shown in the table's language.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from companion.live_table import Table
from companion.manual.table_words import TableWords

PARSERS = {"pumafiosi": "companion.manual.pumafiosi", "pungi": "companion.manual.pungi",
           "mafia": "companion.manual.mafia"}


def words_at_table(table: Table, journal: Path | None = None) -> TableWords:
    """The words of ``table``'s game (the session header's), journalled at ``journal``."""
    return import_module(PARSERS[table.session.header.game]).AtTable(table, journal)
