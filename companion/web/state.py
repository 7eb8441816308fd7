"""The web page's state: what a phone or TV shows of a Table, in one language, as JSON.

The one place the web view reads the game engines (the dashboard's screens read them
for the terminal). The page's script is the same for every game: the board and the
scores come as sections of rows of cells, each cell its text and, where it names a
player, the player's seat (the page colours seats as the dashboard does).
"""

from __future__ import annotations

from typing import Any

from companion.dashboard.screens.pungi import last_hand_out
from companion.dashboard.table import Table
from companion.games.mafia import COPS, MOBSTERS, SLOTS, WINNING_COUNT
from companion.games.pumafiosi import GAMES, ROUNDS
from companion.games.pungi import CHARMER, collection_points
from companion.i18n import LANGS, announce, puma_turn, t, term
from companion.omerta import OmertaView

Cell = dict[str, Any]
Row = list[Cell]


def cell(text: Any, *, seat: int | None = None, cls: str | None = None) -> Cell:
    """One piece of text; ``seat``: the player it names (0-based), ``cls``: how it looks
    (card, dim, good, bad, item, win, score)."""
    out: Cell = {"t": str(text)}
    if seat is not None:
        out["seat"] = seat
    if cls:
        out["cls"] = cls
    return out


def section(title: str, rows: list[Row]) -> dict:
    return {"title": title, "rows": rows}


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

    def player(self, name: str | None, cls: str | None = None) -> Cell:
        return cell(name or "Tony", seat=self.seat(name), cls=cls)

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
                 "cells": [self.player(name), cell(game.wealth[name], cls="good"),
                           cell(game.penalties[name], cls="bad"),
                           cell(game.scores[name], cls="score")]}
                for name in self.names]
        return {"columns": columns, "rows": rows}

    def board(self) -> list[dict]:
        game, lang = self.game, self.lang
        hierarchy = []
        for step, cards in game.hierarchy:
            row = [cell(step, cls="step")]
            held = game.card_at(step) if step != -3 and cards else None
            for card, owners in cards:
                row.append(cell(card, cls="card"))
                for i, owner in enumerate(owners):
                    row += [cell("&", cls="dim")] if i else []
                    row.append(self.player(owner))
                if not owners:
                    row.append(self.player(None))
            if held and held[2]:
                row.append(cell(term(lang, held[2]), cls="item"))
            if not cards:
                row.append(cell("·", cls="dim"))
            hierarchy.append(row)
        # A card placed where nobody saw: on some step, which the table is asked.
        hierarchy += [[cell("?", cls="step"),
                       cell(card if card is not None else t(lang, "puma.unread"), cls="card"),
                       self.player(owner), cell(t(lang, "puma.hidden"), cls="dim")]
                      for owner, card in game.hidden]
        winner = game.to_act if game.phase == "place" else None
        plays = []
        for player, card, value in game.plays:
            row = [self.player(player),
                   cell(card if card is not None else t(lang, "puma.unread"), cls="card")]
            if value != card:
                row.append(cell("+" + term(lang, "machine_gun"), cls="item"))
            if player is not None and player == winner:
                row.append(cell("★ " + t(lang, "puma.winner"), cls="win"))
            plays.append(row)
        sections = [section(t(lang, "puma.hierarchy"), hierarchy),
                    section(t(lang, "puma.plays"), plays or [[cell("—", cls="dim")]])]
        items = [[self.player(name)] + [cell(term(lang, i), cls="item")
                                        for i in game.items_left(name)]
                 for name in self.names if game.items_left(name)]
        if items:
            sections.append(section(t(lang, "puma.items"), items))
        return sections


def _snake(card, lang: str) -> str:
    return term(lang, CHARMER) if card == CHARMER else f"{card:+d}" if card else "0"


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
                 "cells": [self.player(name), cell(collection_points(cards)),
                           cell(game.scores[name], cls="score")]}
                for name, cards in game.collections.items()]
        return {"columns": columns, "rows": rows}

    def board(self) -> list[dict]:
        game, lang = self.game, self.lang
        layout = [cell("PUNGI ▶", cls="step")] + ([cell(_snake(c, lang), cls="card")
                                                   for c in game.layout]
                                                  or [cell("—", cls="dim")])
        plays = [[self.player(p), cell(f"{term(lang, animal)} {value}")]
                 for p, animal, value in game.plays]
        sections = [section(t(lang, "pungi.layout"), [layout]),
                    section(t(lang, "pungi.animals"), plays or [[cell("—", cls="dim")]])]
        majority, taken = last_hand_out(self.table)
        if taken:
            said = (t(lang, "pungi.majority", animal=term(lang, majority)) if majority
                    else t(lang, "pungi.no_majority"))
            sections.append(section(t(lang, "pungi.handed_out"), [[cell(said)]] + [
                [self.player(o.player), cell("← " + _snake(o.card, lang), cls="card")]
                for o in taken]))
        sections.append(section(t(lang, "pungi.snakes"), [
            [self.player(name)] + ([cell(_snake(c, lang), cls="card") for c in cards]
                                   or [cell("—", cls="dim")])
            for name, cards in game.collections.items()]))
        return sections


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
                 "cells": [cell(term(lang, MOBSTERS)),
                           cell(f"{game.successes}", cls="score"),
                           cell(f"/{WINNING_COUNT} " + "●" * game.successes, cls="good")]},
                {"key": COPS, "score": game.failures,
                 "cells": [cell(term(lang, COPS)), cell(f"{game.failures}", cls="score"),
                           cell(f"/{WINNING_COUNT} " + "●" * game.failures, cls="bad")]}]
        return {"columns": [], "rows": rows}

    def board(self) -> list[dict]:
        game, lang = self.game, self.lang
        sections = []
        for slot in SLOTS:
            held = game.slots[slot]
            title = t(lang, "mafia.slot", slot=slot)
            if held is None:
                sections.append(section(title, [[cell(t(lang, "mafia.empty"), cls="dim")]]))
                continue
            m = held.mission
            rows = [[cell(m.name, cls="strong"),
                     cell(f"${m.value} {term(lang, m.color)}", cls=f"mission-{m.color}")],
                    [cell(t(lang, "mafia.assigned"))] + ([self.player(p) for p in held.assigned]
                                                         or [cell("—", cls="dim")])]
            if held.revealed:
                tally = " ".join(f"{v:+d}" for v in held.cards)
                if held.adjustment:
                    tally += f" ({held.adjustment:+d})"
                rows.append([cell(f"{tally} = ${held.total} / ${m.value}"),
                             cell(t(lang, "mafia.success" if held.success else "mafia.failure"),
                                  cls="good" if held.success else "bad")])
            else:
                on_it = m.cards - held.needed
                rows.append([cell(t(lang, "mafia.cards", on=on_it, of=m.cards)),
                             cell("▮" * on_it + "▯" * held.needed, cls="card-count")])
            sections.append(section(title, rows))
        sections.append(section(t(lang, "mafia.cops"), [[self.player(p) for p in
                                                         game.revealed_cops]
                                                        or [cell("—", cls="dim")]]))
        for side in game.winners:
            sections.append(section("", [[cell(t(lang, "mafia.won",
                                                 side=term(lang, side)), cls="win")]]))
        return sections


_VIEWS = {"pumafiosi": _Pumafiosi, "pungi": _Pungi, "mafia": _Mafia}
