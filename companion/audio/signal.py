"""Audio as numpy arrays: reading files of any common format, resampling, writing WAV.

Everything inside the companion is float32 mono in [-1, 1]; files and devices are
converted at the edge, here.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import soundfile


class AudioFileError(Exception):
    """A recording that cannot be read, with the file named and what to do."""


def resample(samples: np.ndarray, src_rate: int, dst_rate: int) -> np.ndarray:
    """Band-limited resampling by the FFT, in 30 s pieces with overlapping margins (so
    an hour-long recording does not need gigabytes for one transform)."""
    if src_rate == dst_rate or len(samples) == 0:
        return samples.astype(np.float32, copy=False)
    step, margin = src_rate * 30, src_rate // 2
    pieces = []
    for start in range(0, len(samples), step):
        first = max(0, start - margin)
        converted = _resample_piece(samples[first:start + step + margin], src_rate, dst_rate)
        lead = round((start - first) * dst_rate / src_rate)
        length = round(min(step, len(samples) - start) * dst_rate / src_rate)
        pieces.append(converted[lead:lead + length])
    return np.concatenate(pieces)


def _resample_piece(samples: np.ndarray, src_rate: int, dst_rate: int) -> np.ndarray:
    n_out = max(1, round(len(samples) * dst_rate / src_rate))
    spectrum = np.fft.rfft(samples.astype(np.float64))
    keep = n_out // 2 + 1
    if keep <= len(spectrum):
        spectrum = spectrum[:keep]
    else:
        spectrum = np.concatenate([spectrum, np.zeros(keep - len(spectrum), complex)])
    return (np.fft.irfft(spectrum, n_out) * (n_out / len(samples))).astype(np.float32)


class StreamResampler:
    """Block-by-block resampling for a live stream: a low-pass FIR (kept across blocks),
    then linear interpolation. Plain, but it has no edges between blocks, which the FFT
    method would have."""

    def __init__(self, src_rate: int, dst_rate: int, taps: int = 63):
        self.step = src_rate / dst_rate
        cutoff = 0.9 * min(1.0, dst_rate / src_rate) / 2       # cycles per input sample
        n = np.arange(taps) - (taps - 1) / 2
        kernel = 2 * cutoff * np.sinc(2 * cutoff * n) * np.hamming(taps)
        self._kernel = kernel / kernel.sum()
        self._history = np.zeros(taps - 1)
        self._pending = np.zeros(0)    # filtered input from the next output sample on
        self._position = 0.0           # where that sample falls in _pending

    def __call__(self, block: np.ndarray) -> np.ndarray:
        joined = np.concatenate([self._history, block])
        self._history = joined[-len(self._history):]
        pending = np.concatenate([self._pending,
                                  np.convolve(joined, self._kernel, mode="valid")])
        if len(pending) < 2 or self._position > len(pending) - 1:
            self._pending = pending
            return np.zeros(0, np.float32)
        count = int((len(pending) - 1 - self._position) // self.step) + 1
        times = self._position + self.step * np.arange(count)
        out = np.interp(times, np.arange(len(pending)), pending)
        following = self._position + self.step * count
        used = min(int(following), len(pending))
        self._pending = pending[used:]
        self._position = following - used
        return out.astype(np.float32)


def read_audio(path: Path, rate: int) -> np.ndarray:
    """The recording at ``path`` as float32 mono at ``rate`` Hz.

    libsndfile (the soundfile package) reads WAV of every flavour, FLAC, Ogg, MP3, AIFF
    and more; sox, where installed, is tried for the few formats it does not know.
    """
    path = Path(path)
    if not path.is_file():
        raise AudioFileError(f"{path}: no such file")
    try:
        frames, file_rate = soundfile.read(str(path), dtype="float32", always_2d=True)
    except (soundfile.SoundFileError, RuntimeError):
        return _read_with_sox(path, rate)
    return resample(frames.mean(axis=1), file_rate, rate)


def _read_with_sox(path: Path, rate: int) -> np.ndarray:
    sox = shutil.which("sox")
    if sox is None:
        raise AudioFileError(f"{path}: not a recording this machine can read; convert it "
                             "to WAV, FLAC, Ogg or MP3")
    proc = subprocess.run([sox, "-q", str(path), "-t", "raw", "-e", "floating-point",
                           "-b", "32", "-c", "1", "-r", str(rate), "-"],
                          capture_output=True)
    if proc.returncode != 0:
        reason = proc.stderr.decode(errors="replace").strip().splitlines()
        raise AudioFileError(f"{path}: cannot read this recording "
                             f"({reason[-1] if reason else 'unknown format'}); "
                             "convert it to WAV, FLAC, Ogg or MP3")
    return np.frombuffer(proc.stdout, np.float32).copy()


def write_wav(path: Path, samples: np.ndarray, rate: int) -> None:
    """float32 mono -> 16-bit PCM WAV."""
    soundfile.write(str(path), np.clip(samples, -1.0, 1.0), rate, subtype="PCM_16")
