"""Voice detection on labelled clips: speech found, false alarms, delay to the `spoke` move.

Without --labels, the built-in clip set (fixtures/audio/clips.tsv: espeak-ng speech in
English and Vietnamese, synthesized table noise and music) is rendered to a temporary
folder first. --labels FILE reads real recordings instead: one line per recording,
tab-separated `path  speech|nonspeech  onset_seconds  [group]` (path relative to the
file; the onset only for speech, empty otherwise; the group, such as "en" or "music",
for a line per group in the report). Every clip goes through the microphone's own path
(companion.audio.listener). Goals: at least 98% of speech clips detected, no false alarm
on silence and at most 1 in 50 on other non-speech, median delay under 250 ms.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.audio.listener import Listener, listen_file
from companion.audio.signal import AudioFileError
from companion.audio.options import add_sensitivity, voice_model
from companion.audio.voice_detector import SileroModel, VadSettings, VoiceDetector
from companion.bench.vad_clips import Labelled, render


@dataclass(frozen=True)
class ClipResult:
    clip: Labelled
    called_s: list[float]
    audio_s: float

    @property
    def detected(self) -> bool:
        """Speech clips: called at or after the onset (earlier calls are false alarms)."""
        return any(t >= self.clip.onset_s - 0.05 for t in self.called_s)

    @property
    def delay_s(self) -> float | None:
        late = [t for t in self.called_s if t >= self.clip.onset_s - 0.05]
        return min(late) - self.clip.onset_s if late else None

    @property
    def false_alarm(self) -> bool:
        if self.clip.onset_s is None:
            return bool(self.called_s)
        return any(t < self.clip.onset_s - 0.05 for t in self.called_s)


def add_arguments(parser) -> None:
    parser.add_argument("--labels", type=Path,
                        help="labels file of real recordings (path, speech|nonspeech, onset)")
    add_sensitivity(parser)
    parser.add_argument("--verbose", action="store_true", help="one line per clip")


def run(args) -> int:
    from companion.cli import CommandError
    settings, model = voice_model(args.sensitivity)
    with tempfile.TemporaryDirectory() as tmp:
        try:
            clips = read_labels(args.labels) if args.labels else render(Path(tmp))
        except FileNotFoundError as exc:   # espeak-ng, for the built-in speech clips
            raise CommandError(f"cannot make the built-in clips: {exc}") from exc
        started = time.process_time()
        try:
            results = [evaluate(clip, settings, model) for clip in clips]
        except AudioFileError as exc:
            raise CommandError(str(exc)) from exc
        cpu_s = time.process_time() - started
    report(results, cpu_s, args.verbose)
    return 0


def evaluate(clip: Labelled, settings: VadSettings, model: SileroModel) -> ClipResult:
    model.reset()
    listener = Listener(VoiceDetector(settings, model))
    detections = listen_file(clip.path, listener)
    return ClipResult(clip, [d.called_s for d in detections], listener.detector.time_s)


def read_labels(path: Path) -> list[Labelled]:
    from companion.cli import CommandError
    from companion.inputs import InputError, decimal, read_text

    clips = []
    try:
        lines = read_text(path, "labels file", 1 << 20).splitlines()
    except InputError as exc:
        raise CommandError(str(exc)) from None
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        label = fields[1].strip() if len(fields) > 1 else ""
        try:
            onset = decimal(fields[2], low=0) if label == "speech" else None
        except (IndexError, InputError):
            onset = -1.0
        if label not in ("speech", "nonspeech") or (onset is not None and onset < 0):
            raise CommandError(f"{path}:{number}: expected `file<TAB>speech<TAB>onset "
                               "seconds` or `file<TAB>nonspeech`")
        group = fields[3].strip() if len(fields) > 3 else ""
        clips.append(Labelled(path.parent / fields[0], onset, group))
    return clips


def report(results: list[ClipResult], cpu_s: float, verbose: bool) -> None:
    speech = [r for r in results if r.clip.onset_s is not None]
    other = [r for r in results if r.clip.onset_s is None]
    silent = [r for r in other if r.clip.group in ("silence", "room")
              or "silence" in r.clip.path.name]
    if verbose:
        for r in results:
            what = "speech" if r.clip.onset_s is not None else "non-speech"
            calls = ", ".join(f"{t:.2f}" for t in r.called_s) or "-"
            print(f"  {r.clip.path.name:28} {what:10} called at {calls}")
    groups = sorted({(r.clip.onset_s is None, r.clip.group) for r in results if r.clip.group})
    for _, group in groups:
        members = [r for r in results if r.clip.group == group]
        if members[0].clip.onset_s is not None:
            print(f"  {group:12} speech found in {sum(r.detected for r in members)}"
                  f"/{len(members)}")
        else:
            print(f"  {group:12} false alarms in {sum(r.false_alarm for r in members)}"
                  f"/{len(members)}")
    found = sum(r.detected for r in speech)
    delays = [r.delay_s for r in speech if r.delay_s is not None]
    print(f"speech clips detected:      {found}/{len(speech)} "
          f"({100 * found / max(1, len(speech)):.1f}%; goal >= 98%)")
    missed = [r.clip.path.name for r in speech if not r.detected]
    if missed:
        print(f"  missed: {', '.join(missed)}")
    alarms = [r for r in results if r.false_alarm]
    print(f"non-speech clips that fired: {sum(r.false_alarm for r in other)}/{len(other)} "
          f"(goal <= 1 in 50; silence and room tone: "
          f"{sum(r.false_alarm for r in silent)}/{len(silent)}, goal 0)")
    if alarms:
        print(f"  false alarms: {', '.join(r.clip.path.name for r in alarms)}")
    if delays:
        ms = np.array(delays) * 1000
        print(f"delay from speech onset to the spoke move: median {np.median(ms):.0f} ms, "
              f"90th percentile {np.percentile(ms, 90):.0f} ms (goal: median < 250 ms)")
    audio_s = sum(r.audio_s for r in results)
    print(f"cpu: {cpu_s:.1f} s for about {audio_s:.0f} s of audio")
