"""A table acted out for the camera: pieces brought in by hands, slid, bumped, taken away,
under changing light, filmed as one renderer Scene per frame.

The per-game directors (companion.simulator.direct) say what the players do; an :class:`Act`
turns each action into frames the way hands do it: a card carried in under the palm
(partly hidden), sliding a little before it settles, the hand drawing back; a bump
moves a resting card a few millimetres; a card taken away vanishes with the hand.
Everything is seeded: the same act gives the same scenes, byte for byte once rendered.

A :class:`Handling` makes the hands as unkind as real players' (off by default): cards
carried all the way in from the seat at a hand's pace, the arm passing over the cards
between; a carry that pauses on the way, the card lying a while on a wrong spot the
director names (the neighbouring step) before it goes on to its own; discards carried
off the table across the other zones. Every filmed piece and hand carries its velocity,
so a slow shutter (``Look.conditions.exposure_s``) smears what moves. Hands as a person's
(off by default too): cards carried in the air (``lift_mm``: drawn where a raised card
projects, larger and shifted), now and then held a moment over another card on the way;
what the directors make of ``room_first`` (a Pumafiosi cascade carried out bottom-up
before the new card is laid), ``piles`` (discards dropped half on a pile on the table,
a finished Mafia mission carried to its side's pile) and ``straight`` (a Mafia
contribution laid straight from the hand).

``visible_from`` keeps, for the benchmark, the first frame of each card's last arrival
in which it lay at its resting place with no hand over it (the renderer's ground truth
says how much of it shows).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from companion.simulator.scenes import corner_pieces
from vision.types import CameraPose, Conditions, Hand, Placed, Scene, Stickers

Point = tuple[float, float]
JUMP_MM_S = 2500.0   # faster than any hand moves: a hand somewhere new, not a moving one
HOLD_BACK_MM = 70.0  # a hand resting by a card it let go of: fingertips this far short
RISE_MM = 60.0       # a lifted card is up in the air after this much of its way ...
SETTLE_MM = 110.0    # ... and comes down over this much before where it is let go
HOVER_CHANCE = 0.5   # with lift: the share of carries held a moment over another card
HOVER_S = 0.6
PILE_SPREAD = 0.35   # a card dropped on a pile lands up to this share of its size off it
QUICK_MM_S = 1200.0  # the pace of a pile drop by the quick hands (no Handling pace)


@dataclass(frozen=True)
class Handling:
    """How the players' hands move (read by Act and the directors). The default is the
    quick hands of the clean fixtures: a card appears a little way in from its seat
    under the palm, and what is taken away vanishes with the hand."""

    hand_mm_s: float = 0.0       # > 0: every card is carried in from the seat and every
                                 # discard off the table, at this pace
    pause_chance: float = 0.0    # the share of carries that stop on the way (or on the
                                 # wrong spot a director names) ...
    pause_s: float = 1.0         # ... for this long
    sloppiness: float = 1.0      # how far off-centre and turned cards land (1 = tidy)
    lift_mm: float = 0.0         # > 0: carried cards go through the air this high, the hand
                                 # with them (every carry at a Handling pace)
    room_first: float = 0.0      # Pumafiosi: the share of cascades carried out bottom-up
                                 # (the bumped card moved down first, then the new card laid)
    piles: bool = False          # discards dropped half on a pile on the table; a finished
                                 # Mafia mission carried to its side's pile
    straight: float = 0.0        # Mafia: the share of contributions laid straight from the
                                 # hand (not shown at the seat first), slid the last cm


@dataclass(frozen=True)
class Look:
    """How the table is filmed: its size, the camera, the surface and the light."""

    table_mm: tuple[float, float] = (800.0, 600.0)
    camera: CameraPose = CameraPose(target_mm=(400.0, 300.0), distance_mm=950.0,
                                    tilt_deg=12.0)
    texture: str = "wood"
    light_gradient: float = 0.3
    glare: float = 0.0
    noise_sigma: float = 1.0
    blur_sigma: float = 0.0            # the lens a little out of focus, px
    seed: int = 0
    jpeg_quality: int | None = None    # the webcam's own MJPEG compression
    conditions: Conditions = Conditions()
    handling: Handling = Handling()
    stickers: Stickers | None = None   # None: stickers exactly where the card art puts them


class Act:
    """The table's pieces now (by name) and the frames filmed so far."""

    def __init__(self, look: Look, fps: float, seed: int = 0):
        self.look = look
        self.fps = fps
        self.rng = random.Random(seed)
        self.pieces: dict[str, Placed] = {}
        self.scenes: list[Scene] = []
        self.visible_from: dict[int, int] = {}   # marker -> frame it lay still, uncovered
        self._light = (look.light_gradient, look.glare)
        self._z = 0
        self._conditions = replace(look.conditions, fps=fps)
        self._where: dict[str, Point] = {}        # where each piece lay in the last frame
        self._hands_were: tuple[Hand, ...] = ()
        # the handling's own choices (which carry pauses): a separate stream, so the
        # director's draws stay the same whatever the handling
        self.hand_rng = random.Random(f"hands {seed}")
        # Hands move at the same pace whatever the frame rate: each step of a motion
        # lasts a tenth of a second (one frame at 10 fps, three at 30).
        self.beat = max(1, round(fps / 10))

    # --- filming -------------------------------------------------------------------------

    def film(self, frames: int = 1, hands: tuple[Hand, ...] = ()) -> None:
        """``frames`` frames of the table as it is; in the first, what moved since the
        last frame carries its velocity (the rest are still)."""
        look = self.look
        ordered = sorted(self.pieces.items(), key=lambda item: item[1].z)
        corners = corner_pieces(look.table_mm)
        still = corners + tuple(p for _, p in ordered)
        moving = corners + tuple(replace(p, velocity_mm_s=self._velocity(
            self._where.get(name), (p.x_mm, p.y_mm))) for name, p in ordered)
        moving_hands = tuple(replace(h, velocity_mm_s=self._velocity(
            (self._hands_were[i].x_mm, self._hands_were[i].y_mm)
            if i < len(self._hands_were) else None, (h.x_mm, h.y_mm)))
            for i, h in enumerate(hands))
        for k in range(frames):
            self.scenes.append(Scene(
                table_mm=look.table_mm, pieces=moving if k == 0 else still,
                camera=look.camera, hands=moving_hands if k == 0 else hands,
                texture=look.texture, light_gradient=self._light[0], glare=self._light[1],
                blur_sigma=look.blur_sigma, noise_sigma=look.noise_sigma,
                jpeg_quality=look.jpeg_quality, seed=look.seed,
                frame=len(self.scenes), conditions=self._conditions,
                stickers=look.stickers))
        self._where = {name: (p.x_mm, p.y_mm) for name, p in ordered}
        self._hands_were = hands

    def _velocity(self, before: Point | None, now: Point) -> Point:
        if before is None:
            return (0.0, 0.0)
        v = ((now[0] - before[0]) * self.fps, (now[1] - before[1]) * self.fps)
        return v if math.hypot(*v) < JUMP_MM_S else (0.0, 0.0)

    def rest(self, seconds: float) -> None:
        self.film(max(1, round(seconds * self.fps)))

    def light(self, gradient: float, glare: float) -> None:
        """The light changes (a lamp switched on, a curtain drawn)."""
        self._light = (gradient, glare)

    # --- what hands do ---------------------------------------------------------------------

    def lay(self, name: str, placed: Placed) -> None:
        """A piece already lying there when filming starts (no hand)."""
        self._z += 1
        self.pieces[name] = replace(placed, z=self._z)

    def bring(self, name: str, placed: Placed, start: Point,
              wrong: Point | None = None) -> None:
        """A hand carries a piece in from ``start`` to where ``placed`` says: three beats
        on the way under the palm (with a Handling pace: all the way from ``start``,
        perhaps pausing on the way or on the ``wrong`` spot), a last short slide, then
        the hand draws back."""
        end = (placed.x_mm, placed.y_mm)
        came = _angle(end, start)
        self._z += 1
        moving = replace(placed, z=self._z)
        k = self.beat
        if self.look.handling.hand_mm_s > 0:
            self._carry(name, moving, start, wrong)
        else:
            for f in [(25 + 30 * i / k) / 100 for i in range(2 * k + 1)]:
                at = _towards(start, end, f)
                self.pieces[name] = replace(moving, x_mm=at[0], y_mm=at[1],
                                            angle_deg=placed.angle_deg + 12 * (1 - f))
                self.film(1, (self._hand(at, came, 25),))
        slide = self.rng.uniform(4.0, 9.0)   # still sliding: settles a few mm on
        short = _towards(end, start, slide / max(1.0, math.dist(start, end)))
        self.pieces[name] = replace(moving, x_mm=short[0], y_mm=short[1])
        self.film(k, (self._hand(short, came, 30),))
        self.pieces[name] = moving
        self.film(k, (self._hand(end, came, 95),))
        self.visible_from[placed.piece.marker] = len(self.scenes)

    def _carry(self, name: str, placed: Placed, start: Point, wrong: Point | None) -> None:
        """The whole way from ``start`` to ``placed`` at the hand's pace, the card under
        the palm turning straight as it goes; a pausing carry rests on ``wrong`` (the
        card let go, the hand by it) or, without one, halfway (the hand on the card).
        With a lift the card goes through the air, now and then held a moment over
        another card first, and comes down where it is let go."""
        handling = self.look.handling
        end = (placed.x_mm, placed.y_mm)
        came = _angle(end, start)
        pause = self.hand_rng.random() < handling.pause_chance
        halfway = _towards(start, end, 0.5)
        stops = [wrong, end] if pause and wrong is not None else \
            [halfway, end] if pause else [end]
        lands = {end, wrong} if pause else {end}   # where the card is let go
        if handling.lift_mm > 0 and self.hand_rng.random() < HOVER_CHANCE:
            over = self._other_card_near(name, halfway)
            if over is not None:
                stops.insert(0, over)
        at = start
        for stop in stops:
            steps = max(1, math.ceil(math.dist(at, stop) / handling.hand_mm_s * self.fps))
            picked = at == start or at in lands
            for i in range(1, steps + 1):
                here = _towards(at, stop, i / steps)
                left = math.dist(here, end) / max(1.0, math.dist(start, end))
                up = self._up(at, here, stop, picked, stop in lands)
                self.pieces[name] = replace(placed, x_mm=here[0], y_mm=here[1],
                                            angle_deg=placed.angle_deg + 12 * left,
                                            height_mm=up)
                self.film(1, (self._hand(here, came, 25, up),))
            at = stop
            if stop != end:
                let_go = stop in lands
                hand = self._hand(stop, came, HOLD_BACK_MM if let_go else 25,
                                  0.0 if let_go else handling.lift_mm)
                held = HOVER_S if stop not in (wrong, halfway) else handling.pause_s
                self.film(max(1, round(held * self.fps)), (hand,))

    def _up(self, leg_from: Point, here: Point, leg_to: Point, picked: bool,
            lands: bool) -> float:
        """How high a carried card is at ``here`` on its way from ``leg_from`` to
        ``leg_to``: rising from where it was picked up, coming down where it is let go."""
        lift = self.look.handling.lift_mm
        if lift <= 0:
            return 0.0
        rise = math.dist(leg_from, here) / RISE_MM if picked else 1.0
        settle = math.dist(here, leg_to) / SETTLE_MM if lands else 1.0
        return lift * min(1.0, rise, settle)

    def _other_card_near(self, name: str, point: Point) -> Point | None:
        """The place of the resting card nearest ``point`` (not ``name``), or None."""
        others = [(p.x_mm, p.y_mm) for n, p in self.pieces.items() if n != name]
        return min(others, key=lambda at: math.dist(at, point), default=None)

    def slide(self, name: str, to: Point, angle_deg: float | None = None,
              followers: tuple[str, ...] = ()) -> None:
        """A hand slides a lying piece to ``to`` (``followers``, tokens on it, go along)."""
        old = self.pieces[name]
        start = (old.x_mm, old.y_mm)
        placed = replace(old, x_mm=to[0], y_mm=to[1],
                         angle_deg=old.angle_deg if angle_deg is None else angle_deg)
        offsets = {f: (self.pieces[f].x_mm - old.x_mm, self.pieces[f].y_mm - old.y_mm)
                   for f in followers}
        came = self.rng.uniform(200, 340)
        self._z += 1
        k = self.beat
        # the hand takes it along at once (no pause), then holds it there a beat
        for f in [min(100, 40 * (i + 1) / k) / 100 for i in range(2 * k)] + [1.0] * k:
            at = _towards(start, to, f)
            self.pieces[name] = replace(placed, x_mm=at[0], y_mm=at[1], z=self._z)
            for follower, (dx, dy) in offsets.items():
                self.pieces[follower] = replace(self.pieces[follower], x_mm=at[0] + dx,
                                                y_mm=at[1] + dy, z=self._z + 1)
            self.film(1, (self._hand(at, came, 20),))
        self._z += 1
        self.visible_from[placed.piece.marker] = len(self.scenes)

    def take(self, names: tuple[str, ...], toward: Point) -> None:
        """A hand gathers pieces and carries them off towards ``toward`` (with a Handling
        pace, the gathered stack goes along with it across the table, then off it)."""
        if self.look.handling.hand_mm_s > 0:
            self._carry_off(names, toward)
            return
        for name in names:
            piece = self.pieces[name]
            at = (piece.x_mm, piece.y_mm)
            self.film(self.beat, (self._hand(at, _angle(at, toward), 10),))
            del self.pieces[name]
        self.film(self.beat, (self._hand(toward, _angle(toward, (toward[0], -400.0)), 40),))

    def drop(self, names: tuple[str, ...], pile: Point, face_up: bool | None = None) -> None:
        """A hand gathers pieces and drops them on a pile lying at ``pile``: each lands
        half on it, askew, partly over the cards there (``face_up``: turned that way as
        they go, None: as they lie)."""
        self._carry_off(names, pile, onto=True, face_up=face_up)

    def _carry_off(self, names: tuple[str, ...], toward: Point, onto: bool = False,
                   face_up: bool | None = None) -> None:
        """The hand sweeps from piece to piece, the gathered ones in a stack under its
        palm (in the air, with a lift), then carries the stack to ``toward`` and beyond
        the table's edge, or (``onto``) drops it there."""
        handling = self.look.handling
        pace = handling.hand_mm_s or QUICK_MM_S
        held: list[str] = []
        at = (self.pieces[names[0]].x_mm, self.pieces[names[0]].y_mm) if names else toward
        stops = [(self.pieces[n].x_mm, self.pieces[n].y_mm) for n in names] + [toward]
        for stop, name in zip(stops, list(names) + [None]):
            came = _angle(stop, toward)
            steps = max(1, math.ceil(math.dist(at, stop) / pace * self.fps))
            up = handling.lift_mm if held else 0.0
            for i in range(1, steps + 1):
                here = _towards(at, stop, i / steps)
                for k, carried in enumerate(held):   # a messy stack, the last one on top
                    self._z += 1
                    self.pieces[carried] = replace(self.pieces[carried], x_mm=here[0] + 3 * k,
                                                   y_mm=here[1] - 2 * k, z=self._z,
                                                   height_mm=up)
                self.film(1, (self._hand(here, came, 10, up),))
            if name is not None:
                self.film(self.beat, (self._hand(stop, came, 10),))
                held.append(name)
            at = stop
        if onto:
            self._let_fall(held, toward, face_up)
        else:
            for name in held:
                del self.pieces[name]
        self.film(self.beat, (self._hand(toward, _angle(toward, (toward[0], -400.0)), 40),))

    def _let_fall(self, held: list[str], pile: Point, face_up: bool | None) -> None:
        """The held stack let go over ``pile``: each card lands askew, up to PILE_SPREAD
        of its size off the pile's centre, on top of what lies there."""
        for name in held:
            piece = self.pieces[name]
            w, h = piece.piece.size_mm
            self._z += 1
            self.pieces[name] = replace(
                piece, x_mm=pile[0] + self.hand_rng.uniform(-1, 1) * PILE_SPREAD * w,
                y_mm=pile[1] + self.hand_rng.uniform(-1, 1) * PILE_SPREAD * h,
                angle_deg=self.hand_rng.uniform(-35, 35), height_mm=0.0, z=self._z,
                face_up=piece.face_up if face_up is None else face_up)

    def flip(self, name: str) -> None:
        """A hand turns a lying card over where it lies."""
        piece = self.pieces[name]
        at = (piece.x_mm, piece.y_mm)
        came = self.rng.uniform(0, 360)
        self.film(self.beat, (self._hand(at, came, 0),))
        self.pieces[name] = replace(piece, face_up=not piece.face_up,
                                    angle_deg=piece.angle_deg + self.rng.uniform(-4, 4))
        self.film(self.beat, (self._hand(at, came, 60),))
        self.visible_from[(piece.piece.marker if not piece.face_up
                           else piece.piece.back_marker)] = len(self.scenes)

    def bump(self, name: str) -> None:
        """A hand brushes a resting piece: it shifts a few millimetres, nothing more."""
        piece = self.pieces[name]
        dx, dy = self.rng.uniform(-5, 5), self.rng.uniform(-5, 5)
        at = (piece.x_mm, piece.y_mm)
        self.film(self.beat, (self._hand(at, self.rng.uniform(0, 360), 30),))
        self.pieces[name] = replace(piece, x_mm=at[0] + dx, y_mm=at[1] + dy,
                                    angle_deg=piece.angle_deg + self.rng.uniform(-3, 3))
        self.film(self.beat)

    def reach_over(self, at: Point, frames: int = 4) -> None:
        """A hand reaching across the table (for a drink, to point), covering cards."""
        came = self.rng.uniform(0, 360)
        for _ in range(frames * self.beat):
            self.film(1, (self._hand(at, came, 0),))

    def _hand(self, at: Point, from_angle: float, back_mm: float,
              height_mm: float = 0.0) -> Hand:
        """A hand whose fingertips lie ``back_mm`` short of ``at``, arm towards ``from``
        (``height_mm`` above the table: holding a card in the air)."""
        a = math.radians(from_angle)
        tip = (at[0] + back_mm * math.cos(a), at[1] + back_mm * math.sin(a))
        return Hand(tip[0], tip[1], from_angle, 85.0 + self.rng.uniform(-8, 8),
                    height_mm=height_mm)


def _towards(a: Point, b: Point, f: float) -> Point:
    return (a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]))


def _angle(to: Point, origin: Point) -> float:
    """The direction (degrees) from ``to`` back towards ``origin``: where the arm is."""
    return math.degrees(math.atan2(origin[1] - to[1], origin[0] - to[0]))
