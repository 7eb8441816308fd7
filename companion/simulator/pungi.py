"""Pungi acted out: the layout dealt beside the pungi card (four alike taken back), the
animals played face down or up, turned over for the tally, the snakes handed out (in
the second round one first to the wrong player), the played animals taken away, or
(``Handling.piles``) turned face down and dropped on the discard pile, as the rules say."""

from __future__ import annotations

from companion.decks import all_decks
from companion.games import Move
from companion.games.pungi import CHARMER, LayoutRedealt, SnakeTaken
from companion.games.pungi_outcomes import PungiScored
from companion.piece_catalog import piece_spec
from companion.simulator.director import (FOUR_SEATS, THREE_SEATS, TWO_SEATS, Director,
                                          Point, add, card_spec, deck_card)
from vision.types import Placed

PUNGI_SEATS = {       # the layout row runs right from the pungi card, across the middle
    2: TWO_SEATS, 3: THREE_SEATS, 4: FOUR_SEATS,
    5: ((150.0, 35.0), (35.0, 300.0), (150.0, 565.0), (450.0, 565.0), (450.0, 35.0)),
    6: ((150.0, 35.0), (35.0, 300.0), (150.0, 565.0), (400.0, 565.0), (650.0, 565.0),
        (650.0, 35.0)),
}
PUNGI_CARD = (245.0, 300.0)   # the pungi card; the layout runs from it towards +x
LAYOUT_PITCH = 67.0           # a card's width and the gaps: one layout place
SNAKE_PILE = (150.0, 470.0)   # where the layer draws the snakes from
DISCARD_PILE = (245.0, 470.0)  # the played animals' pile, beside the snakes' (with piles)


class PungiDirector(Director):
    seat_layouts = PUNGI_SEATS
    acted = ("layout", "play")
    play_reach = 110.0

    def __init__(self, header_line, look, fps, seed):
        super().__init__(header_line, look, fps, seed)
        self.act.lay("pungi", Placed(card_spec("pungi", "pungi"), *PUNGI_CARD, 0.0))
        deck = all_decks()["pungi"]
        self.snakes = {c.marker: c.get("value") for c in deck.of_kind("snake")}
        self.charmers = [c.marker for c in deck.of_kind("charmer")]
        self.used: set[int] = set()          # snake cards out of the pile this game
        self.laid: list[str] = []            # the layout's pieces, place 1 first
        self.taken = {n: 0 for n in range(1, len(self.players) + 1)}
        self.animals: list[tuple[str, str]] = []   # (piece, player) face down, to turn
        self.rounds = 0
        self.misplaced = False
        self.discarded: set[str] = set()     # animals lying on the discard pile

    def physical(self, card) -> int:
        """A card of the pile with that value (or a charmer) not yet used this game."""
        pool = self.charmers if card == CHARMER else \
            [m for m, v in sorted(self.snakes.items()) if v == card]
        marker = next(m for m in pool if m not in self.used)
        self.used.add(marker)
        return marker

    def perform(self, move: Move, outcomes) -> None:
        if move["type"] == "layout":
            self.layout(move["cards"], outcomes)
        elif move["type"] == "play":
            self.play(move, outcomes)
        if any(isinstance(o, PungiScored) for o in outcomes):
            self.used.clear()

    def layout(self, cards, outcomes) -> None:
        self.rounds += 1
        self.laid = []   # the last round's snakes lie with their takers
        game = self.session.game
        layer = game.to_act if game.phase == "play" else self.players[0]
        start = self.hand_start(self.seat_of(layer))
        for k, card in enumerate(cards, 1):
            marker = self.physical(card)
            piece = next(c for c in all_decks()["pungi"].cards if c.marker == marker)
            at = (PUNGI_CARD[0] + k * LAYOUT_PITCH + self.rng.uniform(-4, 4),
                  PUNGI_CARD[1] + self.rng.uniform(-6, 6))
            name = f"snake{marker}"
            self.act.bring(name, Placed(piece_spec(piece), at[0], at[1],
                                        self.rng.uniform(-6, 6)), start)
            self.laid.append(name)
            self.act.rest(0.2)
        self.act.rest(0.5)
        if any(isinstance(o, LayoutRedealt) for o in outcomes):
            self.act.rest(0.5)   # four alike: back into the pile, shuffled
            self.act.take(tuple(self.laid), SNAKE_PILE)
            self.used -= {int(n[5:]) for n in self.laid}
            self.laid = []
            self.act.rest(0.5)

    def play(self, move: Move, outcomes) -> None:
        seat = self.seat_of(move["player"])
        card = deck_card("pungi", "animal", animal=move["animal"], value=move["value"])
        name = f"animal{card.marker}"
        face_down = self.rounds % 3 != 0   # every third round the faces go down directly
        self.act.bring(name, Placed(piece_spec(card), *self.play_spot(seat),
                                    self.facing(seat), face_up=not face_down),
                       self.hand_start(seat))
        self.act.rest(0.4)
        if face_down:
            self.animals.append((name, move["player"]))
        takes = [o for o in outcomes if isinstance(o, SnakeTaken)]
        if takes:   # the round's last card: the backs are turned over, then the hand-out
            for piece, _player in self.animals:
                self.act.flip(piece)
                self.act.rest(0.4)
            self.animals = []
            self.act.rest(0.5)
            for take in takes:
                self.hand_out(take)
            self.act.rest(0.3)
            discards = tuple(n for n in self.act.pieces if n.startswith("animal")
                             and n not in self.discarded)
            if self.act.look.handling.piles:
                self.act.drop(discards, DISCARD_PILE, face_up=False)
                self.discarded |= set(discards)
            else:
                self.act.take(discards, (-100.0, 300.0))
            self.act.rest(0.8)

    def hand_out(self, take: SnakeTaken) -> None:
        """The taker slides their snake to the pile beside their seat marker (in the
        second round, the first snake goes to the wrong player first, then on)."""
        seat = self.seat_of(take.player)
        name = self.laid[take.position - 1]
        if self.rounds == 2 and not self.misplaced:
            self.misplaced = True
            self.act.slide(name, self.pile(seat % len(self.players) + 1), self.facing(seat))
            self.act.rest(0.8)
        self.act.slide(name, self.pile(seat), self.facing(seat))
        self.taken[seat] += 1
        self.act.rest(0.3)

    def pile(self, seat: int) -> Point:
        """Where a player's next snake goes: on their pile beside the seat marker."""
        u = self.towards(seat)
        side = (u[1], -u[0])
        return add(add(self.seats[seat - 1], side, 95.0 + 4.0 * self.taken[seat]), u,
                    10.0 + self.rng.uniform(-5, 5))

    def brushable(self) -> list[str]:
        return ["pungi"] + [n for n in self.act.pieces if n.startswith("snake")][:3]
