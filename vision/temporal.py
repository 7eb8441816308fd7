"""The temporal detector: a video's frames in, the same detections as
:class:`vision.detect.MarkerDetector` gives, faster.

It re-examines only what changed since it last looked (a frame difference on a small grey
copy), searches for known markers in crops around their last positions, and scans the
whole frame every few frames, whose result always replaces what it tracked. Small markers
(far seats) get a closer look where something settled or a small marker was lost
(vision.small: upscaled re-reads, soft decoding; vision.votes: ids confirmed over frames).
Its own module so that those helpers can build on vision.detect without a cycle.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, replace
from typing import Collection, Mapping

import cv2
import numpy as np

from vision.detect import (DetectorSettings, Found, _Decoder, _frame_parts, best_per_place,
                           build_detection, clarity, grey_noise, to_grey)
from vision.plane_look import PlaneReader
from vision.small import Look, SmallLookSettings, SmallMarkerReader
from vision.types import CardRef, Detection, Frame
from vision.votes import Votes


@dataclass(frozen=True)
class TemporalSettings:
    """When the temporal detector looks again, and where (measured on moving scenes).

    ``full_scan_every``: frames between whole-frame scans (new cards are found by the
    change map sooner; the full scan is the safety net and resets the change map).
    ``scale``: the change map is the grey frame shrunk by this factor.
    ``change_threshold``: grey levels a change-map pixel must move to count as changed
    (above sensor noise, which averaging over scale x scale pixels mostly removes).
    ``margin``: how far around a marker's last box to search, in marker sides (it may
    have moved); ``new_margin``: how far around a changed area to search for new
    markers, in sides of the largest marker tracked (at least ``new_margin_px``): a
    marker the change only touched reaches at most that far beyond it.
    ``max_changed``: above this share of changed pixels a full scan is cheaper, unless
    the change is mostly light (a hand's soft shadow over the table, the camera's
    exposure): the change map without the difference's smooth part (a Gaussian of
    ``light_sigma`` change-map pixels) keeps the hand and the cards it brought, and is
    searched like any other change (on the demo's recording five in six full scans
    were light changes).
    ``crop_windows``: the adaptive-threshold windows used in crops. One window costs
    15% less per frame than the full scan's two and found every marker the full
    detector found on the benchmark's moving-hand sequences (full scans keep both).
    ``look_frames``: a region where something changed and came to rest, or where a
    tracked marker was lost, is looked at closely (vision/small.py) in this many of its
    still frames; ``votes_needed``: a soft read there counts once seen at its place in
    this many of the last ``look_frames`` frames (vision/votes.py). 0 looks: none.
    Where sensor noise hides the cells, each look reads the mean of the region's still
    frames, and the looks wait until that mean holds 1, 2, 4, ... frames (the noise
    falls with their square root: a far seat's 18 px marker at hardest read in about
    half of the means of 4-8 frames, and in most of 12-16, never in one); the votes
    there count over the last ``look_frames`` frames with looks, and over the region's
    own last ``look_frames`` looks (counted only over all looks, a far card read in one
    tile's looks 4 s apart never had 2 votes; counted only per region, reads that two
    regions' looks made together were lost). ``mean_frames``: a mean holds at
    most this many of the last frames, the same ones for all of a region's pixels (each
    pixel's own still frames let a block a card was lifted off, its mean grey hardly
    changed, keep showing the marker: read as a card where the card had been).
    (Ending a region's looks at a clear still look that found nothing halved the demo's
    vision CPU, but the far-seat test read 5 of 8 cards instead of 6: the next frames'
    blur and compression differ.)
    ``look_tile_px``: noisy frames: a wider region is watched as overlapping tiles this
    large (by ``look_overlap_px``, a small marker's side: each lies whole in one tile),
    each with its own still frames. A hand's arm across the table changes one region
    from seat to hierarchy; waiting for all of it to be still at once, its means never
    held more than 6 frames, and far cards of 18 px, read by a mean of 2-8 frames, were
    never read.
    ``doubt_frames``, ``gone_look``, ``gone_frames``: noisy frames: a marker only a closer
    look read, which a change passed over, is reported where it was until a look reads it
    there again; gone once its place's mean over ``gone_frames`` still frames correlates
    with its mean over the ``doubt_frames`` before the change below ``gone_look`` (lifted
    away or slid on: at the hard tables a card still there correlated above 0.8 over 2
    frames, its place once it was gone below 0.2), or it is not read again over twice
    ``doubt_frames``.
    ``look_margin_px``: how far around a changed area a closer look reaches (a small
    marker the change did not touch would have been found by the crops: it was not new).
    ``max_watched``: regions waiting for a closer look at most (the oldest go first; on
    noisy 720p footage a moving hand leaves a dozen change regions a frame, and at 24 the
    region of a card that had just settled was pushed out before it was still; 128 since
    a region is watched as tiles).
    ``readable_px``: a region holding a tracked marker at least this wide is not looked
    at closely: markers lying there are seen that large too, and the crops read them
    (on the benchmark's 1080p moving-hand sequences looks doubled the CPU, finding
    nothing); ``readable_reach``: nor is one with such a marker within this many of its
    sides around it (a hand's trail beside the cards: on the demo's recording three in
    four of its looks, none of which found a card; on the hard fixtures four moves of 44
    were read up to 1.5 s later, by the crops).
    ``crisp``: where the table's plane says card markers are small, a closer look does
    not search the plane when the card markers the crops read beside the region all
    read at least this clearly (:func:`vision.detect.clarity`): they keep their
    outlines; ``card_size_ratio``: a marker at most this much wider than the plane's
    card marker there is a card's.
    """

    full_scan_every: int = 30
    scale: int = 8
    change_threshold: int = 10
    margin: float = 0.5
    new_margin: float = 1.3
    new_margin_px: int = 40
    max_changed: float = 0.3
    light_sigma: float = 4.0
    crop_windows: tuple[int, ...] = (7,)
    look_frames: int = 5
    mean_frames: int = 32
    votes_needed: int = 2
    look_margin_px: int = 12
    look_tile_px: tuple[int, int] = (192, 144)
    look_overlap_px: int = 40
    max_watched: int = 128
    doubt_frames: int = 8
    gone_look: float = 0.3
    gone_frames: int = 2
    readable_px: float = 26.0
    readable_reach: float = 3.0
    crisp: float = 0.94
    card_size_ratio: float = 1.25


@dataclass
class TemporalStats:
    frames: int = 0
    full_scans: int = 0
    crops: int = 0
    crop_pixels: int = 0
    kept: int = 0
    looks: int = 0           # closer looks at a region (vision/small.py)
    look_pixels: int = 0     # upscaled pixels they read
    looked_up: int = 0       # markers found by them (strict, or soft and voted)
    plane_looks: int = 0     # of those looks, also searched on the table's plane


class TemporalDetector:
    """Detection that uses time: looks again only where the image changed.

    Each frame: the grey image is shrunk ``scale`` times and compared with the copy
    last examined. Markers whose surroundings did not change are kept as they were;
    markers whose surroundings changed are searched for in a crop around their last
    box; changed areas away from any marker are searched for new ones. Every
    ``full_scan_every`` frames (or when much of the image changed, or its size did) the
    whole frame is scanned and that result replaces everything tracked.

    Markers too small for those passes are looked for closely (upscaled, soft decoding,
    votes over frames: vision/small.py) where something changed and came to rest, and
    where a tracked marker was lost (also by a full scan); once found they are tracked
    like the others. Given the table's plane (``plane``: the calibration's geometry, an
    input like the catalogue), a look where markers are too small to have an outline
    searches the plane for them too (vision/plane_look.py).
    """

    def __init__(self, catalog: Mapping[int, CardRef],
                 settings: DetectorSettings = DetectorSettings(),
                 temporal: TemporalSettings = TemporalSettings(),
                 looks: "SmallLookSettings | None" = None,
                 plane: PlaneReader | None = None,
                 guesses: Collection[int] | None = None):
        """``guesses``: the markers a soft read may name (default: the catalogue's); the
        rest are taken only from strict reads (a game's session: its own cards and the
        kit; another game's card on the table is read strictly, or not at all)."""
        self.catalog = catalog
        self.guesses = frozenset(catalog if guesses is None else guesses)
        self.plane = plane
        self.settings = settings
        self.temporal = temporal
        self.looks = looks or SmallLookSettings()
        self.stats = TemporalStats()
        self._crop_settings = replace(settings, threshold_windows=temporal.crop_windows)
        self._decoders_for: tuple[int, ...] | None = None
        # this frame's grey image and its sensor noise (vision.detect.grey_noise), measured
        # only when a read needs it: most frames of a still table read nothing
        self._grey: np.ndarray | None = None
        self._noise_level: float | None = None
        self._reader = None
        self.reset()

    def reset(self) -> None:

        self.last_found: list[Found] = []   # every marker decoded in the last frame
        self._tracked: list[Found] = []
        self._reference: np.ndarray | None = None   # the frame as last examined (small)
        self._since_full = 0
        self._watched: list[_Watched] = []
        # Noisy frames: how many frames each change-map block has been still, and the
        # last frames themselves, for the still mean a look reads.
        self._still_count: np.ndarray | None = None
        self._recent: deque[np.ndarray] = deque(maxlen=max(1, self.temporal.mean_frames))
        self._previous: np.ndarray | None = None   # the last frame's change-map copy
        self._looked_up: list[Found] = []   # tracked markers only closer looks found
        self._doubted: list[Found] = []     # of those, ones a change passed over since
        self._doubt_patch: dict[int, np.ndarray] = {}   # their place's mean, before it
        self._votes = self._new_votes()

    def detect(self, frame: Frame | np.ndarray) -> Detection:
        image, index, timestamp = _frame_parts(frame)
        self.last_found = self._step(to_grey(image))
        return build_detection(self.last_found, self.catalog, index, timestamp)

    # -- the steps ------------------------------------------------------------------

    def _step(self, grey: np.ndarray) -> list[Found]:
        t = self.temporal
        self.stats.frames += 1
        self._grey, self._noise_level = grey, None
        h, w = grey.shape
        small = cv2.resize(grey, (w // t.scale, h // t.scale), interpolation=cv2.INTER_AREA)
        self._keep_still(grey, small)
        reference = self._reference
        if (reference is None or reference.shape != small.shape
                or self._since_full + 1 >= t.full_scan_every):
            return self._full_scan(grey, small)
        changed = cv2.absdiff(small, reference) > t.change_threshold
        relit = changed.mean() > t.max_changed
        if relit:
            changed = self._light_removed(small, reference)
            if changed.mean() > t.max_changed:
                return self._full_scan(grey, small)
            # Every pixel still changed is searched below; the rest is the same table
            # in the new light: all of this frame is the reference from now on.
            reference[:] = small
        self._since_full += 1
        if not changed.any():
            self.stats.kept += len(self._tracked)
            self._look(grey, changed)
            return list(self._tracked)

        # Markers whose surroundings changed: look for them again, near where they were.
        kept, searched = [], []
        fresh = changed.copy()
        noisy = self._noisy()
        for f in self._tracked:
            box = _grow(f, t.margin * f.side_px + 2, w, h)
            sx0, sy0, sx1, sy1 = (v // t.scale for v in box)
            moved = int(changed[sy0:sy1 + 1, sx0:sx1 + 1].sum())
            if moved > 1 or (moved and not (noisy and f in self._looked_up)):
                searched.append(box)
                fresh[sy0:sy1 + 1, sx0:sx1 + 1] = False
            else:   # (a marker only a mean could read stays through one block's flicker)
                kept.append(f)
        # Other changed areas may hold a new marker (a card put down, a hand gone).
        # (Waiting until a moving area comes to rest saved 15% but found markers a
        # hand uncovered a frame late; measured on the benchmark's sequences.)
        to_look, flickers = [], []
        if fresh.any():
            largest = max((f.side_px for f in self._tracked), default=0.0)
            pad = int(max(t.new_margin_px, t.new_margin * largest))
            count, labels, boxes, _ = cv2.connectedComponentsWithStats(
                fresh.view(np.uint8), 8)
            for k, (x, y, bw, bh, area) in enumerate(boxes[1:count], start=1):
                changed_box = (x * t.scale, y * t.scale, (x + bw) * t.scale, (y + bh) * t.scale)
                searched.append(_pad(changed_box, pad, w, h))
                if area > 1:
                    to_look += self._look_tiles(_pad(changed_box, t.look_margin_px, w, h),
                                                labels == k, noisy)
                elif not noisy:   # (one block: the noise, a flicker)
                    flickers.append(_pad(changed_box, t.look_margin_px, w, h))
        found = self._search(grey, _merge(searched))
        # What was looked at is now the reference for the change map.
        for x0, y0, x1, y1 in searched:
            reference[y0 // t.scale:y1 // t.scale + 1, x0 // t.scale:x1 // t.scale + 1] = \
                small[y0 // t.scale:y1 // t.scale + 1, x0 // t.scale:x1 // t.scale + 1]
        self.stats.kept += len(kept)
        lost = [f for f in self._tracked if f not in kept and self._small(f)
                and not any(g.marker == f.marker for g in found)]
        # A marker only a mean of still frames read is not gone because a change passed
        # over it (a hand's shadow, an arm reaching past): the crops cannot read it in
        # one frame anyway. It stays until a look settles the doubt (_doubt_settled).
        doubted = [f for f in lost if noisy and f in self._looked_up]
        for f in doubted:
            if f not in self._doubted:
                self._doubted.append(f)
                self._doubt_patch[id(f)] = self._mean_before(_grow(f, 2, w, h))
        self._tracked = _without_overlaps(_moved_away(kept + doubted, found, self.catalog),
                                          found) + found
        self._drop_doubted(found)
        # Where something changed, and where a marker was lost, may hold a marker too
        # small for the crops: looked at closely once the change is over.
        # (Not where the light changed: a full scan would not look there either.)
        if not relit:
            self._watch(to_look)
            self._watch(flickers, flicker=True)
        self._watch([_grow(f, t.new_margin * f.side_px, w, h) for f in lost])
        self._look(grey, changed)
        return list(self._tracked)

    def _light_removed(self, small: np.ndarray, reference: np.ndarray) -> np.ndarray:
        """The change map without a change of light (a hand's soft shadow, the camera's
        exposure): what the difference's smooth part does not explain, without the
        specks the wood's grain leaves (an opening of 3 x 3 change-map pixels)."""
        t = self.temporal
        diff = small.astype(np.float32) - reference
        rest = np.abs(diff - cv2.GaussianBlur(diff, (0, 0), t.light_sigma)) > t.change_threshold
        return cv2.morphologyEx(rest.view(np.uint8), cv2.MORPH_OPEN, _SPECK).view(bool)

    def _full_scan(self, grey: np.ndarray, small: np.ndarray) -> list[Found]:
        self.stats.full_scans += 1
        self._since_full = 0
        old_reference, self._reference = self._reference, small.copy()
        before = self._tracked
        self._tracked = self._decoders()[0].find(grey, self._noise())
        h, w = grey.shape
        if self._noisy() and old_reference is not None and old_reference.shape == small.shape:
            # The whole frame cannot read what only a mean of still frames did: such a
            # marker stays where nothing changed since it was read.
            changed = cv2.absdiff(small, old_reference) > self.temporal.change_threshold
            still = self._still_looked_up(changed, w, h)
            self._tracked += [f for f in self._looked_up
                              if (f in still or f in self._doubted) and f in before
                              and not any(g.marker == f.marker for g in self._tracked)]
        self._watch([_grow(f, self.temporal.new_margin * f.side_px, w, h) for f in before
                     if self._small(f) and not any(g.marker == f.marker
                                                   for g in self._tracked)])
        self._look(grey, np.zeros_like(small, dtype=bool))
        return list(self._tracked)

    # -- closer looks (vision/small.py) ------------------------------------------------

    def _watch(self, boxes: list[Box], flicker: bool = False) -> None:
        """Regions to look at closely in their next ``look_frames`` still frames.
        ``flicker``: changes of one change-map block (a hand's last edge, compression):
        looked at, but not on the table's plane (on the hard Mafia fixture 3,061 such
        plane looks, half the replay's time, found one marker)."""
        t = self.temporal
        if t.look_frames <= 0 or not boxes:
            return
        for box in boxes:
            if self._noisy() and any(_inside(box, entry.box) for entry in self._watched):
                continue   # watched already (its still frames restart where it changed)
            self._watched = [entry for entry in self._watched if not _inside(entry.box, box)]
            self._watched.append(_Watched(box, t.look_frames, flicker, self.stats.frames,
                                          self._new_votes()))
        del self._watched[:-t.max_watched]

    def _new_votes(self) -> Votes:
        """Soft reads confirmed over ``look_frames`` frames (or, noisy, a region's looks)."""
        t = self.temporal
        return Votes(min(t.votes_needed, max(1, t.look_frames)), max(1, t.look_frames))

    def _look_tiles(self, box: Box, changed: np.ndarray, noisy: bool) -> list[Box]:
        """The region ``box`` around a change (``changed``: its change-map blocks) as
        watched: in noisy frames, the tiles of it that the change touched."""
        t = self.temporal
        if not noisy:
            return [box]
        reach = t.look_margin_px // t.scale + 1
        return [tile for tile in _tiles(box, t.look_tile_px, t.look_overlap_px)
                if changed[max(0, tile[1] // t.scale - reach):tile[3] // t.scale + reach,
                           max(0, tile[0] // t.scale - reach):tile[2] // t.scale + reach].any()]

    def _keep_still(self, grey: np.ndarray, small: np.ndarray) -> None:
        """Noisy frames: keep this frame for the still means, and count each change-map
        block's still frames, restarted where it changed since the last frame (or
        everywhere, for a new frame size)."""
        previous, self._previous = self._previous, small
        if not self._noisy() or self.temporal.look_frames <= 0:
            self._still_count = None
            self._recent.clear()
            return
        if self._still_count is None or previous is None or previous.shape != small.shape \
                or self._recent[-1].shape != grey.shape:
            self._still_count = np.zeros(small.shape, np.int32)
            self._recent.clear()
        else:
            self._still_count[cv2.absdiff(small, previous) > self.temporal.change_threshold] = 0
        self._recent.append(grey.copy())   # (the caller's frame buffer may be reused)
        self._still_count += 1

    def _still_frames(self, box: Box) -> int:
        """How many still frames the whole of ``box`` has been summed over."""
        scale = self.temporal.scale
        x0, y0, x1, y1 = (v // scale for v in box)
        cells = self._still_count[y0:y1 + 1, x0:x1 + 1]
        return int(cells.min()) if cells.size else 0

    def _still_looked_up(self, changed: np.ndarray, w: int, h: int) -> list[Found]:
        """The markers closer looks found whose surroundings did not change."""
        scale = self.temporal.scale
        out = []
        for f in self._looked_up:
            x0, y0, x1, y1 = (v // scale for v in _grow(f, 2, w, h))
            if not changed[y0:y1 + 1, x0:x1 + 1].any():
                out.append(f)
        return out

    def _look(self, grey: np.ndarray, changed: np.ndarray) -> None:
        """One closer look at each watched region that did not change this frame (within
        the pixel budget); strict reads join the tracked markers, soft ones once voted."""
        if self.temporal.look_frames <= 0:
            return
        scale = self.temporal.scale
        reader = self._small_reader()
        budget = self.looks.max_pixels
        strict: list[Found] = []
        soft: list[Found] = []
        voted: list[Found] = []
        looked = False
        noisy = self._noisy() and self._still_count is not None
        t = self.temporal
        gone: list[Found] = []   # doubted markers a long enough look no longer saw
        # The region that waited longest since its last look (or since it was watched)
        # goes first: a hand's arm leaves dozens of tiles behind it, and served in the
        # order they were watched a card that settled meanwhile waits seconds for its
        # first look; first looks first would starve the later, longer looks.
        for entry in sorted(self._watched, key=lambda e: e.served):
            box = entry.box
            x0, y0, x1, y1 = (v // scale for v in box)
            cost = reader.upscaled_pixels(box)
            if changed[y0:y1 + 1, x0:x1 + 1].any() or (cost > budget and looked):
                continue   # still moving, or no budget left this frame: later
            if not noisy and self._readable(entry):
                entry.looks_left = 0
                continue
            if noisy:
                frames = self._still_frames(box)
                if frames < entry.last_frames:   # it changed since the last look: anew
                    entry.looks_left, entry.wait_frames, entry.last_frames = \
                        self.temporal.look_frames, 1, 0
                if frames < entry.wait_frames:
                    continue   # its mean is not yet over enough still frames
                entry.wait_frames, entry.last_frames = 2 * frames, frames
            looked = True
            entry.served = self.stats.frames
            budget -= cost
            entry.looks_left -= 1
            look = self._read_still(reader, grey, entry)
            self.stats.looks += 1
            self.stats.look_pixels += cost
            strict += look.strict
            soft += look.soft
            if noisy:   # (a region's looks wait for its still frames: its own votes too)
                voted += entry.votes.add(look.soft)
            gone += self._doubt_settled(entry, look, noisy)
        self._watched = [entry for entry in self._watched if entry.looks_left > 0]
        # (noisy: the votes count over looks, which wait for their still frames)
        voted += self._votes.add(soft) if looked or not noisy else []
        fresh = best_per_place(strict + voted)
        self._drop_doubted(fresh, looked=True)
        new = [f for f in fresh if not self._tracked_at(f.centre)]
        self.stats.looked_up += len(new)
        # (a face marker read afresh elsewhere: its card moved there, as for the crops)
        self._tracked = _moved_away([f for f in self._tracked if f not in gone], new,
                                    self.catalog) + new
        self._looked_up = [f for f in self._looked_up if f in self._tracked] + new
        self._doubted = [f for f in self._doubted if f in self._tracked]
        self._doubt_patch = {id(f): self._doubt_patch[id(f)] for f in self._doubted}
        if self._grey is not None:   # (a doubt is settled by a look, however long it waits)
            h, w = self._grey.shape
            self._watch([_grow(f, t.new_margin * f.side_px, w, h) for f in self._doubted])

    def _drop_doubted(self, found: list[Found], looked: bool = False) -> None:
        """Doubted markers read afresh anywhere but where they were (the card moved: its
        other copy, if that was read, stands for it; a doubted copy near it said a card
        lay twice, a hierarchy's steps lie closer than a card's two copies), or where
        another marker is read now at their place (the card turned over, or another put
        there: a back kept where its card showed its face would hide the face).
        ``looked``: ``found`` are closer looks' reads, which replace any marker only a
        look read at their place (as sure as they are, and newer)."""
        replaceable = self._looked_up if looked else self._doubted
        gone = [d for d in replaceable if any(
            g.marker != d.marker and np.linalg.norm(g.centre - d.centre) <= d.side_px / 2
            for g in found)] + [d for d in self._doubted if any(
                g.marker == d.marker and np.linalg.norm(g.centre - d.centre) > d.side_px / 2
                for g in found)]
        if gone:
            self._tracked = [f for f in self._tracked if f not in gone]
            self._doubted = [f for f in self._doubted if f not in gone]

    def _doubt_settled(self, entry: _Watched, look: Look, noisy: bool) -> list[Found]:
        """The doubted markers wholly in ``entry``'s region: seen by its look, no longer in
        doubt; their place's still mean (over ``gone_frames`` at least) unlike the mean
        before the change (``gone_look``: a card lifted away leaves cloth), or not read
        again over twice ``doubt_frames``, gone (returned). (Alike is no proof that it
        lies there still: at 18 px a card turned over correlated with its back above
        0.6, and its face was never read.)"""
        t = self.temporal
        gone = []
        h, w = self._grey.shape
        # Only a look that holds the whole marker can read it: a tile whose edge halves
        # a marker says nothing about whether it is still there.
        for f, box in [(d, b) for d in self._doubted
                       if _inside(b := _grow(d, 2, w, h), entry.box)]:
            if any(g.marker == f.marker and np.linalg.norm(g.centre - f.centre) <= f.side_px
                   for g in look.strict + look.soft):
                self._doubted.remove(f)
                continue
            # (clean frames: the look alone decides)
            frames = self._still_frames(box) if noisy else 2 * t.doubt_frames
            if frames >= 2 * t.doubt_frames or frames >= t.gone_frames and _alike(
                    self._doubt_patch[id(f)],
                    self._still_mean(box).astype(np.float32)) < t.gone_look:
                self._doubted.remove(f)
                gone.append(f)
        return gone

    def _mean_before(self, box: Box) -> np.ndarray:
        """The mean of ``box`` over the ``doubt_frames`` frames before this one (a change
        just came): how the place looked while the marker was read there."""
        x0, y0, x1, y1 = box
        recent = list(self._recent)
        before = recent[max(0, len(recent) - 1 - self.temporal.doubt_frames):-1] or recent
        return np.mean([g[y0:y1, x0:x1] for g in before], axis=0, dtype=np.float32)

    def _read_still(self, reader: SmallMarkerReader, grey: np.ndarray, entry: _Watched):
        """A closer look at a still region; where sensor noise hides the cells
        (vision.detect.grey_noise), at the mean of its still frames: the noise falls with
        their square root, the marker stays. The same pixels as the last look's read the
        same: its answer again (on the demo's recording half the looks, at the cost of a
        comparison)."""
        x0, y0, x1, y1 = entry.box
        region = grey[y0:y1, x0:x1] if not self._noisy() or self._still_count is None \
            else self._still_mean(entry.box)
        last = entry.last
        if last is not None and np.array_equal(last[0], region):
            return last[1]
        look = reader.read(region, (0, 0, x1 - x0, y1 - y0))
        soft = look.soft
        if self._plane_look(entry):
            self.stats.plane_looks += 1
            # (a doubted marker's place is read again: the card may have turned over)
            known = [f.centre + (x0, y0) for f in look.strict + look.soft] + [
                f.centre for f in self._tracked
                if _around(f.centre, entry.box, 0.0) and f not in self._doubted]
            soft = tuple(best_per_place(soft + self.plane.read(region, (x0, y0), known)))
        # A guess at a code on no card of the game is noise read as a code, never a
        # foreign marker (aruco reads those strictly): voted and tracked, it would hide
        # the card beneath it.
        look = Look(tuple(f.shifted(x0, y0) for f in look.strict),
                    tuple(f.shifted(x0, y0) for f in soft if f.marker in self.guesses))
        entry.last = (region.copy(), look)
        return look

    def _still_mean(self, box: Box) -> np.ndarray:
        """Each pixel of ``box`` as its mean over the region's still frames: the same
        frames for all its pixels (``mean_frames`` at most)."""
        x0, y0, x1, y1 = box
        frames = max(1, min(self._still_frames(box), len(self._recent)))
        total = np.zeros((y1 - y0, x1 - x0), np.float32)
        for grey in list(self._recent)[-frames:]:
            total += grey[y0:y1, x0:x1]
        return np.rint(total / frames).clip(0, 255).astype(np.uint8)

    def _tracked_at(self, centre: np.ndarray) -> bool:
        """Does a tracked marker lie at ``centre`` (within half its side)?"""
        return any(np.linalg.norm(centre - g.centre) <= g.side_px / 2 for g in self._tracked)

    def _noisy(self) -> bool:
        """Does sensor noise hide small cells in this frame? Then no region is readable
        by the size of a marker in it alone: a closer look, at the mean of its still
        frames, reads what single frames cannot."""
        return self._noise() > self.settings.noisy_grey

    def _noise(self) -> float:
        if self._noise_level is None:
            self._noise_level = grey_noise(self._grey)
        return self._noise_level

    def _readable(self, entry: _Watched) -> bool:
        """Does a tracked marker in or beside a watched region show that markers there
        are large? Not where the table's plane says a played card's marker would be
        small: a kit marker (a seat's, printed larger) beside a far play zone says
        nothing of it."""
        if self._small_markers(entry):
            return False
        return any(f.side_px >= self.temporal.readable_px for f in self._near(entry))

    def _near(self, entry: _Watched) -> list[Found]:
        """The tracked markers in or beside a watched region."""
        reach = self.temporal.readable_reach
        return [f for f in self._tracked if _around(f.centre, entry.box, reach * f.side_px)]

    def _outlined(self, entry: _Watched) -> bool:
        """Do small card markers keep their outlines here, so that the closer look reads
        them without the table's plane? When the card markers of that size the crops
        read in or beside the region all read crisply (:func:`vision.detect.clarity`):
        on the demo's recording its 24 px markers read at 0.96-0.98, and the plane's
        looks there, finding nothing, were a third of its vision CPU; on the hard
        fixtures, blurred and compressed, 0.89, and the plane found cards."""
        cards = [f for f in self._near(entry) if f not in self._looked_up
                 and f.side_px <= self.temporal.card_size_ratio * self._marker_px(entry)]
        return bool(cards) and all(clarity(f) >= self.temporal.crisp for f in cards)

    def _small_markers(self, entry: _Watched) -> bool:
        """Does the table's plane show a played card's marker too small for an outline
        in this region?"""
        return self.plane is not None and self.plane.worth_it(self._marker_px(entry))

    def _marker_px(self, entry: _Watched) -> float:
        """How wide the table's plane shows a played card's marker in this region (worked
        out once per region, when first needed: a lens projection, and most regions are
        never looked at)."""
        if entry.marker_px is None:
            entry.marker_px = math.inf if self.plane is None else self.plane.side_px(entry.box)
        return entry.marker_px

    def _plane_look(self, entry: _Watched) -> bool:
        """Is this look at the region also a search of the table's plane? Where markers
        are too small for an outline, but not at a one-block flicker, and on footage
        too clean for still means only in the region's first looks: enough for the
        votes, since its pixels hardly change (the later ones cost a tenth of the hard
        fixtures' replay and were never needed)."""
        t = self.temporal
        return not entry.flicker and self._small_markers(entry) and (
            self._noisy() or entry.looks_left >= t.look_frames - t.votes_needed - 1) \
            and not self._outlined(entry)

    def _small(self, f: Found) -> bool:
        """Small enough to need a closer look when lost (larger ones the crops find)."""
        return f.side_px <= self.looks.max_side_px

    def _small_reader(self):

        if self._reader is None:
            self._reader = SmallMarkerReader(self.looks, sorted(self.catalog))
        return self._reader

    def _search(self, grey: np.ndarray, boxes: list[tuple[int, int, int, int]]) -> list[Found]:
        decoder = self._decoders()[1]
        found = []
        for x0, y0, x1, y1 in boxes:
            self.stats.crops += 1
            self.stats.crop_pixels += int(x1 - x0) * int(y1 - y0)   # (numpy ints overflow)
            found.extend(f.shifted(x0, y0)
                         for f in decoder.find(grey[y0:y1, x0:x1], self._noise()))
        return found

    def _decoders(self) -> tuple[_Decoder, _Decoder]:
        """Decoders (whole frame, crops) that try the tracked markers' codes first, then
        the catalogue's: rebuilt when the set of tracked markers changes."""
        tracked = tuple(sorted({f.marker for f in self._tracked}))
        if tracked != self._decoders_for:
            first = list(tracked) + sorted(self.catalog)
            self._decoder_pair = (_Decoder(self.settings, first),
                                  _Decoder(self._crop_settings, first))
            self._decoders_for = tracked
        return self._decoder_pair


Box = tuple[int, int, int, int]
_SPECK = np.ones((3, 3), np.uint8)


@dataclass(eq=False)
class _Watched:
    """A region waiting for closer looks, and what they have seen of it so far."""

    box: Box
    looks_left: int
    flicker: bool         # a change of one change-map block (not searched on the plane)
    served: int           # the frame of its last look (or when it was watched)
    votes: Votes          # noisy: its looks' soft reads, confirmed over its own looks
    marker_px: float | None = None   # a card marker's width there (None: not worked out)
    wait_frames: int = 1  # noisy: the still frames the next look's mean waits for
    last_frames: int = 0  # the still frames the last look read (fewer now: it changed)
    last: tuple | None = None   # the pixels the last look read, with what it found


def _around(point: np.ndarray, box: Box, reach: float) -> bool:
    """Is ``point`` inside ``box`` or within ``reach`` pixels of it?"""
    x0, y0, x1, y1 = box
    return x0 - reach <= point[0] <= x1 + reach and y0 - reach <= point[1] <= y1 + reach


def _grow(f: Found, margin: float, w: int, h: int) -> Box:
    x0, y0 = f.low
    x1, y1 = f.high
    return _pad((int(x0), int(y0), int(np.ceil(x1)), int(np.ceil(y1))), int(margin), w, h)


def _pad(box: Box, margin: int, w: int, h: int) -> Box:
    x0, y0, x1, y1 = box
    return max(0, x0 - margin), max(0, y0 - margin), min(w, x1 + margin), min(h, y1 + margin)


def _alike(a: np.ndarray, b: np.ndarray) -> float:
    """The correlation of two patches' grey levels (1: the same pattern in any light)."""
    if a.shape != b.shape or a.size < 4:
        return 0.0
    a, b = a - a.mean(), b - b.mean()
    norm = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum()) / norm if norm > 1e-6 else 0.0


def _tiles(box: Box, size: tuple[int, int], overlap: int) -> list[Box]:
    """``box`` as evenly spaced tiles at most ``size`` large, overlapping by ``overlap``
    (``box`` itself when it is no larger)."""
    x0, y0, x1, y1 = box
    xs = _spans(x0, x1, size[0], overlap)
    ys = _spans(y0, y1, size[1], overlap)
    return [(a, b, c, d) for b, d in ys for a, c in xs]


def _spans(start: int, end: int, size: int, overlap: int) -> list[tuple[int, int]]:
    """[start, end) as the fewest spans at most ``size`` long, overlapping by ``overlap``."""
    if end - start <= size:
        return [(start, end)]
    count = math.ceil((end - start - overlap) / (size - overlap))
    step = (end - start - size) / (count - 1)
    return [(start + round(i * step), start + round(i * step) + size) for i in range(count)]


def _merge(boxes: list[Box]) -> list[Box]:
    """Overlapping boxes joined, so no marker is searched for (and found) twice."""
    merged = list(boxes)
    changed = True
    while changed:
        changed = False
        out: list[Box] = []
        for box in merged:
            for i, other in enumerate(out):
                if box[0] < other[2] and other[0] < box[2] and box[1] < other[3] \
                        and other[1] < box[3]:
                    out[i] = (min(box[0], other[0]), min(box[1], other[1]),
                              max(box[2], other[2]), max(box[3], other[3]))
                    changed = True
                    break
            else:
                out.append(box)
        merged = out
    return merged


def _inside(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] \
        and inner[3] <= outer[3]


CARD_SPAN_SIDES = 4.0   # a card's two copies of its face marker lie this many sides apart at most


def _moved_away(kept: list[Found], found: list[Found],
                catalog: Mapping[int, CardRef]) -> list[Found]:
    """The kept markers but those found afresh a little off where they lay, or (a face
    marker, on one card alone) found afresh elsewhere: that sticker, or the card, has moved
    (a hand slid it under the change map's notice; a copy kept at its old place said the
    card lay in two places at once). Two copies of one marker never overlap: one card's
    two stickers lie a card's span apart."""
    fresh: dict[int, list[np.ndarray]] = {}
    for f in found:
        fresh.setdefault(f.marker, []).append(f.centre)
    kept_now = []
    for k in kept:
        apart = [float(np.linalg.norm(k.centre - c)) for c in fresh.get(k.marker, ())]
        ref = catalog.get(k.marker)
        if apart and (min(apart) <= k.side_px or ref is not None and ref.side == "face"
                      and min(apart) > CARD_SPAN_SIDES * k.side_px):
            continue
        kept_now.append(k)
    return kept_now


def _without_overlaps(kept: list[Found], found: list[Found]) -> list[Found]:
    """The kept markers that no freshly found marker lies on (fresh sightings win)."""
    if not found or not kept:
        return kept
    fresh = np.array([f.centre for f in found])
    old = np.array([k.centre for k in kept])
    nearest = np.linalg.norm(old[:, None] - fresh[None], axis=2).min(axis=1)
    return [k for k, d in zip(kept, nearest) if d > k.side_px / 2]
