"""Frame sources: image folders and lists, video files, an MJPEG stream, renders, cameras."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.mjpeg_stream import mjpeg_stream
from vision.frames import (CameraSource, FrameSourceError, ImageSource, RenderedSource,
                           VideoSource, open_source)
from vision.types import Scene


def _image(value: int, size=(64, 48)) -> np.ndarray:
    image = np.full((size[1], size[0], 3), value, np.uint8)
    cv2.putText(image, str(value), (4, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (255, 255, 255), 2)
    return image


def _video(path: Path, frames: int, size=(160, 120), fourcc="MJPG") -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*fourcc), 25, size)
    assert writer.isOpened()
    for i in range(frames):
        writer.write(_image(i * 10 % 250, size))
    writer.release()
    return path


def test_a_folder_is_read_sorted_and_unreadable_images_are_reported_and_skipped(tmp_path):
    for name, value in [("b.png", 20), ("a.png", 10), ("c.jpg", 30)]:
        cv2.imwrite(str(tmp_path / name), _image(value))
    (tmp_path / "broken.png").write_bytes(b"not a png")
    (tmp_path / "notes.txt").write_text("ignored: not an image")
    problems = []
    with ImageSource(tmp_path, fps=10, on_problem=problems.append) as source:
        assert len(source) == 4
        frames = list(source)
    assert [Path(f.source).name for f in frames] == ["a.png", "b.png", "c.jpg"]
    assert [f.index for f in frames] == [0, 1, 2]
    assert [f.timestamp for f in frames] == pytest.approx([0.0, 0.1, 0.2])
    assert frames[0].image.shape == (48, 64, 3)
    (problem,) = problems
    assert problem.code == "image_unreadable" and problem.fields["path"].endswith("broken.png")
    assert "broken.png" in str(problem) and "not a readable image" in str(problem)
    assert source.problems == problems


def test_a_broken_image_is_one_problem_without_the_decoders_log(tmp_path, capfd):
    """OpenCV's PNG decoder logs to the process's stderr ("[ERROR:0@0.6] global
    grfmt_png.cpp ... IHDR chunk shall be first"): a player sees only the Problem."""
    from vision.frames import read_image

    path = tmp_path / "cut.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n")   # a PNG's signature, then nothing
    problems = []
    assert read_image(path, problems.append) is None
    assert [p.code for p in problems] == ["image_unreadable"]
    assert capfd.readouterr().err == ""


def test_a_list_of_files_keeps_its_order_and_reports_missing_ones(tmp_path):
    for name in ("x.png", "y.png"):
        cv2.imwrite(str(tmp_path / name), _image(5))
    source = ImageSource([tmp_path / "y.png", tmp_path / "missing.png", tmp_path / "x.png"])
    frames = list(source)
    assert [Path(f.source).name for f in frames] == ["y.png", "x.png"]
    assert [str(p) for p in source.problems] == [f"{tmp_path / 'missing.png'}: no such file"]
    assert source.problems[0].code == "no_such_file"


def test_an_empty_folder_is_reported(tmp_path):
    source = ImageSource(tmp_path)
    assert list(source) == [] and "holds no images" in str(source.problems[0])


def test_a_video_file_gives_its_frames_with_file_timestamps(tmp_path):
    path = _video(tmp_path / "clip.avi", 12)
    with VideoSource(path) as source:
        assert len(source) == 12
        frames = list(source)
    assert len(frames) == 12 and source.problems == []
    assert frames[3].timestamp == pytest.approx(3 / 25)
    assert frames[0].image.shape == (120, 160, 3)
    assert abs(int(frames[5].image.mean()) - int(_image(50, (160, 120)).mean())) < 6


def test_a_truncated_video_ends_with_a_warning_not_a_crash(tmp_path):
    path = _video(tmp_path / "clip.avi", 30)
    data = path.read_bytes()
    cut = tmp_path / "cut.avi"
    cut.write_bytes(data[: len(data) // 2])
    problems = []
    frames = list(VideoSource(cut, on_problem=problems.append))
    assert 0 < len(frames) < 30
    (problem,) = problems
    assert "truncated or corrupt" in str(problem) and problem.code == "video_cut_short"
    assert problem.fields == {"source": str(cut), "read": len(frames), "frames": 30}


@pytest.mark.parametrize("content", [b"", b"\x00" * 5000, b"RIFF....AVI garbage"])
def test_a_file_that_is_no_video_gets_a_clear_error(tmp_path, content):
    path = tmp_path / "bad.avi"
    path.write_bytes(content)
    with pytest.raises(FrameSourceError, match="cannot be opened as a video"):
        VideoSource(path)


def test_missing_video_and_folder_given_as_video_are_refused(tmp_path):
    with pytest.raises(FrameSourceError, match="no such file"):
        VideoSource(tmp_path / "none.mp4")
    with pytest.raises(FrameSourceError, match="is a folder"):
        VideoSource(tmp_path)


def test_a_camera_that_is_not_there_gets_a_clear_error():
    with pytest.raises(FrameSourceError, match=r"^camera 0 cannot be opened: "):
        CameraSource(0)


def test_an_mjpeg_stream_over_http_is_read_like_a_camera():
    with mjpeg_stream([_image(v, (320, 240)) for v in range(0, 200, 20)]) as url:
        with open_source(url) as source:
            assert isinstance(source, VideoSource) and source.is_stream
            with pytest.raises(TypeError):
                len(source)
            frames = list(source)
    assert len(frames) >= 8
    assert frames[0].image.shape == (240, 320, 3)
    assert frames[-1].timestamp >= frames[0].timestamp


def test_rendered_scenes_are_drawn_as_they_are_read():
    scenes = [Scene(table_mm=(300.0, 200.0), pieces=(), seed=s) for s in range(3)]
    source = RenderedSource(scenes, size=(320, 180), fps=10)
    assert len(source) == 3
    seen = []
    for frame in source:
        seen.append(frame)
        assert source.rendered is not None and source.rendered.image is frame.image
    assert [f.image.shape for f in seen] == [(180, 320, 3)] * 3
    assert [f.timestamp for f in seen] == pytest.approx([0.0, 0.1, 0.2])


def test_a_closed_source_stops(tmp_path):
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i}.png"), _image(i))
    source = ImageSource(tmp_path)
    frames = iter(source)
    next(frames)
    source.close()
    assert list(frames) == []


def test_open_source_picks_the_source_from_what_is_named(tmp_path):
    cv2.imwrite(str(tmp_path / "one.png"), _image(1))
    _video(tmp_path / "clip.avi", 3)
    assert isinstance(open_source(tmp_path), ImageSource)
    assert isinstance(open_source(tmp_path / "one.png"), ImageSource)
    assert isinstance(open_source(tmp_path / "clip.avi"), VideoSource)
    with pytest.raises(FrameSourceError, match="camera 0"):
        open_source("0")
