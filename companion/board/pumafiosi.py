"""Pumafiosi's view: whose turn, the game, the round and the start player in the heading;
each player's wealth (the positive points carried over), penalty this game and running
score; and the board: the hierarchy with each card's owners and item (and the cards
placed where nobody saw), this round's cards in play order with the winner marked, and
the item tokens each player may still use."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.board.game_view import GameView, chart, marked_turn, table
from companion.board.values import (BAD, EMPTY, GOOD, HELD, HOLDER, ITEM, JOIN, NOTE, SCORE,
                                    UNREAD, USED, VALUE, WINNER, Board, Cell, Row, Section,
                                    card, owner, row, step)
from companion.games import Outcome
from companion.games.pumafiosi import CASUALTY, GAMES, ROUNDS, STEPS, Pumafiosi
from companion.i18n import puma_turn, t, term
from companion.omerta import OmertaView

WIDTH = 2        # steps and cards have two characters at most: the hierarchy's columns align
TONY = "Tony"    # who owns a card no player does


def view(game: Pumafiosi, names: Sequence[str], in_force: Sequence[Sequence[Outcome]],
         lang: str, omerta: OmertaView | None = None,
         answers: Mapping[str, Any] | None = None) -> GameView:
    scores = [Row((owner(names, name), Cell(str(game.wealth[name]), GOOD),
                   Cell(str(game.penalties[name]), BAD), Cell(str(game.scores[name]), SCORE)),
                  name) for name in names]
    return GameView(
        heading=(row(Cell(t(lang, "puma.game", n=game.game_number, of=GAMES))),
                 row(Cell(t(lang, "puma.round", n=game.round_number, of=ROUNDS))),
                 row(Cell(t(lang, "puma.start")), owner(names, game.start_player))),
        turn=None if game.phase == "over" else marked_turn(
            names, game.to_act, puma_turn(lang, game.phase, game.to_act)),
        scores=table((t(lang, "word.player"), t(lang, "puma.wealth"), t(lang, "puma.penalty"),
                      t(lang, "word.score")), scores),
        notes=(), banner=None, board=board(game, names, in_force, lang),
        chart=chart(game.summary(), names, None if game.complete else game.scores),
        games_in_series=GAMES)


def board(game: Pumafiosi, names: Sequence[str], in_force: Sequence[Sequence[Outcome]],
          lang: str) -> Board:
    sections = [Section(t(lang, "puma.hierarchy"), _hierarchy(game, names, lang)),
                Section(t(lang, "puma.plays"), _plays(game, names, lang))]
    items = [row(owner(names, name, role=HOLDER), *(Cell(term(lang, i), ITEM) for i in left))
             for name in names if (left := game.items_left(name))]
    if items:
        sections.append(Section(t(lang, "puma.items"), tuple(items)))
    return Board(tuple(sections))


def _owners(names: Sequence[str], owners: Sequence[str]) -> list[Cell]:
    if not owners:
        return [owner(names, None, TONY)]
    cells = []
    for i, name in enumerate(owners):
        cells += [Cell("&", JOIN)] if i else []
        cells.append(owner(names, name))
    return cells


def _hierarchy(game: Pumafiosi, names: Sequence[str], lang: str) -> tuple[Row, ...]:
    rows = []
    for number, cards in game.hierarchy:
        cells = [step(number, WIDTH)]
        if not cards:
            rows.append(row(*cells, Cell("·", EMPTY)))
            continue
        for value, owners in cards:
            cells += [card(value, WIDTH), *_owners(names, owners)]
        # card_at answers for the steps above -3 (the casualties' pile).
        held = game.card_at(number) if number != STEPS[CASUALTY] else None
        if held and held[2]:
            cells.append(Cell(term(lang, held[2]), HELD))
        rows.append(row(*cells))
    # A card placed where nobody saw: on some step, which the table is asked.
    for name, value in game.hidden:
        shown = (card(value, WIDTH) if value is not None
                 else Cell(t(lang, "puma.unread"), UNREAD))
        rows.append(row(step("?", WIDTH), shown, owner(names, name),
                        Cell(t(lang, "puma.hidden"), NOTE)))
    return tuple(rows)


def _plays(game: Pumafiosi, names: Sequence[str], lang: str) -> tuple[Row, ...]:
    winner = game.to_act if game.phase == "place" else None
    rows = []
    for player, value, worth in game.plays:
        cells = [owner(names, player, player or TONY),
                 Cell(str(value) if value is not None else t(lang, "puma.unread"), VALUE)]
        if worth != value:
            cells.append(Cell("+" + term(lang, "machine_gun"), USED))
        if player is not None and player == winner:
            cells.append(Cell("★ " + t(lang, "puma.winner"), WINNER))
        rows.append(row(*cells))
    return tuple(rows) or (row(Cell("—", EMPTY)),)
