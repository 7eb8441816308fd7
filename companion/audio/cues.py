"""The cues: short, soft melodies synthesized with numpy, one per kind of event.

Each cue is a few notes; no two cues share their pitch pattern, so they can be told apart
by ear (and by a test reading the played samples back). Notes are sine tones with a
touch of the octave, and a quick fade in and a longer fade out so nothing clicks.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Note:
    hz: float        # 0 is a rest
    seconds: float


@dataclass(frozen=True)
class Cue:
    name: str
    notes: tuple[Note, ...]

    @property
    def seconds(self) -> float:
        return sum(n.seconds for n in self.notes)


def _cue(name: str, *notes: tuple[float, float]) -> Cue:
    return Cue(name, tuple(Note(hz, s) for hz, s in notes))


C5, D5, E5, F5, G5, A5, B5, C6, E6, G6 = 523.25, 587.33, 659.26, 698.46, 783.99, 880.0, \
    987.77, 1046.5, 1318.5, 1568.0
A4, G4, E4, C4 = 440.0, 392.0, 329.63, 261.63

CUES: dict[str, Cue] = {c.name: c for c in (
    _cue("round_won", (C5, 0.09), (E5, 0.09), (G5, 0.16)),
    _cue("placed", (G5, 0.08), (C6, 0.12)),
    _cue("bumped", (E5, 0.08), (C5, 0.14)),
    _cue("penalty", (A4, 0.14), (0, 0.04), (E4, 0.22)),
    _cue("game_scored", (C5, 0.09), (E5, 0.09), (G5, 0.09), (C6, 0.22)),
    _cue("match_won", (G4, 0.1), (C5, 0.1), (E5, 0.1), (G5, 0.1), (C6, 0.1), (E6, 0.3)),
    _cue("omerta_begins", (A5, 0.25), (0, 0.05), (E5, 0.35)),
    _cue("omerta_ends", (E5, 0.14), (A5, 0.28)),
    _cue("omerta_broken", (B5, 0.08), (0, 0.03), (B5, 0.08), (0, 0.03), (F5, 0.25)),
    _cue("warning", (D5, 0.1), (0, 0.06), (D5, 0.1)),
)}


def synthesize(cue: Cue, rate: int) -> np.ndarray:
    """The cue as float32 mono samples at ``rate``, peak about 0.5 (room to mix)."""
    parts = []
    for note in cue.notes:
        n = int(round(note.seconds * rate))
        t = np.arange(n) / rate
        if note.hz == 0:
            parts.append(np.zeros(n))
            continue
        tone = np.sin(2 * np.pi * note.hz * t) + 0.25 * np.sin(4 * np.pi * note.hz * t)
        fade_in = np.minimum(1.0, t / 0.008)
        fade_out = np.minimum(1.0, (note.seconds - t) / min(0.05, note.seconds / 3))
        parts.append(tone * fade_in * np.clip(fade_out, 0.0, 1.0) * 0.4)
    return np.concatenate(parts).astype(np.float32)
