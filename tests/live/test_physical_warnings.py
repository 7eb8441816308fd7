"""Warnings only for physical facts, each said once (issue 30), on rendered clips read back
as a camera's Motion JPEG: a card's two stickers stuck by hand off the guide, or on the
other two corners, are one card; a Pumafiosi cascade carried out bottom-up (the bumped
card moved down first) is no mistake; a card left wrong on a still table is one standing
message."""

from __future__ import annotations

import dataclasses

import pytest

from companion.calibrated_table import load_table_calibration, table_map
from companion.live.pipeline import Pipeline
from companion.live_table import LiveTable, Table
from companion.session import Session, parse_header
from companion.simulator.act import Handling, Look
from companion.simulator.direct import direct
from vision.render import render
from vision.frames import VideoSource
from vision.types import Frame, Stickers
from vision.video import write_mjpeg
from tests.live.recordings import SOURCE
from tests.live.test_direct import CARD_13, HEADER, ROUND
from tests.live.test_levels import TWO_ROUNDS, step_spot

FPS = 10.0
CALIBRATION = load_table_calibration(SOURCE / "calibration.json")   # filmed with Look()


def filmed(tmp_path, scenes) -> list[Frame]:
    """The scenes rendered, written as the webcam's MJPEG file and read back from it."""
    path = tmp_path / "camera.avi"
    size = tuple(CALIBRATION.image_size)
    write_mjpeg(path, (render(scene, size).image for scene in scenes), fps=FPS)
    source = VideoSource(path)   # (cv2.VideoCapture, as the camera path reads a file)
    frames = list(source)
    source.close()
    assert len(frames) == len(scenes)
    return frames


def followed(frames: list[Frame]) -> tuple[Session, list[str], Pipeline]:
    """The clip through the live pipeline: the session it journalled, every warning, and
    the pipeline (what stands at the end)."""
    session = Session(parse_header(HEADER))
    pipeline = Pipeline(LiveTable(Table(session)), table_map(CALIBRATION))
    warnings = [w for frame in frames for w in pipeline.process(frame).warnings]
    return session, [str(w) for w in warnings], pipeline


def bare(moves):
    return [{k: v for k, v in m.items() if k != "t"} for m in moves]


def still(scene, seconds: float) -> list:
    return [dataclasses.replace(scene, frame=scene.frame + 1 + i)
            for i in range(round(seconds * FPS))]


@pytest.mark.parametrize("other_corners", [0.0, 1.0])
def test_a_cards_two_stickers_stuck_off_the_guide_are_one_card(tmp_path, other_corners):
    # every card's pair a few millimetres and degrees off its guide, or on the other two
    # corners (where each copy alone puts the card's centre 20 mm aside)
    stickers = Stickers(seed=5, offset_mm=3.0, turn_deg=6.0, other_corners=other_corners)
    directed = direct(HEADER, ROUND, Look(stickers=stickers), FPS, seed=4)
    scenes = directed.act.scenes + still(directed.act.scenes[-1], 2.0)
    session, warnings, _ = followed(filmed(tmp_path, scenes))
    assert bare(session.moves) == ROUND
    assert not [w for w in warnings if "printed twice" in w], warnings


@pytest.mark.parametrize("room_first", [0.0, 1.0])
def test_a_cascade_in_either_order_is_no_mistake(tmp_path, room_first):
    hands = Handling(hand_mm_s=300.0, room_first=room_first)   # slow: 13 lies a while alone
    directed = direct(HEADER, TWO_ROUNDS, Look(handling=hands), FPS, seed=4)
    scenes = directed.act.scenes + still(directed.act.scenes[-1], 4.0)
    session, warnings, _ = followed(filmed(tmp_path, scenes))
    assert bare(session.moves) == TWO_ROUNDS      # 14 on step 6, 13 bumped to step 5
    assert not [w for w in warnings if "should be" in w or "corrected" in w], warnings


def test_a_card_left_wrong_on_a_still_table_is_one_standing_message(tmp_path):
    directed = direct(HEADER, TWO_ROUNDS, Look(handling=Handling(hand_mm_s=600.0)), FPS,
                      seed=4)
    last = directed.act.scenes[-1]
    # 13 moved from step 5 (where 14's place bumped it) to step 3, and left there
    wrong = dataclasses.replace(last, pieces=tuple(
        dataclasses.replace(p, x_mm=step_spot(3)[0], y_mm=step_spot(3)[1])
        if p.piece.marker == CARD_13 else p for p in last.pieces))
    scenes = directed.act.scenes + still(last, 4.0) + still(wrong, 10.0)
    session, warnings, pipeline = followed(filmed(tmp_path, scenes))
    assert bare(session.moves) == TWO_ROUNDS
    assert [w for w in warnings if "should be" in w] == \
        ["card 13 should be on step 5, it is on step 3"]
    assert pipeline.reader.adapter.standing == ("card 13 should be on step 5, it is on step 3",)
    # put back where the rules have it: the message goes, and nothing more is said
    for frame in filmed(tmp_path, still(last, 5.0)):
        late = Frame(frame.image, frame.timestamp + len(scenes) / FPS, frame.index + len(scenes))
        assert not pipeline.process(late).warnings
    assert pipeline.reader.adapter.standing == ()
