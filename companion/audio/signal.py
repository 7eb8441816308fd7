"""Audio as numpy arrays: reading files of any common format, resampling, writing WAV.

Everything inside the companion is float32 mono in [-1, 1]; files and devices are
converted at the edge, here.
"""

from __future__ import annotations

import shutil
import subprocess
import wave
from pathlib import Path

import numpy as np


class AudioFileError(Exception):
    """A recording that cannot be read, with the file named and what to do."""


def resample(samples: np.ndarray, src_rate: int, dst_rate: int) -> np.ndarray:
    """Band-limited resampling by the FFT (exact for whole clips, no filter design)."""
    if src_rate == dst_rate or len(samples) == 0:
        return samples.astype(np.float32, copy=False)
    n_out = max(1, round(len(samples) * dst_rate / src_rate))
    spectrum = np.fft.rfft(samples.astype(np.float64))
    keep = n_out // 2 + 1
    if keep <= len(spectrum):
        spectrum = spectrum[:keep]
    else:
        spectrum = np.concatenate([spectrum, np.zeros(keep - len(spectrum), complex)])
    out = np.fft.irfft(spectrum, n_out) * (n_out / len(samples))
    return out.astype(np.float32)


def to_mono(frames: np.ndarray) -> np.ndarray:
    """(n,) or (n, channels) of any numeric dtype -> float32 mono in [-1, 1]."""
    samples = frames.astype(np.float32)
    if np.issubdtype(frames.dtype, np.unsignedinteger):
        half = (float(np.iinfo(frames.dtype).max) + 1.0) / 2
        samples = (samples - half) / half
    elif np.issubdtype(frames.dtype, np.integer):
        samples /= float(np.iinfo(frames.dtype).max) + 1.0
    return samples.mean(axis=1) if samples.ndim == 2 else samples


def read_audio(path: Path, rate: int) -> np.ndarray:
    """The recording at ``path`` as float32 mono at ``rate`` Hz.

    PCM WAV is read directly; every other format (FLAC, Ogg, AIFF, AU, ...) through
    sox, which setup-system installs.
    """
    path = Path(path)
    if not path.is_file():
        raise AudioFileError(f"{path}: no such file")
    try:
        samples, file_rate = _read_wav(path)
    except (wave.Error, EOFError):
        samples, file_rate = _read_with_sox(path, rate), rate
    return resample(samples, file_rate, rate)


def _read_wav(path: Path) -> tuple[np.ndarray, int]:
    with wave.open(str(path), "rb") as w:
        width, channels, rate = w.getsampwidth(), w.getnchannels(), w.getframerate()
        raw = w.readframes(w.getnframes())
    if width == 3:  # 24-bit: widen to int32 by hand, numpy has no int24
        b = np.frombuffer(raw, np.uint8).reshape(-1, 3)
        ints = (b[:, 0].astype(np.int32) << 8 | b[:, 1].astype(np.int32) << 16
                | b[:, 2].astype(np.int32) << 24)
        data = ints
    else:
        data = np.frombuffer(raw, {1: np.uint8, 2: np.int16, 4: np.int32}[width])
    return to_mono(data.reshape(-1, channels)), rate


def _read_with_sox(path: Path, rate: int) -> np.ndarray:
    sox = shutil.which("sox")
    if sox is None:
        raise AudioFileError(f"{path}: not a PCM WAV file, and reading other formats needs "
                             "sox (run scripts/setup.sh or install sox)")
    proc = subprocess.run([sox, "-q", str(path), "-t", "raw", "-e", "floating-point",
                           "-b", "32", "-c", "1", "-r", str(rate), "-"],
                          capture_output=True)
    if proc.returncode != 0:
        reason = proc.stderr.decode(errors="replace").strip().splitlines()
        raise AudioFileError(f"{path}: cannot read this recording "
                             f"({reason[-1] if reason else 'unknown format'}); "
                             "convert it to WAV, FLAC or Ogg")
    return np.frombuffer(proc.stdout, np.float32).copy()


def write_wav(path: Path, samples: np.ndarray, rate: int) -> None:
    """float32 mono -> 16-bit PCM WAV."""
    pcm = (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())
