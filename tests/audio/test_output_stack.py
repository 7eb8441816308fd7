"""Cues through the real stack: SoundOutput -> sounddevice -> PortAudio -> ALSA -> a WAV
file, read back and checked note by note."""

import numpy as np

from companion.audio.cues import CUES, synthesize

from .conftest import STALLED
from .sound_analysis import leading_silence, notes_in
from .test_cues import matches

RATE = 48000

PLAY_EACH = """
import numpy as np
from companion.audio.output import SoundOutput, OutputSettings
out = SoundOutput(OutputSettings(volume=1.0), on_warning=print)
taken = True
for name in {names!r}:
    out.play(name)
    taken &= out.wait()
    out.play_samples((np.zeros(9600, np.float32), 0))   # then 200 ms of silence
    taken &= out.wait()
out.close()
print("done" if taken else {stalled!r})
"""


def split_on_silence(samples, min_gap_s=0.15, floor=0.005):
    loud = np.abs(samples) > floor
    pieces, start, quiet = [], None, 0
    for i in range(0, len(samples), 48):
        if loud[i:i + 48].any():
            start = i if start is None else start
            quiet = 0
        elif start is not None:
            quiet += 48
            if quiet >= min_gap_s * RATE:
                pieces.append(samples[start:i - quiet + 48])
                start, quiet = None, 0
    if start is not None:
        pieces.append(samples[start:])
    return pieces


def test_each_cue_reaches_the_speaker_with_its_pitch_and_length(fake_alsa):
    names = list(CUES)
    run = fake_alsa(PLAY_EACH.format(stalled=STALLED, names=names))
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "done"          # no warning: the device worked
    pieces = split_on_silence(run.played)
    assert len(pieces) == len(names)
    for name, piece in zip(names, pieces):
        cue = CUES[name]
        assert abs(len(piece) / RATE - cue.seconds) < 0.03, name
        assert matches(notes_in(piece, RATE), cue), name


def test_a_cue_starts_within_50_ms_of_the_call(fake_alsa):
    run = fake_alsa(PLAY_EACH.format(stalled=STALLED, names=["placed"]))
    # The stream starts on the call: everything before the first note is latency.
    assert leading_silence(run.played, RATE) < 0.05


def test_overlapping_cues_are_mixed_not_cut_off(fake_alsa):
    run = fake_alsa("""
from companion.audio.output import SoundOutput, OutputSettings
out = SoundOutput(OutputSettings(volume=0.5))
out.play("omerta_begins", "placed", stagger_s=0.1)
if not out.wait():
    print(%r)
out.close()
""" % STALLED)
    long_cue, short_cue = CUES["omerta_begins"], CUES["placed"]
    played = run.played[int(leading_silence(run.played, RATE) * RATE):]
    assert abs(np.flatnonzero(np.abs(played) > 0.005)[-1] / RATE - long_cue.seconds) < 0.03

    def strength(hz, start_s, end_s):
        piece = played[int(start_s * RATE):int(end_s * RATE)]
        spectrum = np.abs(np.fft.rfft(piece * np.hanning(len(piece))))
        freqs = np.fft.rfftfreq(len(piece), 1 / RATE)
        return spectrum[np.abs(freqs - hz) < 10].max() / spectrum.max()

    # While both play, both are heard: the long cue's first note and the short one's notes.
    assert strength(880.0, 0.0, 0.09) > 0.9
    assert strength(783.99, 0.1, 0.17) > 0.3 and strength(880.0, 0.1, 0.17) > 0.3
    assert strength(1046.5, 0.19, 0.29) > 0.3 and strength(880.0, 0.19, 0.24) > 0.3
    # After the short cue ended the long one goes on to its second note.
    assert strength(659.26, 0.33, 0.6) > 0.9


def test_mute_plays_nothing_and_volume_scales(fake_alsa):
    run = fake_alsa("""
from companion.audio.output import SoundOutput, OutputSettings
muted = SoundOutput(OutputSettings(muted=True))
muted.play("warning"); muted.wait(); muted.close()
quiet = SoundOutput(OutputSettings(volume=0.25))
quiet.play("warning"); quiet.wait(); quiet.close()
""")
    peak = np.abs(run.played).max()
    expected = np.tanh(0.25 * np.abs(synthesize(CUES["warning"], RATE)).max())
    assert abs(peak - expected) < 0.01
    assert len(split_on_silence(run.played)) == 1


def test_a_missing_device_gives_one_warning_and_the_game_goes_on(fake_alsa):
    run = fake_alsa("""
from companion.audio.output import SoundOutput, OutputSettings
out = SoundOutput(OutputSettings(device="no such speaker"), on_warning=print)
for _ in range(3):
    assert out.play("penalty") > 0.3
out.close()
print("still here")
""")
    lines = run.stdout.strip().splitlines()
    assert run.returncode == 0, run.stderr
    assert len(lines) == 2 and lines[0].startswith("no sound output (") and "no such speaker" in lines[0]
    assert lines[1] == "still here"


def test_without_portaudio_devices_the_app_carries_on_silently(fake_alsa, tmp_path):
    # An ALSA configuration with no default device: PortAudio finds nothing to open.
    empty = tmp_path / "empty.conf"
    empty.write_text("pcm.!default { type hw card 7 }\n")
    run = fake_alsa(f"""
import os
os.environ["ALSA_CONFIG_PATH"] = "/usr/share/alsa/alsa.conf:{empty}"
from companion.audio.output import SoundOutput
from companion.said import say
out = SoundOutput(on_warning=lambda m: print("warning:", m, "|", say(m, "vi")))
out.play("match_won"); out.play("warning")
print("game goes on")
""")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    # PortAudio's own English ("Error querying device -1") is said in the table's language.
    assert lines == ["warning: no sound output (no sound device found): the game goes on "
                     "without sound | không có đầu ra âm thanh (không tìm thấy thiết bị âm "
                     "thanh): ván tiếp tục không có âm thanh", "game goes on"]


def test_a_speaker_that_vanishes_mid_game_is_one_warning(fake_alsa):
    # The device cannot really be unplugged here: PortAudio's start is made to fail the
    # way it does when the device has gone.
    run = fake_alsa("""
import sounddevice as sd
from companion.audio.output import SoundOutput
out = SoundOutput(on_warning=lambda m: print("warning:", m))
out.play("placed"); out.wait()
def gone(self):
    raise sd.PortAudioError("Device unavailable", -9985)
sd.OutputStream.start = gone
for name in ("penalty", "warning", "round_won"):
    out.play(name)
print("game goes on")
""")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert lines == ["warning: no sound output (the sound device is unavailable: unplugged, "
                     "or in use by another program): the game goes on without sound",
                     "game goes on"]
    assert len(notes_in(run.played, RATE)) == 2         # the cue before it went


def test_without_portaudio_the_app_says_so_once_and_carries_on(fake_alsa):
    # sounddevice looks PortAudio up with ctypes.util.find_library: make it find nothing.
    run = fake_alsa("""
import ctypes.util
ctypes.util.find_library = lambda name: None
from companion.audio.output import SoundOutput
from companion.audio.listener import Listener, Microphone
from companion.audio.voice_detector import VoiceDetector
warn = lambda m: print("warning:", m)
out = SoundOutput(on_warning=warn)
out.play("round_won"); out.play("placed", "bumped")
print(Microphone(Listener(VoiceDetector(), on_warning=warn)).start())
""")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "warning: no sound output (the PortAudio library is not installed: "
        "scripts/setup-system.sh installs it): the game goes on without sound",
        "warning: no microphone (the PortAudio library is not installed: "
        "scripts/setup-system.sh installs it): the Omertà is not listened to, "
        "everything else goes on",
        "False"]
