"""Duel at the table: a blade coming to rest in ``play:N`` is player N's play of its
value, taken when the rules take it; one laid before its player's turn waits for the
other player's blade (and is said once). The reconciler sees each blade in its zone."""

from __future__ import annotations

from companion.adapters.base import (DROP, WAIT, Adapter, AdapterResult, Reading, Verdict,
                                     arrival, seat_number)
from companion.decks import Card
from companion.games import Game
from companion.table_differences import Seen
from companion.said import said
from companion.tracker import TableCard, TableChange
from tests.toygame.engine import Play


class DuelAdapter(Adapter):
    game_name = "duel"

    def _blade(self, card) -> int | None:
        piece = self.piece(card)
        return piece.get("value") if isinstance(piece, Card) and piece.kind == "blade" \
            else None

    def _readings(self, change: TableChange) -> AdapterResult:
        found = arrival(change)
        if found is None:
            return AdapterResult()
        zone, card = found
        blade, player = self._blade(card), self.player_at(seat_number(zone, "play"))
        if blade is None or player is None:
            return AdapterResult()   # (a blade between zones, or at a seat: a hand)
        self._pending.append(Reading("play", card, {"player": player, "card": blade}))
        return AdapterResult()

    def _attempt(self, reading: Reading, scratch: Game) -> Verdict:
        player, blade = reading.data["player"], reading.data["card"]
        if scratch.to_act not in (None, player):
            return Verdict(then=WAIT, warning=said("duel.early", player=player,
                                                   turn=scratch.to_act))
        move = Play(player, blade)
        reason = self.veto(scratch, move)
        return Verdict(move) if not reason else Verdict(then=DROP, warning=reason)

    def term(self, card: TableCard) -> Seen | None:
        blade = self._blade(card)
        return None if blade is None else (card.zone, blade)
