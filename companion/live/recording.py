"""A recording: one folder holding what the camera saw and what the companion made of it.

    manifest.json     format line, the session header, frame count, fps, resolution
    video.avi | .mp4  the frames (Motion JPEG from ``companion record``; H.264 for the
                      rendered fixtures, which compresses a still table far better)
    timestamps.txt    one line per frame: its time in seconds
    calibration.json  the table's calibration (companion-calibration/1)
    session.jsonl     the session file the moves were journalled to
    summary.json      the session's summary (as ``companion replay FILE --json``)

Reading one never raises for what the files hold but :class:`RecordingError` (one line:
which file, what is wrong, what to do); a video shorter than its timestamps, a frame
that cannot be decoded or a timestamps file that is cut short is reported through
``on_problem`` and the frames that can be read are still handed out. Both are
companion.said sentences: English, said in the table's language where shown.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import cv2
import numpy as np

from companion.inputs import InputError, decimal_number, read_text
from companion.live.avi import decode_jpeg, jpeg_frames
from companion.said import Said, said
from vision.frames import open_capture
from vision.types import Frame

FORMAT = "companion-recording/1"
MANIFEST = "manifest.json"
TIMESTAMPS = "timestamps.txt"
CALIBRATION = "calibration.json"
SESSION = "session.jsonl"
SUMMARY = "summary.json"
# What a manifest may claim: a week filmed at 30 fps, a picture of 100000 pixels a side.
MAX_FRAMES = 30 * 3600 * 24 * 7
MAX_SIDE = 100_000
MAX_MANIFEST_BYTES = 1 << 20
MAX_LINE_BYTES = 32   # a timestamps line: "123456.123456"


class RecordingError(Exception):
    """A recording folder that cannot be replayed, said in one line (its argument a Said)."""


@dataclass(frozen=True)
class Manifest:
    header: dict                  # the session header (line 1 of the session file)
    frames: int
    fps: float
    size: tuple[int, int]
    video: str                    # the video's file name in the folder

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.header.get("game"),
                "players": [p.get("name") for p in self.header.get("players", [])],
                "frames": self.frames, "fps": self.fps, "size": list(self.size),
                "video": self.video, "header": self.header}


def write_manifest(folder: Path, manifest: Manifest) -> None:
    entries = [f'  "{key}": {json.dumps(value, ensure_ascii=False)}'
               for key, value in manifest.to_json().items()]
    (folder / MANIFEST).write_text("{\n" + ",\n".join(entries) + "\n}\n", encoding="utf-8")


def write_summary(folder: Path, summary: dict) -> None:
    (folder / SUMMARY).write_text(json.dumps(summary, ensure_ascii=False) + "\n",
                                  encoding="utf-8")


@dataclass(frozen=True)
class Recording:
    folder: Path
    manifest: Manifest

    @property
    def video(self) -> Path:
        return self.folder / self.manifest.video

    @property
    def calibration(self) -> Path:
        return self.folder / CALIBRATION

    @property
    def session(self) -> Path:
        return self.folder / SESSION

    @property
    def summary(self) -> Path:
        return self.folder / SUMMARY

    def timestamps(self, on_problem: Callable[[Said], None]) -> list[float]:
        """The times the timestamps file gives (at most the manifest's frames); where it is
        missing, cut short or wrong from a line on, :meth:`frames` counts the rest at the
        manifest's fps from the last good one."""
        path = self.folder / TIMESTAMPS
        fps = self.manifest.fps
        times: list[float] = []
        try:
            lines = read_text(path, "timestamps file", (self.manifest.frames + 1) *
                              MAX_LINE_BYTES + (1 << 20)).split("\n")
        except InputError as exc:
            on_problem(said("recording.times_unreadable", path=str(path), fps=fps,
                            reason=exc.cause or exc.reason))
            lines = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            value = decimal_number(line.strip())
            if value is None:
                on_problem(said("recording.time_bad", path=str(path), line=number,
                                text=line.strip()[:30], fps=fps))
                break
            times.append(value)
        if 0 < len(times) < self.manifest.frames:
            on_problem(said("recording.times_short", path=str(path), count=len(times),
                            frames=self.manifest.frames, fps=fps))
        return times[:self.manifest.frames]

    def frames(self, on_problem: Callable[[Said], None]) -> Iterator[Frame]:
        """The frames with their recorded times; unreadable ones reported and skipped."""
        if not self.video.is_file():   # (said alone, before the times are read)
            raise RecordingError(said("recording.video_missing", video=str(self.video)))
        times = self.timestamps(on_problem)
        last = times[-1] if times else -1 / self.manifest.fps
        index = 0
        for image in self._images():
            if index >= self.manifest.frames:
                break
            if image is None:
                on_problem(said("recording.frame_unreadable", video=str(self.video),
                                index=index))
            else:
                time = times[index] if index < len(times) else \
                    last + (index - len(times) + 1) / self.manifest.fps
                yield Frame(image, time, index, str(self.video))
            index += 1
        if index < self.manifest.frames:
            on_problem(said("recording.video_short", video=str(self.video), read=index,
                            frames=self.manifest.frames))

    def _images(self) -> Iterator[np.ndarray | None]:
        """The video's pictures in order (None for one that cannot be decoded): our MJPEG
        files chunk by chunk (exactly as recorded), anything else through cv2."""
        video = str(self.video)
        if self.video.suffix.lower() == ".avi":
            try:
                for jpeg in jpeg_frames(self.video):
                    yield decode_jpeg(jpeg)
            except ValueError:   # (not an AVI: the only thing jpeg_frames refuses)
                raise RecordingError(said("recording.video_damaged", video=video)) from None
            return
        # One decoding thread: a 720p H.264 frame costs 2.8 ms of CPU so, 3.4 ms with
        # FFmpeg's frame threads (what they win in time they spend waiting).
        capture = open_capture(str(self.video), cv2.CAP_ANY, [cv2.CAP_PROP_N_THREADS, 1])
        if not capture.isOpened():
            raise RecordingError(said("recording.video_unopened", video=video))
        try:
            while True:
                ok, image = capture.read()
                if not ok:
                    return
                yield image
        finally:
            capture.release()


def load_recording(folder: str | Path) -> Recording:
    folder = Path(folder)
    path = folder / MANIFEST
    if not folder.is_dir():
        raise RecordingError(said("recording.no_folder", folder=str(folder)))
    if not path.exists():
        raise RecordingError(said("recording.no_manifest", folder=str(folder),
                                  manifest=MANIFEST))
    try:
        data = json.loads(read_text(path, "manifest", MAX_MANIFEST_BYTES))
    except InputError as exc:
        raise RecordingError(said("recording.manifest_unreadable", path=str(path),
                                  reason=exc.cause or exc.reason)) from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise RecordingError(said("recording.manifest_unreadable", path=str(path),
                                  reason=str(exc))) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordingError(said("recording.not_manifest", path=str(path), format=FORMAT))
    try:
        header = data["header"]
        frames, fps = int(data["frames"]), float(data["fps"])
        size = (int(data["size"][0]), int(data["size"][1]))
        video = str(data["video"])
    except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
        raise RecordingError(said("recording.entry", path=str(path), entry=str(exc))) from None
    if not isinstance(header, dict) or frames < 0 or not 0 < fps < 1000 or "/" in video:
        raise RecordingError(said("recording.unusable", path=str(path)))
    # (checked before anything is sized by them: a frame count claims a list of times)
    if frames > MAX_FRAMES or not all(0 < side <= MAX_SIDE for side in size):
        raise RecordingError(said("recording.too_large", path=str(path), frames=frames,
                                  most=MAX_FRAMES, width=size[0], height=size[1],
                                  side=MAX_SIDE))
    return Recording(folder, Manifest(header, frames, fps, size, video))
