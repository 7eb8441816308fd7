"""The table's sound for the dashboard: companion.audio's TableAudio fed from one worker.

TableAudio plays each move's cues, warns when a turn runs over its time on the live
table's Omertà clock and, where it listens, turns speech during an Omertà into a
``spoke`` move. Every call into it runs on one Textual thread worker, in the order the
moves happened, so the screen never waits on the sound device or the microphone; only
the question whether a turn ran over its time is asked on the app's thread, where the
live table moves the clock. What it sends back (a move heard, a warning) comes from
other threads and reaches the app through ``call_from_thread``. With no sound device the
audio stage goes quiet by itself.
"""

from __future__ import annotations

import queue
from typing import Callable

from textual.app import App
from textual.worker import get_current_worker

from companion.audio.table_audio import AudioSettings, TableAudio
from companion.games import Move, Outcome
from companion.omerta import OmertaTimer

TICK_S = 1.0   # how often the Omertà timer is asked whether a turn ran over its time
POLL_S = 0.2   # how soon the worker notices that the app is closing


class TableSound:
    def __init__(self, app: App, settings: AudioSettings, *, timer: OmertaTimer,
                 now: Callable[[], float], heard: Callable[[Move], object],
                 warn: Callable[[str], object]):
        """``timer``/``now``: the live table's Omertà clock and session clock;
        ``heard``/``warn``: app methods, called on its thread, for a move the microphone
        made and for a warning to show."""
        self.app = app
        self.jobs: queue.Queue[Callable[[], object]] = queue.Queue()
        self.audio = TableAudio(settings, timer=timer, now=now,
                                submit=lambda move: app.call_from_thread(heard, move),
                                warn=lambda message: app.call_from_thread(warn, message))

    def start(self) -> None:
        self.app.run_worker(self._run, thread=True, group="sound", exit_on_error=False)
        self.app.set_interval(TICK_S, self._tick)

    def observe(self, outcomes: tuple[Outcome, ...]) -> None:
        self.jobs.put(lambda: self.audio.observe(outcomes))

    def _tick(self) -> None:
        late = self.audio.late()
        if late is not None:
            self.jobs.put(lambda: self.audio.overdue(late))

    def set_language(self, lang: str) -> None:
        """Warnings and speech in the table's language (the app's, switched with it)."""
        self.jobs.put(lambda: self.audio.set_language(lang))

    def _run(self) -> None:
        worker = get_current_worker()
        self.audio.start()
        while not worker.is_cancelled:
            try:
                job = self.jobs.get(timeout=POLL_S)
            except queue.Empty:
                continue
            job()
        self.audio.close()
