"""Playing sounds: one long-lived output stream whose callback mixes every sound due.

``sd.play`` would stop the sound before it; here each sound is added to the ``Mixer``
and the stream's callback sums whatever is playing, so cues overlap without cutting each
other off. The stream runs only while something plays (it stops itself when the mixer
runs dry and is started again by the next sound): an idle stream would only feed
silence, and a device with no clock would fill its file with it.

Failures (no PortAudio, no output device, a device that vanishes) become one warning;
the game goes on silently.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from companion.audio.cues import CUES, synthesize
from companion.audio.devices import failure_reason
from companion.said import said

RATE = 48000
BLOCK = 480       # 10 ms: a cue starts within one block plus the device's latency
ECHO_S = 0.3      # the room still rings this long after a sound ends


@dataclass(frozen=True)
class OutputSettings:
    volume: float = 0.8      # 0..1
    muted: bool = False
    device: str | int | None = None   # None: the system's default output


class Mixer:
    """Sounds in progress; ``mix(frames)`` returns the next block of their sum.

    ``drained`` is set, under the same lock as ``add``, when a block found nothing left
    to play: the stream stops itself then, and ``add`` reports that it must restart.
    """

    def __init__(self):
        self._playing: list[list] = []   # [samples, position]
        self._lock = threading.Lock()
        self.drained = True

    def add(self, *sounds: tuple[np.ndarray, int]) -> bool:
        """Queue sounds, each ``(samples, delay in frames)``, at once (so their delays
        hold exactly); True when the stream had stopped and must be started again."""
        with self._lock:
            self._playing.extend([samples, -delay] for samples, delay in sounds)
            restart, self.drained = self.drained, False
            return restart

    @property
    def idle(self) -> bool:
        with self._lock:
            return not self._playing

    def mix(self, frames: int, volume: float = 1.0) -> np.ndarray:
        out = np.zeros(frames, np.float32)
        with self._lock:
            for sound in self._playing:
                samples, position = sound   # a negative position: frames still to wait
                skip = min(frames, max(0, -position))
                piece = samples[max(0, position):max(0, position + frames)]
                out[skip:skip + len(piece)] += piece
                sound[1] = position + frames
            self._playing = [s for s in self._playing if s[1] < len(s[0])]
            self.drained = not self._playing
        # A soft limiter instead of clipping: many overlapping cues stay clean.
        return np.tanh(out * volume).astype(np.float32)


class SoundOutput:
    """The app's speaker: ``play(cue names)`` or ``play_samples(sounds)``; never raises."""

    def __init__(self, settings: OutputSettings = OutputSettings(),
                 on_warning: Callable[[str], None] = lambda m: None,
                 on_play: Callable[[float], None] = lambda seconds: None):
        self.settings = settings
        self.on_warning = on_warning
        self.on_play = on_play   # told each sound's length: the microphone masks it
        self.mixer = Mixer()
        self._stream = None
        self._broken = False
        self._lock = threading.Lock()
        self._cache: dict[str, np.ndarray] = {}

    def play(self, *cue_names: str, stagger_s: float = 0.12) -> float:
        """Play cues, each ``stagger_s`` after the one before (the cues of one move
        overlap but stay recognisable); returns the seconds until they have all ended."""
        for name in cue_names:
            if name not in self._cache:
                self._cache[name] = synthesize(CUES[name], RATE)
        step = int(stagger_s * RATE)
        return self.play_samples(*((self._cache[name], i * step)
                                   for i, name in enumerate(cue_names)))

    def play_samples(self, *sounds: tuple[np.ndarray, int]) -> float:
        """``(float32 mono at 48 kHz, delay in frames)`` pairs, mixed with whatever is
        playing; returns the seconds until they have all ended."""
        seconds = max(len(samples) + delay for samples, delay in sounds) / RATE
        if self.settings.muted or self._broken:
            return seconds
        self.on_play(seconds + ECHO_S)
        self._ensure_running(restart=self.mixer.add(*sounds))
        return seconds

    def wait(self, timeout: float = 10.0) -> bool:
        """Until everything queued has been handed to the device; False if the device
        stopped taking sound (or broke) before that."""
        deadline = time.monotonic() + timeout
        while not self.mixer.idle and not self._broken and time.monotonic() < deadline:
            time.sleep(0.005)
        return self.mixer.idle and not self._broken

    def close(self) -> None:
        with self._lock:
            if self._stream is not None:
                try:
                    self._stream.close()
                except Exception:  # closing a vanished device is best effort
                    pass
                self._stream = None

    def _ensure_running(self, restart: bool) -> None:
        with self._lock:
            try:
                if self._stream is None:
                    self._stream = self._open()
                if restart or not self._stream.active:
                    self._stream.stop()   # no-op when stopped; waits out a draining stream
                    self._stream.start()
            except Exception as exc:  # OSError (no PortAudio), PortAudioError, ValueError
                self._give_up(said("warn.no_output", reason=failure_reason(exc)))

    def _open(self):
        import sounddevice as sd
        self._callback_stop = sd.CallbackStop
        return sd.OutputStream(samplerate=RATE, blocksize=BLOCK, channels=1,
                               dtype="float32", latency="low", device=self.settings.device,
                               callback=self._callback)

    def _callback(self, outdata, frames, when, status) -> None:
        outdata[:, 0] = self.mixer.mix(frames, self.settings.volume)
        if self.mixer.drained:
            raise self._callback_stop

    def _give_up(self, message: str) -> None:
        if not self._broken:
            self._broken = True
            self.on_warning(message)
        self._stream = None

