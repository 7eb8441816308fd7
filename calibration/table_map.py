"""The table map: sightings in pixels in, placements in table millimetres and zones out.

A TableMap follows the anchor cards: when a hierarchy card, the pungi card or a mission
card is seen somewhere else than before (moved more than a few millimetres or turned),
the zones are laid out again from where it now lies. Anchors not seen in a frame (a hand
over them) keep their last place. It follows the camera too: when all four corner
markers are seen away from the table's corners (the camera was bumped), the image-to-
table map is fitted again from them.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Mapping, Sequence

import numpy as np

from calibration.geometry import angle_difference, apply_homography, mean_angle
from calibration.homography import corner_positions, fit_table
from calibration.pieces import CardPose, card_poses, fold, twin_span_mm
from calibration.store import Calibration
from calibration.types import Anchor, CalibrationError, Placement, PieceShape, Zone
from calibration.zones import LayoutOptions, build_zones, zones_at
from vision.types import Detection, Sighting

MOVED_MM = 8.0          # an anchor this far from its last place has moved
TURNED_DEG = 6.0
SAME_CARD_MM = 20.0     # two copies of one marker whose card centres are this close ...
# ... or whose tags lie the card's printed span apart within this, and this near parallel,
# are one card: its two stickers as a hand stuck them. Off the guide by a few millimetres
# and degrees, or on the other two corners, each copy puts the centre elsewhere, but the
# distance between the two tags hardly changes.
TWIN_SPAN_MM = 8.0
TWIN_PARALLEL_DEG = 15.0
MISSION_SLOT_MM = 150.0  # a mission card this near a slot's last mission takes its place
SLOT_SETTLED_S = 2.0     # a new slot still for this long stays where it is when its card goes
CAMERA_MOVED_MM = 6.0    # corner markers this far from the table's corners: refit


class TableMap:
    def __init__(self, calibration: Calibration, shapes: Mapping[int, PieceShape],
                 steps: Sequence[int]):
        """``shapes``: every marker id's piece geometry and anchor role (from the decks);
        ``steps``: the hierarchy column's step values, top to bottom (from the rules)."""
        self.calibration = calibration
        self.shapes = shapes
        self.steps = tuple(steps)
        self.anchors: dict[str, Anchor] = {a.name: a for a in calibration.anchors}
        self._slot_makers: dict[str, int] = {}  # new mission slot -> the marker that opened it
        self._slot_moved: dict[str, float] = {}  # mission slot -> when its anchor last moved
        self._slot_home: dict[str, Anchor] = {}  # mission slot -> where its card lay still
        self._slot_cards: dict[str, int] = {}   # mission slot -> the marker lying there last
        self._settled: set[int] = set()   # mission markers whose slot stays when they go
        self.zones: tuple[Zone, ...] = self._layout()
        # the last frame's sightings, the map they were located with, and the placements
        self._located: tuple | None = None

    def _layout(self) -> tuple[Zone, ...]:
        cal = self.calibration
        return build_zones(cal.table_mm, cal.seats, tuple(self.anchors.values()), self.steps,
                           cal.options)

    def lay_out(self, options: LayoutOptions) -> None:
        """Lay the zones out again with ``options`` in place of the calibration's (kept for
        every later layout, as an anchor moves): what the layer above knows better than
        the calibration file, such as how many players a Pungi layout has places for."""
        self.calibration = replace(self.calibration, options=options)
        self.zones = self._layout()

    # --- pixels to millimetres -----------------------------------------------------

    def to_table(self, pixels) -> np.ndarray:
        """Image points (N x 2, as the camera sees them) in table millimetres."""
        pts = np.asarray(pixels, dtype=np.float64).reshape(-1, 2)
        if self.calibration.lens is not None:
            pts = self.calibration.lens.undistort(pts)
        return apply_homography(self.calibration.image_to_table, pts)

    def to_image(self, points_mm) -> np.ndarray:
        """Table points (N x 2, millimetres) where the camera sees them."""
        pts = apply_homography(np.linalg.inv(self.calibration.image_to_table), points_mm)
        if self.calibration.lens is not None:
            pts = self.calibration.lens.distort(pts)
        return pts

    def poses(self, sightings: Sequence[Sighting]) -> list[CardPose]:
        """Each sighting's card centre and rotation on the table (one transform for all)."""
        if not sightings:
            return []
        corners = self.to_table(np.array([s.corners for s in sightings]).reshape(-1, 2))
        return card_poses(corners.reshape(-1, 4, 2),
                          [self.shapes.get(s.marker) for s in sightings])

    # --- placements ------------------------------------------------------------------

    def locate(self, detection: Detection) -> tuple[Placement, ...]:
        """Every card seen, once (both copies of a marker merged), with its zone."""
        # A still table gives the same sightings frame after frame (vision keeps what did
        # not change): the same placements, and the map follows nothing new.
        last = self._located
        if last is not None and last[1] is self.calibration and last[2] is self.zones \
                and last[0] == detection.sightings:
            return last[3]
        self._follow_camera(detection)
        placements = _merge(list(zip(detection.sightings, self.poses(detection.sightings))),
                            self.shapes)
        if self._follow_anchors(placements, detection.timestamp):
            self.zones = self._layout()
        names = zones_at(self.zones, [p.position_mm for p in placements])
        located = tuple(replace(p, zone=name) for p, name in zip(placements, names))
        self._located = (detection.sightings, self.calibration, self.zones, located)
        return located

    def _follow_camera(self, detection: Detection) -> None:
        corners, shape = {}, None
        for s in detection.sightings:
            role = self.shapes.get(s.marker)
            if role and role.anchor and role.anchor.startswith("corner:"):
                corners.setdefault(int(role.anchor.split(":")[1]), []).append(s)
                shape = role
        if len(corners) < 4 or any(len(seen) > 1 for seen in corners.values()):
            return
        table = self.calibration.table_mm
        expected = corner_positions(table)
        numbers = sorted(corners)
        poses = self.poses([corners[n][0] for n in numbers])
        if all(math.dist(pose.centre, expected[n]) <= CAMERA_MOVED_MM
               for n, pose in zip(numbers, poses)):
            return
        try:
            fit = fit_table([(n, seen[0].corners) for n, seen in corners.items()], shape,
                            table, self.calibration.lens)
        except CalibrationError:
            return  # corners seen badly in this frame: keep the map that was good
        self.calibration = replace(self.calibration, image_to_table=fit.image_to_table,
                                   reprojection_mm=fit.rms_mm)

    def _follow_anchors(self, placements: list[Placement], t: float) -> bool:
        before = dict(self.anchors)
        self._settle_slots(t)
        for p in placements:
            shape = self.shapes.get(p.marker)
            role = shape.anchor if shape else None
            if role is None or p.card.side != "face":
                continue
            if role.startswith("step:") or role == "pungi":
                name = role
            elif role == "mission":
                name = self._mission_slot(p, placements)
            else:
                continue
            if name is None:
                continue
            new = Anchor(name, p.position_mm[0], p.position_mm[1], p.angle_deg, shape.size_mm)
            old = self.anchors.get(name)
            if old is None or math.dist(old.point, new.point) > MOVED_MM \
                    or angle_difference(old.angle_deg, new.angle_deg) > TURNED_DEG:
                self.anchors[name] = new
                self._slot_moved[name] = t
        return self.anchors != before

    def _settle_slots(self, t: float) -> None:
        """A slot whose card has lain still a while is where that card was laid (its
        home): it no longer moves with the card beyond reach of there (carried to a
        side's pile or the discards, a revealed or aborted mission leaves its place to
        the next)."""
        for name, moved in list(self._slot_moved.items()):
            if t - moved >= SLOT_SETTLED_S and name in self.anchors:
                del self._slot_moved[name]
                self._slot_home[name] = self.anchors[name]
                self._slot_makers.pop(name, None)
                if name in self._slot_cards:
                    self._settled.add(self._slot_cards[name])

    def _mission_slot(self, p: Placement, placements: Sequence[Placement]) -> str | None:
        """The slot a mission card lies in: none off the table; the nearest slot in reach
        that no other mission card lies in; else the slot this card opened where it
        paused on its way (until it settles it moves on with the card); else, for a card
        whose slot settled, none (it is being carried off); else a new one. A card named
        to another slot takes back the slots it opened on its way."""
        width, depth = self.calibration.table_mm
        # (off the table, as on the missions' pile beyond its edge, a card has no place)
        on_table = 0.0 <= p.position_mm[0] <= width and 0.0 <= p.position_mm[1] <= depth
        slots = {n: self._slot_home.get(n, a) for n, a in self.anchors.items()
                 if n.startswith("mission:")}
        others = [q.position_mm for q in placements
                  if q.marker != p.marker and q.marker in self._slot_cards.values()]
        free = {n: a for n, a in slots.items() if self._slot_cards.get(n) in (None, p.marker)
                or not any(math.dist(a.point, o) <= MISSION_SLOT_MM for o in others)}
        own = [n for n, m in self._slot_makers.items() if m == p.marker]
        near = [n for n, a in free.items() if math.dist(a.point, p.position_mm) <= MISSION_SLOT_MM]
        if near and on_table:
            name = min(near, key=lambda n: math.dist(slots[n].point, p.position_mm))
            if name in self._slot_home:
                self._settled.add(p.marker)   # it lies at a slot's place
        elif own and on_table:
            name = own[0]
        elif p.marker in self._settled or not on_table:
            for slot, marker in self._slot_cards.items():
                if marker == p.marker and slot in self._slot_home:
                    self.anchors[slot] = self._slot_home[slot]   # its place, as it lay
            return None
        else:
            used = {int(n.split(":")[1]) for n in slots}
            name = f"mission:{next(k for k in range(1, len(used) + 2) if k not in used)}"
            self._slot_makers[name] = p.marker
        for stale in own:
            if stale != name:
                del self.anchors[stale], self._slot_makers[stale]
                self._slot_moved.pop(stale, None)
        self._slot_cards[name] = p.marker
        return name


def _merge(poses: list[tuple[Sighting, CardPose]],
           shapes: Mapping[int, PieceShape]) -> list[Placement]:
    """One placement per card: copies of one marker are one card when they fit one card
    (``_fit``); a shared back marker seen on two cards, or a sticker printed twice, is two
    placements."""
    by_marker: dict[int, list[tuple[Sighting, CardPose]]] = {}
    for seen in poses:
        by_marker.setdefault(seen[0].marker, []).append(seen)
    return [_placement(group) for marker, copies in by_marker.items()
            for group in _cards(copies, shapes.get(marker))]


def _cards(copies: list[tuple[Sighting, CardPose]], shape: PieceShape | None
           ) -> list[list[tuple[Sighting, CardPose]]]:
    """The copies of one marker grouped into cards, the best fitting pairs first (several
    cards showing one back lie side by side: a tag of one may lie the span from a tag of
    the next); a card with two tags shows at most two."""
    span = twin_span_mm(shape) if shape is not None else None
    links = sorted((fit, i, j) for i in range(len(copies)) for j in range(i + 1, len(copies))
                   if (fit := _fit(copies[i][1], copies[j][1], span)) is not None)
    group = list(range(len(copies)))     # each copy's group: the first copy in it
    for _, i, j in links:
        a, b = group[i], group[j]
        members = [k for k in range(len(copies)) if group[k] in (a, b)]
        if a == b or (span is not None and len(members) > 2):
            continue
        for k in members:
            group[k] = min(a, b)
    return [[copies[k] for k in range(len(copies)) if group[k] == first]
            for first in sorted(set(group))]


def _fit(a: CardPose, b: CardPose, span: float | None) -> float | None:
    """How far apart two copies of one marker put the card's centre, if they fit one card:
    the centres agree, or (a card with two tags) the tags lie the printed span apart and
    parallel, on whichever corners they were stuck; None if they are two cards."""
    apart = math.dist(a.centre, b.centre)
    if apart <= SAME_CARD_MM:
        return apart
    if span is not None \
            and abs(math.dist(a.tag_centre, b.tag_centre) - span) <= TWIN_SPAN_MM \
            and abs(fold(a.angle_deg - b.angle_deg)) <= TWIN_PARALLEL_DEG:
        return apart
    return None


def _placement(group: list[tuple[Sighting, CardPose]]) -> Placement:
    sighting, pose = group[0]
    poses = [p for _, p in group]
    if len(poses) == 1:
        return Placement(sighting.card, sighting.marker, None, pose.centre, pose.angle_deg)
    if len(poses) == 2 and pose.symmetric:
        # The two copies sit symmetrically about the card's centre: their midpoint is
        # the centre, whatever the exact sticker layout.
        (ax, ay), (bx, by) = poses[0].tag_centre, poses[1].tag_centre
        centre = ((ax + bx) / 2, (ay + by) / 2)
    else:
        centre = (sum(p.centre[0] for p in poses) / len(poses),
                  sum(p.centre[1] for p in poses) / len(poses))
    if pose.symmetric:
        # Average doubled angles: a half-turn-symmetric card's angle lives modulo 180.
        angle = fold(mean_angle([2 * p.angle_deg for p in poses]) / 2)
    else:
        angle = mean_angle([p.angle_deg for p in poses])
    return Placement(sighting.card, sighting.marker, None, centre, angle, len(poses))
