"""The web page's state: what a phone or TV shows of a running table, in one language, as
JSON.

The page's script is the same for every game: it draws the game's view (companion.board,
as the dashboard draws it too): the heading, whose turn, the banner, the scores, the board
and its notes as rows of cells, each cell its text, its role and, where it names a player,
the player's seat (the page colours seats as the dashboard does); a clock as its seconds
and its words, which the page keeps running between two states.
"""

from __future__ import annotations

from typing import Any, Iterable, Protocol, Sequence

from companion.board import view
from companion.board.game_view import Banner, Chart, Clock, Timed, Turn
from companion.board.values import Cell, Row, Section
from companion.games import Outcome
from companion.i18n import LANGS, announce, t
from companion.omerta import OmertaView
from companion.session import Session


class Table(Protocol):
    """What the page reads of a running table."""

    @property
    def game(self) -> Any: ...            # the rules engine
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def session(self) -> Session: ...
    @property
    def in_force(self) -> Sequence[tuple[Outcome, ...]]: ...   # each move's, in order
    @property
    def history(self) -> Sequence[Outcome]: ...   # everything announced, undos included
    @property
    def latest(self) -> tuple[Outcome, ...]: ...   # what the last move announced


def cell_json(cell: Cell) -> dict[str, Any]:
    """A cell for the page's script: its text ``t``, its ``role`` (the page's look for it,
    page.css) and, where it names a player, the player's ``seat``."""
    out: dict[str, Any] = {"t": cell.text, "role": cell.role}
    if cell.seat is not None:
        out["seat"] = cell.seat
    return out


def cells_json(row: Row) -> list[dict]:
    return [cell_json(c) for c in row.cells]


def sections_json(sections: Iterable[Section]) -> list[dict]:
    return [{"title": s.title, "rows": [cells_json(row) for row in s.rows]} for s in sections]


def clock_json(clock: Clock | None) -> dict | None:
    """A running clock: its seconds ``s`` now, its ``words`` ("{clock}": the time) and,
    counting down, its words ``over`` once the time ran out."""
    return None if clock is None else {"s": clock.seconds, "words": clock.words,
                                       "over": clock.over}


def turn_json(turn: Turn | None) -> dict | None:
    return None if turn is None else {"player": turn.player, "seat": turn.seat,
                                      "cells": [cell_json(c) for c in turn.cells],
                                      "clock": clock_json(turn.clock)}


def banner_json(banner: Banner | None) -> dict | None:
    return None if banner is None else {
        "text": banner.text, "clocks": [timed_json(timed) for timed in banner.clocks]}


def timed_json(timed: Timed) -> dict:
    return {"text": timed.text, "clock": clock_json(timed.clock)}


def scores_json(scores: Section) -> dict:
    """The rows of the scores table (a header row's cells have the role "head"), each
    with the ``key`` of the player or side it stands for."""
    return {"rows": [{"key": row.key, "cells": cells_json(row)} for row in scores.rows]}


def chart_json(chart: Chart | None, names: Sequence[str], lang: str) -> dict | None:
    """The running score after each finished game and now, per player."""
    if chart is None:
        return None
    points = [*chart.games, *([] if chart.now is None else [chart.now])]
    labels = [t(lang, "chart.game", n=n) for n in range(1, len(chart.games) + 1)]
    labels += [] if chart.now is None else [t(lang, "chart.now")]
    return {"labels": labels,
            "series": [{"name": name, "seat": i, "values": [p[i] for p in points]}
                       for i, name in enumerate(names)]}


class PageState:
    """Builds the page's state of a table; keeps the history's lines said in each
    language so a move costs only its own outcomes (the history only grows)."""

    def __init__(self) -> None:
        self._table: Table | None = None
        self._history: dict[str, list[str]] = {}

    def build(self, table: Table, lang: str, omerta: OmertaView | None) -> dict:
        if table is not self._table:
            self._table, self._history = table, {code: [] for code in LANGS}
        lines = self._history[lang]
        lines.extend(announce(o, lang) for o in table.history[len(lines):])
        game_kind = table.session.header.game
        shown = view(game_kind, table.game, table.names, table.in_force, lang, omerta)
        latest = table.latest
        return {
            "game": game_kind,
            "lang": lang,
            "title": t(lang, f"game.{game_kind}"),
            "app": t(lang, "app.title"),
            "moves": len(table.session.moves),
            "heading": [cells_json(part) for part in shown.heading],
            "turn": turn_json(shown.turn),
            "announcement": ([announce(o, lang) for o in latest] if latest
                             else [t(lang, "announce.waiting")]),
            "banner": banner_json(shown.banner),
            "scores": scores_json(shown.scores),
            "board": sections_json(shown.board.sections),
            "notes": sections_json(shown.notes),
            "chart": chart_json(shown.chart, table.names, lang),
            "history": list(lines),
            "labels": {key: t(lang, f"panel.{key}") for key in ("scores", "chart", "history")},
        }
