"""Pumafiosi acted out: cards carried into play, winners' cards to the hierarchy column,
bumped cards moved down (one first put a step too far, then corrected), item tokens laid
by cards, the round's other cards taken away, the column cleared after each game. The
bumped cards move down after the new card is laid, or (``Handling.room_first``) before:
room made bottom-up, then the card laid."""

from __future__ import annotations

from companion.games import Move
from companion.games.pumafiosi import STEPS
from companion.games.pumafiosi_outcomes import CardDropped, CardPlaced, PumafiosiScored
from companion.simulator.director import THREE_SEATS, TWO_SEATS, Director, Point, add, card_spec
from vision.types import Placed

PUMAFIOSI_SEATS = {   # the hierarchy column takes the right-hand side
    2: TWO_SEATS, 3: THREE_SEATS,
    4: ((200.0, 35.0), (35.0, 300.0), (200.0, 565.0), (400.0, 565.0)),
    5: ((380.0, 35.0), (180.0, 35.0), (35.0, 300.0), (200.0, 565.0), (400.0, 565.0)),
}
COLUMN_X, TOP_Y, PITCH = 655.0, 560.0, 62.0   # the hierarchy column, step 10 on top
STEP_X = 548.0                                 # where winners lay their cards
CASUALTY_SPOTS = ((STEP_X, 64.0), (STEP_X - 88.0, 64.0), (STEP_X, 8.0), (STEP_X - 88.0, 8.0))
CASUALTY_PILE_MM = (-14.0, 9.0)   # a fifth casualty on: laid over an earlier one, offset
TONY_SPOT = (75.0, 330.0)
CASUALTY_STEP = STEPS[-1]   # the bottom of the column: any number of cards


class PumafiosiDirector(Director):
    seat_layouts = PUMAFIOSI_SEATS
    acted = ("tony", "play", "place")

    def __init__(self, header_line, look, fps, seed):
        super().__init__(header_line, look, fps, seed)
        for i, step in enumerate(STEPS):
            self.act.lay(f"step{step}", Placed(card_spec("pumafiosi", "hierarchy", step=step),
                                               COLUMN_X, TOP_Y - i * PITCH, 90.0))
        self.items = bool(self.session.header.options.get("items"))
        if self.items:
            for n in range(1, len(self.players) + 1):
                for k, item in enumerate(("machine_gun", "vest", "notebook", "ring")):
                    at = self.token_home(n, k)
                    self.act.lay(f"{item}{n}", Placed(card_spec("pumafiosi", "item",
                                                                item=item, set=n),
                                                      at[0], at[1]))
        self.on_card: dict[str, list[str]] = {}   # card piece -> tokens lying on it
        self.at_step: dict[str, int] = {}         # card piece -> step it lies at
        self.casualties: list[str] = []
        self.in_play: list[str] = []
        self.misplaced_once = False
        self.room_made = False   # this move's cascade already carried out, before the card

    def token_home(self, seat: int, k: int) -> Point:
        """A player's tokens lie in a row beside their seat marker, along the table edge
        (to whichever side leaves more table)."""
        u, at = self.towards(seat), self.seats[seat - 1]
        w, d = self.act.look.table_mm

        def room(side: Point) -> float:
            end = add(at, side, 200.0)
            return min(end[0], w - end[0], end[1], d - end[1])

        side = max(((-u[1], u[0]), (u[1], -u[0])), key=room)
        return add(add(at, side, 70.0 + 40.0 * k), u, -5.0)

    def spot(self, step: int, name: str) -> Point:
        if step != CASUALTY_STEP:
            return (STEP_X + self.rng.uniform(-4, 4) * self.sloppy,
                    TOP_Y - STEPS.index(step) * PITCH + self.rng.uniform(-3, 3) * self.sloppy)
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
            self.place(move, outcomes)
        self.after(outcomes)

    def card_name(self, value: int) -> str:
        return f"card{value}"

    def tony(self, value: int) -> None:
        spec = card_spec("pumafiosi", "pumafioso", value=value)
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
            gun = add(spot, (-u[1], u[0]), 52.0)
            self.act.slide(f"machine_gun{seat}", gun)
            self.on_card[name] = [f"machine_gun{seat}"]
            self.act.rest(0.3)
        spec = card_spec("pumafiosi", "pumafioso", value=move["card"])
        self.act.bring(name, Placed(spec, spot[0], spot[1], self.facing(seat)),
                       self.hand_start(seat))
        self.in_play.append(name)
        self.act.rest(0.5)

    def place(self, move: Move, outcomes) -> None:
        seat = self.seat_of(move["player"])
        name = self.card_name(move["card"])
        if move.get("ring"):
            bumped = next(n for n, s in self.at_step.items() if s == move["step"])
            card = self.act.pieces[bumped]
            self.act.slide(f"ring{seat}", self.beside((card.x_mm, card.y_mm)))
            self.on_card.setdefault(bumped, []).append(f"ring{seat}")
            self.act.rest(0.4)
        self.drop_tokens(name)
        room_first = self.act.look.handling.room_first
        if room_first > 0 and self.act.hand_rng.random() < room_first:
            self.make_room(outcomes)   # the bumped cards down first, bottom-up
            self.room_made = True
        spot = self.spot(move["step"], name)
        spec = card_spec("pumafiosi", "pumafioso", value=move["card"])
        start = (self.act.pieces[name].x_mm, self.act.pieces[name].y_mm)
        if move.get("item"):   # the token goes down first, then the card beside it
            token = f"{move['item']}{seat}"
            self.act.slide(token, self.beside(spot))
            self.on_card[name] = [token]
            self.act.rest(0.4)
        self.act.bring(name, Placed(spec, spot[0], spot[1],
                                    90 + self.rng.uniform(-6, 6) * self.sloppy),
                       start, wrong=self.wrong_step(move["step"]))
        self.in_play.remove(name)
        self.at_step[name] = move["step"]
        self.act.rest(0.5)

    def wrong_step(self, step: int) -> Point:
        """Where a hand that hesitates may first leave a card meant for ``step``: on a
        free neighbouring step (the one below first), or the casualties' first spot."""
        i = STEPS.index(step)
        taken = set(self.at_step.values())
        near = [STEPS[j] for j in (i + 1, i - 1) if 0 <= j < len(STEPS)]
        other = next((s for s in near if s not in taken), near[0])
        if other == CASUALTY_STEP:
            return CASUALTY_SPOTS[0]
        return (STEP_X, TOP_Y - STEPS.index(other) * PITCH)

    def move_to_step(self, name: str, step: int) -> None:
        spot = self.spot(step, name)
        self.act.slide(name, spot, 90 + self.rng.uniform(-6, 6),
                       tuple(self.on_card.get(name, ())))
        self.at_step[name] = step

    def after(self, outcomes) -> None:
        for o in outcomes:
            if isinstance(o, CardPlaced) and o.player is None:   # Tony's card, by the rules
                name = self.card_name(o.card)
                self.in_play.remove(name)
                self.move_to_step(name, o.step)
                self.act.rest(0.4)
        if not self.room_made:
            self.make_room(outcomes)
        self.room_made = False
        if self.in_play and not self.session.game.plays:   # the round is over
            self.discard()
        if any(isinstance(o, PumafiosiScored) for o in outcomes):
            self.act.rest(1.0)
            self.clear_hierarchy()

    def make_room(self, outcomes) -> None:
        """The bumped cards moved down a step each (one, once, first a step too far)."""
        drops = [o for o in outcomes if isinstance(o, CardDropped)]
        for o in reversed(drops):   # the lowest first: it makes room
            name = self.card_name(o.card)
            if not self.misplaced_once and o.to_step not in STEPS[-2:]:
                # first put one step too far (above the casualties), then corrected
                wrong = STEPS[STEPS.index(o.to_step) + 1]
                self.misplaced_once = True
                self.move_to_step(name, wrong)
                self.act.rest(0.8)
            self.move_to_step(name, o.to_step)
            self.act.rest(0.3)

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
