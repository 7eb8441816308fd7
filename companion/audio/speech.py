"""Spoken announcements through espeak-ng, where it is installed (English, Vietnamese).

The speech is rendered to samples and mixed by the same output as the cues, so a cue
and a sentence can overlap. Without espeak-ng ``say`` does nothing and the cues still
play.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

import numpy as np

from companion.audio.output import RATE, SoundOutput
from companion.audio.signal import AudioFileError, read_audio
from companion.said import said

VOICES = {"en": "en", "vi": "vi"}


def espeak(text: str, voice: str, rate: int, speed: int = 160, pitch: int = 50) -> np.ndarray:
    """``text`` spoken by espeak-ng as float32 mono at ``rate``; OSError without it."""
    engine = shutil.which("espeak-ng")
    if engine is None:
        raise FileNotFoundError("espeak-ng is not installed (run scripts/setup.sh)")
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "say.wav"
        subprocess.run([engine, "-v", voice, "-s", str(speed), "-p", str(pitch),
                        "-w", str(wav), text], check=True, capture_output=True, timeout=20)
        return read_audio(wav, rate)


class Speaker:
    def __init__(self, output: SoundOutput, language: str = "en"):
        self.output = output
        self.set_language(language)
        self.engine = shutil.which("espeak-ng")

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on (the table switched languages)."""
        if language not in VOICES:
            raise ValueError(f"no voice for language {language!r}; choose from "
                             f"{', '.join(VOICES)}")
        self.language = language
        self.voice = VOICES[language]

    @property
    def available(self) -> bool:
        return self.engine is not None

    def say(self, text: str) -> threading.Thread | None:
        """Speak ``text`` in the background (rendering takes a moment); None without espeak-ng."""
        if self.engine is None:
            return None
        thread = threading.Thread(target=self._say, args=(text, self.voice), name="speech",
                                  daemon=True)
        thread.start()
        return thread

    def _say(self, text: str, voice: str) -> None:
        try:
            samples = espeak(text, voice, RATE) * 0.6
        except (OSError, subprocess.SubprocessError, AudioFileError) as exc:
            self.output.on_warning(said("warn.speech_failed", reason=str(exc)))
            self.engine = None
            return
        self.output.play_samples((samples, 0))
