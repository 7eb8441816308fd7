"""The latest page state and the pages waiting for it, on the web server's event loop.

Only the loop's thread touches a Hub (the game's thread hands states over with
``loop.call_soon_threadsafe``). Each state holds the whole history, so a page that falls
behind loses nothing by skipping to the latest: a slow page is sent the newest state
when it is ready again, never a queue of stale ones.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import AsyncIterator, Mapping

KEEPALIVE_S = 15.0   # a comment line now and then, so proxies and phones keep the stream


@dataclass(frozen=True)
class Snapshot:
    """The table at one moment: its page state in every language, JSON-encoded."""

    version: int                 # counts the states published, from 1
    table_lang: str              # the language the dashboard shows now
    texts: Mapping[str, str]     # lang -> the state as JSON

    def text(self, lang: str | None) -> str:
        """The state in ``lang``, or in the table's language when None."""
        return self.texts[lang or self.table_lang]


def encode(states: Mapping[str, dict]) -> dict[str, str]:
    return {lang: json.dumps(state, ensure_ascii=False, separators=(",", ":"))
            for lang, state in states.items()}


class Hub:
    def __init__(self) -> None:
        self.latest: Snapshot | None = None
        self.closed = False
        self._waiting: set[asyncio.Event] = set()

    def put(self, version: int, table_lang: str, states: Mapping[str, dict]) -> None:
        """A new state (encoded here, off the game's thread); wakes every page."""
        if self.latest is not None and version <= self.latest.version:
            return
        self.latest = Snapshot(version, table_lang, encode(states))
        self._wake()

    def close(self) -> None:
        """Ends every stream (the server is stopping)."""
        self.closed = True
        self._wake()

    def _wake(self) -> None:
        for event in self._waiting:
            event.set()

    async def stream(self, lang: str | None) -> AsyncIterator[str]:
        """Server-sent events for one page: the current state at once, then each newer
        one as it comes (the newest only, when the page was too slow for some)."""
        event = asyncio.Event()
        self._waiting.add(event)
        sent = 0
        try:
            yield "retry: 1000\n\n"
            while not self.closed:
                event.clear()
                latest = self.latest
                if latest is not None and latest.version != sent:
                    sent = latest.version
                    yield f"id: {sent}\ndata: {latest.text(lang)}\n\n"
                    continue
                try:
                    await asyncio.wait_for(event.wait(), KEEPALIVE_S)
                except asyncio.TimeoutError:
                    yield ": keepalive\n\n"
        finally:
            self._waiting.discard(event)
