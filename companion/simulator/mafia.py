"""Mafia acted out: missions laid with their characters above, face-down cards brought
to them from the seats and the draw pile, turned face up for the tally; Omertà, Abort,
Backup and Release cards played face up in front of a player (a character card slid to
a mission, or back home, after the last two). A contribution is shown at the seat
first, or (``Handling.straight``) laid straight from the hand, a little short, and slid
home. What is done with goes off the table, or (``Handling.piles``) the cards dropped on
the discard pile and a revealed mission carried to the pile of the side that won it."""

from __future__ import annotations

from dataclasses import replace

from companion.decks import all_decks
from companion.games import Move
from companion.games.mafia_outcomes import MissionRevealed
from companion.piece_catalog import piece_spec
from companion.simulator.director import FIVE_SEATS, Director, Point, add, deck_card, unit
from vision.types import Placed

MAFIA_SEATS = {       # the two mission slots lie in the middle
    3: ((250.0, 35.0), (35.0, 300.0), (400.0, 565.0)),
    4: ((250.0, 35.0), (35.0, 300.0), (400.0, 565.0), (765.0, 300.0)),
    5: FIVE_SEATS,
    6: ((250.0, 35.0), (35.0, 300.0), (150.0, 565.0), (400.0, 565.0), (765.0, 300.0),
        (550.0, 35.0)),
    7: ((250.0, 35.0), (35.0, 300.0), (150.0, 565.0), (400.0, 565.0), (650.0, 565.0),
        (765.0, 300.0), (550.0, 35.0)),
    8: ((200.0, 35.0), (35.0, 300.0), (150.0, 565.0), (400.0, 565.0), (650.0, 565.0),
        (765.0, 300.0), (600.0, 35.0), (400.0, 35.0)),
}
MISSION_SLOTS = {1: (300.0, 300.0), 2: (525.0, 300.0)}
# Around a mission card (its centre, mm): the characters' row above, then where the
# face-down cards go, in order: the draw pile's card, then the contributions.
CHARACTER_SPOTS = ((-47.0, 80.0, 90.0), (47.0, 80.0, 90.0))
BACK_SPOTS = ((-47.0, -80.0, 90.0), (47.0, -80.0, 90.0), (-63.0, 0.0, 0.0), (63.0, 0.0, 0.0))
# With piles (laid out for five players, clear of the seats' zones): the action cards'
# discard pile, and the missions won by each side.
DISCARD_PILE = (100.0, 520.0)
SIDE_PILES = {"cops": (700.0, 515.0), "mobsters": (715.0, 95.0)}
SHORT_MM = 30.0   # a contribution laid straight from the hand lands this far short


class MafiaDirector(Director):
    """Missions with their characters laid above, face-down cards around them, turned
    face up for the tally; Omertà and Abort cards played face up in front of a player."""

    seat_layouts = MAFIA_SEATS
    acted = ("mission", "contribute", "reveal", "omerta", "abort", "assign", "release")
    play_reach = 100.0   # a card played face up stays clear of the mission zones

    def __init__(self, header_line, look, fps, seed):
        super().__init__(header_line, look, fps, seed)
        deck = all_decks()["mafia"]
        self.actions = deck.of_kind("action")
        self.used: set[int] = set()
        self.missions = {c.get("id"): c for c in deck.of_kind("mission")}
        # The header's characters; without them, one each from the deck (the camera
        # learns who plays whom from the cards lying at the seats).
        spare = iter(c for c in deck.of_kind("character") if c.get("name") not in
                     {p.character for p in self.session.header.players})
        self.characters = {p.name: deck_card("mafia", "character", name=p.character)
                           if p.character else next(spare)
                           for p in self.session.header.players}
        for n, player in enumerate(self.players, 1):
            card = self.characters[player]
            self.act.lay(f"character{n}", Placed(piece_spec(card), *self.character_home(n),
                                                 self.facing(n)))
        self.around: dict[int, list[str]] = {1: [], 2: []}    # slot -> backs laid
        self.assigned: dict[int, list[int]] = {1: [], 2: []}  # slot -> seats
        self.spot: dict[int, int] = {}     # seat -> its character's spot at its mission
        self.played: list[str] = []                            # face-up action cards
        self.won = {side: 0 for side in SIDE_PILES}            # missions on each side's pile

    def character_home(self, seat: int) -> Point:
        u = self.towards(seat)
        return add(add(self.seats[seat - 1], (u[1], -u[0]), 90.0), u, 5.0)

    def action(self, **face) -> object:
        card = next(c for c in self.actions if c.marker not in self.used
                    and all(c.get(k) == v for k, v in face.items()))
        self.used.add(card.marker)
        return card

    def perform(self, move: Move, outcomes) -> None:
        kind = move["type"]
        if kind == "mission":
            self.mission(move)
        elif kind == "contribute":
            self.contribute(move["player"], move["slot"])
        elif kind == "reveal":
            self.reveal(move, outcomes)
        elif kind == "omerta":
            self.face_up(move["player"], action="omerta")
        elif kind == "abort":
            self.abort(move)
        elif kind == "assign":
            self.backup(move)
        elif kind == "release":
            self.release(move)

    def mission(self, move: Move) -> None:
        slot, centre = move["slot"], MISSION_SLOTS[move["slot"]]
        for k, player in enumerate(move["assigned"]):   # the recruits lay their characters
            self.to_spot(slot, self.seat_of(player), k)
            self.act.rest(0.3)
        card = self.missions[move["mission"]]
        # From the missions' pile beyond the far edge, straight to its slot.
        self.act.bring(f"mission{slot}", Placed(piece_spec(card), *centre,
                                                self.rng.uniform(-4, 4)), (centre[0], 720.0))
        self.act.rest(0.6)
        self.lay_back(slot, None)   # the draw pile's card that opens every mission

    def lay_back(self, slot: int, player: str | None, face=None) -> None:
        """A face-down action card to the mission: from the player's seat (shown there a
        moment as the hand takes it from their hand), or from the draw pile."""
        centre = MISSION_SLOTS[slot]
        dx, dy, angle = BACK_SPOTS[len(self.around[slot])]
        card = face or self.action()
        self.used.add(card.marker)
        name = f"action{card.marker}"
        placed = Placed(piece_spec(card), centre[0] + dx, centre[1] + dy,
                        angle + self.rng.uniform(-5, 5), face_up=False)
        if player is None:
            self.act.bring(name, placed, (centre[0] + dx, 720.0))
        else:
            seat = self.seat_of(player)
            straight = self.act.look.handling.straight
            if straight > 0 and self.act.hand_rng.random() < straight:
                self.straight_from_hand(name, placed, seat)
            else:
                at = add(self.seats[seat - 1], self.towards(seat), 20.0)
                self.act.bring(name, Placed(placed.piece, at[0], at[1], self.facing(seat),
                                            face_up=False), self.hand_start(seat))
                self.act.slide(name, (placed.x_mm, placed.y_mm), placed.angle_deg)
        self.around[slot].append(name)
        self.act.rest(0.6)

    def straight_from_hand(self, name: str, placed: Placed, seat: int) -> None:
        """A contribution laid straight from the player's hand onto the mission (never
        shown at the seat): let go a few centimetres short, askew, then slid the rest of
        the way and straightened."""
        start = self.hand_start(seat)
        end = (placed.x_mm, placed.y_mm)
        short = add(end, unit(end, start), SHORT_MM)
        self.act.bring(name, replace(placed, x_mm=short[0], y_mm=short[1],
                                     angle_deg=placed.angle_deg
                                     + self.act.hand_rng.uniform(-12, 12)), start)
        self.act.slide(name, end, placed.angle_deg)

    def contribute(self, player: str, slot: int) -> None:
        self.lay_back(slot, player)

    def reveal(self, move: Move, outcomes) -> None:
        """The mission's cards turned face up one by one: their faces are the reveal's."""
        slot = move["slot"]
        turned = []
        for name, face in zip(self.around[slot], move["cards"]):
            old = self.act.pieces.pop(name)   # whichever card it was, its face is this one
            card = self.action(value=face["value"], color=face["color"])
            new = f"action{card.marker}"
            self.act.pieces[new] = Placed(piece_spec(card), old.x_mm, old.y_mm,
                                          old.angle_deg, face_up=False, z=old.z)
            self.act.flip(new)
            turned.append(new)
            self.act.rest(0.3)
        self.around[slot] = turned
        self.act.rest(0.6)
        revealed = next(o for o in outcomes if isinstance(o, MissionRevealed))
        if self.act.look.handling.piles:
            self.to_side_pile(f"mission{slot}", "mobsters" if revealed.success else "cops")
        self.clear(slot)

    def to_side_pile(self, name: str, side: str) -> None:
        """A won mission's card carried to its side's pile, on the ones there before."""
        card = self.act.pieces[name]
        k = self.won[side]
        at = (SIDE_PILES[side][0] + 4.0 * k, SIDE_PILES[side][1] - 3.0 * k)
        self.act.bring(name, Placed(card.piece, at[0], at[1], self.rng.uniform(-8, 8)),
                       (card.x_mm, card.y_mm))
        self.act.pieces[f"won{side}{k}"] = self.act.pieces.pop(name)   # no longer the slot's
        self.won[side] += 1
        self.act.rest(0.4)

    def away(self, names: tuple[str, ...], toward: Point) -> None:
        """Cards done with: off the table towards ``toward``, or onto the discard pile."""
        if self.act.look.handling.piles:
            self.act.drop(names, DISCARD_PILE)
        else:
            self.act.take(names, toward)

    def clear(self, slot: int) -> None:
        """The mission done: its cards away, the characters back to their players."""
        mission = (f"mission{slot}",) if f"mission{slot}" in self.act.pieces else ()
        self.away(tuple(self.around[slot]) + mission, (900.0, 300.0))
        self.around[slot] = []
        for seat in self.assigned[slot]:
            self.act.slide(f"character{seat}", self.character_home(seat), self.facing(seat))
        self.assigned[slot] = []
        self.act.rest(0.8)

    def face_up(self, player: str, **face) -> None:
        seat = self.seat_of(player)
        card = self.action(**face)
        name = f"action{card.marker}"
        self.act.bring(name, Placed(piece_spec(card), *self.play_spot(seat), self.facing(seat)),
                       self.hand_start(seat))
        self.played.append(name)
        self.act.rest(0.6)

    def abort(self, move: Move) -> None:
        """An Abort card played face up, then the mission card taken off the table."""
        self.face_up(move["player"], action="abort")
        self.away((f"mission{move['slot']}",), (900.0, 300.0))
        self.act.rest(1.0)
        self.clear(move["slot"])
        self.away(tuple(self.played), (-100.0, 300.0))
        self.played = []

    def backup(self, move: Move) -> None:
        """A Backup card played face up by the player it sends, then their character card
        slid to a free spot of the mission's characters' row."""
        slot, seat = move["slot"], self.seat_of(move["player"])
        self.face_up(move["player"], action="backup")
        taken = {self.spot[s] for s in self.assigned[slot]}
        k = next(k for k in range(len(CHARACTER_SPOTS)) if k not in taken)
        self.to_spot(slot, seat, k)
        self.act.rest(0.6)

    def release(self, move: Move) -> None:
        """A Release card played face up by the player it frees, then their character
        card slid back home."""
        slot, seat = move["slot"], self.seat_of(move["player"])
        self.face_up(move["player"], action="release")
        self.assigned[slot].remove(seat)
        self.act.slide(f"character{seat}", self.character_home(seat), self.facing(seat))
        self.act.rest(0.6)

    def to_spot(self, slot: int, seat: int, k: int) -> None:
        """A character card slid to spot ``k`` of the mission's characters' row."""
        centre = MISSION_SLOTS[slot]
        dx, dy, angle = CHARACTER_SPOTS[k]
        self.act.slide(f"character{seat}", (centre[0] + dx, centre[1] + dy), angle)
        self.assigned[slot].append(seat)
        self.spot[seat] = k

    def brushable(self) -> list[str]:
        return [n for n in self.act.pieces if n.startswith("character")][:2]
