"""Mafia's board: the two mission slots (the mission, its assigned characters, the cards
on it out of those needed, and once revealed the tally against its value)."""

from __future__ import annotations

from typing import Sequence

from companion.board.values import (BAD, BLUE, EMPTY, GOOD, STRONG, TALLY, YELLOW, Board, Cell,
                                    Row, Section, owner, row)
from companion.games import Outcome
from companion.games.mafia import SLOTS, Mafia
from companion.i18n import t, term


def board(game: Mafia, names: Sequence[str], in_force: Sequence[Sequence[Outcome]],
          lang: str) -> Board:
    return Board(tuple(Section(t(lang, "mafia.slot", slot=slot), _slot(game, slot, names, lang))
                       for slot in SLOTS))


def _slot(game: Mafia, slot: int, names: Sequence[str], lang: str) -> tuple[Row, ...]:
    held = game.slots[slot]
    if held is None:
        return (row(Cell(t(lang, "mafia.empty"), EMPTY)),)
    m = held.mission
    rows = [row(Cell(m.name, STRONG), Cell(f"${m.value} {term(lang, m.color)}",
                                           BLUE if m.color == "blue" else YELLOW)),
            row(Cell(t(lang, "mafia.assigned")),
                *([owner(names, p) for p in held.assigned] or [Cell("—", EMPTY)]))]
    if held.revealed:
        tally = " ".join(f"{v:+d}" for v in held.cards)
        if held.adjustment:
            tally += f" ({held.adjustment:+d})"
        rows.append(row(Cell(f"{tally} = ${held.total} / ${m.value}"),
                        Cell(t(lang, "mafia.success" if held.success else "mafia.failure"),
                             GOOD if held.success else BAD)))
    else:
        on_it = m.cards - held.needed
        rows.append(row(Cell(t(lang, "mafia.cards", on=on_it, of=m.cards)),
                        Cell("▮" * on_it + "▯" * held.needed, TALLY)))
    return tuple(rows)
