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
``on_problem`` and the frames that can be read are still handed out.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import cv2
import numpy as np

from companion.live.avi import decode_jpeg, jpeg_frames
from vision.types import Frame

FORMAT = "companion-recording/1"
MANIFEST = "manifest.json"
TIMESTAMPS = "timestamps.txt"
CALIBRATION = "calibration.json"
SESSION = "session.jsonl"
SUMMARY = "summary.json"


class RecordingError(Exception):
    """A recording folder that cannot be replayed, said in one line."""


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

    def timestamps(self, on_problem: Callable[[str], None]) -> list[float]:
        """The frames' times; where the file is missing, cut short or wrong from a line on,
        the rest are counted at the manifest's fps from the last good one."""
        path = self.folder / TIMESTAMPS
        times: list[float] = []
        try:
            lines = path.read_text(encoding="utf-8").split("\n")
        except (OSError, UnicodeDecodeError) as exc:
            on_problem(f"{path}: cannot be read ({getattr(exc, 'strerror', None) or exc}): "
                       f"frames timed at {self.manifest.fps:g} fps")
            lines = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                value = float(line)
            except ValueError:
                value = math.nan
            if not math.isfinite(value):
                on_problem(f"{path}:{number}: {line.strip()[:30]!r} is not a time in seconds: "
                           f"the frames from here on are timed at {self.manifest.fps:g} fps")
                break
            times.append(value)
        if 0 < len(times) < self.manifest.frames:
            on_problem(f"{path}: {len(times)} times for {self.manifest.frames} frames: the "
                       f"rest are timed at {self.manifest.fps:g} fps")
        start = len(times)
        last = times[-1] if times else -1 / self.manifest.fps
        times += [last + (i - start + 1) / self.manifest.fps
                  for i in range(start, self.manifest.frames)]
        return times

    def frames(self, on_problem: Callable[[str], None]) -> Iterator[Frame]:
        """The frames with their recorded times; unreadable ones reported and skipped."""
        times = self.timestamps(on_problem)
        index = 0
        for image in self._images():
            if index >= len(times):
                break
            if image is None:
                on_problem(f"{self.video}: frame {index} cannot be read (missing or corrupt): "
                           f"skipped")
            else:
                yield Frame(image, times[index], index, str(self.video))
            index += 1
        if index < self.manifest.frames:
            on_problem(f"{self.video}: the video ends after {index} of its "
                       f"{self.manifest.frames} frames (truncated or corrupt): replayed "
                       f"what there is")

    def _images(self) -> Iterator[np.ndarray | None]:
        """The video's pictures in order (None for one that cannot be decoded): our MJPEG
        files chunk by chunk (exactly as recorded), anything else through cv2."""
        if not self.video.is_file():
            raise RecordingError(f"{self.video}: the recording's video is missing")
        if self.video.suffix.lower() == ".avi":
            try:
                for jpeg in jpeg_frames(self.video):
                    yield decode_jpeg(jpeg)
            except ValueError as exc:
                raise RecordingError(f"{exc} (the recording's video is damaged from its "
                                     f"start)") from None
            return
        # One decoding thread: a 720p H.264 frame costs 2.8 ms of CPU so, 3.4 ms with
        # FFmpeg's frame threads (what they win in time they spend waiting).
        capture = cv2.VideoCapture(str(self.video), cv2.CAP_ANY, [cv2.CAP_PROP_N_THREADS, 1])
        if not capture.isOpened():
            raise RecordingError(f"{self.video}: the video cannot be opened (not a video, "
                                 f"or damaged from its start)")
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
        raise RecordingError(f"{folder}: no such recording folder")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordingError(f"{folder}: not a recording (it has no {MANIFEST}; make one "
                             f"with companion record)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordingError(f"{path}: cannot be read as JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordingError(f'{path}: not a recording manifest (it needs "format": '
                             f'"{FORMAT}")')
    try:
        header = data["header"]
        frames, fps = int(data["frames"]), float(data["fps"])
        size = (int(data["size"][0]), int(data["size"][1]))
        video = str(data["video"])
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RecordingError(f"{path}: the entry {exc} is missing or wrong (it needs "
                             f"header, frames, fps, size and video)") from None
    if not isinstance(header, dict) or frames < 0 or not 0 < fps < 1000 or "/" in video:
        raise RecordingError(f"{path}: header, frames, fps or video are not usable")
    return Recording(folder, Manifest(header, frames, fps, size, video))
