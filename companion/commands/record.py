"""``companion record``: follow a game through a camera and keep everything in one folder.

What the camera sees is stored as Motion JPEG (our own JPEG bytes, so the pipeline sees
while recording exactly the pixels ``companion replay FOLDER`` will read back), with a
timestamps file, the calibration, the session journal (flushed per move) and, at the
end, the summary and the manifest. Ctrl-C stops cleanly and keeps everything.
"""

from __future__ import annotations

import shutil
import signal
import sys
from contextlib import contextmanager
from pathlib import Path

from companion.registry import game_names
from companion.cli import COMMANDS, CommandError
from companion.command_args import (check_at_least_one, check_calibration_file, player_entries,
                                    whole_arg)
from companion.games import RuleError
from companion.games.base import FORMAT
from companion.i18n import LANGS, t

JPEG_QUALITY = 90


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "record", help=COMMANDS["record"],
        description="Follow a game through a camera, a video file or a stream, journal "
                    "every move it reads, and keep the frames "
                    "(Motion JPEG), their timestamps, the calibration, the session file, "
                    "its summary and a manifest in one folder, for companion replay "
                    "FOLDER. Ctrl-C stops and keeps everything.")
    p.add_argument("--camera", required=True, metavar="N|FILE|URL",
                   help="a camera index, a video file or a stream URL")
    p.add_argument("--calibration", required=True, metavar="FILE",
                   help="the table's calibration (companion calibrate)")
    p.add_argument("--game", required=True, choices=game_names(), help="the game played")
    p.add_argument("--players", nargs="+", required=True, metavar="NAME[:AGE][=CHARACTER]",
                   help="the players in clockwise seating order (seat 1 first); in Mafia each "
                        "with the character card dealt to them, e.g. Ann=Enrico Bob=Francesca")
    p.add_argument("--items", action="store_true", help="Pumafiosi: play with item tokens")
    p.add_argument("--games", type=whole_arg(), metavar="N", help="Pungi: games in the series")
    p.add_argument("--out", required=True, metavar="FOLDER", help="the new recording folder")
    p.add_argument("--max-frames", type=whole_arg(), metavar="N", help="stop after N frames")
    p.add_argument("--lang", choices=LANGS, default="en",
                   help="the language of what it says: the moves it reads, warnings, "
                        "refusals (default en)")
    p.set_defaults(func=run)


def run(args) -> int:
    from calibration.types import CalibrationError
    from companion.calibrated_table import calibration_gaps, load_table_calibration, table_map
    from companion.said import refusal, say
    from companion.session import Session, parse_header
    from vision.frames import FrameSourceError, open_source

    check_at_least_one("--max-frames", args.max_frames, args.lang)
    options: dict = {"items": True} if args.items else {}
    if args.games is not None:
        options["games"] = args.games
    try:
        header = parse_header({"format": FORMAT, "game": args.game,
                               "players": player_entries(args.players, args.game,
                                                         args.lang),
                               "options": options})
        session = Session(header)
    except RuleError as exc:
        raise CommandError(say(refusal(exc), args.lang)) from None
    check_calibration_file(args.calibration)
    try:
        calibration = load_table_calibration(args.calibration)
    except CalibrationError as exc:
        raise CommandError(say(exc, args.lang)) from None
    out = Path(args.out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise CommandError(t(args.lang, "record.out_exists", path=str(out)))
    from companion.live.progress import Progress

    progress = Progress(t(args.lang, "record.recording", path=str(out)), args.max_frames)
    # (what the calibration lacks for this session, said before the first frame)
    for warning in calibration_gaps(calibration, header.game, header.names):
        progress.say(say(warning, args.lang))
    try:
        source = open_source(args.camera,
                             on_problem=lambda problem: progress.say(say(problem, args.lang)))
    except FrameSourceError as exc:
        raise CommandError(say(exc.problem, args.lang)) from None
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CommandError(t(args.lang, "record.out_unmade", path=str(out),
                             reason=exc.strerror or str(exc))) from None
    shutil.copyfile(args.calibration, out / "calibration.json")
    recorder = _Recorder(out, session, table_map(calibration),
                         getattr(source, "fps", None), progress, args.lang)
    try:
        with source, _ctrl_c_between_frames() as stop:
            try:
                recorder.record(source, args.max_frames, stop)
            except KeyboardInterrupt:
                pass
            finally:
                if stop.requested:
                    progress.say(t(args.lang, "record.stopped"))
                recorder.close()
    except OSError as exc:   # a full disk, a file-size limit: the journal is whole up to here
        raise CommandError(t(args.lang, "record.unwritable", path=str(out),
                             reason=exc.strerror or str(exc),
                             moves=len(recorder.session.moves))) from None
    print("companion: " + t(args.lang, "record.done", frames=recorder.frames,
                            moves=len(recorder.session.moves), path=str(out)), file=sys.stderr)
    return 1 if recorder.error else 0


class _Recorder:
    """Frames to the video, times to their file, moves to the journal, as they come."""

    def __init__(self, folder: Path, session, table_map, fps: float | None, progress,
                 lang: str):
        from companion.live.pipeline import Pipeline
        from companion.live_table import LiveTable, Table
        from companion.session import Journal

        self.folder = folder
        self.session = session
        self.fps = fps
        self.progress = progress
        self.lang = lang
        self.journal = Journal.create(folder / "session.jsonl", session.header)
        self.pipeline = Pipeline(LiveTable(Table(session), self.journal), table_map)
        self.times = (folder / "timestamps.txt").open("w", encoding="utf-8")
        self.writer = None
        self.frames = 0
        self.size: tuple[int, int] = tuple(table_map.calibration.image_size)
        self.last_time = 0.0
        self.error = ""

    def record(self, source, max_frames: int | None, stop: _Stop) -> None:
        from companion.live.avi import MjpegAviWriter, decode_jpeg, encode_jpeg
        from companion.live.pipeline import PipelineError
        from companion.said import say
        from vision.types import Frame

        lang = self.lang

        for frame in source:
            jpeg = encode_jpeg(frame.image, JPEG_QUALITY)
            image = decode_jpeg(jpeg)   # what a replay will read back
            if self.writer is None:
                self.size = (image.shape[1], image.shape[0])
                self.writer = MjpegAviWriter(self.folder / "video.avi", self.size,
                                             self.fps or 30.0)
            elif (image.shape[1], image.shape[0]) != self.size:
                self.progress.say(t(lang, "record.frame_skipped", index=frame.index,
                                    size=f"{image.shape[1]}x{image.shape[0]}",
                                    first=f"{self.size[0]}x{self.size[1]}"))
                continue
            # The time as the timestamps file keeps it, so a replay reads the same moment.
            stamp = float(f"{frame.timestamp:.6f}")
            try:
                status = self.pipeline.process(Frame(image, stamp, self.frames))
            except PipelineError as exc:
                self.error = str(exc)
                self.progress.say(t(lang, "record.pipeline_failed", reason=say(exc.args[0], lang)))
                return
            self.writer.write(jpeg)
            self.times.write(f"{stamp:.6f}\n")
            self.times.flush()
            self.frames += 1
            self.last_time = stamp
            self._tell(status, stamp)
            self.progress.update(self.frames, t(lang, "record.status",
                                                cards=status.cards_on_table,
                                                moves=len(self.session.moves)))
            if stop.requested or max_frames is not None and self.frames >= max_frames:
                return

    def _tell(self, status, stamp: float) -> None:
        """What the pipeline made of a frame, said on the progress line's behalf."""
        from companion.i18n import describe_move
        from companion.said import say

        for move in status.moves:
            self.progress.say(f"{stamp:7.2f} s  {describe_move(move, self.lang)}")
        for warning in status.warnings:
            self.progress.say(f"{stamp:7.2f} s  {say(warning, self.lang)}")
        if status.question:
            self.progress.say(f"{stamp:7.2f} s  ? {say(status.question, self.lang)}")

    def close(self) -> None:
        from companion.live.recording import Manifest, write_manifest, write_summary

        if self.frames and not self.error:   # the table as it lay when filming stopped
            self._tell(self.pipeline.finish(), self.last_time)
        self.progress.done()
        fps = self.fps or _measured_fps(self.frames, self.last_time)
        if self.writer is not None:
            self.writer.fps = fps
            self.writer.close()
        self.times.close()
        self.journal.close()
        write_manifest(self.folder, Manifest(self.session.header.to_json(), self.frames,
                                             round(float(fps), 3), self.size, "video.avi"))
        write_summary(self.folder, self.session.summary())


class _Stop:
    requested = False


@contextmanager
def _ctrl_c_between_frames():
    """Ctrl-C ends the recording after the frame in hand: a frame whose moves are in the
    journal is always in the video too, so the folder replays to its own journal. A
    second Ctrl-C (a camera that hangs) stops at once."""
    stop = _Stop()

    def on_ctrl_c(signum, frame):
        if stop.requested:
            raise KeyboardInterrupt
        stop.requested = True

    previous = signal.signal(signal.SIGINT, on_ctrl_c)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def _measured_fps(frames: int, last_time: float) -> float:
    """A camera's frame rate, from the frames it gave (the first at time ~0)."""
    return (frames - 1) / last_time if frames > 1 and last_time > 0 else 30.0

