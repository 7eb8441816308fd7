"""Duel acted out: each blade laid face up in its player's play zone; once a round's two
blades lie there, both are taken off the table (so the next round's zones are empty)."""

from __future__ import annotations

from companion.games import Move
from companion.piece_catalog import piece_spec
from companion.simulator.director import TWO_SEATS, Director, deck_card
from vision.types import Placed

# Seat N's blades (the deck's colours, one set per player in seating order).
COLOURS = ("red", "blue")
OFF_TABLE = (-100.0, 300.0)


class DuelDirector(Director):
    seat_layouts = {2: TWO_SEATS}
    acted = ("play",)

    def __init__(self, header_line, look, fps, seed):
        super().__init__(header_line, look, fps, seed)
        self.laid: list[str] = []   # this round's blades on the table

    def perform(self, move: Move, outcomes) -> None:
        seat = self.seat_of(move["player"])
        blade = deck_card("duel", "blade", value=move["card"], colour=COLOURS[seat - 1])
        name = f"blade{blade.marker}"
        self.act.bring(name, Placed(piece_spec(blade), *self.play_spot(seat),
                                    self.facing(seat)), self.hand_start(seat))
        self.laid.append(name)
        self.act.rest(0.6)
        if any(o.kind == "duel_round" for o in outcomes):
            self.act.rest(0.6)   # the table sees who won, then clears the round
            self.act.take(tuple(self.laid), OFF_TABLE)
            self.laid = []
            self.act.rest(0.6)
