"""Setting up a table: gather what the camera sees, guide the user, make the calibration.

Feed every detection to :meth:`Calibrator.add` (it returns what to tell the user about
that frame: "corner 2 seen", "seat 3 registered"), show :meth:`Calibrator.missing` while
something is missing, and call :meth:`Calibrator.finish` for the calibration, which
refuses (CalibrationError) anything not good enough and says why.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping

import numpy as np

from calibration.geometry import apply_homography, quad_centre
from calibration.homography import CORNERS, ReprojectionError, TableFit, check_view, \
    corners_not_seen, fit_table, measure_fit
from calibration.lens import Lens
from calibration.lens_fit import PieceView, PlaneFit, fit_plane
from calibration.pieces import card_pose
from calibration.store import Calibration
from calibration.types import Anchor, CalibrationError, Note, PieceShape, Seat
from calibration.zones import LayoutOptions
from vision.types import Detection, Sighting

MIN_SEAT_GAP_MM = 150.0   # two players' places closer than this are one place
MIN_SEATS = 2
CORNER_FRAMES = 90        # the corners' place is the median over this many last frames
# A piece left out of the lens fit that lands further off than this is refused, unless
# its markers' noise explains the miss (within MAX_HELD_OUT_SIGMAS of its own spread: a far,
# small, blurred corner the rest must reach out to); beyond MAX_HELD_OUT_ANY_MM, always.
MAX_HELD_OUT_MM = 15.0
MAX_HELD_OUT_SIGMAS = 4.5
MAX_HELD_OUT_ANY_MM = 22.0
# A seat marker or card whose centre is read further than this from its place, twice
# running and the two reads together, has been moved; one such read alone is a bad read
# (on a dim, shaken 720p frame a still marker's read strays up to 3-4 px now and then).
STILL_PX = 3.0


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
        self.seat_markers: dict[int, Sighting] = {}      # seat number -> steady sighting
        self.cards: dict[int, list[Sighting]] = {}       # marker -> latest frame's copies
        # face-up cards no frame showed, read on the table at rest (see complete)
        self.still_cards: dict[int, list[Sighting]] = {}
        # each seat marker's and card copy's quads since it last moved: their median is
        # its place (one frame's corners are off by a camera shake's smear or a bad read)
        self.seat_quads: dict[int, _Track] = {}
        self.card_quads: dict[int, list[_Track]] = {}
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
        raise CalibrationError("no_corner_pieces")

    def add(self, detection: Detection) -> list[Note]:
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
                    messages.append(Note("seat_registered", {"seat": number}))
                track = _follow([self.seat_quads[number]] if number in self.seat_quads
                                else [], [s])[0]
                self.seat_quads[number] = track
                self.seat_markers[number] = _steady(s, track)
            elif s.card.side == "face":
                cards_now.setdefault(s.marker, []).append(s)
        for number, quads in sorted(corners_now.items()):
            if len(quads) > 1:
                if number not in self.doubled:
                    messages.append(Note.of(_corner_twice(number)))
                self.doubled[number] = quads[:2]
                continue
            if self.doubled.pop(number, None) is not None:
                messages.append(Note("corner_seen_again", {"corner": number}))
            elif not self.corner_quads[number]:
                messages.append(Note("corner_seen", {"corner": number}))
            self.corner_quads[number].append(quads[0])
        for marker, copies in cards_now.items():
            tracks = _follow(self.card_quads.get(marker, []), copies)
            self.card_quads[marker] = tracks
            self.cards[marker] = [_steady(c, t) for c, t in zip(copies, tracks)]
        if not self._fitted and all(self.corner_quads.values()):
            self._fitted = True
            try:
                fit = self.fit()
                messages.append(Note("corners_fitted", {"rms": fit.rms_mm}))
            except ReprojectionError:
                if self.lens is not None:
                    raise
                messages.append(Note("corners_rough"))
            except CalibrationError as exc:
                messages.append(Note.of(exc))
        return messages

    def complete(self, detection: Detection) -> list[Note]:
        """Take a closer read of the table at rest (vision.still) for the corners, seats
        and face-up cards no frame showed. Its cards are anchors and loose cards but are
        kept out of the lens fit: read upscaled, their corners sit nearer the true ones
        than the frames' do (the lens fit measures one inward bias for all), and one such
        far card made a good table fail the held-out check."""
        cards: dict[int, list[Sighting]] = {}
        for s in detection.sightings:
            if s.card.side == "face" and self._role(s.marker)[0] not in ("corner", "seat"):
                cards.setdefault(s.marker, []).append(s)
        self.still_cards.update((m, c) for m, c in cards.items() if m not in self.cards)

        def wanted(s: Sighting) -> bool:
            kind, number = self._role(s.marker)
            if kind == "corner":
                return number in self.corner_quads and not self.corner_quads[number] \
                    and number not in self.doubled
            return kind == "seat" and number is not None and number not in self.seat_markers
        return self.add(replace(detection, sightings=tuple(filter(wanted,
                                                                  detection.sightings))))

    def missing(self) -> list[CalibrationError]:
        """What still stops a calibration, each saying what to do."""
        out = [corners_not_seen([n]) for n in CORNERS if not self.corner_quads[n]]
        out += [_corner_twice(n) for n in sorted(self.doubled)]
        if not out:
            try:
                self.fit()
            except ReprojectionError as exc:
                if self.lens is not None:   # without one, finish() fits the lens
                    out.append(exc)
            except CalibrationError as exc:
                out.append(exc)
        if self.players and not self._card_seats_possible():
            out += [_seat_unregistered(n)
                    for n in seats_not_registered(self.seat_markers, self.players)]
        elif len(self.seat_markers) < MIN_SEATS and not self._card_seats_possible():
            out.append(_too_few_seats(len(self.seat_markers)))
        return out

    def _card_seats_possible(self) -> bool:
        return not self.seat_markers and len(self._loose_cards()) >= (self.players or MIN_SEATS)

    def _loose_cards(self) -> list[Sighting]:
        """The latest copies of face-up cards that play no part in the layout."""
        return [copies[0] for marker, copies in self._all_cards().items()
                if self._role(marker)[0] == ""]

    def _all_cards(self) -> dict[int, list[Sighting]]:
        """Each face-up card's copies: as the frames last saw them, else as the table at
        rest showed them."""
        return {**self.still_cards, **self.cards}

    def _corners(self) -> list[tuple[int, np.ndarray]]:
        corners: list[tuple[int, np.ndarray]] = []
        for number in CORNERS:
            if number in self.doubled:
                corners += [(number, q) for q in self.doubled[number]]
            elif self.corner_quads[number]:
                # The median over frames: a passing hand or a noisy frame does not count.
                corners.append((number, np.median(np.stack(self.corner_quads[number]), axis=0)))
        return corners

    def fit(self) -> TableFit:
        return fit_table(self._corners(), self.corner_shape(), self.table_mm, self.lens)

    def pieces(self) -> list[PieceView]:
        """Every piece seen, for the lens fit: the corners, seat markers and face-up
        cards (each card's marker copies together)."""
        views = [PieceView(self.corner_shape(), (q,), n) for n, q in self._corners()]
        views += [PieceView(self.shapes[s.marker], (np.asarray(s.corners, np.float64),))
                  for s in self.seat_markers.values() if s.marker in self.shapes]
        for marker, copies in sorted(self.cards.items()):
            if marker in self.shapes:
                views.append(PieceView(self.shapes[marker], tuple(
                    np.asarray(s.corners, np.float64) for s in copies[:2])))
        return views

    def fit_lens(self, image_size: tuple[int, int]) -> PlaneFit:
        """The lens and the table size from every piece seen."""
        try:
            self.fit()   # the corners' own checks (seen once each, in order) first
        except ReprojectionError:
            pass         # a bent view: what the lens fit is for
        return fit_plane(self.pieces(), image_size, self.table_mm)

    def _refuse_held_out(self, off: float, sigmas: float) -> None:
        raise CalibrationError("held_out_far", {"off": off, "sigmas": sigmas,
                                                "limit": MAX_HELD_OUT_MM,
                                                "most": MAX_HELD_OUT_SIGMAS,
                                                "any": MAX_HELD_OUT_ANY_MM})

    def finish(self, image_size: tuple[int, int]) -> tuple[Calibration, list[Note]]:
        """The calibration and what to tell about it, or a CalibrationError saying why
        not."""
        messages, plane = [], None
        if self.lens is None:
            plane = self.fit_lens(image_size)
            if plane.lens is not None:
                k1, k2 = plane.lens.distortion[:2]
                messages.append(Note("lens_fitted", {"pieces": plane.pieces, "k1": k1,
                                                     "k2": k2, "residual": plane.residual_px}))
        size = self.table_mm or (plane.table_mm if plane else None)
        lens = self.lens if plane is None else plane.lens
        if plane is None:
            fit = fit_table(self._corners(), self.corner_shape(), size, lens)
        else:
            unexplained = [(off, sigmas) for off, sigmas in plane.misses
                           if off > MAX_HELD_OUT_ANY_MM or
                           (off > MAX_HELD_OUT_MM and sigmas > MAX_HELD_OUT_SIGMAS)]
            if unexplained:
                # a corner marker off its corner says so more precisely than the lens fit
                fit_table(self._corners(), self.corner_shape(), size, lens)
                self._refuse_held_out(*max(unexplained))
            fit = measure_fit(plane.image_to_table, self._corners(), self.corner_shape(),
                              plane.table_mm, self.table_mm is None, lens)
            check_view(fit)
        messages.append(Note("table_map", {"rms": fit.rms_mm, "angle": fit.view_angle_deg}))
        if plane is not None and self.table_mm is None:
            messages.append(Note("table_measured", {"width": size[0], "depth": size[1],
                                                    "good": plane.size_error_pct}))
        elif fit.size_measured:
            messages.append(Note("table_measured_corners",
                                 {"width": fit.table_mm[0], "depth": fit.table_mm[1]}))
        if plane is not None:
            messages.append(Note("placement_error", {"error": plane.error_mm,
                                                     "pieces": plane.pieces,
                                                     "worst": plane.held_out_mm})
                            if self.table_mm else
                            Note("placement_error_scale", {"error": plane.error_mm,
                                                           "pieces": plane.pieces,
                                                           "worst": plane.held_out_mm,
                                                           "scale": plane.scale_pct}))
        seats, seat_messages = self._seats(fit)
        messages += seat_messages
        anchors = self._anchors(fit)
        if anchors:
            names = ", ".join(a.name for a in anchors)
            messages.append(Note("anchors_found", {"names": names}))
        arrow = self._arrow(fit, anchors)
        if arrow != "auto":
            messages.append(Note("pungi_arrow", {"arrow": arrow}))
        cal = Calibration(fit.image_to_table, fit.table_mm, image_size, fit.rms_mm,
                          seats, anchors, fit.lens, LayoutOptions(arrow=arrow),
                          plane.error_mm if plane is not None else None)
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
        if fit.lens is not None:
            pts = fit.lens.undistort(pts)
        return card_pose(apply_homography(fit.image_to_table, pts),
                         self.shapes.get(sighting.marker))

    def _seats(self, fit: TableFit) -> tuple[tuple[Seat, ...], list[Note]]:
        messages = []
        if self.seat_markers:
            seats = [Seat(n, *self._place(fit, s).centre) for n, s in
                     sorted(self.seat_markers.items())]
        else:
            points = [self._place(fit, s).centre for s in self._loose_cards()]
            seats = [Seat(i, *p) for i, p in enumerate(_clockwise(points, fit.table_mm), 1)]
            messages += [Note("seat_card_registered", {"seat": s.number}) for s in seats]
        numbers = [s.number for s in seats]
        if self.players:
            absent = seats_not_registered(numbers, self.players)
            if absent:
                raise _seat_unregistered(absent[0])
            extra = [n for n in numbers if n > self.players]
            if extra:
                raise CalibrationError(
                    "seats_extra" if self.seat_markers else "seat_cards_extra",
                    {"seats": len(seats), "players": self.players, "seat": extra[0],
                     "most": max(numbers)})
        elif len(seats) < MIN_SEATS:
            raise _too_few_seats(len(seats))
        for a in seats:
            for b in seats:
                gap = math.dist(a.point, b.point)
                if a.number < b.number and gap < MIN_SEAT_GAP_MM:
                    raise CalibrationError("seats_overlap", {"first": a.number,
                                                             "second": b.number, "gap": gap,
                                                             "need": MIN_SEAT_GAP_MM})
        return tuple(seats), messages

    def _anchors(self, fit: TableFit) -> tuple[Anchor, ...]:
        anchors, missions = [], []
        for marker, copies in sorted(self._all_cards().items()):
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


def seats_not_registered(numbers: Iterable[int], players: int | None = None) -> list[int]:
    """The seats of ``players`` players (1 to ``players``) not among the registered seat
    ``numbers``; without ``players``, those below the highest of ``numbers``: seats are
    numbered from 1 in seating order, so a gap is a player whose seat was not seen.

    >>> seats_not_registered([2, 3, 4]), seats_not_registered([1, 2], players=4)
    ([1], [3, 4])
    >>> seats_not_registered([1, 2, 3]), seats_not_registered([])
    ([], [])
    """
    have = set(numbers)
    last = max(have, default=0) if players is None else players
    return [n for n in range(1, last + 1) if n not in have]


def _corner_twice(number: int) -> CalibrationError:
    return CalibrationError("corner_seen_twice", {"corner": number})


def _seat_unregistered(number: int) -> CalibrationError:
    return CalibrationError("seat_unregistered", {"seat": number})


def _too_few_seats(count: int) -> CalibrationError:
    return CalibrationError("one_seat" if count == 1 else "too_few_seats",
                            {"count": count, "least": MIN_SEATS})


@dataclass
class _Track:
    """A seat marker's or card copy's quads since it last moved (their median is its
    place), and the reads away from there since its last read there that agree with
    each other: two of those are a move, one alone a bad read that leaves it in place."""

    quads: deque[np.ndarray] = field(default_factory=lambda: deque(maxlen=CORNER_FRAMES))
    away: list[np.ndarray] = field(default_factory=list)


def _apart(quads, centre: np.ndarray) -> float:
    """How far ``centre`` lies from the median of ``quads`` (px; infinite without any)."""
    if not quads:
        return math.inf
    return math.dist(quad_centre(np.median(np.stack(quads), axis=0)), centre)


def _follow(tracks: list[_Track], copies: list[Sighting]) -> list[_Track]:
    """Each copy seen now added to the track it stays still in (a track whose median
    centre is within STILL_PX), or, read away from every track, held as a possible move
    of the nearest track left: that track moves there when the next read agrees (a copy
    away from all with no track left starts a new one). Tracks no copy is seen in end.
    Copies still in a track are matched first, whatever their order: a copy taking a
    track as a possible move keeps its old place a frame, and the track's own copy,
    starting a new one there, would be one sticker counted twice."""
    quads = [np.asarray(copy.corners, np.float64) for copy in copies]
    centres = [quad_centre(quad) for quad in quads]
    left, out = list(tracks), [None] * len(copies)

    def claim(i: int, k: int) -> _Track:
        out[i] = track = left.pop(k)
        return track

    for i, centre in enumerate(centres):
        if (k := next((k for k, t in enumerate(left)
                       if _apart(t.quads, centre) <= STILL_PX), None)) is not None:
            track = claim(i, k)
            track.quads.append(quads[i])
            track.away = []
    for i, centre in enumerate(centres):
        if out[i] is not None:
            continue
        if (k := next((k for k, t in enumerate(left)
                       if _apart(t.away, centre) <= STILL_PX), None)) is not None:
            track = claim(i, k)
            track.quads = deque(track.away + [quads[i]], maxlen=CORNER_FRAMES)
            track.away = []
        elif left:
            claim(i, min(range(len(left)), key=lambda k: _apart(left[k].quads, centre))
                  ).away = [quads[i]]
        else:
            out[i] = _Track()
            out[i].quads.append(quads[i])
    return out


def _steady(sighting: Sighting, track: _Track) -> Sighting:
    """The sighting at the median of its track's quads."""
    median = np.median(np.stack(track.quads), axis=0)
    return replace(sighting, corners=tuple((float(x), float(y)) for x, y in median))


def _clockwise(points, table_mm) -> list:
    """Points in clockwise order round the table centre (seen from above), starting from
    the direction of corner 1."""
    cx, cy = table_mm[0] / 2, table_mm[1] / 2
    start = math.atan2(-cy, -cx)
    return sorted(points, key=lambda p: (start - math.atan2(p[1] - cy, p[0] - cx))
                  % (2 * math.pi))
