"""Vision's and the recordings' problems said in the table's language where a player sees
them: a camera or a video file that cannot be opened (``companion play --camera --lang
vi``), a video cut short on the camera dashboard, a recording whose video is cut short
played on the demo dashboard, a bad bundled recording name's folder in the demo."""

from __future__ import annotations

import json
import re

import cv2
import pytest

from companion.calibrated_table import load_table_map
from companion.cli import main
from companion.dashboard.camera_app import CameraTableApp
from companion.dashboard.recording_app import recording_demo
from companion.live_table import Table
from companion.live.recording import RecordingError, load_recording
from companion.said import say
from companion.session import Session, parse_header
from tests.dashboard.pilot import shown, wait_for
from tests.live.recordings import SOURCE, players, record
from vision.video import write_mjpeg

PLAY = ["play", "pumafiosi", "--players", *players(), "--calibration",
        str(SOURCE / "calibration.json"), "--lang", "vi"]


@pytest.mark.parametrize("camera, vietnamese", [
    ("missing.avi", "missing.avi: không có tệp này"),
    ("7", "không mở được camera 7: không có camera này, hoặc chương trình khác đang dùng nó"),
])
def test_a_camera_that_cannot_be_opened_is_one_line_in_vietnamese(tmp_path, monkeypatch,
                                                                    capsys, camera,
                                                                    vietnamese):
    monkeypatch.chdir(tmp_path)
    assert main([*PLAY, "--camera", camera]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: " + vietnamese) and err.count("\n") == 1, err
    assert not list(tmp_path.glob("*.jsonl"))   # refused before a journal was made


def cut_video(tmp_path, frames: int = 16):
    """An MJPEG video of the fixture's first frames, cut half way through."""
    capture = cv2.VideoCapture(str(SOURCE / "video.mp4"))
    path = tmp_path / "camera.avi"
    write_mjpeg(path, (capture.read()[1] for _ in range(frames)), fps=10.0)
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])
    return path


async def test_a_video_cut_short_is_said_in_vietnamese_on_the_camera_dashboard(tmp_path):
    from vision.frames import VideoSource

    header = parse_header(json.loads((SOURCE / "manifest.json").read_text())["header"])
    source = VideoSource(cut_video(tmp_path))
    app = CameraTableApp(Table(Session(header)), source=source, lang="vi",
                         table_map=load_table_map(SOURCE / "calibration.json"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: "video dừng" in shown(pilot, "#message"), timeout=60,
                       what="the end of the video")
        message = shown(pilot, "#message")
    (problem,) = source.problems
    assert message == say(problem, "vi")
    assert re.fullmatch(r".*camera\.avi: video dừng sau \d+ trên 16 khung hình \(tệp bị cắt "
                        r"ngắn hoặc hỏng\)", message), message
    assert str(problem) != message and "truncated" in str(problem)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """The first 30 frames of the Pumafiosi fixture, recorded as ``companion record`` does."""
    folder = tmp_path_factory.mktemp("live") / "rec"
    assert record(folder, frames=30) == 0
    return folder


async def test_a_recording_cut_short_is_said_in_vietnamese_on_the_demo(recorded):
    video = recorded / "video.avi"
    data = video.read_bytes()
    starts = [m.start() for m in re.finditer(rb"00dc....\xff\xd8", data, re.S)]
    video.write_bytes(data[:starts[20]])   # through the real reader: 20 of 30 frames
    app = recording_demo(load_recording(recorded), lang="vi")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("plus", "plus", "plus")   # (it starts playing)
        await wait_for(pilot, lambda: not app.workers, timeout=60, what="the end of the frames")
        await pilot.pause()
        message = shown(pilot, "#message")
    assert message == (f"{video}: video dừng sau 20 trên 30 khung hình (bị cắt ngắn hoặc "
                       f"hỏng): đã phát lại phần đọc được")


def test_a_recording_that_cannot_be_read_is_said_in_either_language(tmp_path):
    (tmp_path / "manifest.json").write_text('{"format": "something else"}')
    with pytest.raises(RecordingError) as caught:
        load_recording(tmp_path)
    (said,) = caught.value.args
    assert str(said) == (f'{tmp_path / "manifest.json"}: not a recording manifest (it needs '
                         f'"format": "companion-recording/1")')
    assert say(said, "vi") == (f'{tmp_path / "manifest.json"}: không phải manifest của bản '
                               f'ghi (cần "format": "companion-recording/1")')


def test_a_recording_whose_session_is_broken_is_said_in_either_language(tmp_path):
    import shutil

    folder = tmp_path / "rec"
    shutil.copytree(SOURCE, folder, ignore=shutil.ignore_patterns("*.mp4", "*.avi"))
    session = folder / "session.jsonl"
    session.write_text(session.read_text().splitlines()[0] + "\n{oops\n")
    with pytest.raises(RecordingError) as caught:
        recording_demo(load_recording(folder))
    (said,) = caught.value.args
    assert str(said) == (f"{session}:2: not valid JSON (Expecting property name enclosed in "
                         f"double quotes at column 2): the line may be cut short or mistyped "
                         f"(the recording's session cannot be read)")
    assert say(said, "vi") == (f"{session}:2: không phải JSON hợp lệ (Expecting property name "
                               f"enclosed in double quotes ở cột 2): dòng này có thể bị cắt "
                               f"ngắn hoặc gõ sai (không đọc được phiên chơi của bản ghi)")


def test_record_says_what_it_reads_in_vietnamese(tmp_path, capsys):
    from tests.live.recordings import FIRST_ROUND_FRAMES

    out = tmp_path / "rec"
    assert main(["record", "--camera", str(SOURCE / "video.mp4"), "--calibration",
                 str(SOURCE / "calibration.json"), "--game", "pumafiosi", "--players",
                 *players(), "--out", str(out), "--max-frames", str(FIRST_ROUND_FRAMES),
                 "--lang", "vi"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"s  Ann chơi \d+\n", err) and re.search(r"s  \w+ đặt \d+ lên bậc", err)
    assert err.endswith(f"companion: đã ghi {FIRST_ROUND_FRAMES} khung hình và 4 nước đi vào "
                        f"{out}; phát lại bằng 'companion replay {out} --check'\n")
    assert " plays " not in err and "recorded in" not in err
