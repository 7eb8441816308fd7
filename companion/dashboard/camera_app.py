"""The live pipeline on the dashboard (``companion play --camera``).

A Textual thread worker reads the frames and runs vision and the tracker
(``Pipeline.see``); each frame's table changes go to the app's thread, where the adapter
runs (``Pipeline.judge``) and every move it reads goes to the app's live table (taken,
journalled with the session's time, shown, heard by the audio), as a typed one does. The
pipeline hears every move the live table takes, so a correction typed by a person
re-syncs what the camera reads. The camera status and the camera panel show what the
tracker sees.
"""

from __future__ import annotations

import inspect
import time
from dataclasses import replace
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

from calibration.table_map import TableMap
from calibration.zones import RANK
from companion.adapters.base import seat_number
from companion.calibrated_table import calibration_gaps
from companion.dashboard.app import TableApp
from companion.dashboard.feed import (CameraStatus, PlanCard, PlanZone, SeenTable, SeenZone,
                                      TablePlan)
from companion.frame_annotation import annotate_cards
from companion.games import Move
from companion.live.pipeline import FrameStatus, Pipeline, PipelineError, Seen
from companion.said import Said, said, say
from vision.frames import FrameSource
from vision.types import Detection

SHOWN_WARNINGS = 2   # the latest warnings stay in the status bar
THUMBNAIL_WIDTH = 320
THUMBNAIL_EVERY_S = 0.5   # the panel and the status bar redraw at most this often


class CameraTableApp(TableApp):
    """The dashboard with a camera feeding it."""

    # Textual finds a relative CSS_PATH beside the module of the class that names it.
    CSS_PATH = Path(inspect.getfile(TableApp)).with_name(TableApp.CSS_PATH)

    def __init__(self, table, *, source: FrameSource, table_map: TableMap, **kwargs):
        super().__init__(table, **kwargs)
        self.source = source
        # (its frames keep a clock of their own: a move is stamped with the table's time)
        self.pipeline = Pipeline(self.live, table_map, frame_times=False)
        # (what the calibration lacks for this session stands first, with the first frame)
        header = table.session.header
        self._warnings: tuple[str, ...] = calibration_gaps(table_map.calibration, header.game,
                                                           header.names)
        self._stood: set[str] = set()   # every standing message shown so far
        self._zones = SeenTable(())   # made where the worker waits: it reads the tracker
        self._cards_seen = 0
        self._frame: np.ndarray | None = None   # the latest small annotated frame
        self._drawn = 0.0

    def on_mount(self) -> None:
        super().on_mount()
        # One core reads the frames in time (about 20 ms a frame at 720p); OpenCV's
        # thread pool would only add the CPU its threads spend waiting for work.
        cv2.setNumThreads(1)
        self.run_worker(self._watch, thread=True, exclusive=True, group="camera")

    # --- the worker thread ----------------------------------------------------------------

    def _watch(self) -> None:
        from textual.worker import get_current_worker

        worker = get_current_worker()
        try:
            for frame in self.source:
                if worker.is_cancelled:
                    return
                seen = self.pipeline.see(frame)
                self.call_from_thread(self._judge, seen, self._thumbnail(seen))
        except PipelineError as exc:
            self.call_from_thread(self.show_warning, exc.args[0])   # (a Said: translated)
            return
        finally:
            self.source.close()
        if not worker.is_cancelled:
            self.call_from_thread(self.frames_ended, tuple(self.source.problems))

    def _thumbnail(self, seen: Seen) -> np.ndarray | None:
        """The frame with the cards found outlined, small, a few times a second."""
        now = time.monotonic()
        if seen.detection is None or now - self._drawn < THUMBNAIL_EVERY_S:
            return None
        self._drawn = now
        return thumbnail(seen.frame.image, seen.detection)

    # --- the app's thread -------------------------------------------------------------------

    def _judge(self, seen: Seen, thumbnail: np.ndarray | None) -> None:
        status = self.pipeline.judge(seen)
        self._cards_seen = status.cards_seen
        if thumbnail is None and not (status.moves or status.warnings):
            # Redrawing the screen costs more than a frame: it follows the thumbnails.
            return
        if thumbnail is not None:
            self._frame = thumbnail
        self._zones = zone_map(self.pipeline, self.table.names, self._frame)
        self._show(status)

    def frames_ended(self, problems: tuple) -> None:
        """The source gave its last frame (``problems``: what went wrong on the way, vision
        Problems or companion.said sentences)."""
        self._show(self.pipeline.finish())   # (the table as it lay at the last frame)
        self.show_warning(" ".join(say(p, self.lang) for p in problems)
                          or said("live.frames_ended"))

    def enter_moves(self, moves: Sequence[Move]) -> bool:
        done = super().enter_moves(moves)
        if done:   # typed or heard: what the adapter made of it, shown
            self._show(self.pipeline.report())
        return done

    def _show(self, status: FrameStatus) -> None:
        adapter = self.pipeline.reader.adapter
        if status.warnings:
            self._warnings = (self._warnings + status.warnings)[-SHOWN_WARNINGS:]
        # What still stands first (until the table is fixed), then the latest passing
        # warnings, each once; a standing message gone from the table is gone here too.
        self._stood.update(adapter.standing)
        passing = tuple(w for w in self._warnings if w not in self._stood)
        said = tuple(dict.fromkeys(adapter.standing + passing + adapter.instructions))
        question = adapter.question.text if adapter.question is not None else ""
        if not (self.is_running and self.game_screen.is_mounted):
            return   # the first frames may come before the screen is up, the last as it closes
        self.show_camera(CameraStatus(round(status.fps, 1), self._cards_seen, said, question),
                         self._zones)


def thumbnail(image: np.ndarray, detection: Detection) -> np.ndarray:
    """The frame small, with the cards ``detection`` found outlined."""
    scale = THUMBNAIL_WIDTH / image.shape[1]
    small = cv2.resize(image, (THUMBNAIL_WIDTH, round(image.shape[0] * scale)),
                       interpolation=cv2.INTER_AREA)
    return annotate_cards(small, _scaled(detection, scale), [])


def zone_map(pipeline: Pipeline, names: tuple[str, ...],
             frame: np.ndarray | None = None) -> SeenTable:
    """The tracker's stable cards by zone, in zone order, the latest small frame, and the
    plan of the table, for the camera panel."""
    zones: dict[str, list[str]] = {}
    for card in pipeline.reader.tracker.table:
        zones.setdefault(zone_name(card.zone, names), []).append(
            card.card.label or card.card.key)
    return SeenTable(tuple(SeenZone(name, tuple(cards)) for name, cards in zones.items()),
                     frame, table_plan(pipeline, names))


def table_plan(pipeline: Pipeline, names: tuple[str, ...]) -> TablePlan:
    """The calibration's zones and the tracker's stable cards in table millimetres, each
    card (not the layout's own pieces) owned by the player whose seat or play zone it was first seen in (the hand
    brought it from there), else by the player whose zone it lies in."""
    table_map = pipeline.table_map
    zones = tuple(PlanZone(zone_name(z.name, names), zone_short(z.name, names),
                           tuple((float(x), float(y)) for x, y in z.polygon),
                           seat_owner(z.name, names), -RANK.get(z.kind, 0))
                  for z in table_map.zones)
    # The pieces the zones are laid out from (corners, seats, hierarchy, pungi, missions)
    # are the plan itself, not cards on it.
    layout_pieces = {marker for marker, shape in table_map.shapes.items() if shape.anchor}
    cards = tuple(PlanCard(c.card.label or c.card.key,
                           (float(c.position[0]), float(c.position[1])),
                           seat_owner(c.entry_zone, names) or seat_owner(c.zone, names))
                  for c in pipeline.reader.tracker.table if c.marker not in layout_pieces)
    width, depth = table_map.calibration.table_mm
    return TablePlan((float(width), float(depth)), zones, cards)


def seat_owner(zone: str | None, names: tuple[str, ...]) -> str | None:
    """The player of a ``seat:N`` or ``play:N`` zone, else None."""
    for kind in ("seat", "play"):
        seat = seat_number(zone, kind)
        if seat is not None and 1 <= seat <= len(names):
            return names[seat - 1]
    return None


def _scaled(detection: Detection, scale: float) -> Detection:
    """The detection with its corners in the pixels of a frame shrunk by ``scale``."""
    return replace(detection, sightings=tuple(
        replace(s, corners=tuple((x * scale, y * scale) for x, y in s.corners))
        for s in detection.sightings))


def zone_name(zone: str | None, names: tuple[str, ...]) -> Said:
    """"Ann's play" for ``play:1``, "step 8" for ``step:8``, "table" outside every zone
    (said in the table's language where shown)."""
    if zone is None:
        return said("zone.table")
    owner = seat_owner(zone, names)
    if owner is not None:
        return said("zone.of", player=owner, zone=zone.split(":")[0])
    return said("zone.at", zone=zone)


def zone_short(zone: str, names: tuple[str, ...]) -> str:
    """The zone's name where the full one does not fit: its player or its number (none
    for a layout card's own zone: the zone beside it has its number)."""
    if zone.startswith("hierarchy:") or zone == "pungi":
        return ""
    return seat_owner(zone, names) or zone.split(":")[-1]
