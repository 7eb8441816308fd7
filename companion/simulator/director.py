"""What every director shares: the players' seats, their hands' reach, and what tables
do between moves that must change nothing.

A director (one per game: companion.simulator.pumafiosi, pungi, mafia) walks a session's
moves through the rules (so it knows who won, what dropped, where Tony's card goes) and
has the players' hands do on the table what each move means to the camera
(companion.adapters), filmed by an Act (companion.simulator.act). In between, what
tables do that must change nothing: a hand reaching across, a card brushed, the light
changing. The first frames show the table set up, for calibration. Only moves the
camera reads are acted out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.decks import all_decks
from companion.games import Move
from companion.piece_catalog import piece_spec
from companion.session import Session, parse_header
from companion.simulator.act import Act, Look, Point
from vision.types import Placed

# Seat marker places (table mm) that several games share, seat 1 first; each game keeps
# its anchors' part of the table free of play zones (see each director's seats).
TWO_SEATS = ((200.0, 35.0), (200.0, 565.0))
THREE_SEATS = ((200.0, 35.0), (35.0, 300.0), (200.0, 565.0))
FOUR_SEATS = ((400.0, 35.0), (35.0, 300.0), (400.0, 565.0), (765.0, 300.0))
FIVE_SEATS = ((250.0, 35.0), (35.0, 300.0), (400.0, 565.0), (765.0, 300.0), (550.0, 35.0))
SETUP_S = 1.0


@dataclass(frozen=True)
class Directed:
    act: Act
    setup_frames: int          # the first frames: the table set up, nothing played yet


def deck_card(game: str, kind: str, **face):
    """The deck's first card of ``kind`` with those face values."""
    for card in all_decks()[game].of_kind(kind):
        if all(card.get(k) == v for k, v in face.items()):
            return card
    raise KeyError(f"{game} {kind} {face}")


def card_spec(game: str, kind: str, **face):
    """The printed piece of that card, as the renderer draws it."""
    return piece_spec(deck_card(game, kind, **face))


def unit(a: Point, b: Point) -> Point:
    """The unit vector from ``a`` towards ``b``."""
    d = math.dist(a, b)
    return ((b[0] - a[0]) / d, (b[1] - a[1]) / d)


def add(p: Point, u: Point, k: float) -> Point:
    """``p`` moved ``k`` mm along ``u``."""
    return (p[0] + k * u[0], p[1] + k * u[1])


class Director:
    """What every director shares: the seats and where each seat plays."""

    seat_layouts: dict[int, tuple[Point, ...]] = {}

    def __init__(self, header_line: dict, look: Look, fps: float, seed: int):
        self.session = Session(parse_header(header_line))
        self.players = self.session.header.names
        self.act = Act(look, fps, seed)
        self.rng = self.act.rng
        self.sloppy = look.handling.sloppiness   # scales how far cards land off their spot
        self.centre = (look.table_mm[0] / 2, look.table_mm[1] / 2)
        self.seats = self.seat_layouts[len(self.players)]
        for n, at in enumerate(self.seats, 1):
            u = unit(at, self.centre)
            self.act.lay(f"seat{n}", Placed(card_spec("kit", "seat", seat=n), at[0], at[1],
                                            math.degrees(math.atan2(u[1], u[0])) - 90))

    def seat_of(self, player: str) -> int:
        return self.players.index(player) + 1

    def towards(self, seat: int) -> Point:
        return unit(self.seats[seat - 1], self.centre)

    play_reach = 135.0   # how far from the seat marker a player lays a card

    def play_spot(self, seat: int) -> Point:
        at = add(self.seats[seat - 1], self.towards(seat), self.play_reach)
        return (at[0] + self.rng.uniform(-10, 10) * self.sloppy,
                at[1] + self.rng.uniform(-10, 10) * self.sloppy)

    acted: tuple[str, ...] = ()   # the move types the camera reads, which the players act

    def run(self, moves: list[Move]) -> Directed:
        for number, move in enumerate(moves, 1):
            if move.get("type") not in self.acted:
                raise ValueError(f"move {number}: a {move.get('type')} move is nothing the "
                                 f"camera sees (a person types it); the table acts out "
                                 f"{', '.join(self.acted)}")
        self.moves = len(moves)
        self.act.rest(SETUP_S)
        setup = len(self.act.scenes)
        for number, move in enumerate(moves):
            outcomes = self.session.apply(move)
            self.perform(move, outcomes)
            self.interlude(number)
        self.act.rest(1.0)
        return Directed(self.act, setup)

    def perform(self, move: Move, outcomes) -> None:
        """What the players do on the table for this move (already applied)."""

    def interlude(self, number: int) -> None:
        """What happens at a table between moves and must change nothing: a hand
        reaching across, a card brushed, the light changing."""
        act = self.act
        if number % 9 == 4:
            act.reach_over((self.centre[0] + self.rng.uniform(-150, 150),
                            self.centre[1] + self.rng.uniform(-100, 100)))
        resting = self.brushable()
        if number % 11 == 7 and resting:
            act.bump(self.rng.choice(resting))
        if number == int(0.4 * self.moves):   # a lamp switched on, later a curtain drawn
            act.light(0.6, 0.4)
        if number == int(0.75 * self.moves):
            act.light(0.2, 0.0)

    def brushable(self) -> list[str]:
        """Pieces a passing hand may brush (a few millimetres: nothing changes)."""
        return []

    def hand_start(self, seat: int) -> Point:
        """Where a player's hand comes from: beyond their edge of the table."""
        return add(self.seats[seat - 1], self.towards(seat), -70.0)

    def facing(self, seat: int) -> float:
        u = self.towards(seat)
        return math.degrees(math.atan2(u[1], u[0])) - 90 + self.rng.uniform(-12, 12) * self.sloppy
