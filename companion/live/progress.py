"""A one-line progress bar on stderr for long recordings, with messages printed above it.

The bar is drawn only on a terminal (a log file or a pipe gets the messages alone) and
at most a few times a second, so it never slows the pipeline down.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30
EVERY_S = 0.2
LONG = 100   # frames: a shorter recording needs no bar


class Progress:
    def __init__(self, what: str, total: int | None, stream: TextIO | None = None):
        self.what = what
        self.total = total
        self.stream = stream = stream or sys.stderr
        self.bar = stream.isatty() and (total is None or total >= LONG)
        self._shown = False
        self._last = 0.0

    def update(self, done: int, extra: str = "") -> None:
        now = time.monotonic()
        if not self.bar or now - self._last < EVERY_S:
            return
        self._last = now
        if self.total:
            filled = int(WIDTH * min(done, self.total) / self.total)
            line = (f"{self.what} [{'#' * filled}{'.' * (WIDTH - filled)}] "
                    f"{done}/{self.total} frames")
        else:
            line = f"{self.what}: {done} frames"
        print(f"\r\033[K{line}{'  ' + extra if extra else ''}", end="", file=self.stream,
              flush=True)
        self._shown = True

    def say(self, message: str) -> None:
        """A warning or note: on its own line, above the bar."""
        self._clear()
        print(f"companion: {message}", file=self.stream, flush=True)

    def done(self) -> None:
        self._clear()

    def _clear(self) -> None:
        if self._shown:
            print("\r\033[K", end="", file=self.stream, flush=True)
            self._shown = False
            self._last = 0.0
