"""Frame sources behind one interface: a live camera, a video file or stream, images, renders.

Every source is an iterable of :class:`vision.types.Frame`, closeable and a context
manager; ``len(source)`` works when the number of frames is known in advance (a folder,
a file with a frame count, a list of scenes) and raises ``TypeError`` otherwise.

A source that cannot start raises :class:`FrameSourceError` with a one-line message. A
source that breaks along the way (a truncated video, an unreadable image in a folder)
does not raise: it reports the problem through ``on_problem`` (and keeps it in
``source.problems``) and goes on or ends cleanly. Both are :class:`vision.types.Problem`
values: English, with a code and fields to be said in the table's language where shown.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

import cv2
import numpy as np

from companion.inputs import not_regular, whole_number
from vision.image_check import image_problem
from vision.types import Frame, Problem, Scene

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp",
                            ".pgm", ".ppm", ".pbm", ".jp2"})
STREAM_PREFIXES = ("http://", "https://", "rtsp://", "rtmp://", "udp://", "tcp://")


class FrameSourceError(Exception):
    """A source that cannot be opened: its ``problem`` names it, says why and what to do
    (``str()`` is its English)."""

    def __init__(self, problem: Problem):
        super().__init__(problem)
        self.problem = problem


# A source's problems are Problems; a PacedSource's are what its read reports.
ProblemHandler = Callable[[Problem], None]


class FrameSource:
    """The shared behaviour: problems reporting, ``len`` when known, ``with`` support."""

    description = ""

    def __init__(self, on_problem: ProblemHandler | None = None):
        self.problems: list[Problem] = []
        self._on_problem = on_problem

    @property
    def length(self) -> int | None:
        """The number of frames, when known before reading them."""
        return None

    def __len__(self) -> int:
        if self.length is None:
            raise TypeError(f"{self.description}: the number of frames is not known")
        return self.length

    def close(self) -> None:
        """Release what the source holds (a camera, a file); iterating afterwards ends."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _problem(self, problem: Problem) -> None:
        self.problems.append(problem)
        if self._on_problem is not None:
            self._on_problem(problem)


@contextmanager
def _quiet_opencv():
    """OpenCV logs every back-end it tried when a capture fails to open, and what its
    decoder disliked in a broken image, and libpng writes its own "libpng error: ..." to
    the process's stderr: our error says what matters, in one line. (The descriptor itself
    points at /dev/null meanwhile: the C libraries write to it, not to sys.stderr.)"""
    level = cv2.utils.logging.getLogLevel()
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        cv2.utils.logging.setLogLevel(level)


def open_capture(target: int | str, *options) -> cv2.VideoCapture:
    """``cv2.VideoCapture(target, *options)`` with nothing printed by OpenCV or by FFmpeg
    ("moov atom not found" before our own one-line message)."""
    # FFmpeg's log level, read by OpenCV when it first opens a capture (-8: quiet)
    os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")
    with _quiet_opencv():
        return cv2.VideoCapture(target, *options)


class _CaptureSource(FrameSource):
    """A cv2.VideoCapture read frame by frame (camera, file or network stream)."""

    def __init__(self, capture: cv2.VideoCapture, description: str,
                 on_problem: ProblemHandler | None):
        super().__init__(on_problem)
        self.description = description
        self._capture = capture

    def _timestamp(self, index: int, started: float) -> float:
        return time.monotonic() - started

    def _expected(self) -> int | None:
        return None

    def __iter__(self) -> Iterator[Frame]:
        started = time.monotonic()
        index = 0
        while self._capture.isOpened():
            ok, image = self._capture.read()
            if not ok or image is None:
                break
            yield Frame(image, self._timestamp(index, started), index, self.description)
            index += 1
        expected = self._expected()
        if expected is not None and index < expected:
            self._problem(Problem(
                "video_cut_short",
                {"source": self.description, "read": index, "frames": expected}))

    def close(self) -> None:
        self._capture.release()


class CameraSource(_CaptureSource):
    """A live camera by index (``cv2.VideoCapture(index)``); timestamps are wall-clock."""

    def __init__(self, index: int, size: tuple[int, int] | None = None,
                 on_problem: ProblemHandler | None = None):
        capture = open_capture(index)
        if not capture.isOpened():
            capture.release()
            raise FrameSourceError(Problem("camera_unopened", {"index": index}))
        if size is not None:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        super().__init__(capture, f"camera {index}", on_problem)


class VideoSource(_CaptureSource):
    """A video file, or a stream URL (MJPEG over HTTP, RTSP): anything cv2 can read.

    Timestamps come from the file (its frame times), or from the clock for a stream.
    """

    def __init__(self, path: str | Path, on_problem: ProblemHandler | None = None):
        text = str(path)
        self.is_stream = text.startswith(STREAM_PREFIXES)
        if not self.is_stream:
            file = Path(text)
            if not file.exists():
                raise FrameSourceError(Problem("no_such_file", {"path": text}))
            if file.is_dir():
                raise FrameSourceError(Problem("folder_not_video", {"path": text}))
            if not_regular(file) and not text.startswith("/dev/video"):   # (a V4L2 camera)
                raise FrameSourceError(_not_a_file(text))
        capture = open_capture(text)
        if not capture.isOpened():
            capture.release()
            raise FrameSourceError(Problem(
                "stream_unopened" if self.is_stream else "file_unopened", {"path": text}))
        super().__init__(capture, text, on_problem)
        count = int(capture.get(cv2.CAP_PROP_FRAME_COUNT)) if not self.is_stream else 0
        self._count = count if count > 0 else None
        fps = capture.get(cv2.CAP_PROP_FPS)
        self.fps = fps if 0 < fps < 1000 else 30.0

    @property
    def length(self) -> int | None:
        return self._count

    def _expected(self) -> int | None:
        return self._count

    def _timestamp(self, index: int, started: float) -> float:
        if self.is_stream:
            return time.monotonic() - started
        return index / self.fps


class ImageSource(FrameSource):
    """Image files, in the order given; folders are expanded to their images, sorted.

    An unreadable image is reported and skipped; frames keep counting from 0 over the
    images that were read. Timestamps are ``index / fps``.
    """

    def __init__(self, paths: str | Path | Iterable[str | Path], fps: float = 30.0,
                 on_problem: ProblemHandler | None = None):
        super().__init__(on_problem)
        items = [paths] if isinstance(paths, (str, Path)) else list(paths)
        self.files: list[Path] = []
        for item in items:
            path = Path(item)
            if path.is_dir():
                images = sorted(p for p in path.iterdir()
                                if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)
                if not images:
                    suffixes = ", ".join(sorted(IMAGE_SUFFIXES))
                    self._problem(Problem(
                        "folder_no_images", {"path": str(path), "suffixes": suffixes}))
                self.files.extend(images)
            else:
                self.files.append(path)
        self.fps = fps
        self.description = str(items[0]) if len(items) == 1 else f"{len(self.files)} images"
        self._closed = False

    @property
    def length(self) -> int:
        return len(self.files)

    def __iter__(self) -> Iterator[Frame]:
        index = 0
        for path in self.files:
            if self._closed:
                return
            image = read_image(path, self._problem)
            if image is None:
                continue
            yield Frame(image, index / self.fps, index, str(path))
            index += 1

    def close(self) -> None:
        self._closed = True


def read_image(path: Path, on_problem: ProblemHandler) -> np.ndarray | None:
    """The image at ``path`` as BGR, or None after reporting why it cannot be read."""
    name = str(path)
    if not_regular(path):   # a FIFO would be read for ever
        on_problem(_not_a_file(name))
        return None
    try:
        data = np.fromfile(path, dtype=np.uint8)
    except FileNotFoundError:
        on_problem(Problem("no_such_file", {"path": name}))
        return None
    except OSError as exc:
        reason = exc.strerror or str(exc)   # (the system's words)
        on_problem(Problem("file_unreadable", {"path": name, "reason": reason}))
        return None
    problem = image_problem(data.tobytes(), name)
    if problem is not None:
        on_problem(problem)
        return None
    try:
        with _quiet_opencv():   # (a broken file's decoder log: the Problem below says it)
            image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    except cv2.error:   # OpenCV's own size limit, for formats the header check cannot read
        image = None
    if image is None:
        on_problem(Problem("image_unreadable", {"path": name}))
    return image


def _not_a_file(name: str) -> Problem:
    return Problem("not_a_file", {"path": name})


class RenderedSource(FrameSource):
    """Scenes drawn by the table renderer one by one as they are read.

    ``rendered`` holds the last :class:`vision.types.Rendered` (its ground truth), so a
    test or benchmark reading frames can compare with what was drawn.
    """

    def __init__(self, scenes: Sequence[Scene], size: tuple[int, int] = (1280, 720),
                 fps: float = 30.0, on_problem: ProblemHandler | None = None):
        super().__init__(on_problem)
        self.scenes = list(scenes)
        self.size = size
        self.fps = fps
        self.description = f"{len(self.scenes)} rendered scenes"
        self.rendered = None
        self._closed = False

    @property
    def length(self) -> int:
        return len(self.scenes)

    def __iter__(self) -> Iterator[Frame]:
        from vision.render import render  # the renderer is heavy; only renders need it

        for index, scene in enumerate(self.scenes):
            if self._closed:
                return
            self.rendered = render(scene, size=self.size)
            yield Frame(self.rendered.image, index / self.fps, index,
                        f"scene {index} (seed {scene.seed})")

    def close(self) -> None:
        self._closed = True


class PacedSource(FrameSource):
    """Frames read by ``read`` (it takes the problem handler, like ``Recording.frames``),
    handed out no sooner than their timestamps say, over a speed factor: a recording
    played back at the pace it was filmed.

    Steered from another thread (a dashboard's keys): ``play(speed)``, ``pause()``,
    ``rush()`` (every frame at once until the next ``pause``, to step to a move). It
    starts paused; ``close`` ends the iteration, from any thread.
    """

    def __init__(self, read: Callable[[ProblemHandler], Iterable[Frame]], description: str,
                 length: int | None = None, clock: Callable[[], float] = time.monotonic,
                 on_problem: ProblemHandler | None = None):
        super().__init__(on_problem)
        self.description = description
        self._read = read
        self._length = length
        self._clock = clock
        self._state = threading.Condition()
        self._speed = 1.0
        self._paused = True
        self._rushing = False
        self._closed = False
        self._last: float | None = None               # the last frame's time handed out
        self._anchor: tuple[float, float] | None = None   # (clock, frame time) paced from

    @property
    def length(self) -> int | None:
        return self._length

    @property
    def speed(self) -> float:
        return self._speed

    def play(self, speed: float) -> None:
        if not speed > 0:
            raise ValueError(f"speed must be more than 0, not {speed}")
        with self._state:
            self._speed, self._paused, self._rushing = speed, False, False
            self._restart()

    def pause(self) -> None:
        with self._state:
            self._paused, self._rushing = True, False
            self._state.notify_all()

    def rush(self) -> None:
        with self._state:
            self._rushing = True
            self._state.notify_all()

    def close(self) -> None:
        with self._state:
            self._closed = True
            self._state.notify_all()

    def __iter__(self) -> Iterator[Frame]:
        frames = iter(self._read(self._problem))
        try:
            for frame in frames:
                if not self._wait_until_due(frame.timestamp):
                    return
                yield frame
        finally:
            close = getattr(frames, "close", None)   # a generator holds a capture
            if close is not None:
                close()

    def _restart(self) -> None:
        """Pace from now on, counted from the last frame handed out (a wait cut short by a
        pause or a new speed starts again: never faster than the recording)."""
        self._anchor = None if self._last is None else (self._clock(), self._last)
        self._state.notify_all()

    def _wait_until_due(self, timestamp: float) -> bool:
        """Wait until the frame at ``timestamp`` is due; False once closed."""
        with self._state:
            while not self._closed:
                if self._rushing:
                    self._anchor = None
                    break
                if self._paused:
                    self._state.wait()
                    continue
                now = self._clock()
                if self._anchor is None:
                    self._anchor = (now, timestamp)
                due = self._anchor[0] + (timestamp - self._anchor[1]) / self._speed
                if now >= due:
                    break
                self._state.wait(due - now)
            if self._closed:
                return False
            self._last = timestamp
            return True


def is_image_file(path: Path) -> bool:
    return path.suffix.lower() in IMAGE_SUFFIXES


def open_source(spec: str | int | Path, on_problem: ProblemHandler | None = None
                ) -> FrameSource:
    """The source a user names: a camera index, a stream URL, a folder, an image, a video."""
    number = spec if isinstance(spec, int) else whole_number(spec) \
        if isinstance(spec, str) else None
    if number is not None and number >= 0:   # ("²".isdigit(), but it is no camera number)
        return CameraSource(number, on_problem=on_problem)
    text = str(spec)
    if text.startswith(STREAM_PREFIXES):
        return VideoSource(text, on_problem)
    path = Path(text)
    if path.is_dir() or is_image_file(path):
        return ImageSource(path, on_problem=on_problem)
    return VideoSource(path, on_problem)
