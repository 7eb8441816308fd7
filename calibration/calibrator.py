"""Setting up a table: gather what the camera sees, guide the user, make the calibration.

Feed every detection to :meth:`Calibrator.add` (it returns what to tell the user about
that frame: "corner 2 seen", "seat 3 registered"), show :meth:`Calibrator.missing` while
something is missing, and call :meth:`Calibrator.finish` for the calibration, which
refuses (CalibrationError) anything not good enough and says why.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Mapping

import numpy as np

from calibration.geometry import apply_homography
from calibration.homography import CORNERS, TableFit, fit_table
from calibration.lens import Lens
from calibration.pieces import card_pose
from calibration.store import Calibration
from calibration.types import Anchor, CalibrationError, PieceShape, Seat
from calibration.zones import LayoutOptions
from vision.types import Detection, Sighting

MIN_SEAT_GAP_MM = 150.0   # two players' places closer than this are one place
MIN_SEATS = 2
CORNER_FRAMES = 90        # the corners' place is the median over this many last frames


class Calibrator:
    def __init__(self, shapes: Mapping[int, PieceShape],
                 table_mm: tuple[float, float] | None = None, players: int | None = None,
                 lens: Lens | None = None):
        self.shapes = shapes
        self.table_mm = table_mm
        self.players = players
        self.lens = lens
        self.corner_quads: dict[int, deque[np.ndarray]] = {
            n: deque(maxlen=CORNER_FRAMES) for n in CORNERS}
        self.doubled: dict[int, list[np.ndarray]] = {}   # corner number -> two quads
        self.seat_markers: dict[int, Sighting] = {}      # seat number -> latest sighting
        self.cards: dict[int, list[Sighting]] = {}       # marker -> latest frame's copies
        self._fitted = False

    def _role(self, marker: int) -> tuple[str, int | None]:
        shape = self.shapes.get(marker)
        role = shape.anchor if shape and shape.anchor else ""
        kind, _, number = role.partition(":")
        return kind, int(number) if number else None

    def corner_shape(self) -> PieceShape:
        for shape in self.shapes.values():
            if shape.anchor and shape.anchor.startswith("corner:"):
                return shape
        raise CalibrationError("no corner markers in the piece catalogue: the table kit "
                               "deck (kit.toml) must list corners 1-4")

    def add(self, detection: Detection) -> list[str]:
        """Take one frame's detection; what it newly shows, as messages."""
        messages = []
        corners_now: dict[int, list[np.ndarray]] = {}
        cards_now: dict[int, list[Sighting]] = {}
        for s in detection.sightings:
            kind, number = self._role(s.marker)
            if kind == "corner" and number in self.corner_quads:
                corners_now.setdefault(number, []).append(np.asarray(s.corners, np.float64))
            elif kind == "seat" and number is not None:
                if number not in self.seat_markers:
                    messages.append(f"seat {number} registered")
                self.seat_markers[number] = s
            elif s.card.side == "face":
                cards_now.setdefault(s.marker, []).append(s)
        for number, quads in sorted(corners_now.items()):
            if len(quads) > 1:
                if number not in self.doubled:
                    messages.append(f"corner {number} seen twice: keep one corner {number} "
                                    f"marker on the table")
                self.doubled[number] = quads[:2]
                continue
            if self.doubled.pop(number, None) is not None:
                messages.append(f"corner {number} seen (the second one is gone)")
            elif not self.corner_quads[number]:
                messages.append(f"corner {number} seen")
            self.corner_quads[number].append(quads[0])
        self.cards.update(cards_now)
        if not self._fitted and all(self.corner_quads.values()):
            self._fitted = True
            try:
                fit = self.fit()
                messages.append(f"all 4 corners seen, reprojection error {fit.rms_mm:.1f} mm")
            except CalibrationError as exc:
                messages.append(str(exc))
        return messages

    def missing(self) -> list[str]:
        """What still stops a calibration, as instructions."""
        out = [f"corner {n} not seen: move it into view" for n in CORNERS
               if not self.corner_quads[n]]
        out += [f"corner {n} seen twice: keep one corner {n} marker on the table"
                for n in sorted(self.doubled)]
        if not out:
            try:
                self.fit()
            except CalibrationError as exc:
                out.append(str(exc))
        if self.players:
            out += [f"seat {n} not registered: place seat marker {n} (or any card) in front "
                    f"of player {n}" for n in range(1, self.players + 1)
                    if n not in self.seat_markers and not self._card_seats_possible()]
        elif len(self.seat_markers) < MIN_SEATS and not self._card_seats_possible():
            seen = "no seats" if not self.seat_markers else "only 1 seat"
            out.append(f"{seen} registered: place a seat marker (or any card) in front of "
                       f"each player")
        return out

    def _card_seats_possible(self) -> bool:
        return not self.seat_markers and len(self._loose_cards()) >= (self.players or MIN_SEATS)

    def _loose_cards(self) -> list[Sighting]:
        """The latest copies of face-up cards that play no part in the layout."""
        return [copies[0] for marker, copies in self.cards.items()
                if self._role(marker)[0] == ""]

    def fit(self) -> TableFit:
        corners: list[tuple[int, np.ndarray]] = []
        for number in CORNERS:
            if number in self.doubled:
                corners += [(number, q) for q in self.doubled[number]]
            elif self.corner_quads[number]:
                # The median over frames: a passing hand or a noisy frame does not count.
                corners.append((number, np.median(np.stack(self.corner_quads[number]), axis=0)))
        return fit_table(corners, self.corner_shape(), self.table_mm, self.lens)

    def finish(self, image_size: tuple[int, int]) -> tuple[Calibration, list[str]]:
        """The calibration and what to tell about it, or a CalibrationError saying why
        not."""
        fit = self.fit()
        messages = [f"table map: reprojection error {fit.rms_mm:.1f} mm over the 16 corner "
                    f"points, the far side seen {fit.view_angle_deg:.0f} degrees from "
                    f"straight down"]
        if fit.size_measured:
            messages.append(f"table measured from the corner markers: "
                            f"{fit.table_mm[0]:.0f} x {fit.table_mm[1]:.0f} mm (good to "
                            f"about 2%; measure it and give --table for millimetres)")
        seats, seat_messages = self._seats(fit)
        messages += seat_messages
        anchors = self._anchors(fit)
        if anchors:
            messages.append("anchors: " + ", ".join(a.name for a in anchors))
        arrow = self._arrow(fit, anchors)
        if arrow != "auto":
            messages.append(f"pungi arrow: the layout row runs towards the card beside the "
                            f"pungi card ({arrow:.0f} degrees)")
        cal = Calibration(fit.image_to_table, fit.table_mm, image_size, fit.rms_mm,
                          seats, anchors, self.lens, LayoutOptions(arrow=arrow))
        return cal, messages

    def _arrow(self, fit: TableFit, anchors: tuple[Anchor, ...]) -> float | str:
        """The pungi arrow's direction when a card already lies beside the pungi card,
        along its width (the first layout place is next to the arrow), else "auto"."""
        pungi = next((a for a in anchors if a.name == "pungi"), None)
        if pungi is None or not self.seat_markers:
            return "auto"  # without seat markers, loose cards are the seats
        a = math.radians(pungi.angle_deg)
        axis = np.array([math.cos(a), math.sin(a)])
        w, h = pungi.size_mm
        for sighting in self._loose_cards():
            offset = np.array(self._place(fit, sighting).centre) - pungi.point
            along = float(offset @ axis)
            across = float(offset @ np.array([-axis[1], axis[0]]))
            if 0.6 * w < abs(along) < 1.8 * w and abs(across) < h / 2:
                towards = axis if along > 0 else -axis
                return round(math.degrees(math.atan2(towards[1], towards[0])), 1)
        return "auto"

    def _place(self, fit: TableFit, sighting: Sighting):
        pts = np.asarray(sighting.corners, np.float64)
        if self.lens is not None:
            pts = self.lens.undistort(pts)
        return card_pose(apply_homography(fit.image_to_table, pts),
                         self.shapes.get(sighting.marker))

    def _seats(self, fit: TableFit) -> tuple[tuple[Seat, ...], list[str]]:
        messages = []
        if self.seat_markers:
            seats = [Seat(n, *self._place(fit, s).centre) for n, s in
                     sorted(self.seat_markers.items())]
        else:
            points = [self._place(fit, s).centre for s in self._loose_cards()]
            seats = [Seat(i, *p) for i, p in enumerate(_clockwise(points, fit.table_mm), 1)]
            messages += [f"seat {s.number} registered (a card)" for s in seats]
        numbers = [s.number for s in seats]
        if self.players:
            absent = [n for n in range(1, self.players + 1) if n not in numbers]
            if absent:
                raise CalibrationError(
                    f"seat {absent[0]} not registered: place seat marker {absent[0]} (or any "
                    f"card) in front of player {absent[0]}")
            extra = [n for n in numbers if n > self.players]
            if extra:
                raise CalibrationError(
                    f"{len(seats)} seats registered for {self.players} players: take seat "
                    f"{'marker ' if self.seat_markers else ''}{extra[0]} off the table or "
                    f"give --players {max(numbers)}")
        elif len(seats) < MIN_SEATS:
            raise CalibrationError(
                f"{len(seats)} seat{'s' if len(seats) != 1 else ''} registered: place a seat "
                f"marker (or any card) in front of each player, at least {MIN_SEATS}")
        for a in seats:
            for b in seats:
                gap = math.dist(a.point, b.point)
                if a.number < b.number and gap < MIN_SEAT_GAP_MM:
                    raise CalibrationError(
                        f"seats {a.number} and {b.number} overlap ({gap:.0f} mm apart, need "
                        f"{MIN_SEAT_GAP_MM:.0f}): put each seat marker in front of its own "
                        f"player")
        return tuple(seats), messages

    def _anchors(self, fit: TableFit) -> tuple[Anchor, ...]:
        anchors, missions = [], []
        for marker, copies in sorted(self.cards.items()):
            kind, _ = self._role(marker)
            shape = self.shapes.get(marker)
            if kind not in ("step", "pungi", "mission"):
                continue
            poses = [self._place(fit, s) for s in copies]
            x = sum(p.centre[0] for p in poses) / len(poses)
            y = sum(p.centre[1] for p in poses) / len(poses)
            if kind == "mission":
                missions.append((x, y, poses[0].angle_deg, shape.size_mm))
            else:
                anchors.append(Anchor(shape.anchor, x, y, poses[0].angle_deg, shape.size_mm))
        # Mission slots are numbered from the left as the camera sees the table.
        for k, (x, y, angle, size) in enumerate(sorted(missions), 1):
            anchors.append(Anchor(f"mission:{k}", x, y, angle, size))
        return tuple(anchors)


def _clockwise(points, table_mm) -> list:
    """Points in clockwise order round the table centre (seen from above), starting from
    the direction of corner 1."""
    cx, cy = table_mm[0] / 2, table_mm[1] / 2
    start = math.atan2(-cy, -cx)
    return sorted(points, key=lambda p: (start - math.atan2(p[1] - cy, p[0] - cx))
                  % (2 * math.pi))
