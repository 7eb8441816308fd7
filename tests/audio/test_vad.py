"""The voice detector and the listener on recordings, in process (no sound device)."""

import numpy as np
import pytest
import soundfile

from companion.audio.listener import Listener, listen_file
from companion.audio.signal import StreamResampler, read_audio, resample
from companion.audio.voice_detector import FRAME_S, VadSettings, VoiceDetector

from .conftest import save

SPEECH = [("en", "Whose turn is it now?"), ("vi", "Tôi bỏ lượt."), ("en-us", "no"),
          ("vi-vn-x-south", "ừ"), ("en+f3", "oops")]
NOISE = ["riffle", "deal", "chips", "dishes", "knocks", "clapping", "music", "tap",
         "fridge", "silence", "plucks", "organ"]


def run(samples, settings=VadSettings(), mask_s=0.0):
    listener = Listener(VoiceDetector(settings))
    listener.detector.mask(mask_s)
    for i in range(0, len(samples), 512):
        listener.feed(samples[i:i + 512])
    return listener.detections


@pytest.mark.parametrize("voice,text", SPEECH)
def test_phrases_and_short_words_are_called_soon_after_they_start(clip, voice, text):
    samples, onset = clip("speech", voice, text)
    found = run(samples)
    assert len(found) >= 1
    assert 0 <= found[0].called_s - onset < 0.3
    assert abs(found[0].onset_s - onset) < 0.15


@pytest.mark.parametrize("kind", NOISE)
def test_table_noise_and_music_are_not_speech(clip, kind):
    samples, _ = clip(kind)
    assert run(samples) == []


def test_the_apps_own_cues_are_masked(clip):
    samples, onset = clip("speech", "en", "Give me two cards.")
    assert run(samples, mask_s=onset + 3.0) == []
    assert run(samples, mask_s=onset - 0.5) != []


def test_sensitivity_moves_every_threshold_the_same_way():
    low, high = VadSettings(sensitivity=0.0), VadSettings(sensitivity=1.0)
    assert low.start_probability > high.start_probability
    assert low.keep_probability > high.keep_probability
    assert low.above_floor_db > high.above_floor_db


def test_time_is_counted_in_samples_fed():
    detector = VoiceDetector()
    detector.feed(np.zeros(512 * 10 + 100, np.float32))
    assert detector.time_s == pytest.approx(10 * FRAME_S)


def test_a_recording_at_any_rate_and_format_is_judged_like_the_microphone(clip, tmp_path):
    samples, onset = clip("speech", "vi", "Chờ một chút.")
    direct = run(np.concatenate([samples, np.zeros(512 * 16, np.float32)]))
    wav = save(tmp_path, "a.wav", samples)
    stereo44 = save(tmp_path, "b44.wav", resample(samples, 16000, 44100), 44100)
    flac, mp3, ogg = tmp_path / "c.flac", tmp_path / "d.mp3", tmp_path / "e.ogg"
    soundfile.write(flac, np.stack([resample(samples, 16000, 48000)] * 2, axis=1), 48000)
    soundfile.write(mp3, resample(samples, 16000, 22050), 22050)
    soundfile.write(ogg, np.stack([samples, samples], axis=1), 16000)
    for path in (wav, stereo44, flac, mp3, ogg):
        found = listen_file(path, Listener(VoiceDetector()))
        assert [round(d.onset_s, 1) for d in found] == [round(d.onset_s, 1) for d in direct]


def test_clips_are_kept_around_each_detection(clip, tmp_path):
    samples, onset = clip("speech", "en", "Pass me the chips please.")
    listener = Listener(VoiceDetector(), clips_dir=tmp_path / "clips")
    found = listen_file(save(tmp_path, "in.wav", samples), listener)
    assert found and found[0].clip.exists()
    kept = read_audio(found[0].clip, 16000)
    start = max(0.0, found[0].onset_s - 1.0)
    assert np.allclose(kept[:1000], samples[int(start * 16000):int(start * 16000) + 1000],
                       atol=1e-3)


def test_garbage_samples_are_ignored_with_one_warning():
    warnings = []
    listener = Listener(VoiceDetector(), on_warning=warnings.append)
    bad = np.full(512, np.nan, np.float32)
    for _ in range(20):
        listener.feed(bad)
    listener.feed(np.ones(512, np.float32))
    assert len(warnings) == 1 and listener.detections == []


def test_a_stream_resampled_block_by_block_matches_the_whole_clip():
    t = np.arange(44100 * 2) / 44100
    tone = np.sin(2 * np.pi * 440 * t)
    resampler = StreamResampler(44100, 16000)
    out = np.concatenate([resampler(tone[i:i + 1411]) for i in range(0, len(tone), 1411)])
    assert len(out) == 32000
    delay = 31 / 44100       # the low-pass filter's
    expected = np.sin(2 * np.pi * 440 * (np.arange(32000) / 16000 - delay))
    assert np.abs(out - expected)[100:].max() < 0.01
