"""Reading cues back from samples: the notes (pitch, length) a recording holds."""

from __future__ import annotations

import numpy as np

HOP_S = 0.005


def notes_in(samples: np.ndarray, rate: int, floor: float = 0.02) -> list[tuple[float, float]]:
    """(Hz, seconds) of each steady tone, in order; silence separates notes, and so does
    a change of pitch of more than 3%."""
    hop, size = int(rate * HOP_S), int(rate * 0.03)
    window = np.hanning(size)
    pitches = []
    for start in range(0, len(samples) - size, hop):
        frame = samples[start:start + size]
        if np.abs(frame).max() < floor:
            pitches.append(0.0)
            continue
        spectrum = np.abs(np.fft.rfft(frame * window, 8 * size))
        pitches.append(np.argmax(spectrum) * rate / (8 * size))
    notes: list[list[float]] = []   # pitches of one note (one 0 per silent frame)
    for hz in pitches:
        last = notes[-1][0] if notes else None
        same = last is not None and (hz == last == 0 or (hz and last and abs(hz / last - 1) < 0.03))
        if same:
            notes[-1].append(hz)
        else:
            notes.append([hz])
    # Short glitches at note edges (a frame straddling two notes) are not notes.
    return [(round(float(np.median(n)), 1), len(n) * HOP_S) for n in notes
            if n[0] and len(n) * HOP_S >= 0.03]


def leading_silence(samples: np.ndarray, rate: int, floor: float = 0.01) -> float:
    loud = np.flatnonzero(np.abs(samples) > floor)
    return loud[0] / rate if len(loud) else float("inf")
