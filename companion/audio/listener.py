"""The microphone path: blocks of audio in, speech detections out, each with its clip.

``Listener.feed`` is the one way audio reaches the detector: the live microphone
(``Microphone``, a sounddevice input stream) and recordings (``listen_file``) both call it,
block by block, so a recording is judged exactly as the table would be.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from companion.audio.devices import failure_reason
from companion.audio.signal import StreamResampler, read_audio, write_wav
from companion.audio.voice_detector import RATE, SpeechEnd, SpeechStart, VoiceDetector
from companion.said import said

BLOCK = 512
CLIP_BEFORE_S = 1.0   # kept before the onset, so the first word is in the clip
CLIP_AFTER_S = 2.0    # kept after the call


@dataclass(frozen=True)
class HeardSpeech:
    """Speech was called. Times are seconds of audio since listening began."""

    onset_s: float
    called_s: float
    end_s: float | None = None
    clip: Path | None = None


class Listener:
    """Feeds the detector, tracks speech segments and writes a clip around each."""

    def __init__(self, detector: VoiceDetector, *, clips_dir: Path | None = None,
                 on_speech: Callable[[HeardSpeech], None] = lambda d: None,
                 on_warning: Callable[[str], None] = lambda m: None):
        self.detector = detector
        self.clips_dir = clips_dir
        self.on_speech = on_speech
        self.on_warning = on_warning
        self.detections: list[HeardSpeech] = []
        self._history: deque[np.ndarray] = deque()
        self._history_len = 0
        self._fed = 0
        self._open_clips: list[tuple[int, int, HeardSpeech]] = []  # start, stop sample
        self._warned_garbage = False

    def feed(self, block: np.ndarray) -> list[HeardSpeech]:
        """One block of 16 kHz mono float32 (as the microphone gives it)."""
        block = self._sanitize(np.asarray(block, np.float32).reshape(-1))
        self._remember(block)
        found = []
        for event in self.detector.feed(block):
            if isinstance(event, SpeechStart):
                detection = HeardSpeech(event.onset_s, event.called_s,
                                        clip=self._clip_path(event.onset_s))
                self.detections.append(detection)
                if detection.clip is not None:
                    start = max(0, int((event.onset_s - CLIP_BEFORE_S) * RATE))
                    self._open_clips.append(
                        (start, int((event.called_s + CLIP_AFTER_S) * RATE), detection))
                found.append(detection)
                self.on_speech(detection)
            elif isinstance(event, SpeechEnd) and self.detections:
                last = self.detections[-1]
                self.detections[-1] = HeardSpeech(last.onset_s, last.called_s, event.end_s,
                                                  last.clip)
        for clip in [c for c in self._open_clips if self._fed >= c[1]]:
            self._write_clip(*clip)
        return found

    def finish(self) -> None:
        """The input has ended: write a clip that is still being collected."""
        for start, _, detection in list(self._open_clips):
            self._write_clip(start, self._fed, detection)

    def _sanitize(self, block: np.ndarray) -> np.ndarray:
        finite = np.isfinite(block)
        garbage = not finite.all() or (len(block) > 1 and np.all(np.abs(block) >= 0.999))
        if garbage and not self._warned_garbage:
            self._warned_garbage = True
            self.on_warning(said("warn.mic_garbage"))
        if garbage:
            return np.zeros_like(block)
        return np.clip(block, -1.0, 1.0)

    def _remember(self, block: np.ndarray) -> None:
        self._history.append(block)
        self._history_len += len(block)
        self._fed += len(block)
        keep = int((CLIP_BEFORE_S + CLIP_AFTER_S + 2.0) * RATE)
        while self._history_len - len(self._history[0]) >= keep:
            self._history_len -= len(self._history.popleft())

    def _clip_path(self, onset_s: float) -> Path | None:
        if self.clips_dir is None:
            return None
        return self.clips_dir / f"speech-{onset_s:08.2f}s.wav"

    def _write_clip(self, start: int, stop: int, detection: HeardSpeech) -> None:
        self._open_clips = [c for c in self._open_clips if c[2] is not detection]
        audio = np.concatenate(self._history)
        first = self._fed - len(audio)
        piece = audio[max(0, start - first):max(0, stop - first)]
        try:
            self.clips_dir.mkdir(parents=True, exist_ok=True)
            write_wav(detection.clip, piece, RATE)
        except OSError as exc:
            self.on_warning(said("warn.clip_failed", clip=detection.clip, reason=exc.strerror))


def listen_file(path: Path, listener: Listener) -> list[HeardSpeech]:
    """A recording through the microphone's path: read, resampled, fed block by block."""
    samples = read_audio(path, RATE)
    for i in range(0, len(samples), BLOCK):
        listener.feed(samples[i:i + BLOCK])
    # Trailing silence lets a segment that runs to the end of the file close.
    listener.feed(np.zeros(BLOCK * 16, np.float32))
    listener.finish()
    return listener.detections


class Microphone:
    """A sounddevice input stream feeding a Listener from a worker thread.

    The stream callback only copies blocks into a queue (PortAudio's thread must never
    wait); the worker resamples when needed and runs the detector. The stream opens at
    16 kHz, or at the device's own rate where it refuses that (or at ``rate`` if given).
    Any failure (no PortAudio, no input device, the device vanishing) becomes one
    warning, and the game goes on without listening.
    """

    def __init__(self, listener: Listener, device: str | int | None = None,
                 rate: int | None = None):
        self.listener = listener
        self.device = device
        self.rate = rate
        self._resampler: StreamResampler | None = None
        # Bounded: a stalled detector must not eat the memory; the callback waits a
        # little (a device with no clock simply slows down), then drops the block.
        self._blocks: queue.Queue = queue.Queue(maxsize=256)
        self._stream = None
        self._worker: threading.Thread | None = None
        self._stopping = threading.Event()
        self.samples_heard = 0

    def start(self) -> bool:
        try:
            import sounddevice as sd
            self._stream = self._open(sd, self.rate or RATE)
        except Exception as first:  # OSError (no PortAudio), PortAudioError, ValueError
            try:
                if self.rate is not None or isinstance(first, (OSError, ImportError)):
                    raise first
                own = int(sd.query_devices(self.device, "input")["default_samplerate"])
                self._stream = self._open(sd, own)
            except Exception as exc:
                self.listener.on_warning(said("warn.no_mic", reason=failure_reason(exc)))
                self._stream = None
                return False
        self._worker = threading.Thread(target=self._work, name="microphone", daemon=True)
        self._worker.start()
        return True

    def _open(self, sd, rate: int):
        stream = sd.InputStream(samplerate=rate, blocksize=round(BLOCK * rate / RATE),
                                channels=1, dtype="float32", device=self.device,
                                callback=self._callback, finished_callback=self._finished)
        self._resampler = StreamResampler(rate, RATE) if rate != RATE else None
        stream.start()
        return stream

    def stop(self) -> None:
        """Close the stream, then judge the blocks it had already captured."""
        self._stopping.set()
        if self._stream is not None:
            try:
                self._stream.close()
            except Exception:  # the device may already be gone; closing is best effort
                pass
        try:   # after the captured blocks, which the worker is draining
            self._blocks.put(None, timeout=5)
        except queue.Full:
            pass
        if self._worker is not None:
            self._worker.join(timeout=5)

    def wait_for_samples(self, count: int, timeout: float = 30.0) -> bool:
        """Block until ``count`` samples went through the detector (tests, benches)."""
        deadline = time.monotonic() + timeout
        while (self.samples_heard < count and time.monotonic() < deadline
               and self._worker is not None and self._worker.is_alive()):
            time.sleep(0.005)
        return self.samples_heard >= count

    def _callback(self, indata, frames, when, status) -> None:
        if not self._stopping.is_set():
            self._offer(indata[:, 0].copy())

    def _offer(self, block) -> None:
        try:
            self._blocks.put(block, timeout=1.0)
        except queue.Full:
            pass

    def _finished(self) -> None:
        if not self._stopping.is_set():
            self.listener.on_warning(said("warn.mic_stopped"))
        self._offer(None)

    def _work(self) -> None:
        while True:
            block = self._blocks.get()
            if block is None:
                return
            if self._resampler is not None:
                block = self._resampler(block)
            self.listener.feed(block)
            self.samples_heard += len(block)

