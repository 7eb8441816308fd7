"""The per-frame pipeline: frame -> detector -> table map -> the table read (tracker ->
adapter -> live table).

One :class:`Pipeline` serves the live camera (``companion record``, ``companion play
--camera``), the replay of a recording and the benchmark, so what is recorded is what
replays. Per frame it hands back a :class:`FrameStatus` for a dashboard or a progress
line. It keeps going on bad frames (a frame it cannot read, timestamps that go back: a
warning). Its moves go to the live table (companion.live_table), which journals each the
moment it is taken, so nothing that was journalled is lost whatever happens after.

Moves carry ``"t"``: the frame's timestamp (seconds of video time, rounded to the
millisecond), so a replay of the same frames writes the same bytes; on the dashboard,
whose frames keep a clock of their own, the live table's time.
"""

from __future__ import annotations

import math
import time
from collections import Counter, deque
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Iterator

import numpy as np

from calibration.homography import corner_positions
from calibration.table_map import TableMap
from companion.games import Move
from companion.live.reader import Judged, TableReader, Tracked
from companion.live_table import LiveTable
from companion.piece_catalog import marker_catalog, played_marker_mm
from companion.reconcile import CONFIRM_S
from companion.said import said
from companion.tracker import TrackerSettings
from vision.plane_look import PlaneReader
from vision.temporal import TemporalDetector
from vision.types import Detection, Frame

CORNER_MISMATCH_MM = 25.0   # corner markers this far from where the calibration puts them
FPS_WINDOW = 30             # frames over which the processing rate is measured


class PipelineError(Exception):
    """Frames the pipeline cannot work with at all (one line: what, and what to do)."""


@dataclass(frozen=True)
class FrameStatus:
    """What one frame did, for the dashboard's camera status and progress lines."""

    index: int
    timestamp: float                 # the frame's time, seconds
    fps: float                       # frames processed per second of clock time, lately
    cards_seen: int                  # cards (placements) found in this frame
    cards_on_table: int              # cards in the tracker's stable picture
    moves: tuple[Move, ...] = ()     # applied (and journalled) in this frame, in order
    outcomes: tuple[str, ...] = ()   # what the moves did, in words
    warnings: tuple[str, ...] = ()
    instructions: tuple[str, ...] = ()
    confirmations: tuple[str, ...] = ()
    question: str = ""               # asked of the table in this frame (companion.reconcile)


@dataclass(frozen=True)
class Seen:
    """What vision and the tracker made of one frame, before the rules hear of it."""

    frame: Frame
    cards_seen: int
    tracked: Tracked | None = None       # what the tracker made of it (None: skipped)
    warnings: tuple[str, ...] = ()
    detection: Detection | None = None   # what the detector found (None: frame skipped)


class Pipeline:
    """Feed frames to ``process`` (or a whole source to ``run``); the moves read go to the
    live table.

    ``process`` is ``judge(see(frame))``: ``see`` (vision, table map, tracker) touches no
    game, so a dashboard runs it in a worker thread and ``judge`` (adapter, rules,
    journal) where its live table lives. ``frame_times``: see
    companion.live.reader.TableReader."""

    def __init__(self, live: LiveTable, table_map: TableMap,
                 tracker_settings: TrackerSettings = TrackerSettings(),
                 clock: Callable[[], float] = time.perf_counter, frame_times: bool = True):
        self.live = live
        self.table_map = table_map
        header = live.table.session.header
        options = table_map.calibration.options
        if options.layout_places is None:
            # Pungi lays out a place per player of the session, whatever seats the
            # calibration found: a seat lost in glare still lays out its snakes
            table_map.lay_out(replace(options, layout_places=len(header.players)))
        # (the calibration's plane lets vision search far seats for markers too small
        # to have an outline: vision/plane_look.py; the map follows a moved camera; a
        # soft guess may name only this game's cards and the kit)
        self.detector = TemporalDetector(
            marker_catalog(), plane=PlaneReader(
                table_map, played_marker_mm(header.game, header.options)),
            guesses=marker_catalog(("kit", header.game)))
        self.reader = TableReader(live, tracker_settings, frame_times,
                                  table_map.calibration.seats)
        self.frames = 0
        self._clock = clock
        self._times: deque[float] = deque(maxlen=FPS_WINDOW)
        self._size_checked = False
        self._corners_checked = False
        self._said: set[str] = set()     # warnings about the input, said once each
        self._last_time = -math.inf

    # --- frames ------------------------------------------------------------------------

    def run(self, frames: Iterable[Frame]) -> Iterator[FrameStatus]:
        """Every frame's status, then what the table showed as the frames ended."""
        for frame in frames:
            yield self.process(frame)
        yield self.finish()

    def process(self, frame: Frame) -> FrameStatus:
        """One frame through every stage; never raises for what the frame holds."""
        return self.judge(self.see(frame))

    def see(self, frame: Frame) -> Seen:
        """Vision, table map and tracker on one frame (no game touched)."""
        self._times.append(self._clock())
        self.frames += 1
        image = frame.image
        if not isinstance(image, np.ndarray) or image.ndim not in (2, 3) or image.size == 0:
            return Seen(frame, 0, warnings=(said("live.no_picture", frame=frame.index),))
        self._check_size(image)
        if not math.isfinite(frame.timestamp) or frame.timestamp < self._last_time:
            return Seen(frame, 0, warnings=(said("live.time_back", frame=frame.index,
                                                 time=frame.timestamp, last=self._last_time),))
        self._last_time = frame.timestamp
        detection = self.detector.detect(frame)
        corners = self._check_corners(detection) if not self._corners_checked else ""
        placements = self.table_map.locate(detection)   # (it follows a moved camera)
        tracked = self.reader.track(placements, frame.timestamp)
        warnings = tuple(w for w in (corners,) if w) + self._input_warnings(detection,
                                                                            tracked)
        return Seen(frame, len(placements), tracked, warnings + tracked.warnings, detection)

    def judge(self, seen: Seen) -> FrameStatus:
        """The frame's table changes through the adapter and the rules."""
        judged = self.reader.judge(seen.tracked) if seen.tracked is not None else Judged()
        cards = len(seen.tracked.table) if seen.tracked is not None else \
            len(self.reader.tracker.table)
        return self._status(seen.frame.index, seen.frame.timestamp, seen.cards_seen, cards,
                            judged, seen.warnings)

    def finish(self) -> FrameStatus:
        """The frames ended (the recording, the video, the camera stopped): what the
        adapter makes of the table as it last lay (``Adapter.finish``)."""
        return self._said_since(self.reader.finish())

    def report(self) -> FrameStatus:
        """What the pipeline did since its last status: after a person's move (typed, an
        undo), the moves the adapter made of it and what it said."""
        return self._said_since(self.reader.report())

    def _said_since(self, judged: Judged) -> FrameStatus:
        """A status of no frame of its own: the latest frame's, with ``judged``."""
        # (the adapter's copy of the table: the tracker may be busy in another thread)
        return self._status(max(0, self.frames - 1), self.reader.time, 0,
                            len(self.reader.adapter.table), judged)

    @property
    def fps(self) -> float:
        if len(self._times) < 2 or self._times[-1] <= self._times[0]:
            return 0.0
        return (len(self._times) - 1) / (self._times[-1] - self._times[0])

    def _status(self, index: int, timestamp: float, seen: int, on_table: int,
                judged: Judged, warnings: tuple[str, ...] = ()) -> FrameStatus:
        return FrameStatus(index, timestamp, self.fps, seen, on_table, judged.moves,
                           judged.outcomes, warnings + judged.warnings, judged.instructions,
                           judged.confirmations, judged.question)

    # --- input that does not fit -----------------------------------------------------------

    def _check_size(self, image: np.ndarray) -> None:
        if self._size_checked:
            return
        self._size_checked = True
        size = (image.shape[1], image.shape[0])
        wanted = tuple(self.table_map.calibration.image_size)
        if size != wanted:
            raise PipelineError(said("live.frame_size", width=size[0], height=size[1],
                                     cal_width=wanted[0], cal_height=wanted[1]))

    def _input_warnings(self, detection: Detection, tracked: Tracked) -> tuple[str, ...]:
        """Markers of no deck; a face marker on two cards that have both lain still
        ``CONFIRM_S`` (one card's two stickers, or a card a hand holds tilted a moment,
        are no such thing)."""
        warnings = []
        if detection.unknown_markers:
            warnings.append(self._once(said("live.unknown_markers",
                                            count=detection.unknown_markers)))
        table = [c for c in tracked.table if c.since <= tracked.time - CONFIRM_S]
        faces = Counter(c.marker for c in table if c.card.side == "face")
        for marker, count in sorted(faces.items()):
            if count > 1:
                label = next(c.card.label for c in table if c.marker == marker)
                warnings.append(self._once(said("live.printed_twice", label=label or marker,
                                                marker=marker, count=count)))
        return tuple(w for w in warnings if w)

    def _check_corners(self, detection: Detection) -> str:
        """Once all four corner markers are seen: do they lie where the calibration says?"""
        shapes = self.table_map.shapes
        corners = {}
        for s in detection.sightings:
            role = shapes.get(s.marker)
            if role and role.anchor and role.anchor.startswith("corner:"):
                corners[int(role.anchor.split(":")[1])] = s
        if len(corners) < 4:
            return ""
        self._corners_checked = True
        cal = self.table_map.calibration
        expected = corner_positions(cal.table_mm)
        numbers = sorted(corners)
        poses = self.table_map.poses([corners[n] for n in numbers])
        off = max((math.dist(p.centre, expected[n]), n) for n, p in zip(numbers, poses))
        if off[0] <= CORNER_MISMATCH_MM:
            return ""
        return said("live.corner_off", corner=off[1], off=off[0])

    def _once(self, warning: str) -> str:
        if warning in self._said:
            return ""
        self._said.add(warning)
        return warning
