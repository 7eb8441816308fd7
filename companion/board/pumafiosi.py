"""Pumafiosi's board: the hierarchy with each card's owners and item (and the cards placed
where nobody saw), this round's cards in play order with the winner marked, and the item
tokens each player may still use."""

from __future__ import annotations

from typing import Sequence

from companion.board.values import (EMPTY, HELD, HOLDER, ITEM, JOIN, NOTE, UNREAD, USED, VALUE,
                                    WINNER, Board, Cell, Row, Section, card, owner, row, step)
from companion.games import Outcome
from companion.games.pumafiosi import CASUALTY, STEPS, Pumafiosi
from companion.i18n import t, term

WIDTH = 2        # steps and cards have two characters at most: the hierarchy's columns align
TONY = "Tony"    # who owns a card no player does


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
