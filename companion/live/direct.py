"""Directors: a session's moves acted out on a rendered table, the way players do it.

``direct(header, moves, look, fps, seed)`` walks the moves through the rules (so it knows
who won, what dropped, where Tony's card goes) and has the players' hands do on the
table what each move means to the camera (companion.adapters): cards carried into play
zones, winners' cards to the hierarchy, bumped cards moved down (one first put a step
too far, then corrected), snakes handed out (one first to the wrong player), discards
taken away, item tokens laid by cards; and in between what tables do that must change
nothing: a hand reaching across, a card brushed, the light changing. The first frames
show the table set up, for calibration. Only moves the camera reads are acted out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.decks import all_decks
from companion.games import Move
from companion.games.pumafiosi_outcomes import CardDropped, CardPlaced, PumafiosiScored
from companion.games.pungi import CHARMER, LayoutRedealt, SnakeTaken
from companion.games.pungi_outcomes import PungiScored
from companion.live.act import Act, Look, Point
from companion.scenes import piece_spec
from companion.session import Session, parse_header
from vision.types import Placed

# Seat marker places (table mm) for every number of players the rules allow, seat 1
# first; each game keeps its anchors' part of the table free of play zones.
_TWO = ((200.0, 35.0), (200.0, 565.0))
_THREE = ((200.0, 35.0), (35.0, 300.0), (200.0, 565.0))
_FOUR = ((400.0, 35.0), (35.0, 300.0), (400.0, 565.0), (765.0, 300.0))
_FIVE = ((250.0, 35.0), (35.0, 300.0), (400.0, 565.0), (765.0, 300.0), (550.0, 35.0))
PUMAFIOSI_SEATS = {   # the hierarchy column takes the right-hand side
    2: _TWO, 3: _THREE,
    4: ((200.0, 35.0), (35.0, 300.0), (200.0, 565.0), (400.0, 565.0)),
    5: ((380.0, 35.0), (180.0, 35.0), (35.0, 300.0), (200.0, 565.0), (400.0, 565.0)),
}
PUNGI_SEATS = {       # the layout row runs right from the pungi card, across the middle
    2: _TWO, 3: _THREE, 4: _FOUR,
    5: ((150.0, 35.0), (35.0, 300.0), (150.0, 565.0), (450.0, 565.0), (450.0, 35.0)),
    6: ((150.0, 35.0), (35.0, 300.0), (150.0, 565.0), (400.0, 565.0), (650.0, 565.0),
        (650.0, 35.0)),
}
MAFIA_SEATS = {       # the two mission slots lie in the middle
    3: ((250.0, 35.0), (35.0, 300.0), (400.0, 565.0)),
    4: ((250.0, 35.0), (35.0, 300.0), (400.0, 565.0), (765.0, 300.0)),
    5: _FIVE,
    6: ((250.0, 35.0), (35.0, 300.0), (150.0, 565.0), (400.0, 565.0), (765.0, 300.0),
        (550.0, 35.0)),
    7: ((250.0, 35.0), (35.0, 300.0), (150.0, 565.0), (400.0, 565.0), (650.0, 565.0),
        (765.0, 300.0), (550.0, 35.0)),
    8: ((200.0, 35.0), (35.0, 300.0), (150.0, 565.0), (400.0, 565.0), (650.0, 565.0),
        (765.0, 300.0), (600.0, 35.0), (400.0, 35.0)),
}
COLUMN_X, TOP_Y, PITCH = 655.0, 560.0, 62.0   # the hierarchy column, step 10 on top
STEP_X = 548.0                                 # where winners lay their cards
STEPS = (10, 8, 7, 6, 5, 3, 2, 1, -3)
CASUALTY_SPOTS = ((STEP_X, 64.0), (STEP_X - 88.0, 64.0), (STEP_X, 8.0), (STEP_X - 88.0, 8.0))
CASUALTY_PILE_MM = (-14.0, 9.0)   # a fifth casualty on: laid over an earlier one, offset
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
    if game == "pungi":
        return _Pungi(header_line, look, fps, seed).run(moves)
    if game == "mafia":
        return _Mafia(header_line, look, fps, seed).run(moves)
    raise ValueError(f"no director for {game}")


class _Table:
    """What every director shares: the seats and where each seat plays."""

    seat_layouts: dict[int, tuple[Point, ...]] = {}

    def __init__(self, header_line: dict, look: Look, fps: float, seed: int):
        self.session = Session(parse_header(header_line))
        self.players = self.session.header.names
        self.act = Act(look, fps, seed)
        self.rng = self.act.rng
        self.centre = (look.table_mm[0] / 2, look.table_mm[1] / 2)
        self.seats = self.seat_layouts[len(self.players)]
        for n, at in enumerate(self.seats, 1):
            u = _unit(at, self.centre)
            self.act.lay(f"seat{n}", Placed(_spec("kit", "seat", seat=n), at[0], at[1],
                                            math.degrees(math.atan2(u[1], u[0])) - 90))

    def seat_of(self, player: str) -> int:
        return self.players.index(player) + 1

    def towards(self, seat: int) -> Point:
        return _unit(self.seats[seat - 1], self.centre)

    play_reach = 135.0   # how far from the seat marker a player lays a card

    def play_spot(self, seat: int) -> Point:
        at = _add(self.seats[seat - 1], self.towards(seat), self.play_reach)
        return (at[0] + self.rng.uniform(-10, 10), at[1] + self.rng.uniform(-10, 10))

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
        return _add(self.seats[seat - 1], self.towards(seat), -70.0)

    def facing(self, seat: int) -> float:
        u = self.towards(seat)
        return math.degrees(math.atan2(u[1], u[0])) - 90 + self.rng.uniform(-12, 12)


class _Pumafiosi(_Table):
    seat_layouts = PUMAFIOSI_SEATS
    acted = ("tony", "play", "place")

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
        """A player's tokens lie in a row beside their seat marker, along the table edge
        (to whichever side leaves more table)."""
        u, at = self.towards(seat), self.seats[seat - 1]
        w, d = self.act.look.table_mm

        def room(side: Point) -> float:
            end = _add(at, side, 200.0)
            return min(end[0], w - end[0], end[1], d - end[1])

        side = max(((-u[1], u[0]), (u[1], -u[0])), key=room)
        return _add(_add(at, side, 70.0 + 40.0 * k), u, -5.0)

    def spot(self, step: int, name: str) -> Point:
        if step != -3:
            return (STEP_X + self.rng.uniform(-4, 4), TOP_Y - STEPS.index(step) * PITCH
                    + self.rng.uniform(-3, 3))
        n = len(self.casualties)
        self.casualties.append(name)
        spot = CASUALTY_SPOTS[n % len(CASUALTY_SPOTS)]
        layer = n // len(CASUALTY_SPOTS)
        return (spot[0] + layer * CASUALTY_PILE_MM[0], spot[1] + layer * CASUALTY_PILE_MM[1])

    def beside(self, card: Point) -> Point:
        """A token laid against a hierarchy card's outer edge (on the card it would hide
        a corner of its marker)."""
        return (card[0] - 62.0, card[1] + self.rng.uniform(-5, 5))

    def perform(self, move: Move, outcomes) -> None:
        kind = move["type"]
        if kind == "tony":
            self.tony(move["card"])
        elif kind == "play":
            self.play(move)
        elif kind == "place":
            self.place(move)
        self.after(outcomes)

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
        if move.get("item"):   # the token goes down first, then the card beside it
            token = f"{move['item']}{seat}"
            self.act.slide(token, self.beside(spot))
            self.on_card[name] = [token]
            self.act.rest(0.4)
        self.act.bring(name, Placed(spec, spot[0], spot[1], 90 + self.rng.uniform(-6, 6)),
                       start)
        self.in_play.remove(name)
        self.at_step[name] = move["step"]
        self.act.rest(0.5)

    def move_to_step(self, name: str, step: int) -> None:
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
        if any(isinstance(o, PumafiosiScored) for o in outcomes):
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

    def brushable(self) -> list[str]:
        return sorted(self.at_step)[:1] + [f"step{self.rng.choice(STEPS)}"]


PUNGI_CARD = (245.0, 300.0)   # the pungi card; the layout runs from it towards +x
LAYOUT_PITCH = 67.0           # a card's width and the gaps: one layout place
SNAKE_PILE = (150.0, 470.0)   # where the layer draws the snakes from


class _Pungi(_Table):
    seat_layouts = PUNGI_SEATS
    acted = ("layout", "play")
    play_reach = 110.0

    def __init__(self, header_line, look, fps, seed):
        super().__init__(header_line, look, fps, seed)
        self.act.lay("pungi", Placed(_spec("pungi", "pungi"), *PUNGI_CARD, 0.0))
        deck = all_decks()["pungi"]
        self.snakes = {c.marker: c.get("value") for c in deck.of_kind("snake")}
        self.charmers = [c.marker for c in deck.of_kind("charmer")]
        self.used: set[int] = set()          # snake cards out of the pile this game
        self.laid: list[str] = []            # the layout's pieces, place 1 first
        self.taken = {n: 0 for n in range(1, len(self.players) + 1)}
        self.animals: list[tuple[str, str]] = []   # (piece, player) face down, to turn
        self.rounds = 0
        self.misplaced = False

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
        card = _card("pungi", "animal", animal=move["animal"], value=move["value"])
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
            discards = tuple(n for n in self.act.pieces if n.startswith("animal"))
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
        return _add(_add(self.seats[seat - 1], side, 95.0 + 4.0 * self.taken[seat]), u,
                    10.0 + self.rng.uniform(-5, 5))

    def brushable(self) -> list[str]:
        return ["pungi"] + [n for n in self.act.pieces if n.startswith("snake")][:3]


MISSION_SLOTS = {1: (300.0, 300.0), 2: (525.0, 300.0)}
# Around a mission card (its centre, mm): the characters' row above, then where the
# face-down cards go, in order: the draw pile's card, then the contributions.
CHARACTER_SPOTS = ((-47.0, 80.0, 90.0), (47.0, 80.0, 90.0))
BACK_SPOTS = ((-47.0, -80.0, 90.0), (47.0, -80.0, 90.0), (-63.0, 0.0, 0.0), (63.0, 0.0, 0.0))


class _Mafia(_Table):
    """Missions with their characters laid above, face-down cards around them, turned
    face up for the tally; Omertà and Abort cards played face up in front of a player."""

    seat_layouts = MAFIA_SEATS
    acted = ("mission", "contribute", "reveal", "omerta", "abort")
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
        self.characters = {p.name: _card("mafia", "character", name=p.character)
                           if p.character else next(spare)
                           for p in self.session.header.players}
        for n, player in enumerate(self.players, 1):
            card = self.characters[player]
            self.act.lay(f"character{n}", Placed(piece_spec(card), *self.character_home(n),
                                                 self.facing(n)))
        self.around: dict[int, list[str]] = {1: [], 2: []}    # slot -> backs laid
        self.assigned: dict[int, list[int]] = {1: [], 2: []}  # slot -> seats
        self.played: list[str] = []                            # face-up action cards

    def character_home(self, seat: int) -> Point:
        u = self.towards(seat)
        return _add(_add(self.seats[seat - 1], (u[1], -u[0]), 90.0), u, 5.0)

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
            self.reveal(move)
        elif kind == "omerta":
            self.face_up(move["player"], action="omerta")
        elif kind == "abort":
            self.abort(move)

    def mission(self, move: Move) -> None:
        slot, centre = move["slot"], MISSION_SLOTS[move["slot"]]
        for k, player in enumerate(move["assigned"]):   # the recruits lay their characters
            seat = self.seat_of(player)
            dx, dy, angle = CHARACTER_SPOTS[k]
            self.act.slide(f"character{seat}", (centre[0] + dx, centre[1] + dy), angle)
            self.assigned[slot].append(seat)
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
            at = _add(self.seats[seat - 1], self.towards(seat), 20.0)
            self.act.bring(name, Placed(placed.piece, at[0], at[1], self.facing(seat),
                                        face_up=False), self.hand_start(seat))
            self.act.slide(name, (placed.x_mm, placed.y_mm), placed.angle_deg)
        self.around[slot].append(name)
        self.act.rest(0.6)

    def contribute(self, player: str, slot: int) -> None:
        self.lay_back(slot, player)

    def reveal(self, move: Move) -> None:
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
        self.clear(slot)

    def clear(self, slot: int) -> None:
        """The mission done: its cards away, the characters back to their players."""
        mission = (f"mission{slot}",) if f"mission{slot}" in self.act.pieces else ()
        self.act.take(tuple(self.around[slot]) + mission, (900.0, 300.0))
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
        self.act.take((f"mission{move['slot']}",), (900.0, 300.0))
        self.act.rest(1.0)
        self.clear(move["slot"])
        self.act.take(tuple(self.played), (-100.0, 300.0))
        self.played = []

    def brushable(self) -> list[str]:
        return [n for n in self.act.pieces if n.startswith("character")][:2]
