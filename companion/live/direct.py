"""Directors: a session's moves acted out on a rendered table, the way players do it.

``direct(header, moves, look, fps, seed)`` walks the moves through the rules (so it knows
who won, what dropped, where Tony's card goes) and has the players' hands do on the
table what each move means to the camera (companion.adapters): cards carried into play
zones, winners' cards to the hierarchy, bumped cards moved down (one first put a step
too far, then corrected), discards taken away, item tokens laid by or on cards; and
in between what tables do that must change nothing: a hand reaching across, a card
brushed, the light changing. The first frames show the table set up, for calibration.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.decks import all_decks
from companion.games import Move
from companion.games.pumafiosi_outcomes import CardDropped, CardPlaced, GameScored
from companion.live.act import Act, Look, Point
from companion.scenes import piece_spec
from companion.session import Session, parse_header
from vision.types import Placed

SEATS = {  # seat marker places (table mm) by number of players, clockwise
    2: ((200.0, 35.0), (200.0, 565.0)),
    3: ((200.0, 35.0), (35.0, 300.0), (200.0, 565.0)),
}
COLUMN_X, TOP_Y, PITCH = 655.0, 560.0, 62.0   # the hierarchy column, step 10 on top
STEP_X = 548.0                                 # where winners lay their cards
STEPS = (10, 8, 7, 6, 5, 3, 2, 1, -3)
CASUALTY_SPOTS = ((STEP_X, 64.0), (STEP_X - 88.0, 64.0), (STEP_X, 8.0), (STEP_X - 88.0, 8.0))
TONY_SPOT = (75.0, 330.0)
SETUP_S = 1.0


@dataclass(frozen=True)
class Directed:
    act: Act
    setup_frames: int          # the first frames: the table set up, nothing played yet


def _card(game: str, kind: str, **face):
    for card in all_decks()[game].of_kind(kind):
        if all(card.get(k) == v for k, v in face.items()):
            return card
    raise KeyError(f"{game} {kind} {face}")


def _spec(game: str, kind: str, **face):
    return piece_spec(_card(game, kind, **face))


def _unit(a: Point, b: Point) -> Point:
    d = math.dist(a, b)
    return ((b[0] - a[0]) / d, (b[1] - a[1]) / d)


def _add(p: Point, u: Point, k: float) -> Point:
    return (p[0] + k * u[0], p[1] + k * u[1])


def direct(header_line: dict, moves: list[Move], look: Look, fps: float,
           seed: int = 0) -> Directed:
    game = header_line["game"]
    if game == "pumafiosi":
        return _Pumafiosi(header_line, look, fps, seed).run(moves)
    raise ValueError(f"no director for {game}")


class _Table:
    """What every director shares: the seats and where each seat plays."""

    def __init__(self, header_line: dict, look: Look, fps: float, seed: int):
        self.session = Session(parse_header(header_line))
        self.players = self.session.header.names
        self.act = Act(look, fps, seed)
        self.rng = self.act.rng
        self.centre = (look.table_mm[0] / 2, look.table_mm[1] / 2)
        self.seats = SEATS[len(self.players)]
        for n, at in enumerate(self.seats, 1):
            u = _unit(at, self.centre)
            self.act.lay(f"seat{n}", Placed(_spec("kit", "seat", seat=n), at[0], at[1],
                                            math.degrees(math.atan2(u[1], u[0])) - 90))

    def seat_of(self, player: str) -> int:
        return self.players.index(player) + 1

    def towards(self, seat: int) -> Point:
        return _unit(self.seats[seat - 1], self.centre)

    def play_spot(self, seat: int) -> Point:
        return _add(self.seats[seat - 1], self.towards(seat), 135.0)

    def hand_start(self, seat: int) -> Point:
        """Where a player's hand comes from: beyond their edge of the table."""
        return _add(self.seats[seat - 1], self.towards(seat), -70.0)

    def facing(self, seat: int) -> float:
        u = self.towards(seat)
        return math.degrees(math.atan2(u[1], u[0])) - 90 + self.rng.uniform(-12, 12)


class _Pumafiosi(_Table):
    def __init__(self, header_line, look, fps, seed):
        super().__init__(header_line, look, fps, seed)
        for i, step in enumerate(STEPS):
            self.act.lay(f"step{step}", Placed(_spec("pumafiosi", "hierarchy", step=step),
                                               COLUMN_X, TOP_Y - i * PITCH, 90.0))
        self.items = bool(self.session.header.options.get("items"))
        if self.items:
            for n in range(1, len(self.players) + 1):
                for k, item in enumerate(("machine_gun", "vest", "notebook", "ring")):
                    at = self.token_home(n, k)
                    self.act.lay(f"{item}{n}", Placed(_spec("pumafiosi", "item", item=item,
                                                            set=n), at[0], at[1]))
        self.on_card: dict[str, list[str]] = {}   # card piece -> tokens lying on it
        self.at_step: dict[str, int] = {}         # card piece -> step it lies at
        self.casualties: list[str] = []
        self.in_play: list[str] = []
        self.misplaced_once = False

    def token_home(self, seat: int, k: int) -> Point:
        u = self.towards(seat)
        side = (-u[1], u[0])
        return _add(_add(self.seats[seat - 1], side, 70.0 + 40.0 * k), u, -5.0)

    def spot(self, step: int, name: str) -> Point:
        if step != -3:
            return (STEP_X + self.rng.uniform(-4, 4), TOP_Y - STEPS.index(step) * PITCH
                    + self.rng.uniform(-3, 3))
        free = next(s for i, s in enumerate(CASUALTY_SPOTS)
                    if i >= len(self.casualties) or self.casualties[i] is None)
        self.casualties.append(name)
        return free

    def beside(self, card: Point) -> Point:
        """A token laid against a hierarchy card's outer edge (on the card it would hide
        a corner of its marker)."""
        return (card[0] - 62.0, card[1] + self.rng.uniform(-5, 5))

    def run(self, moves: list[Move]) -> Directed:
        act = self.act
        act.rest(SETUP_S)
        setup = len(act.scenes)
        for number, move in enumerate(moves):
            outcomes = self.session.apply(move)
            kind = move["type"]
            if kind == "tony":
                self.tony(move["card"])
            elif kind == "play":
                self.play(move)
            elif kind == "place":
                self.place(move)
            self.after(outcomes)
            self.interlude(number)
        act.rest(1.0)
        return Directed(act, setup)

    def card_name(self, value: int) -> str:
        return f"card{value}"

    def tony(self, value: int) -> None:
        spec = _spec("pumafiosi", "pumafioso", value=value)
        at = (TONY_SPOT[0] + self.rng.uniform(-8, 8), TONY_SPOT[1] + self.rng.uniform(-8, 8))
        self.act.bring(self.card_name(value), Placed(spec, at[0], at[1],
                                                     self.rng.uniform(-20, 20)), (-60.0, 300.0))
        self.in_play.append(self.card_name(value))
        self.act.rest(0.4)

    def play(self, move: Move) -> None:
        seat = self.seat_of(move["player"])
        spot = self.play_spot(seat)
        spot = (spot[0] + self.rng.uniform(-10, 10), spot[1] + self.rng.uniform(-10, 10))
        name = self.card_name(move["card"])
        if move.get("machine_gun"):
            u = self.towards(seat)
            gun = _add(spot, (-u[1], u[0]), 52.0)
            self.act.slide(f"machine_gun{seat}", gun)
            self.on_card[name] = [f"machine_gun{seat}"]
            self.act.rest(0.3)
        spec = _spec("pumafiosi", "pumafioso", value=move["card"])
        self.act.bring(name, Placed(spec, spot[0], spot[1], self.facing(seat)),
                       self.hand_start(seat))
        self.in_play.append(name)
        self.act.rest(0.5)

    def place(self, move: Move) -> None:
        seat = self.seat_of(move["player"])
        name = self.card_name(move["card"])
        if move.get("ring"):
            bumped = next(n for n, s in self.at_step.items() if s == move["step"])
            card = self.act.pieces[bumped]
            self.act.slide(f"ring{seat}", self.beside((card.x_mm, card.y_mm)))
            self.on_card.setdefault(bumped, []).append(f"ring{seat}")
            self.act.rest(0.4)
        self.drop_tokens(name)
        spot = self.spot(move["step"], name)
        spec = _spec("pumafiosi", "pumafioso", value=move["card"])
        start = (self.act.pieces[name].x_mm, self.act.pieces[name].y_mm)
        extra = []
        if move.get("item"):
            token = f"{move['item']}{seat}"
            token_spot = self.act.pieces[token]
            at = self.beside(spot)
            extra.append((token, Placed(token_spot.piece, at[0], at[1])))
            self.on_card[name] = [token]
        self.act.bring(name, Placed(spec, spot[0], spot[1], 90 + self.rng.uniform(-6, 6)),
                       start, tuple(extra))
        self.in_play.remove(name)
        self.at_step[name] = move["step"]
        self.act.rest(0.5)

    def move_to_step(self, name: str, step: int) -> None:
        if self.at_step.get(name) == -3:
            self.casualties[self.casualties.index(name)] = None
        spot = self.spot(step, name)
        self.act.slide(name, spot, 90 + self.rng.uniform(-6, 6),
                       tuple(self.on_card.get(name, ())))
        self.at_step[name] = step

    def after(self, outcomes) -> None:
        drops = [o for o in outcomes if isinstance(o, CardDropped)]
        for o in outcomes:
            if isinstance(o, CardPlaced) and o.player is None:   # Tony's card, by the rules
                name = self.card_name(o.card)
                self.in_play.remove(name)
                self.move_to_step(name, o.step)
                self.act.rest(0.4)
        for o in reversed(drops):   # the lowest first: it makes room
            name = self.card_name(o.card)
            if not self.misplaced_once and o.to_step not in (-3, 1):
                # first put one step too far, then corrected
                wrong = STEPS[STEPS.index(o.to_step) + 1]
                self.misplaced_once = True
                self.move_to_step(name, wrong)
                self.act.rest(0.8)
            self.move_to_step(name, o.to_step)
            self.act.rest(0.3)
        if self.in_play and not self.session.game.plays:   # the round is over
            self.discard()
        if any(isinstance(o, GameScored) for o in outcomes):
            self.act.rest(1.0)
            self.clear_hierarchy()

    def drop_tokens(self, name: str) -> None:
        """Used machine guns go back in the box when their card leaves the play zone."""
        for token in self.on_card.pop(name, []):
            self.act.take((token,), (-100.0, 300.0))

    def discard(self) -> None:
        self.act.rest(0.3)
        for name in list(self.in_play):
            for token in self.on_card.pop(name, []):
                self.act.take((token,), (-100.0, 300.0))
        self.act.take(tuple(self.in_play), (-100.0, 300.0))
        self.in_play = []
        self.act.rest(0.3)

    def clear_hierarchy(self) -> None:
        for name in list(self.at_step):
            tokens = tuple(self.on_card.pop(name, []))
            self.act.take(tokens + (name,), (900.0, 300.0))
        self.at_step.clear()
        self.casualties = []
        self.act.rest(1.0)

    def interlude(self, number: int) -> None:
        """What happens at a table between moves and must change nothing."""
        act = self.act
        if number % 9 == 4:
            act.reach_over((self.centre[0] + self.rng.uniform(-150, 150),
                            self.centre[1] + self.rng.uniform(-100, 100)))
        if number % 11 == 7 and self.at_step:
            act.bump(sorted(self.at_step)[0])
        if number % 13 == 6:
            act.bump(f"step{self.rng.choice(STEPS)}")
        if number == 17:
            act.light(0.6, 0.4)
        if number == 29:
            act.light(0.2, 0.0)
