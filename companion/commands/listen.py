"""``companion listen FILE...``: where the Omertà's voice detector would call speech."""

from __future__ import annotations

import json
from pathlib import Path

from companion.audio.listener import Listener, listen_file
from companion.audio.signal import AudioFileError
from companion.audio.options import add_sensitivity, voice_model
from companion.audio.voice_detector import VoiceDetector
from companion.cli import COMMANDS, CommandError
from companion.inputs import InputError, regular_file


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "listen", help=COMMANDS["listen"],
        description="Run the microphone's voice detector over recordings (WAV, FLAC, Ogg, "
                    "MP3, AIFF, ... at any rate) through the same path as the live "
                    "microphone, and print where it calls speech.")
    p.add_argument("files", nargs="+", metavar="FILE", type=Path, help="recordings")
    p.add_argument("--json", action="store_true",
                   help='one JSON object per file and line: {"path", "speech": [[start_s, end_s], ...]}')
    add_sensitivity(p)
    p.set_defaults(func=run)


def run(args) -> int:
    for path in args.files:   # (a folder or a FIFO is said before the model loads)
        if path.exists():
            try:
                regular_file(path, "recording")
            except InputError as exc:
                raise CommandError(str(exc)) from None
    settings, model = voice_model(args.sensitivity)
    for path in args.files:
        model.reset()
        listener = Listener(VoiceDetector(settings, model))
        try:
            detections = listen_file(path, listener)
        except AudioFileError as exc:
            raise CommandError(str(exc)) from exc
        spans = [[round(d.onset_s, 2), round(d.end_s if d.end_s is not None
                                             else listener.detector.time_s, 2)]
                 for d in detections]
        if args.json:
            print(json.dumps({"path": str(path), "speech": spans}, ensure_ascii=False),
                  flush=True)
        else:
            found = ", ".join(f"{a:.2f}-{b:.2f} s" for a, b in spans) or "no speech"
            print(f"{path}: {found}", flush=True)
    return 0
