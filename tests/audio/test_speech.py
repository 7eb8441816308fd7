"""Spoken announcements: espeak-ng's voice mixed into the same output as the cues."""

import numpy as np

from .conftest import STALLED
from .sound_analysis import leading_silence

RATE = 48000

SAY = """
import time
from companion.audio.announcer import Announcer
from companion.audio.output import SoundOutput
from companion.audio.speech import Speaker
from companion.games.mafia import OmertaStarted
out = SoundOutput(on_warning=lambda m: print("warning:", m))
speaker = Speaker(out, {language!r})
print("speaks" if speaker.available else "no speech engine")
Announcer(out, speaker).announce([OmertaStarted("Ann")])
if speaker.available:
    speaker.say({text!r}).join()
if not out.wait():
    print({stalled!r})
out.close()
"""


def voiced_seconds(samples):
    frames = samples[: len(samples) // 480 * 480].reshape(-1, 480)
    return (np.sqrt((frames ** 2).mean(axis=1)) > 0.01).sum() * 0.01


def test_announcements_are_spoken_in_english_and_vietnamese(fake_alsa):
    for language, text in (("en", "Ann calls for silence"), ("vi", "Im lặng nào")):
        run = fake_alsa(SAY.format(language=language, text=text, stalled=STALLED))
        assert run.returncode == 0, run.stderr
        assert run.stdout.splitlines() == ["speaks"]
        # The cue (0.65 s) and then a second or more of speech reached the speaker.
        assert voiced_seconds(run.played) > 1.2, language
        assert leading_silence(run.played, RATE) < 0.05


def test_without_a_speech_engine_the_cues_still_play(fake_alsa, tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    run = fake_alsa(f"""
import os
os.environ["PATH"] = {str(empty)!r}   # no espeak-ng to be found
""" + SAY.format(language="en", text="unheard", stalled=STALLED))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["no speech engine"]
    assert 0.5 < voiced_seconds(run.played) < 0.8


def test_a_turn_over_its_time_is_said_in_the_tables_language(fake_alsa):
    run = fake_alsa("""
import threading
from companion.audio.table_audio import AudioSettings, TableAudio
from companion.games.mafia import TurnPassed
from companion.omerta import OmertaTimer
clock = [0.0]
timer = OmertaTimer(1.0)   # the live table's clock: Ann's turn began at 0
timer.observe(TurnPassed("Ann"), 0.0)
audio = TableAudio(AudioSettings(speak="en", listen=False), timer=timer,
                   submit=print, warn=lambda m: print("warning:", m), now=lambda: clock[0])
audio.set_language("vi")   # the table switched to Vietnamese
clock[0] = 2.5
audio.tick()
for thread in threading.enumerate():
    if thread.name == "speech":
        thread.join()
audio.close()
""")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["warning: Lượt của Ann đã quá 1 giây"]
    # The warning cue, then "Ann, hết giờ rồi" in espeak-ng's Vietnamese voice.
    assert voiced_seconds(run.played) > 1.0
