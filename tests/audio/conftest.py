"""The real audio stack with no sound card: PortAudio over ALSA's file and null plugins.

asound-fake.conf (beside this file) makes ALSA's default device write what is played to
$FAKE_SPK_WAV and capture from $FAKE_MIC_RAW. PortAudio reads both when sounddevice is
imported, so every test that plays or records runs its program in a fresh Python with
that environment (``fake_alsa``). The null device has no clock: tests count samples.
"""

from __future__ import annotations

import os
import subprocess
import sys
import wave
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from companion.bench.vad_clips import Recipe, render_one, RATE
from companion.audio.signal import write_wav

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


STALLED = "the fake device stopped taking sound"


@dataclass(frozen=True)
class Run:
    stdout: str
    stderr: str
    returncode: int
    played: np.ndarray     # what reached the speaker: float32 mono at 48 kHz
    folder: Path


def fake_alsa_env(folder: Path, mic: np.ndarray | None) -> dict:
    """The environment for a program on the fake devices; ``mic`` is float32 16 kHz."""
    raw = folder / "mic.raw"
    # After the file's end the device repeats stale data: pad with plenty of silence.
    samples = np.zeros(0, np.float32) if mic is None else mic.astype(np.float32)
    np.concatenate([samples, np.zeros(RATE * 120, np.float32)]).astype("<f4").tofile(raw)
    env = dict(os.environ)
    env.update(ALSA_CONFIG_PATH=f"/usr/share/alsa/alsa.conf:{HERE / 'asound-fake.conf'}",
               FAKE_SPK_WAV=str(folder / "played.wav"), FAKE_MIC_RAW=str(raw),
               PYTHONPATH=str(REPO), PYTHONUNBUFFERED="1")
    return env


def read_played(path: Path) -> np.ndarray:
    if not path.exists() or path.stat().st_size <= 44:
        return np.zeros(0, np.float32)
    with wave.open(str(path)) as w:
        assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (48000, 2, 2)
    # Read to the end of the file rather than trust the header's length field.
    raw = path.read_bytes()
    data = raw[raw.index(b"data") + 8:]
    frames = np.frombuffer(data[: len(data) // 4 * 4], "<i2").reshape(-1, 2)
    return frames[:, 0].astype(np.float32) / 32768


@pytest.fixture
def fake_alsa(tmp_path):
    """Run Python code or a companion command on the fake sound devices."""

    def run(code: str | None = None, *, args: list[str] | None = None,
            mic: np.ndarray | None = None, stdin: str = "", timeout: float = 60) -> Run:
        env = fake_alsa_env(tmp_path, mic)
        command = ([sys.executable, "-c", code] if code is not None
                   else [sys.executable, "-m", "companion", *args])
        # PortAudio's ALSA thread can hang in poll() on the clockless null device (seen
        # once in CI: the file held 30 ms). A program that finds its sound was not all
        # taken prints STALLED, and runs again: the file then holds the whole run.
        for _ in range(3):
            proc = subprocess.run(command, input=stdin, capture_output=True, text=True,
                                  env=env, cwd=tmp_path, timeout=timeout)
            if STALLED not in proc.stdout.splitlines():
                break
        return Run(proc.stdout, proc.stderr, proc.returncode,
                   read_played(tmp_path / "played.wav"), tmp_path)

    return run


@pytest.fixture(scope="session")
def clip():
    """A labelled clip made from a recipe: ``clip("speech", "en", "hello")``, ``clip("chips")``."""
    cache: dict = {}

    def make(kind: str, voice: str = "", text: str = "") -> np.ndarray:
        key = (kind, voice, text)
        if key not in cache:
            rng = np.random.default_rng(zlib.crc32("|".join(key).encode()))
            cache[key] = render_one(Recipe("-".join(key), kind, voice, text), rng)
        return cache[key]

    return make


def save(folder: Path, name: str, samples: np.ndarray, rate: int = RATE) -> Path:
    path = folder / name
    write_wav(path, samples, rate)
    return path
