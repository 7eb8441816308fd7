"""The tracker: per-frame placements in, a stable picture of the table and its changes out.

Design (the reacTIVision/TUIO way): no fragile add/remove events from single frames.
Every frame's placements update *tracks* (one per physical card or token seen); a track
becomes part of the stable table once it has lain still for a short settle
time (``settle_s`` and ``settle_frames``, both needed), and leaves it only after a longer
absence (``vanish_s``). So a hand passing over a card, a glare or a missed frame changes
nothing, and a card sliding across the table is reported once, where it comes to rest.
After each frame the stable snapshot is differenced against the previous one into
:data:`TableChange` values: :class:`Appeared`, :class:`Left`, :class:`Moved` (to another
zone) and :class:`Flipped`.

- Association: a face marker is one physical card, so its track follows it anywhere
  (picked up and put down elsewhere within ``vanish_s`` is a move). A back marker is
  shared by many cards (every Pungi mouse back, every Mafia action back): its instances
  are told apart by position, each sighting going to the nearest track of that marker
  within ``match_mm`` of a card at rest (less than a card's width: two cards cannot lie
  closer), or of one not settled yet within what a card slid by hand covers in the time
  since it was last seen (``moving_mm_s``); greedily, nearest pairs first; a farther one
  starts a new track.
- Zones: a resting card's zone is the one it was seen in most over its last frames, so a
  card on the edge of two zones, or misread into another for a frame, keeps one zone.
- Where a card came from (``entry``, ``entry_zone``): where, and in which zone, it was
  first seen: the hand brought it from there (a Mafia contribution from a player's seat).
  A card that lay in a zone longer than ``paused_s`` and then went to another came from
  where it lay; a hand that rests it a moment on its way brings it from further back. A
  face card seen again within ``carried_s`` of leaving the stable table, first where it
  comes to rest (carried in the air, unread on its way), came from where it lay; seen
  again where it lay (its zone, within ``still_mm``), it never moved: its stay goes on,
  with its ``since`` and where it came from (its :class:`Appeared` says since when). A card
  turned over comes from where it lies. A card first seen within ``same_spot_mm`` of
  a resting card with the same marker (a shared back) may be that one: it came no known
  way (``entry`` None).
- Flips: when a card settles where a stable card showing its other side lies unseen (within
  ``flip_mm``), that card was turned over: one :class:`Flipped`, and the old side's track
  ends at once instead of lingering for ``vanish_s``.
- Stillness: ``still_since`` is the time from which nothing on the table moved: no card
  seen a few frames came to rest anew (a carried card does so frame after frame, a card
  seen once is a misread) and no card came, went or changed zone.
- Deterministic: only the timestamps passed in count, never the clock; placements are
  handled in a fixed order, and changes come out ordered (left, flipped, moved, appeared;
  each in the order the tracks were first seen).
"""

from __future__ import annotations

import math
from collections import Counter, deque
from dataclasses import dataclass
from typing import Iterable, Sequence, Union

from calibration.types import Placement
from companion.said import said
from vision.types import CardRef, Point


class TrackerError(ValueError):
    """Frames the tracker cannot take (their timestamps go back), said in one line (its
    argument a companion.said ``Said``: shown in the table's language)."""


@dataclass(frozen=True)
class TrackerSettings:
    settle_s: float = 0.1        # a card counts as there after lying still this long ...
    settle_frames: int = 3       # ... in at least this many frames
    vanish_s: float = 0.7        # and as gone after being unseen this long
    still_mm: float = 12.0       # moving farther than this restarts the settle time
    match_mm: float = 50.0       # a shared back's sighting joins a resting track this near
    moving_mm_s: float = 4500.0  # ... or one still on the move, this far a second unseen
    moving_cap_mm: float = 400.0  # (at most this far: a card slid under a hand moves on)
    flip_mm: float = 40.0        # a card's other side settling this near is a flip
    paused_s: float = 1.5        # a card that lay no longer than this moved on from its way
    same_spot_mm: float = 20.0   # first seen this near a resting twin: which way it came?
    hidden_s: float = 0.2        # a card at rest unseen this long is hidden (not gone yet)
    carried_s: float = 3.0       # a face card seen again this soon after it left was carried


@dataclass(frozen=True)
class TableCard:
    """A card (one side of it) in the stable picture of the table."""

    track: int               # the tracker's id for this physical piece (in first-seen order)
    card: CardRef
    marker: int
    zone: str | None
    position: Point          # table millimetres, where it settled
    angle_deg: float
    entry: Point | None      # where it came from (the module's "where a card came from")
    entry_zone: str | None   # the zone it came from (e.g. the seat)
    since: float             # the timestamp from which it lay there still (its settle
                             # time before it counted; a hand over it later changes nothing)


@dataclass(frozen=True)
class Appeared:
    card: CardRef
    zone: str | None
    position: Point
    marker: int
    track: int
    entry: Point | None      # where it came from: tells which side of the table
    entry_zone: str | None
    time: float
    since: float             # from when it lay there: ``time``, or earlier where it was
                             # seen again where it had lain (unread a while, not moved)


@dataclass(frozen=True)
class Left:
    card: CardRef
    zone: str | None
    marker: int
    track: int
    position: Point          # where it lay last
    time: float


@dataclass(frozen=True)
class Moved:
    card: CardRef
    from_zone: str | None
    to_zone: str | None
    position: Point          # where it settled
    marker: int
    track: int
    time: float
    entry: Point | None = None   # where it came from (lain a while in ``from_zone``: there)
    entry_zone: str | None = None


@dataclass(frozen=True)
class Flipped:
    """A card turned over where it lies: ``card``/``side`` is what shows now, ``was`` the
    side that showed before (a back shared by many cards names only the back)."""

    card: CardRef
    zone: str | None
    side: str
    position: Point
    marker: int
    track: int               # the new side's track (the old side's ended)
    was: CardRef
    was_track: int
    time: float


TableChange = Union[Appeared, Left, Moved, Flipped]


ZONE_WINDOW = 7  # frames: a resting card's zone is the one most seen among its last ones


class _Track:
    __slots__ = ("id", "card", "marker", "position", "angle", "last_seen", "entry",
                 "entry_zone", "recent", "anchor", "since", "frames", "stable", "sightings",
                 "rested", "gone")

    def __init__(self, track_id: int, p: Placement, t: float, known_way: bool = True):
        self.id = track_id
        self.card = p.card
        self.marker = p.marker
        self.entry = p.position_mm if known_way else None
        self.entry_zone = p.zone if known_way else None
        self.rested = t               # when it came to rest in its zone last
        self.gone: tuple[TableCard, float] | None = None   # its card's last stay, if it left lately
        self.stable: TableCard | None = None
        self.sightings = 0            # frames it was seen in, resting or not
        self._restart(p, t)
        self.last_seen = t

    def _restart(self, p: Placement, t: float) -> None:
        self.recent: deque[str | None] = deque(maxlen=ZONE_WINDOW)
        self.anchor = p.position_mm   # where it rests (if it does) since ``since``
        self.since = t
        self.frames = 0

    @property
    def zone(self) -> str | None:
        """The zone it was seen in most over the last frames at rest (ties: the latest),
        so a card lying on a zone's edge, or misread for a frame, keeps one zone."""
        counts = Counter(self.recent)
        best = max(counts.values())
        return next(z for z in reversed(self.recent) if counts[z] == best)

    def see(self, p: Placement, t: float, still_mm: float) -> None:
        if math.dist(p.position_mm, self.anchor) > still_mm:
            self._restart(p, t)
        if self.entry_zone is None and self.entry is not None:
            self.entry_zone = p.zone  # the first zone it was seen in
        self.recent.append(p.zone)
        self.frames += 1
        self.sightings += 1
        self.position = p.position_mm
        self.angle = p.angle_deg
        self.last_seen = t


class Tracker:
    """Feed ``update(placements, timestamp)`` once per frame; read ``table`` any time."""

    def __init__(self, settings: TrackerSettings = TrackerSettings()):
        self.settings = settings
        self._tracks: list[_Track] = []
        self._next_id = 1
        self._snapshot: dict[int, TableCard] = {}
        self._last_time = -math.inf
        self._changed = -math.inf     # when the stable table last changed
        self._gone: dict[int, tuple[TableCard, float]] = {}   # face marker: its card, when it left

    @property
    def table(self) -> tuple[TableCard, ...]:
        """The stable picture: every card that counts as there, in first-seen order."""
        return tuple(self._snapshot[k] for k in sorted(self._snapshot))

    @property
    def glimpsed(self) -> tuple[TableCard, ...]:
        """Cards seen lately that do not count as there yet (still moving, or covered
        before they settled), where last seen: a small token put down with a card may
        be read a frame later than the card, and still goes with it."""
        return tuple(_as_card(tr) for tr in self._tracks if tr.stable is None)

    @property
    def hidden(self) -> tuple[TableCard, ...]:
        """Cards of the stable picture not seen where they lay, but not yet gone: unseen
        for ``hidden_s`` (a hand over them, or not read a while) or seen away from there
        (picked up, on the move)."""
        t, s = self._last_time, self.settings
        return tuple(tr.stable for tr in self._tracks if tr.stable is not None and (
            t - tr.last_seen >= s.hidden_s - 1e-9
            or math.dist(tr.position, tr.stable.position) > s.still_mm))

    @property
    def still_since(self) -> float:
        """The time from which nothing on the table moved (-inf: nothing ever did)."""
        moved = [tr.since for tr in self._tracks if tr.sightings >= self.settings.settle_frames]
        return max(moved + [self._changed])

    def update(self, placements: Iterable[Placement], timestamp: float
               ) -> tuple[TableChange, ...]:
        """One frame: its placements and timestamp (seconds); the changes it brings.
        A timestamp before the previous frame's is a :class:`TrackerError` (a corrupt
        recording): the table stays as it was."""
        t = float(timestamp)
        if not math.isfinite(t) or t < self._last_time:
            raise TrackerError(said("tracker.time_back", time=t, last=self._last_time))
        self._last_time = t
        self._associate(sorted(placements, key=_placement_order), t)
        snapshot, flips, stays = self._stable_snapshot(t)
        changes = _difference(self._snapshot, snapshot, flips, stays, t)
        self._gone = {m: g for m, g in self._gone.items() if t - g[1] <= self.settings.carried_s}
        self._gone.update((c.marker, (self._snapshot[c.track], t)) for c in changes
                          if isinstance(c, Left) and c.card.side == "face")
        self._snapshot = snapshot
        if changes:
            self._changed = t
        return changes

    # --- tracks ------------------------------------------------------------------------

    def _associate(self, placements: Sequence[Placement], t: float) -> None:
        s = self.settings
        by_marker: dict[int, list[Placement]] = {}
        for p in placements:
            by_marker.setdefault(p.marker, []).append(p)
        tracks_of: dict[int, list[_Track]] = {}
        for tr in self._tracks:
            tracks_of.setdefault(tr.marker, []).append(tr)
        for marker, seen in by_marker.items():
            tracks = tracks_of.get(marker, [])
            shared = seen[0].card.side == "back"
            if len(tracks) == 1 and len(seen) == 1 and not shared:
                tracks[0].see(seen[0], t, s.still_mm)  # the common case: one card, seen
                continue
            reach = [s.match_mm if tr.stable is not None
                     else max(s.match_mm, min(s.moving_cap_mm, s.moving_mm_s * (t - tr.last_seen)))
                     for tr in tracks]
            pairs = sorted((math.dist(tr.position, p.position_mm), i, j)
                           for i, tr in enumerate(tracks) for j, p in enumerate(seen)
                           if not shared or math.dist(tr.position, p.position_mm) <= reach[i])
            used_tracks, used_seen = set(), set()
            for _, i, j in pairs:
                if i in used_tracks or j in used_seen:
                    continue
                used_tracks.add(i)
                used_seen.add(j)
                tracks[i].see(seen[j], t, s.still_mm)
            for j, p in enumerate(seen):
                if j not in used_seen:
                    twin = any(tr.stable is not None and math.dist(
                        tr.stable.position, p.position_mm) < s.same_spot_mm for tr in tracks)
                    track = _Track(self._next_id, p, t, known_way=not twin)
                    self._next_id += 1
                    track.gone = self._gone.pop(marker, None)
                    track.see(p, t, s.still_mm)
                    self._tracks.append(track)
        self._tracks = [tr for tr in self._tracks if t - tr.last_seen <= s.vanish_s]

    def _stable_snapshot(self, t: float) -> tuple[dict[int, TableCard], dict[int, TableCard],
                                                  dict[int, float]]:
        """The stable cards after this frame, the flips: {new track: old side's card}, and
        the stays seen again: {new track: since when its card lay there}."""
        s = self.settings
        settled_now, stays = [], {}
        for tr in self._tracks:
            if tr.last_seen != t:
                continue  # unseen this frame: it stays as it was
            if tr.frames >= s.settle_frames and t - tr.since >= s.settle_s - 1e-9:
                old = tr.stable
                if old is None or old.zone != tr.zone or \
                        math.dist(old.position, tr.anchor) > s.still_mm:
                    if old is None or old.zone != tr.zone:
                        if old is not None and t - tr.rested > s.paused_s:
                            tr.entry, tr.entry_zone = old.position, old.zone
                        tr.rested = t
                    if old is None and tr.gone is not None and tr.entry_zone == tr.zone:
                        # (first seen where it rests: carried unseen from its last stay)
                        tr.entry, tr.entry_zone, stay = _came_from(tr.gone, tr, s)
                        if stay is not None:
                            tr.since = stays[tr.id] = stay
                    tr.stable = _as_card(tr)
                    if old is None:
                        settled_now.append(tr)
        flips = {}
        for tr in settled_now:
            old = self._other_side_under(tr, t)
            if old is not None:
                self._tracks.remove(old)
                flips[tr.id] = old.stable
                tr.entry, tr.entry_zone = tr.stable.position, tr.stable.zone
                tr.stable = _as_card(tr)
        return {tr.id: tr.stable for tr in self._tracks if tr.stable is not None}, flips, stays

    def _other_side_under(self, new: _Track, t: float) -> _Track | None:
        """The unseen stable card showing another side where ``new`` just settled."""
        candidates = [tr for tr in self._tracks
                      if tr.stable is not None and tr is not new and tr.last_seen < t
                      and tr.card.side != new.card.side
                      and math.dist(tr.stable.position, new.stable.position)
                      <= self.settings.flip_mm]
        return min(candidates, key=lambda tr: math.dist(tr.stable.position,
                                                        new.stable.position), default=None)


def _came_from(gone: tuple[TableCard, float], tr: _Track, s: TrackerSettings
               ) -> tuple[Point | None, str | None, float | None]:
    """Where a face card seen again after it left came from: where it lay, if it lay
    there longer than ``paused_s``, else where it had come from; and since when it lies
    where it is, if that is where it lay (its zone, within ``still_mm``: it never moved,
    unread a while: the same stay, from where that came), else None."""
    card, left = gone
    if card.zone == tr.zone and math.dist(card.position, tr.anchor) <= s.still_mm:
        return card.entry, card.entry_zone, card.since
    if left - card.since > s.paused_s:
        return card.position, card.zone, None
    return card.entry, card.entry_zone, None


def _as_card(tr: _Track) -> TableCard:
    return TableCard(tr.id, tr.card, tr.marker, tr.zone, tr.position, tr.angle, tr.entry,
                     tr.entry_zone, tr.since)


def _difference(before: dict[int, TableCard], after: dict[int, TableCard],
                flips: dict[int, TableCard], stays: dict[int, float], t: float
                ) -> tuple[TableChange, ...]:
    flipped_away = {old.track for old in flips.values()}
    left: list[TableChange] = [Left(c.card, c.zone, c.marker, c.track, c.position, t)
                               for k, c in sorted(before.items())
                               if k not in after and k not in flipped_away]
    turned: list[TableChange] = []
    moved: list[TableChange] = []
    appeared: list[TableChange] = []
    for k, c in sorted(after.items()):
        old = before.get(k)
        if k in flips:
            turned.append(Flipped(c.card, c.zone, c.card.side, c.position, c.marker, c.track,
                                  flips[k].card, flips[k].track, t))
        elif old is None:
            appeared.append(Appeared(c.card, c.zone, c.position, c.marker, c.track, c.entry,
                                     c.entry_zone, t, stays.get(k, t)))
        elif old.zone != c.zone:
            moved.append(Moved(c.card, old.zone, c.zone, c.position, c.marker, c.track, t,
                               c.entry, c.entry_zone))
    return tuple(left + turned + moved + appeared)


def _placement_order(p: Placement) -> tuple:
    return (p.marker, round(p.position_mm[0], 3), round(p.position_mm[1], 3))
