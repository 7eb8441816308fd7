"""The web page's state: what a phone or TV shows of a running table, in one language, as
JSON.

The page's script is the same for every game: the board (companion.board, as the
dashboard draws it too) and the scores come as sections of rows of cells, each cell its
text, its role and, where it names a player, the player's seat (the page colours seats
as the dashboard does).
"""

from __future__ import annotations

from typing import Any, Iterable, Protocol, Sequence

from companion.board import board
from companion.board.values import BAD, EMPTY, GOOD, SCORE, WINNER, Cell, Section, owner, row
from companion.games import Outcome
from companion.games.mafia import COPS, MOBSTERS, WINNING_COUNT
from companion.games.pumafiosi import GAMES, ROUNDS
from companion.games.pungi import collection_points
from companion.i18n import LANGS, announce, puma_turn, t, term
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


def sections_json(sections: Iterable[Section]) -> list[dict]:
    return [{"title": s.title, "rows": [[cell_json(c) for c in row.cells] for row in s.rows]}
            for s in sections]


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
        view = _VIEWS[game_kind](table, lang)
        latest = table.latest
        return {
            "game": game_kind,
            "lang": lang,
            "title": t(lang, f"game.{game_kind}"),
            "app": t(lang, "app.title"),
            "moves": len(table.session.moves),
            "heading": view.heading(),
            "turn": view.turn(),
            "announcement": ([announce(o, lang) for o in latest] if latest
                             else [t(lang, "announce.waiting")]),
            "banner": view.banner(omerta),
            "scores": view.scores(),
            "board": view.board(),
            "chart": view.chart(),
            "history": list(lines),
            "labels": {key: t(lang, f"panel.{key}") for key in ("scores", "chart", "history")},
        }


class _View:
    """One game's parts of the page."""

    def __init__(self, table: Table, lang: str):
        self.table, self.game, self.lang = table, table.game, lang
        self.names = table.names

    def seat(self, name: str | None) -> int | None:
        return self.names.index(name) if name in self.names else None

    def player(self, name: str) -> dict[str, Any]:
        return cell_json(owner(self.names, name))

    def board(self) -> list[dict]:
        table = self.table
        return sections_json(board(table.session.header.game, self.game, self.names,
                                   table.in_force, self.lang).sections)

    def banner(self, omerta: OmertaView | None) -> dict | None:
        return None

    def chart(self) -> dict | None:
        """The running score after each finished game and now, per player (each game's
        ``running()``)."""
        finished = [g["scores"] for g in self.table.session.summary()["games"]]
        points = finished + ([] if self.game.complete else [self.running()])
        labels = [t(self.lang, "chart.game", n=n) for n in range(1, len(finished) + 1)]
        labels += [] if self.game.complete else [t(self.lang, "chart.now")]
        return {"labels": labels,
                "series": [{"name": name, "seat": i,
                            "values": [p.get(name, 0) for p in points]}
                           for i, name in enumerate(self.names)]}


class _Pumafiosi(_View):
    def heading(self) -> list[str]:
        game, lang = self.game, self.lang
        return [t(lang, "puma.game", n=game.game_number, of=GAMES),
                t(lang, "puma.round", n=game.round_number, of=ROUNDS),
                f"{t(lang, 'puma.start')} {game.start_player}"]

    def turn(self) -> dict | None:
        game = self.game
        if game.phase == "over":
            return None
        return {"player": game.to_act, "seat": self.seat(game.to_act),
                "text": puma_turn(self.lang, game.phase, game.to_act)}

    def running(self) -> dict[str, int]:
        return self.game.scores

    def scores(self) -> dict:
        game, lang = self.game, self.lang
        columns = [t(lang, "word.player"), t(lang, "puma.wealth"), t(lang, "puma.penalty"),
                   t(lang, "word.score")]
        rows = [{"key": name, "score": game.scores[name],
                 "cells": [self.player(name), cell_json(Cell(str(game.wealth[name]), GOOD)),
                           cell_json(Cell(str(game.penalties[name]), BAD)),
                           cell_json(Cell(str(game.scores[name]), SCORE))]}
                for name in self.names]
        return {"columns": columns, "rows": rows}


class _Pungi(_View):
    def heading(self) -> list[str]:
        game, lang = self.game, self.lang
        return [t(lang, "pungi.game", n=game.game_number, of=game.games_in_series),
                t(lang, "pungi.round", n=game.round_number),
                f"{t(lang, 'pungi.first')} {game.first_player}",
                t(lang, "pungi.pile", n=game.pile_size)]

    def turn(self) -> dict | None:
        game = self.game
        if game.phase == "play":
            player, key = game.to_act, "pungi.to_play"
        elif game.phase == "layout":
            player, key = game.first_player, "pungi.to_layout"
        else:
            return None
        return {"player": player, "seat": self.seat(player),
                "text": t(self.lang, key, player=player)}

    def running(self) -> dict[str, int]:
        """The series total if the game ended now (its snakes' live points added)."""
        game = self.game
        return {name: game.scores[name] + collection_points(cards)
                for name, cards in game.collections.items()}

    def scores(self) -> dict:
        game, lang = self.game, self.lang
        columns = [t(lang, "word.player"), t(lang, "pungi.live"), t(lang, "pungi.total")]
        rows = [{"key": name, "score": game.scores[name],
                 "cells": [self.player(name), cell_json(Cell(str(collection_points(cards)))),
                           cell_json(Cell(str(game.scores[name]), SCORE))]}
                for name, cards in game.collections.items()]
        return {"columns": columns, "rows": rows}

class _Mafia(_View):
    def heading(self) -> list[str]:
        return []

    def turn(self) -> dict | None:
        turn = self.game.to_act
        if not turn:
            return None
        return {"player": turn, "seat": self.seat(turn),
                "text": f"{t(self.lang, 'mafia.turn')} {turn}"}

    def banner(self, omerta: OmertaView | None) -> dict | None:
        """The Omertà: who called it, and the clocks the page runs on from ``omerta``."""
        game, lang = self.game, self.lang
        if not game.omerta:
            return None
        # The rules say whether the silence holds; the timer only knows since when (an
        # undone Omertà leaves it behind, so its clock is shown only when they agree).
        timed = omerta is not None and omerta.in_force and omerta.called_by == game.omerta
        turn_timed = omerta is not None and omerta.turn == game.to_act
        return {"text": t(lang, "mafia.omerta", player=game.omerta),
                "silent_s": omerta.silent_s if timed else None,
                "silent": t(lang, "mafia.silent_for", clock="{clock}"),
                "turn": (f"{t(lang, 'mafia.turn')} {game.to_act}"
                         if game.to_act and game.to_act != game.omerta else None),
                "turn_s": omerta.turn_s if turn_timed else None,
                "turn_left_s": omerta.turn_left_s if turn_timed else None,
                "left": t(lang, "mafia.left", clock="{clock}"),
                "over": t(lang, "mafia.over", clock="{clock}")}

    def chart(self) -> dict | None:
        return None   # the sides' tally is the score; there is no series of games

    def scores(self) -> dict:
        game, lang = self.game, self.lang
        rows = [{"key": MOBSTERS, "score": game.successes,
                 "cells": [cell_json(c) for c in (
                     Cell(term(lang, MOBSTERS)), Cell(str(game.successes), SCORE),
                     Cell(f"/{WINNING_COUNT} " + "●" * game.successes, GOOD))]},
                {"key": COPS, "score": game.failures,
                 "cells": [cell_json(c) for c in (
                     Cell(term(lang, COPS)), Cell(str(game.failures), SCORE),
                     Cell(f"/{WINNING_COUNT} " + "●" * game.failures, BAD))]}]
        return {"columns": [], "rows": rows}

    def board(self) -> list[dict]:
        """The missions, and beneath them (the dashboard has them beside the scores) the
        cops revealed and the side that won."""
        game, lang = self.game, self.lang
        cops = [owner(self.names, p) for p in game.revealed_cops] or [Cell("—", EMPTY)]
        sides = [Section(t(lang, "mafia.cops"), (row(*cops),))]
        sides += [Section("", (row(Cell(t(lang, "mafia.won", side=term(lang, side)), WINNER)),))
                  for side in game.winners]
        return super().board() + sections_json(sides)


_VIEWS = {"pumafiosi": _Pumafiosi, "pungi": _Pungi, "mafia": _Mafia}
