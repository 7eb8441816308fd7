"""Sound for the dashboard: each move's outcomes as cues through companion.audio.

The returned function runs in a Textual thread worker (it may wait on the device); with
no sound device the audio stage goes quiet by itself and the game goes on.
"""

from __future__ import annotations

from typing import Callable

from companion.games import Outcome


def announcer() -> Callable[[tuple[Outcome, ...], str], None]:
    from companion.audio.announcer import Announcer
    from companion.audio.output import SoundOutput

    cues = Announcer(SoundOutput())

    def play(outcomes: tuple[Outcome, ...], lang: str) -> None:
        cues.announce(outcomes)
    return play
