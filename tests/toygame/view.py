"""Duel's view: the round and whose turn it is; each player's points; the board: this
round's blades and the blades each player still holds. One game: nothing to chart."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.board.game_view import GameView, marked_turn, table
from companion.board.values import (EMPTY, HOLDER, RESULT, SCORE, Board, Cell, Row, Section,
                                    card, owner, row)
from companion.games import Outcome
from companion.i18n import t
from companion.omerta import OmertaView
from tests.toygame.engine import ROUNDS, Duel


def view(game: Duel, names: Sequence[str], in_force: Sequence[Sequence[Outcome]],
         lang: str, omerta: OmertaView | None = None,
         answers: Mapping[str, Any] | None = None) -> GameView:
    turn = game.to_act
    notes = (Section("", (row(Cell(t(lang, "duel.won", names=" & ".join(game.winners)),
                                   RESULT)),)),) if game.winners else ()
    return GameView(
        heading=(row(Cell(t(lang, "duel.round", n=min(game.round, ROUNDS), of=ROUNDS))),),
        turn=marked_turn(names, turn, t(lang, "duel.turn", player=turn)) if turn else None,
        scores=table((t(lang, "duel.player"), t(lang, "duel.points")),
                     tuple(Row((owner(names, name), Cell(str(points), SCORE)), name)
                           for name, points in game.scores.items())),
        notes=notes, banner=None, board=board(game, names, in_force, lang), chart=None,
        games_in_series=1)


def board(game: Duel, names: Sequence[str], in_force: Sequence[Sequence[Outcome]],
          lang: str) -> Board:
    laid = tuple(row(owner(names, player), card(blade)) for player, blade in game.laid) \
        or (row(Cell(t(lang, "duel.nothing"), EMPTY)),)
    hands = tuple(row(owner(names, player, role=HOLDER), *(card(b) for b in game.hand(player)))
                  for player in game.players)
    return Board((Section(t(lang, "duel.laid"), laid), Section(t(lang, "duel.hands"), hands)))
