"""Everything the table hears, wired once: cues and speech for outcomes, a warning when a
turn runs over its time, and the microphone that turns speech during an Omertà into a
``spoke`` move.

The dashboard and the standalone timer both drive a ``TableAudio`` on their live table's
Omertà clock (companion.live_table: the table moves it, the audio reads it): they hand
it each move's outcomes (``observe``) and the clock now and then (``tick``), and receive
the moves it makes (``submit``) and what it has to say (``warn``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from companion.audio.announcer import Announcer, OmertaGuard
from companion.audio.listener import Listener, Microphone
from companion.audio.output import OutputSettings, SoundOutput
from companion.audio.speech import Speaker
from companion.audio.voice_detector import VadSettings, VadUnavailable, VoiceDetector
from companion.games.base import Outcome
from companion.i18n import t
from companion.omerta import OmertaTimer
from companion.said import said


@dataclass(frozen=True)
class AudioSettings:
    output: OutputSettings = OutputSettings()
    speak: str | None = None              # speak in this language (speech.VOICES), or not
    listen: bool = True
    input_device: str | int | None = None   # the microphone; None: the system's default
    vad: VadSettings = VadSettings()
    clips_dir: Path | None = None         # where the clip around each detection goes
    turn_seconds: float | None = None     # a clock per turn (the dashboard's table's)


class TableAudio:
    def __init__(self, settings: AudioSettings, *, timer: OmertaTimer,
                 submit: Callable[[dict], None], warn: Callable[[str], None],
                 now: Callable[[], float]):
        self.settings = settings
        self.warn = warn
        self.lang = settings.speak or "en"   # of its warnings, shown and spoken
        self.timer = timer
        self.output = SoundOutput(settings.output, warn)
        self.speaker = Speaker(self.output, settings.speak) if settings.speak else None
        self.announcer = Announcer(self.output, self.speaker)
        self.guard = OmertaGuard(self.timer, submit, warn, self.lang)
        self.microphone: Microphone | None = None
        self._now = now

    def start(self) -> bool:
        """Start listening (when the settings say so); False when it cannot."""
        if not self.settings.listen:
            return False
        try:
            detector = VoiceDetector(self.settings.vad)
        except VadUnavailable as exc:
            self.warn(said("warn.no_vad", reason=str(exc)))
            return False
        listener = Listener(detector, clips_dir=self.settings.clips_dir,
                            on_speech=self.guard.on_speech, on_warning=self.warn)
        self.output.on_play = detector.mask
        self.guard.listening_since = self._now()
        self.microphone = Microphone(listener, self.settings.input_device)
        return self.microphone.start()

    def observe(self, outcomes: tuple[Outcome, ...] | list[Outcome]) -> None:
        """One move's outcomes: the cues sound them."""
        self.announcer.announce(outcomes)

    def set_language(self, lang: str) -> None:
        """Warnings and speech in ``lang`` from now on (an i18n language)."""
        self.lang = self.guard.lang = lang
        if self.speaker is not None:
            self.speaker.set_language(lang)

    def tick(self) -> None:
        """Call now and then: a turn over its time gets a warning."""
        late = self.late()
        if late is not None:
            self.overdue(late)

    def late(self) -> str | None:
        """The player whose turn just ran over its time, once a turn (asked where the
        clock is moved: it notes that it said so)."""
        return self.timer.overtime(self._now())

    def overdue(self, player: str) -> None:
        """``player``'s turn ran over its time: said, and the warning cue."""
        self.warn(t(self.lang, "warn.overtime", player=player,
                    seconds=self.timer.turn_seconds))
        self.announcer.warn("say.time_up", player=player)

    def close(self) -> None:
        if self.microphone is not None:
            self.microphone.stop()
            self.microphone.listener.finish()
        self.output.wait(2.0)
        self.output.close()
