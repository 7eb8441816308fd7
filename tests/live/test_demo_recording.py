"""``companion demo --recording``: a bundled recording through the camera dashboard at the
pace of its timestamps, steered by the playback keys; and the pacing source alone."""

from __future__ import annotations

import hashlib
import json
import threading
import time

import numpy as np
import pytest

from companion.cli import main
from companion.commands.demo import DEMO_RECORDING, recording_demo_app, recording_names
from companion.dashboard.playback import SPEEDS
from tests.dashboard.pilot import shown, wait_for
from tests.live.recordings import FIXTURES
from vision.frames import PacedSource
from vision.types import Frame

SIZE = (120, 40)


def fixture_fingerprint() -> dict[str, str]:
    return {str(p.relative_to(FIXTURES)): hashlib.sha1(p.read_bytes()).hexdigest()
            for p in sorted(FIXTURES.rglob("*")) if p.is_file() and p.suffix != ".mp4"}


async def test_the_recording_plays_to_its_end_and_scores_as_recorded():
    before = fixture_fingerprint()
    app = recording_demo_app(DEMO_RECORDING)
    summary = json.loads((FIXTURES / DEMO_RECORDING / "summary.json").read_text())
    async with app.run_test(size=SIZE) as pilot:
        for _ in SPEEDS:
            await pilot.press("plus")
        assert app.source.speed == SPEEDS[-1]
        await wait_for(pilot, lambda: app.playback.finished and not app.workers,
                       timeout=180, what="the end of the recording")
        await pilot.pause()
        assert app.table.session.summary() == summary
        assert app.seen_table.frame is not None   # the camera panel shows the frames
        status = shown(pilot, "StatusBar")
        assert "end of the recording" in status and f"move {len(app.playback.moves)}/" \
            in status
        for score in summary["scores"].values():
            assert str(score) in shown(pilot, "#scores")
    assert fixture_fingerprint() == before   # the session was kept in memory


async def test_space_pauses_the_frames_and_n_runs_them_to_the_next_move():
    app = recording_demo_app(DEMO_RECORDING)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        assert app.playback.paused and "paused" in shown(pilot, "StatusBar")
        before = app.playback.position
        for step in (1, 2):
            await pilot.press("n")
            await wait_for(pilot, lambda: app.playback.position == before + step,
                           what=f"step {step}")
            assert len(app.table.session.moves) == before + step
        await pilot.pause(0.3)   # the frames wait again: no move comes while paused
        assert app.playback.position == before + 2
        await pilot.press("plus", "plus", "minus", "space")
        assert app.source.speed == 2.0
        assert not app.playback.paused and "playing ×2" in shown(pilot, "StatusBar")


@pytest.mark.parametrize("argv, message", [
    (["demo", "--recording", "nowhere"],
     "--recording nowhere: no such bundled recording (the bundled ones: "
     + ", ".join(recording_names()) + ")"),
    (["demo", "--recording", "--session"], "give --recording or --session, not both"),
    (["demo", "--max-gap", "2"], "--max-gap is for --session"),
])
def test_bad_demo_arguments_get_one_clear_line(capsys, argv, message):
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and message in err and err.count("\n") == 1


def test_the_bundled_recordings_are_named():
    assert DEMO_RECORDING in recording_names()
    assert recording_names() == ["mafia-5p-omerta-abort", "mafia-5p-omerta-abort-hard",
                                 "pumafiosi-2p-tony-items",
                                 "pumafiosi-3p", "pumafiosi-3p-hard", "pungi-4p",
                                 "pungi-4p-hard"]


def frames(times):
    image = np.zeros((4, 4, 3), np.uint8)
    return lambda on_problem: (Frame(image, t, i, "test") for i, t in enumerate(times))


def test_frames_come_no_sooner_than_their_times_over_the_speed():
    times = [0.0, 0.05, 0.1, 0.15, 0.2, 0.4]
    source = PacedSource(frames(times), "test")
    source.play(2.0)
    started = changed = time.monotonic()
    for frame in source:
        if frame.index <= 3:
            assert time.monotonic() - started >= frame.timestamp / 2.0
        else:
            assert time.monotonic() - changed >= (frame.timestamp - 0.15) / 4.0
        if frame.index == 3:
            source.play(4.0)   # from here on: (t - 0.15) / 4 after the change
            changed = time.monotonic()


def test_a_paused_source_waits_rushes_on_request_and_closes_from_another_thread():
    source = PacedSource(frames([0.0, 100.0, 200.0, 300.0]), "test")
    got: list[int] = []

    def read():
        for frame in source:
            got.append(frame.index)
            if frame.index == 1:
                source.pause()

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.1)
    assert got == []                 # it starts paused
    source.rush()                    # no waiting for the 100 s gap
    deadline = time.monotonic() + 10
    while got != [0, 1] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert got == [0, 1]
    source.close()
    reader.join(timeout=10)
    assert not reader.is_alive() and got == [0, 1]
