"""The labelled clip set of ``companion bench vad`` and the audio tests, made on the spot.

Real table recordings cannot ship with the repository, so fixtures/audio/clips.tsv lists
recipes: phrases and short words spoken by espeak-ng (English and Vietnamese, several
voices, speeds, levels and rooms) and table noise synthesized with numpy (card riffles,
deals, chips, taps, dishes, clapping, a fridge, music, silence). ``render`` turns the
recipes into 16 kHz WAV files plus labels.tsv, the same label format a set of real
recordings uses (see companion.bench.vad).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.audio.signal import write_wav
from companion.audio.speech import espeak

RATE = 16000
RECIPES = Path(__file__).resolve().parents[2] / "fixtures" / "audio" / "clips.tsv"
LEAD_S = 1.2  # table sound before the speech starts


@dataclass(frozen=True)
class Recipe:
    name: str
    kind: str        # "speech" or the noise recipe's name
    voice: str       # espeak-ng voice for speech, "" for noise
    text: str


@dataclass(frozen=True)
class Labelled:
    """One recording and what it holds: speech onset in seconds, or None for non-speech."""

    path: Path
    onset_s: float | None
    group: str = ""     # what kind of clip, for the report: "en", "short-vi", "music", ...


def read_recipes(path: Path = RECIPES) -> list[Recipe]:
    recipes = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, kind, voice, text = (line.split("\t") + ["", ""])[:4]
        recipes.append(Recipe(name, kind, voice, text))
    return recipes


def render(out_dir: Path, recipes: list[Recipe] | None = None) -> list[Labelled]:
    """Write every recipe as ``out_dir/NAME.wav`` and the labels as ``labels.tsv``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    clips = []
    for recipe in recipes if recipes is not None else read_recipes():
        rng = np.random.default_rng(int(hashlib.sha256(recipe.name.encode()).hexdigest()[:8], 16))
        samples, onset = render_one(recipe, rng)
        path = out_dir / f"{recipe.name}.wav"
        write_wav(path, samples, RATE)
        clips.append(Labelled(path, onset, recipe.name.rsplit("-", 1)[0]))
    (out_dir / "labels.tsv").write_text(
        "".join(f"{c.path.name}\t{'speech' if c.onset_s is not None else 'nonspeech'}\t"
                f"{'' if c.onset_s is None else f'{c.onset_s:.3f}'}\t{c.group}\n"
                for c in clips))
    return clips


def render_one(recipe: Recipe, rng: np.random.Generator) -> tuple[np.ndarray, float | None]:
    if recipe.kind == "speech":
        return speech_clip(recipe.voice, recipe.text, rng)
    level = 10 ** (rng.uniform(-20, 0) / 20)
    return (NOISES[recipe.kind](rng, 4.0) * level).astype(np.float32), None


def speech_clip(voice: str, text: str, rng: np.random.Generator) -> tuple[np.ndarray, float]:
    """Spoken text over quiet table noise, at a random level, near or far from the mic."""
    words = espeak(text, voice, RATE, speed=int(rng.integers(130, 190)),
                   pitch=int(rng.integers(25, 75)))
    start = np.flatnonzero(np.abs(words) > 0.02 * np.abs(words).max())[0]
    words = words[start:]
    if rng.random() < 0.4:  # far from the microphone: a room's echo and less treble
        words = room(words, rng)
    speech_rms = 10 ** (rng.uniform(-42, -18) / 20)  # a far mic up to a close one
    words *= speech_rms / rms(words)
    background = NOISES[str(rng.choice(["room", "fridge", "room", "deal"]))](
        rng, LEAD_S + len(words) / RATE + 1.0)
    background *= speech_rms * 10 ** (-rng.uniform(12, 30) / 20) / rms(background)
    clip = background.copy()
    lead = int(LEAD_S * RATE)
    clip[lead:lead + len(words)] += words
    return np.clip(clip, -1, 1).astype(np.float32), LEAD_S


def rms(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(samples)))) + 1e-12


def room(samples: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A small room's reverberation: decaying noise as impulse response, then a low-pass."""
    n = int(RATE * rng.uniform(0.15, 0.4))
    impulse = rng.standard_normal(n) * np.exp(-np.arange(n) / (n / 5))
    impulse[0] = 4.0
    wet = np.convolve(samples, impulse)[: len(samples) + n // 2]
    return lowpass(wet, rng.uniform(2500, 5000))


def lowpass(samples: np.ndarray, cutoff: float) -> np.ndarray:
    spectrum = np.fft.rfft(samples)
    freqs = np.fft.rfftfreq(len(samples), 1 / RATE)
    return np.fft.irfft(spectrum / (1 + (freqs / cutoff) ** 4), len(samples))


def bandpass_noise(rng, n: int, low: float, high: float) -> np.ndarray:
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1 / RATE)
    spectrum[(freqs < low) | (freqs > high)] = 0
    out = np.fft.irfft(spectrum, n)
    return out / (np.abs(out).max() + 1e-9)


def clicks(rng, seconds: float, times: np.ndarray, low: float, high: float,
           decay_ms: tuple[float, float], level: float) -> np.ndarray:
    """Short filtered noise bursts at ``times``: the sound of cards and hands."""
    out = np.zeros(int(seconds * RATE))
    for t in times:
        n = int(RATE * rng.uniform(*decay_ms) / 1000 * 5)
        burst = bandpass_noise(rng, n, low, high) * np.exp(-np.arange(n) / (n / 5))
        i = int(t * RATE)
        seg = out[i:i + n]
        seg += burst[: len(seg)] * level * rng.uniform(0.4, 1.0)
    return out


def tones(rng, n: int, freqs: np.ndarray, decay_s: np.ndarray) -> np.ndarray:
    t = np.arange(n) / RATE
    return sum(np.sin(2 * np.pi * f * t + rng.uniform(0, 6.3)) * np.exp(-t / d)
               for f, d in zip(freqs, decay_s))


def riffle(rng, seconds):
    out = np.zeros(int(seconds * RATE))
    start = rng.uniform(0.2, 1.0)
    times = start + np.cumsum(rng.uniform(0.008, 0.03, int(rng.integers(40, 80))))
    out += clicks(rng, seconds, times[times < seconds - 0.1], 1500, 7000, (2, 6), 0.5)
    return out + bridge(rng, seconds, start + 1.6)


def bridge(rng, seconds, at):
    """The cascade when the riffled halves are bent back together."""
    times = at + np.cumsum(rng.uniform(0.003, 0.012, 60))
    return clicks(rng, seconds, times[times < seconds - 0.1], 800, 6000, (1, 4), 0.3)


def deal(rng, seconds):
    times = np.arange(rng.uniform(0.1, 0.5), seconds - 0.2, rng.uniform(0.25, 0.6))
    return clicks(rng, seconds, times, 300, 5000, (8, 25), 0.6)


def ringing(rng, seconds, count, length_s, freqs, decays, gains, tail_s):
    """``count`` ringing hits (chips clinking, plates) at random times in the clip."""
    out = np.zeros(int(seconds * RATE))
    n = int(length_s * RATE)
    for t in np.sort(rng.uniform(0.1, seconds - tail_s, count)):
        i = int(t * RATE)
        out[i:i + n] += tones(rng, n, rng.uniform(*freqs), rng.uniform(*decays)) * \
            rng.uniform(*gains)
    return out


def chips(rng, seconds):
    return ringing(rng, seconds, int(rng.integers(4, 12)), 0.25, (2500, 7000, 4),
                   (0.01, 0.05, 4), (0.1, 0.4), 0.5)


def dishes(rng, seconds):
    out = ringing(rng, seconds, int(rng.integers(3, 7)), 0.8, (900, 5000, 5),
                  (0.05, 0.3, 5), (0.1, 0.3), 1.0)
    return out + 0.1 * clicks(rng, seconds, rng.uniform(0, seconds - 0.5, 6), 200, 3000,
                              (5, 20), 1.0)


def tap(rng, seconds):
    """Water running from a tap: broadband hiss with a slow wobble."""
    n = int(seconds * RATE)
    wobble = 1 + 0.3 * np.sin(2 * np.pi * rng.uniform(3, 9) * np.arange(n) / RATE)
    return bandpass_noise(rng, n, 300, 6000) * wobble * 0.3


def knocks(rng, seconds):
    times = np.sort(rng.uniform(0.1, seconds - 0.3, int(rng.integers(3, 10))))
    return clicks(rng, seconds, times, 60, 1200, (10, 30), 0.8)


def clapping(rng, seconds):
    times = np.arange(rng.uniform(0.2, 0.8), seconds - 0.2, rng.uniform(0.12, 0.3))
    return clicks(rng, seconds, times + rng.normal(0, 0.01, len(times)), 600, 6000,
                  (5, 15), 0.7)


def fridge(rng, seconds):
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    hum = sum(np.sin(2 * np.pi * 50 * k * t) / k for k in range(1, 6))
    return 0.05 * hum + 0.02 * bandpass_noise(rng, n, 50, 2000)


def room_tone(rng, seconds):
    return 0.01 * bandpass_noise(rng, int(seconds * RATE), 40, 7000)


def silence(rng, seconds):
    return np.zeros(int(seconds * RATE))


def music(rng, seconds):
    """A melody over chords with harmonics, vibrato and a beat."""
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    out = np.zeros(n)
    root = rng.uniform(110, 220)
    note_s = rng.uniform(0.2, 0.5)
    scale = np.array([0, 2, 4, 5, 7, 9, 11, 12])
    vibrato = 1 + 0.006 * np.sin(2 * np.pi * 5.5 * t)
    for k, start in enumerate(np.arange(0, seconds, note_s)):
        f = root * 2 * 2 ** (rng.choice(scale) / 12)
        i, j = int(start * RATE), min(n, int((start + note_s) * RATE))
        tt = t[i:j] - start
        env = np.minimum(1, tt / 0.02) * np.exp(-tt / rng.uniform(0.2, 1.0))
        out[i:j] += sum(np.sin(2 * np.pi * f * h * vibrato[i:j] * tt) / h for h in range(1, 6)) * env
    for f in root * 2 ** (np.array([0, 4, 7]) / 12):
        out += 0.3 * np.sin(2 * np.pi * f * t)
    beats = np.arange(0, seconds, note_s * 2)
    out += 2 * clicks(rng, seconds, beats, 40, 200, (30, 60), 1.0)
    return 0.15 * out / (np.abs(out).max() + 1e-9) * 4


def handling(rng, seconds):
    """A microphone or table being handled: crackly friction, rumble and bumps."""
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    strokes = np.clip(np.sin(2 * np.pi * rng.uniform(0.5, 2) * t), 0, 1)
    crackle = np.repeat(rng.uniform(0, 1, n // 160 + 1) ** 4, 160)[:n]   # 10 ms grains
    rub = bandpass_noise(rng, n, 500, 7500) * strokes * crackle
    rumble = bandpass_noise(rng, n, 20, 250) * 0.5
    bumps = clicks(rng, seconds, rng.uniform(0.1, seconds - 0.3, 4), 30, 400, (20, 50), 1.0)
    return 0.5 * rub + 0.3 * rumble + bumps


def vacuum(rng, seconds):
    """A household motor: a whining harmonic series over broadband roar."""
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    f0 = rng.uniform(110, 220) * (1 + 0.01 * np.sin(2 * np.pi * 0.7 * t))
    phase = 2 * np.pi * np.cumsum(f0) / RATE
    whine = sum(np.sin(k * phase) / k for k in range(1, 8))
    return 0.1 * whine + 0.3 * bandpass_noise(rng, n, 100, 7000)


def door(rng, seconds):
    out = clicks(rng, seconds, [rng.uniform(0.3, 1.0)], 40, 600, (40, 80), 1.0)
    at = rng.uniform(1.5, seconds - 0.8)
    return out + clicks(rng, seconds, at + np.cumsum(rng.uniform(0.01, 0.05, 10)), 500, 4000,
                        (3, 10), 0.4)


def footsteps(rng, seconds):
    times = np.arange(rng.uniform(0.1, 0.4), seconds - 0.2, rng.uniform(0.4, 0.6))
    return clicks(rng, seconds, times, 40, 800, (15, 40), 0.8)


def paper(rng, seconds):
    n = int(seconds * RATE)
    envelope = np.repeat(rng.uniform(0, 1, n // 800 + 1) ** 3, 800)[:n]
    return 0.4 * bandpass_noise(rng, n, 1000, 7500) * envelope


def plucks(rng, seconds):
    """Plucked strings (Karplus-Strong): a guitar being tuned or strummed."""
    n = int(seconds * RATE)
    out = np.zeros(n)
    for start in np.sort(rng.uniform(0, seconds - 0.5, int(rng.integers(2, 6)))):
        period = int(RATE / rng.uniform(80, 400))
        length = n - int(start * RATE)
        string = np.zeros(length)
        string[:period] = rng.uniform(-1, 1, period)
        for i in range(period, length, period):     # each round trip loses a little
            chunk = string[i - period:i]
            smoothed = 0.498 * (chunk + np.roll(chunk, 1))
            string[i:i + period] = smoothed[:len(string[i:i + period])]
        out[int(start * RATE):] += string * rng.uniform(0.3, 1.0)
    return 0.3 * out / (np.abs(out).max() + 1e-9)


def piano(rng, seconds):
    n = int(seconds * RATE)
    out = np.zeros(n)
    for start in np.arange(0, seconds - 0.2, rng.uniform(0.25, 0.6)):
        i = int(start * RATE)
        for semitone in rng.choice([0, 3, 4, 7, 12], size=int(rng.integers(1, 4))):
            f = rng.uniform(130, 520) * 2 ** (semitone / 12)
            note = tones(rng, n - i, f * np.arange(1, 7), 0.6 / np.arange(1, 7))
            out[i:] += note / 3
    return 0.2 * out / (np.abs(out).max() + 1e-9) * 4


def organ(rng, seconds):
    """Held notes with vibrato: the music most like a voice."""
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    out = np.zeros(n)
    note_s = rng.uniform(0.4, 1.0)
    for start in np.arange(0, seconds, note_s):
        i, j = int(start * RATE), min(n, int((start + note_s) * RATE))
        f = rng.uniform(150, 600) * (1 + 0.01 * np.sin(2 * np.pi * 5.5 * t[i:j]))
        phase = 2 * np.pi * np.cumsum(f) / RATE
        env = np.minimum(1, (t[i:j] - start) / 0.05) * np.minimum(1, (t[j - 1] - t[i:j]) / 0.05 + 0.01)
        out[i:j] += sum(np.sin(k * phase) / k ** 1.5 for k in range(1, 9)) * env
    return 0.25 * out / (np.abs(out).max() + 1e-9) * 3


def drums(rng, seconds):
    beat = rng.uniform(0.2, 0.35)
    kicks = clicks(rng, seconds, np.arange(0, seconds - 0.2, beat * 2), 40, 150, (40, 80), 1.0)
    snares = clicks(rng, seconds, np.arange(beat, seconds - 0.2, beat * 2), 200, 5000,
                    (20, 40), 0.6)
    hats = clicks(rng, seconds, np.arange(0, seconds - 0.1, beat / 2), 6000, 7900, (3, 8), 0.3)
    return kicks + snares + hats


NOISES = {
    "riffle": riffle, "deal": deal, "chips": chips, "dishes": dishes, "tap": tap,
    "knocks": knocks, "clapping": clapping, "fridge": fridge, "room": room_tone,
    "silence": silence, "music": music, "handling": handling, "vacuum": vacuum,
    "door": door, "footsteps": footsteps, "paper": paper, "piano": piano, "organ": organ,
    "drums": drums, "plucks": plucks,
}
