"""Mafia's view: whose turn it is with its clock (when the table keeps one); the Omertà
banner: who called the silence, how long it has lasted, whose turn ends it and that turn's
clock; the missions each side has won, the cops exposed, the side that won and the cops
the table named at the end (``answers["cops"]``); and the board: the two mission slots
(the mission, its assigned characters, the cards on it out of those needed, and once
revealed the tally against its value). There is no series of games to chart."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.board.game_view import CLOCK, Banner, Clock, GameView, Timed, Turn
from companion.board.values import (BAD, BLUE, EMPTY, GOOD, LABEL, RESULT, SIDE, STRONG, TALLY,
                                    YELLOW, Board, Cell, Row, Section, owner, row, seat_of)
from companion.games import Outcome
from companion.games.mafia import COPS, MOBSTERS, SLOTS, WINNING_COUNT, Mafia
from companion.i18n import t, term
from companion.omerta import OmertaView

SIDE_WIDTH = 12   # a side's name and the space before its count


def view(game: Mafia, names: Sequence[str], in_force: Sequence[Sequence[Outcome]],
         lang: str, omerta: OmertaView | None = None,
         answers: Mapping[str, Any] | None = None) -> GameView:
    """``omerta``: the table's Omertà clock now (None: no clocks); ``answers["cops"]``:
    the cops the table named once the game was over."""
    turn = game.to_act
    clock = _turn_clock(game, lang, omerta)
    return GameView(
        heading=(),
        turn=Turn(turn, seat_of(names, turn), (Cell(t(lang, "mafia.turn")), owner(names, turn)),
                  clock) if turn else None,
        scores=Section("", tuple(
            Row((Cell(term(lang, side), SIDE, width=SIDE_WIDTH),
                 Cell(f"{count}/{WINNING_COUNT}", look), Cell("●" * count, look)), side)
            for side, count, look in ((MOBSTERS, game.successes, GOOD),
                                      (COPS, game.failures, BAD)))),
        notes=_notes(game, names, lang, (answers or {}).get("cops")),
        banner=_banner(game, lang, omerta, clock),
        board=board(game, names, in_force, lang), chart=None, games_in_series=1)


def _turn_clock(game: Mafia, lang: str, omerta: OmertaView | None) -> Clock | None:
    """The turn's clock: time left (or over) with a clock per turn, else time taken."""
    if omerta is None or omerta.turn != game.to_act:
        return None
    if omerta.turn_left_s is None:
        return Clock(omerta.turn_s)
    return Clock(omerta.turn_left_s, t(lang, "mafia.left", clock=CLOCK),
                 t(lang, "mafia.over", clock=CLOCK))


def _banner(game: Mafia, lang: str, omerta: OmertaView | None,
            turn_clock: Clock | None) -> Banner | None:
    if not game.omerta:
        return None
    clocks = []
    # The rules say whether the silence holds; the timer only knows since when (an
    # undone Omertà leaves it behind, so its clock is shown only when they agree).
    if omerta is not None and omerta.in_force and omerta.called_by == game.omerta:
        clocks.append(Timed("", Clock(omerta.silent_s, t(lang, "mafia.silent_for",
                                                         clock=CLOCK))))
    if game.to_act and game.to_act != game.omerta:
        clocks.append(Timed(f"{t(lang, 'mafia.turn')} {game.to_act}", turn_clock))
    return Banner(t(lang, "mafia.omerta", player=game.omerta), tuple(clocks))


def _notes(game: Mafia, names: Sequence[str], lang: str,
           cops: Sequence[str] | None) -> tuple[Section, ...]:
    """The cops exposed; once a side has won, that side and the cops named."""
    exposed = [owner(names, p) for p in game.revealed_cops] or [Cell("—", EMPTY)]
    notes = [Section("", (row(Cell(t(lang, "mafia.cops"), LABEL), *exposed),))]
    if game.winners:
        won = [row(Cell(t(lang, "mafia.won", side=term(lang, game.winners[0])), RESULT))]
        if cops is not None:
            won.append(row(Cell(t(lang, "mafia.cops_were", names=", ".join(cops)))))
        notes.append(Section("", tuple(won)))
    return tuple(notes)


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
