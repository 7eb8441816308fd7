"""A simulated table for the tracker and adapter tests: pieces put down, slid, flipped and
taken away by a script, seen at 30 frames a second as calibration.types.Placement values
with realistic noise (position jitter, missed frames, hands covering cards for a few
frames, a card misread into a neighbouring zone for one frame).

``Driver`` runs the product's own chain past vision (companion.live.reader.TableReader:
tracker -> adapter -> live table), as the camera pipeline does, and manual moves through
the same live table.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Sequence

from calibration.types import Placement, Seat
from companion.decks import all_decks
from companion.journal_rewrite import bare
from companion.live.reader import Judged, TableReader
from companion.live_table import LiveTable, Table
from companion.piece_catalog import marker_catalog
from companion.session import Session, parse_header
from companion.tracker import TrackerSettings
from vision.types import CardRef

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "sessions"
FPS = 30.0
CENTRE = (600.0, 400.0)


def read(name: str) -> tuple[dict, list[dict]]:
    """A fixture session: its header and its moves (without their times)."""
    lines = [json.loads(x) for x in (FIXTURES / name).read_text().splitlines() if x.strip()]
    return lines[0], [{k: v for k, v in m.items() if k != "t"} for m in lines[1:]]


def ref_of(game: str, marker: int) -> CardRef:
    """The CardRef the detector reports for this marker of ``game``."""
    return _catalog(game)[marker]


@cache
def _catalog(game: str) -> dict[int, CardRef]:
    return marker_catalog([game])


def marker_of(game: str, **face) -> int:
    """The marker of the first card of ``game`` whose face (or kind) has these values."""
    for card in all_decks()[game].cards:
        if all((card.kind if k == "kind" else card.get(k)) == v for k, v in face.items()):
            return card.marker
    raise KeyError(face)


def back_marker(game: str, name: str) -> int:
    return next(b.marker for b in all_decks()[game].backs if b.name == name)


def seat_point(n: int, players: int) -> tuple[float, float]:
    """Seat N around an ellipse, clockwise from the camera's side."""
    a = -math.pi / 2 - 2 * math.pi * (n - 1) / players
    return CENTRE[0] + 520 * math.cos(a), CENTRE[1] + 340 * math.sin(a)


def play_point(n: int, players: int) -> tuple[float, float]:
    x, y = seat_point(n, players)
    return x + 0.45 * (CENTRE[0] - x), y + 0.45 * (CENTRE[1] - y)


@dataclass
class Piece:
    game: str
    marker: int
    zone: str | None
    position: tuple[float, float]
    path: list[tuple[str | None, tuple[float, float]]] = field(default_factory=list)

    @property
    def ref(self) -> CardRef:
        return ref_of(self.game, self.marker)


class TableSim:
    """The table: ``put``/``move``/``flip``/``take`` change it, ``wait`` films it."""

    def __init__(self, consumer, seed: int = 1, noise: bool = True, fps: float = FPS):
        self.consumer = consumer
        self.rng = random.Random(seed)
        self.noise = noise
        self.fps = fps
        self.t = 0.0
        self.pieces: dict[str, Piece] = {}
        self._hand: tuple[tuple[float, float], int] | None = None
        self._rest = 0  # frames until the next hand may reach in

    def put(self, key: str, game: str, marker: int, zone: str | None,
            at: tuple[float, float], came_from: tuple[float, float] | None = None,
            from_zone: str | None = None) -> None:
        """A piece lands at ``at``; slid in from ``came_from`` (in ``from_zone``) over a
        few frames if given."""
        self.pieces[key] = Piece(game, marker, zone, at)
        if came_from is not None:
            self._slide(self.pieces[key], came_from, from_zone)

    def move(self, key: str, zone: str | None, at: tuple[float, float],
             slide: bool = True) -> None:
        piece = self.pieces[key]
        start, start_zone = piece.position, piece.zone
        piece.zone, piece.position = zone, at
        if slide:
            self._slide(piece, start, start_zone)

    def flip(self, key: str, marker: int) -> None:
        self.pieces[key].marker = marker

    def take(self, key: str) -> None:
        del self.pieces[key]

    def _slide(self, piece: Piece, start, start_zone) -> None:
        # A hand slides a card at about 1.5 m/s, a little faster or slower.
        distance = math.dist(start, piece.position)
        steps = max(4, round(distance / 50)) + (self.rng.randint(0, 3) if self.noise else 0)
        path = []
        for i in range(steps):
            f = i / steps
            point = (start[0] + f * (piece.position[0] - start[0]),
                     start[1] + f * (piece.position[1] - start[1]))
            path.append((start_zone if f < 0.5 else piece.zone, point))
        piece.path = path

    def wait(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds * self.fps))):
            self.consumer(self._frame(), self.t)
            self.t = round(self.t + 1 / self.fps, 6)

    def wait_until_still(self) -> None:
        """Film until every card slid in has come to rest."""
        while any(piece.path for piece in self.pieces.values()):
            self.wait(1 / self.fps)

    def _frame(self) -> tuple[Placement, ...]:
        rng = self.rng
        self._rest -= 1
        if self.noise and self._hand is None and self._rest <= 0 and rng.random() < 0.05 \
                and self.pieces:
            covered = rng.choice(sorted(self.pieces))
            self._hand = (self.pieces[covered].position, rng.randint(3, 15))
            self._rest = self._hand[1] + 15
        out = []
        for key in sorted(self.pieces):
            piece = self.pieces[key]
            zone, position = piece.path.pop(0) if piece.path else (piece.zone, piece.position)
            if self.noise:
                if rng.random() < 0.04:
                    continue  # a missed detection
                if self._hand and math.dist(self._hand[0], position) < 110:
                    continue  # under the hand
                position = (position[0] + rng.gauss(0, 0.8), position[1] + rng.gauss(0, 0.8))
                if rng.random() < 0.005:
                    zone = None  # glare: misread into no zone for one frame
            out.append(Placement(ref_of(piece.game, piece.marker), piece.marker, zone,
                                 position, 0.0))
        if self._hand:
            self._hand = (self._hand[0], self._hand[1] - 1) if self._hand[1] > 1 else None
        rng.shuffle(out)
        return tuple(out)


class Driver:
    """The table read (tracker -> adapter -> live table), collecting everything it said;
    its moves without their times."""

    def __init__(self, header_line: dict, settings: TrackerSettings = TrackerSettings(),
                 seats: Sequence[Seat] = ()):
        self.live = LiveTable(Table(Session(parse_header(header_line))))
        self.reader = TableReader(self.live, settings, seats=seats)
        self.session = self.live.table.session
        self.adapter = self.reader.adapter
        self.tracker = self.reader.tracker
        self.moves: list[dict] = []
        self.warnings: list[str] = []
        self.instructions: list[str] = []
        self.confirmations: list[str] = []
        self.asked: list[str] = []   # each question as the status bar says it: when it comes

    def __call__(self, placements, t: float) -> None:
        judged = self.reader.judge(self.reader.track(placements, t))
        self._take(judged)
        if judged.question:
            self.asked.append(judged.question)

    def manual(self, move: dict) -> None:
        """A move typed by a person, through the live table (the reader hears it)."""
        self.manual_all((move,))

    def manual_all(self, moves) -> None:
        """Moves typed at once (a journal rewritten), through the live table in order."""
        played = self.live.play(*moves)
        assert played.refused is None, played.refused.reason
        self.moves += [bare(taken.move) for taken in played.taken]
        self._take(self.reader.report())

    def _take(self, judged: Judged) -> None:
        self.moves += [bare(m) for m in judged.moves]
        self.warnings += judged.warnings
        self.instructions += judged.instructions
        self.confirmations += judged.confirmations
