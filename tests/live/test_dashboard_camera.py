"""``companion play --camera``: the live pipeline feeding the dashboard. The camera is the
Pumafiosi fixture's first round as a video file; its moves are journalled like typed
ones, a typed correction reaches the adapter, and the camera panel shows the table."""

from __future__ import annotations

import json
from dataclasses import replace

import cv2

from companion.calibrated_table import load_table_calibration, load_table_map
from companion.calibrated_table import table_map as map_of
from companion.dashboard.camera_app import CameraTableApp, zone_name
from companion.live_table import Table
from companion.session import Journal, Session, parse_header
from tests.dashboard.pilot import enter, wait_for
from tests.live.recordings import FIRST_ROUND_FRAMES, SOURCE
from vision.frames import VideoSource
from vision.video import write_mjpeg


def first_round_video(tmp_path):
    capture = cv2.VideoCapture(str(SOURCE / "video.mp4"))
    path = tmp_path / "camera.avi"
    write_mjpeg(path, (capture.read()[1] for _ in range(FIRST_ROUND_FRAMES)), fps=10.0)
    return path


async def test_the_camera_moves_are_journalled_and_shown(tmp_path):
    header = parse_header(json.loads((SOURCE / "manifest.json").read_text())["header"])
    journal = Journal.create(tmp_path / "game.jsonl", header)
    table_map = load_table_map(SOURCE / "calibration.json")
    app = CameraTableApp(Table(Session(header)), source=VideoSource(first_round_video(tmp_path)),
                         table_map=table_map, journal=journal)
    expected = [json.loads(line) for line in
                (SOURCE / "session.jsonl").read_text().splitlines()[1:5]]
    async with app.run_test(size=(120, 44)) as pilot:
        await wait_for(pilot, lambda: len(app.table.session.moves) == 4, timeout=60,
                       what="the first round read by the camera")
        assert [{k: v for k, v in m.items() if k != "t"} for m in app.table.session.moves] \
            == [{k: v for k, v in m.items() if k != "t"} for m in expected]
        frame = app.seen_table.frame   # the latest frame, small, the cards outlined
        assert frame is not None and frame.shape[1] == 320
        assert any(zone.name == "hierarchy 10" for zone in app.seen_table.zones)
        assert app.camera.cards_seen > 10
        await enter(pilot, "undo")   # a person takes the place back: the adapter hears it
        await pilot.pause()
        assert len(app.table.session.moves) == 3
    journal.close()
    lines = (tmp_path / "game.jsonl").read_text().splitlines()
    assert [json.loads(line)["type"] for line in lines[1:]] == ["play", "play", "play",
                                                                "place", "undo"]


def test_zones_are_named_for_people():
    names = ("Ann", "Bob")
    assert [zone_name(z, names) for z in ("play:2", "seat:1", "step:-3", None, "play:5")] \
        == ["Bob's play", "Ann's seat", "step -3", "table", "play 5"]


async def test_what_the_calibration_lacks_is_said_with_the_first_frame(tmp_path):
    pungi = SOURCE.parent / "pungi-4p"
    header = parse_header(json.loads((pungi / "manifest.json").read_text())["header"])
    calibration = load_table_calibration(pungi / "calibration.json")
    capture = cv2.VideoCapture(str(pungi / "video.mp4"))
    path = tmp_path / "camera.avi"
    write_mjpeg(path, (capture.read()[1] for _ in range(FIRST_ROUND_FRAMES)), fps=10.0)
    app = CameraTableApp(Table(Session(header)), source=VideoSource(path),
                         table_map=map_of(replace(calibration, anchors=(),
                                                  seats=calibration.seats[1:])))
    async with app.run_test(size=(120, 44)) as pilot:
        await wait_for(pilot, lambda: app.camera is not None, timeout=30,
                       what="the first frame on the camera status")
        seat, pungi = app.camera.warnings[:2]
        assert seat.startswith("warning: seat 1 (Ann) was not found at calibration"), seat
        assert pungi.startswith("warning: the pungi card was not seen"), pungi
