"""The cues as synthesized: each plays its own notes, and no two sound alike."""

import numpy as np

from companion.audio.cues import CUES, synthesize
from companion.audio.output import Mixer

from .sound_analysis import notes_in


def expected_notes(cue):
    return [(n.hz, n.seconds) for n in cue.notes if n.hz]


def matches(found, cue, tolerance_s=0.04):
    expected = expected_notes(cue)
    return len(found) == len(expected) and all(
        abs(hz / e_hz - 1) < 0.02 and abs(s - e_s) <= tolerance_s
        for (hz, s), (e_hz, e_s) in zip(found, expected))


def test_every_cue_plays_its_notes():
    for cue in CUES.values():
        samples = synthesize(cue, 48000)
        assert abs(len(samples) / 48000 - cue.seconds) < 0.001
        assert 0.3 < abs(samples).max() <= 0.55, cue.name
        assert matches(notes_in(samples, 48000), cue), cue.name


def test_no_two_cues_share_a_pitch_pattern():
    patterns = {tuple(round(hz) for hz, _ in expected_notes(c)) for c in CUES.values()}
    assert len(patterns) == len(CUES)


def test_cues_are_short_and_start_and_end_softly():
    for cue in CUES.values():
        samples = synthesize(cue, 48000)
        assert cue.seconds <= 0.8
        assert abs(samples[0]) < 0.01 and abs(samples[-1]) < 0.01, cue.name


def test_mixer_overlaps_sounds_without_cutting_any_off():
    mixer = Mixer()
    a, b = synthesize(CUES["omerta_begins"], 48000), synthesize(CUES["placed"], 48000)
    mixer.add((a, 0))
    first = mixer.mix(4800)                    # 100 ms of the first cue alone
    mixer.add((b, 0))                             # the second starts while the first plays
    rest = [mixer.mix(480) for _ in range(200)]
    out = np.concatenate([first, *rest])
    assert mixer.drained
    assert np.allclose(out[:4800], np.tanh(a[:4800]), atol=1e-6)
    overlap = out[4800:4800 + len(b)]
    assert np.allclose(overlap, np.tanh(a[4800:4800 + len(b)] + b), atol=1e-6)
    assert np.allclose(out[4800 + len(b):len(a)], np.tanh(a[4800 + len(b):]), atol=1e-6)
    assert not out[len(a):].any()


def test_mixer_starts_delayed_sounds_on_the_exact_frame():
    mixer = Mixer()
    click = np.ones(5, np.float32)
    mixer.add((click, 0), (click, 700))
    out = np.concatenate([mixer.mix(480) for _ in range(3)])
    assert np.flatnonzero(out).tolist() == [0, 1, 2, 3, 4, 700, 701, 702, 703, 704]


def test_mixer_reports_when_the_stream_must_restart():
    mixer = Mixer()
    assert mixer.add((np.ones(10, np.float32), 0))          # nothing was playing
    assert not mixer.add((np.ones(10, np.float32), 0))      # already running
    mixer.mix(480)
    assert mixer.drained and mixer.add((np.ones(10, np.float32), 0))



