"""Voice-activity detection that tells people talking from card, chip and table noise.

Per 32 ms frame of 16 kHz audio:
1. Silero VAD (its ONNX model, run by onnxruntime, no torch) gives a speech probability,
   on the frame brought up to a normal level first (it hears far, quiet voices badly).
2. The frame counts as voiced only if that probability passes the threshold (a higher
   one to start, a lower one to go on: hysteresis), its level stands out from the
   room's slowly adapting noise floor, the app is not playing a cue (masked), and it
   has energy where voices have theirs (thumps have none there).
3. A run of voiced frames becomes speech on one of two kinds of evidence: a short run
   holding a frame Silero is sure of, or a longer one it is only fairly sure of. Runs
   that die away like a knock's ring, or whose spectrum stands still like a held note
   of music, are not speech. The onset is called as soon as the evidence is there.
Silero alone fired on music and dishes and missed short words
(../shared/platform/AUDIO-FACTS.md); steps 2 and 3 are the difference.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

import numpy as np

RATE = 16000
FRAME = 512           # samples per Silero frame at 16 kHz: 32 ms
CONTEXT = 64          # samples of the previous frame Silero v5 wants in front of each frame
FRAME_S = FRAME / RATE
TARGET_PEAK_DB = -20.0   # frame level the loudest recent sound is brought up to
PEAK_DECAY_DB = 0.05     # per frame: the peak tracker forgets in about 10 s
RING_DB = 20.0           # a voiced run this much below its loudest frame has died away
DECAY_FRAMES = 2         # frames falling one after another since the loudest, and
DECAY_DB = 3.0           # by this much in all: something left to ring
# A voice puts some of its energy between 300 Hz and 4 kHz (formants; close vowels and
# nasals put little there); a thump on the table or the microphone almost none: voiced
# frames of the generated speech clips carry 3% or more in 98 of 100 cases.
MIN_SPEECH_BAND_SHARE = 0.03
# Consecutive frames of speech look alike at most 0.97 (median of 5, the clips of
# bench vad); held notes of an organ or a piano 0.98 to 1.
STEADY_SIMILARITY = 0.98
STEADY_FRAMES = 5
PRIME_S = 0.5            # silence Silero hears before the first frame (see reset)
_FREQS = np.fft.rfftfreq(FRAME, 1 / RATE)
_WINDOW = np.hanning(FRAME)


class VadUnavailable(Exception):
    """The Silero model or onnxruntime is missing; the message says how to install it."""


@dataclass(frozen=True)
class VadSettings:
    """How readily the detector calls speech. ``sensitivity`` 0..1 moves every threshold.

    Speech is called on either of two kinds of evidence: a short voiced run that holds
    at least one frame Silero is sure of (most speech, called fast), or a longer run of
    frames it is only fairly sure of (soft or far voices, called later). Music, dishes
    and knocks seldom give either: their frames are few and middling.
    """

    sensitivity: float = 0.5
    min_speech_s: float = 0.096     # voiced time, with a sure frame, within window_s
    window_s: float = 0.32
    sustained_s: float = 0.16       # voiced time, without a sure frame, within 1.5 windows
    hangover_s: float = 0.4         # quiet time that ends a segment

    @property
    def start_probability(self) -> float:
        return 0.75 - 0.4 * self.sensitivity

    @property
    def sure_probability(self) -> float:
        return 0.95 - 0.1 * self.sensitivity

    @property
    def keep_probability(self) -> float:
        return self.start_probability - 0.2

    @property
    def above_floor_db(self) -> float:
        return 14.0 - 8.0 * self.sensitivity


@dataclass(frozen=True)
class SpeechStart:
    """Speech called: ``onset_s`` where the voiced run began, ``called_s`` when it was called."""

    onset_s: float
    called_s: float


@dataclass(frozen=True)
class SpeechEnd:
    end_s: float


class SileroModel:
    """Silero VAD's ONNX model: one speech probability per 512-sample frame."""

    def __init__(self):
        try:
            import onnxruntime
        except ImportError as exc:
            raise VadUnavailable("voice detection needs onnxruntime "
                                 "(run scripts/setup.sh)") from exc
        model = _model_bytes()
        options = onnxruntime.SessionOptions()
        # One thread: the detector runs beside the camera and the dashboard on a small CPU.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(model, sess_options=options,
                                                     providers=["CPUExecutionProvider"])
        self._rate = np.array(RATE, np.int64)
        self._settled: tuple[np.ndarray, np.ndarray] | None = None
        self.reset()

    def reset(self) -> None:
        """A fresh start, as if after half a second of silence. From an all-zero state
        Silero missed speech in the first frames (a recording that starts talking);
        0.3-0.5 s of silence settled it (a whole second made it jumpier on noise)."""
        if self._settled is None:
            self._state = np.zeros((2, 1, 128), np.float32)
            self._context = np.zeros(CONTEXT, np.float32)
            silence = np.zeros(FRAME, np.float32)
            for _ in range(round(PRIME_S / FRAME_S)):
                self.probability(silence)
            self._settled = (self._state, self._context)
        self._state, self._context = self._settled

    def probability(self, frame: np.ndarray) -> float:
        x = np.concatenate([self._context, frame]).astype(np.float32)[None, :]
        out, self._state = self._session.run(
            None, {"input": x, "state": self._state, "sr": self._rate})
        self._context = x[0, -CONTEXT:]
        return float(out[0, 0])


def _model_bytes() -> bytes:
    # The model file comes from the silero-vad wheel, installed without its torch
    # dependency (scripts/setup.sh). The package is only located, never imported:
    # importing it (importlib.resources.files does) pulls in torch.
    spec = importlib.util.find_spec("silero_vad")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        for name in ("silero_vad_16k_op15.onnx", "silero_vad.onnx"):
            path = Path(folder) / "data" / name
            if path.is_file():
                return path.read_bytes()
    raise VadUnavailable("the Silero VAD model is missing: run scripts/setup.sh "
                         "(pip install --no-deps silero-vad)")


@dataclass(frozen=True)
class Spectrum:
    """What the detector needs of one frame's spectrum besides Silero's opinion."""

    band_share: float         # energy share between 300 Hz and 4 kHz (of all above 80 Hz)
    shape: np.ndarray         # unit-length magnitudes, 100 Hz to 4 kHz

    @classmethod
    def of(cls, frame: np.ndarray) -> "Spectrum":
        magnitude = np.abs(np.fft.rfft(frame * _WINDOW))
        power = magnitude ** 2
        total = power[_FREQS >= 80].sum()
        band = power[(_FREQS >= 300) & (_FREQS <= 4000)].sum()
        shape = magnitude[(_FREQS >= 100) & (_FREQS <= 4000)]
        norm = np.linalg.norm(shape)
        return cls(float(band / total) if total > 0 else 0.0,
                   shape / norm if norm > 0 else shape)

    def similarity(self, other: "Spectrum") -> float:
        return float(self.shape @ other.shape)


class VoiceDetector:
    """Frames in, speech starts and ends out. Time is counted in samples fed."""

    def __init__(self, settings: VadSettings = VadSettings(), model: SileroModel | None = None):
        self.settings = settings
        self.model = model or SileroModel()
        self._window = max(1, round(settings.window_s / FRAME_S))
        self._need = max(1, round(settings.min_speech_s / FRAME_S))
        self._sustained = max(1, round(settings.sustained_s / FRAME_S))
        self._hangover = max(1, round(settings.hangover_s / FRAME_S))
        self._pending = np.zeros(0, np.float32)
        self._frames = 0
        self._recent: list[tuple[bool, bool, float]] = []   # (voiced, sure, dB), newest last
        self._steadiness: list[float | None] = []   # each frame's likeness to the one before
        self._spectrum: Spectrum | None = None
        self._floor_db = -60.0
        self._peak_db = -200.0   # no sound heard yet: the first frames get the most gain
        self._in_speech = False
        self._quiet = 0               # unvoiced frames in a row
        self._run_start: int | None = None
        self._masked_until = 0

    @property
    def time_s(self) -> float:
        return self._frames * FRAME_S

    def mask(self, seconds: float) -> None:
        """Ignore the next ``seconds`` of input (the app's own cue is playing)."""
        until = self._frames + int(np.ceil(seconds / FRAME_S))
        self._masked_until = max(self._masked_until, until)

    def feed(self, samples: np.ndarray) -> list[SpeechStart | SpeechEnd]:
        """16 kHz float32 mono, any length; the events found in whole frames so far."""
        self._pending = np.concatenate([self._pending, samples.astype(np.float32)])
        events = []
        whole = len(self._pending) // FRAME * FRAME
        for i in range(0, whole, FRAME):
            event = self._frame(self._pending[i:i + FRAME])
            if event is not None:
                events.append(event)
        self._pending = self._pending[whole:]
        return events

    def _frame(self, frame: np.ndarray) -> SpeechStart | SpeechEnd | None:
        s = self.settings
        spectrum = Spectrum.of(frame)
        # Likeness to the frame before; none where either is digital silence.
        steadiness = (spectrum.similarity(self._spectrum)
                      if self._spectrum is not None and spectrum.shape.any()
                      and self._spectrum.shape.any() else None)
        self._spectrum = spectrum
        self._steadiness = (self._steadiness + [steadiness])[-STEADY_FRAMES:]
        level_db = 10 * np.log10(np.mean(np.square(frame, dtype=np.float64)) + 1e-12)
        probability = self.model.probability(frame * self._gain(level_db))
        masked = self._frames < self._masked_until
        self._frames += 1
        threshold = s.keep_probability if self._in_speech else s.start_probability
        loud = level_db > self._floor_db + s.above_floor_db and level_db > -70
        voiced = (probability >= threshold and loud and not masked
                  and spectrum.band_share >= MIN_SPEECH_BAND_SHARE)
        self._follow_floor(level_db, probability)
        sure = voiced and probability >= s.sure_probability
        self._recent = (self._recent + [(voiced, sure, level_db)])[-(self._window * 3 // 2):]
        if not self._in_speech:
            # The run being judged began at its first voiced frame after a pause.
            if voiced and (self._run_start is None or self._quiet >= self._hangover):
                self._run_start = self._frames - 1
            self._quiet = 0 if voiced else self._quiet + 1
            if voiced and self._is_speech():
                self._in_speech = True
                self._quiet = 0
                return SpeechStart(onset_s=self._run_start * FRAME_S, called_s=self.time_s)
            return None
        self._quiet = 0 if voiced else self._quiet + 1
        if self._quiet >= self._hangover:
            self._in_speech = False
            self._recent = []
            self._run_start = None
            return SpeechEnd(end_s=(self._frames - self._quiet) * FRAME_S)
        return None

    def _is_speech(self) -> bool:
        """Whether the recent voiced frames make speech.

        A run whose sound has already died away by 20 dB is the ring of a knock or a
        clink, not a voice (voices hold their level over a syllable). A run whose spectrum
        stands still is a held note (an organ, a sung vowel of music): a voice's formants
        and pitch keep moving.
        """
        likeness = [x for x in self._steadiness if x is not None]
        if likeness and np.median(likeness) >= STEADY_SIMILARITY or self._dying_away():
            return False
        for frames, need, needs_sure in ((self._recent[-self._window:], self._need, True),
                                         (self._recent, self._sustained, False)):
            loudest = max((db for v, _, db in frames if v), default=-200.0)
            if (sum(v for v, _, _ in frames) >= need
                    and (not needs_sure or any(s for _, s, _ in frames))
                    and frames[-1][2] > loudest - RING_DB):
                return True
        return False

    def _dying_away(self) -> bool:
        """Quieter every frame since its loudest, a few frames back: a pluck, a knock, a
        clink left to ring (a voice is driven: its level holds or rises in a syllable)."""
        levels = [db for _, _, db in self._recent[-self._window:]]
        peak = int(np.argmax(levels))
        since = levels[peak:]
        return (len(since) > DECAY_FRAMES and since[0] - since[-1] >= DECAY_DB
                and all(a > b for a, b in zip(since, since[1:])))

    def _gain(self, level_db: float) -> float:
        # Silero hears quiet voices (a far microphone, a soft word) badly: bring the
        # loudest recent sound up to a normal speaking level, at most +30 dB.
        self._peak_db = max(level_db, self._peak_db - PEAK_DECAY_DB)
        return 10 ** (min(30.0, max(0.0, TARGET_PEAK_DB - self._peak_db)) / 20)

    def _follow_floor(self, level_db: float, probability: float) -> None:
        # The floor falls fast to quiet frames and rises slowly, and never on speech,
        # so it follows the room (fridge, tap) without learning the talker.
        if level_db < self._floor_db:
            self._floor_db += 0.3 * (level_db - self._floor_db)
        elif probability < 0.3:
            self._floor_db += 0.01 * (level_db - self._floor_db)
