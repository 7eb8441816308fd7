"""The microphone fed from prepared recordings through PortAudio/ALSA's file device:
the same InputStream -> Listener -> detector path as at the table."""

import json

import numpy as np

from companion.audio.signal import resample

RATE = 16000

LISTEN = """
import json, sys
from pathlib import Path
from companion.audio.listener import Listener, Microphone
from companion.audio.voice_detector import VoiceDetector
listener = Listener(VoiceDetector(), clips_dir=Path("clips"),
                    on_warning=lambda m: print("warning:", m))
mic = Microphone(listener)
if mic.start():
    assert mic.wait_for_samples({samples}), mic.samples_heard
    mic.stop()
    listener.finish()
print(json.dumps([[d.onset_s, d.called_s, str(d.clip)] for d in listener.detections]))
"""


def stream(*parts):
    """Clips one after another; returns the samples and where each begins (seconds)."""
    starts, at = [], 0
    for part in parts:
        starts.append(at / RATE)
        at += len(part)
    return np.concatenate(parts), starts


def test_speech_is_found_between_table_noises(fake_alsa, clip):
    en, en_onset = clip("speech", "en", "I put a yellow card on the mission.")
    vi, vi_onset = clip("speech", "vi", "Đến lượt ai rồi?")
    word, word_onset = clip("speech", "en-us", "wait")
    noises = [clip(kind)[0] for kind in ("riffle", "chips", "music", "deal", "silence")]
    mic, starts = stream(noises[4][:RATE * 2], noises[0], en, noises[1], vi, noises[2],
                         word, noises[3])
    run = fake_alsa(LISTEN.format(samples=len(mic)), mic=mic)
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout.strip().splitlines()[-1])
    onsets = [starts[2] + en_onset, starts[4] + vi_onset, starts[6] + word_onset]
    # One detection per spoken part, each called soon after its speech began.
    firsts = []
    for onset in onsets:
        near = [d for d in found if onset - 0.1 <= d[0] <= onset + 2.5]
        assert near, (onset, found)
        firsts.append(near[0])
        assert 0 <= near[0][1] - onset < 0.4
    # Nothing is called while only cards, chips, music or silence were heard.
    speech_spans = [(starts[i], starts[i + 1]) for i in (2, 4, 6)]
    for onset_s, _, _ in found:
        assert any(a <= onset_s < b for a, b in speech_spans), (onset_s, found)
    # Each detection's clip was kept, around its speech.
    for onset_s, called_s, clip_path in firsts:
        assert (run.folder / clip_path).stat().st_size > 44 + 2 * RATE * 2


def test_a_microphone_sending_garbage_gives_a_warning_and_listening_goes_on(fake_alsa, clip):
    speech, onset = clip("speech", "en", "Seriously, again?")
    garbage = np.full(RATE, np.nan, np.float32)
    garbage[::7] = np.inf
    clipped = np.sign(np.sin(np.arange(RATE) * 0.3)).astype(np.float32)
    mic = np.concatenate([garbage, clipped, speech])
    run = fake_alsa(LISTEN.format(samples=len(mic)), mic=mic)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert len([l for l in lines if l.startswith("warning: the microphone sends garbage")]) == 1
    found = json.loads(lines[-1])
    assert [round(d[0]) for d in found][:1] == [round(2 + onset)]


def test_no_microphone_is_one_warning(fake_alsa):
    run = fake_alsa("""
from companion.audio.listener import Listener, Microphone
from companion.audio.voice_detector import VoiceDetector
listener = Listener(VoiceDetector(), on_warning=lambda m: print("warning:", m))
print(Microphone(listener, device="no such microphone").start())
""")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert lines[0].startswith("warning: no microphone (") and lines[1] == "False"


def test_a_microphone_that_stops_mid_game_is_one_warning(fake_alsa):
    run = fake_alsa("""
from companion.audio.listener import Listener, Microphone
from companion.audio.voice_detector import VoiceDetector
listener = Listener(VoiceDetector(), on_warning=lambda m: print("warning:", m))
mic = Microphone(listener)
assert mic.start()
assert mic.wait_for_samples(16000)
mic._stream.abort()      # the stream ends without being asked: the device has gone
mic.stop()
print("game goes on")
""")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines() == [
        "warning: the microphone stopped: the Omertà is no longer listened to, "
        "everything else goes on", "game goes on"]


def test_a_microphone_at_its_own_rate_is_resampled_on_the_way_in(fake_alsa, clip):
    speech, onset = clip("speech", "vi", "Ai là cảnh sát vậy?")
    mic = np.concatenate([np.zeros(RATE, np.float32), speech])
    # The fake device hands over the file as it is: store it at the rate the stream opens.
    run = fake_alsa(LISTEN.replace("Microphone(listener)", "Microphone(listener, rate=44100)")
                    .format(samples=len(mic)), mic=resample(mic, RATE, 44100))
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert found and abs(found[0][0] - (1 + onset)) < 0.1
