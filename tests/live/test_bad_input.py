"""Bad input to the live pipeline and to replay: corrupt or missing frames, a truncated
video, a timestamps file cut short, a calibration that does not match, unknown and
duplicated markers. Each gets a clear warning or a one-line error, never a traceback,
and what was journalled stays."""

from __future__ import annotations

import json
import re

import pytest

from calibration.store import save_calibration
from companion.calibrated_table import load_table_calibration
from companion.cli import main
from tests.live.recordings import FIRST_ROUND_FRAMES, SOURCE, copy, record


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """The first round of the Pumafiosi fixture, recorded as ``companion record`` does."""
    folder = tmp_path_factory.mktemp("live") / "rec"
    assert record(folder) == 0
    return folder


def replay(folder, *flags):
    return main(["replay", str(folder), *flags])


def moves(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()[1:]]


def test_corrupt_frames_are_skipped_with_a_warning_and_the_moves_stay(recorded, tmp_path,
                                                                      capsys):
    folder = copy(recorded, tmp_path / "rec")
    video = folder / "video.avi"
    data = bytearray(video.read_bytes())
    starts = [m.start() + 8 for m in re.finditer(rb"00dc....\xff\xd8", bytes(data), re.S)]
    for k in (40, 41):   # after the third play, before the place
        data[starts[k] + 2:starts[k] + 20000] = bytes(19998)
    video.write_bytes(bytes(data))
    capsys.readouterr()
    assert replay(folder, "--check") == 0
    err = capsys.readouterr().err
    assert "frame 40 cannot be read (missing or corrupt): skipped" in err
    assert "Traceback" not in err


def test_a_truncated_video_replays_what_there_is_and_check_says_where(recorded, tmp_path,
                                                                       capsys):
    folder = copy(recorded, tmp_path / "rec")
    video = folder / "video.avi"
    data = video.read_bytes()
    starts = [m.start() for m in re.finditer(rb"00dc....\xff\xd8", data, re.S)]
    video.write_bytes(data[:starts[35]])   # cut before the third play's card settles
    capsys.readouterr()
    assert replay(folder, "--json") == 0
    out, err = capsys.readouterr()
    assert f"of its {FIRST_ROUND_FRAMES} frames (truncated or corrupt)" in err
    assert json.loads(out)["game"] == "pumafiosi"
    assert replay(folder, "--check") == 1
    out = capsys.readouterr().out
    assert "differs from the recording" in out
    assert re.search(r"session\.jsonl:\d+: only the recorded session has this line", out)


def test_a_timestamps_file_cut_short_or_garbled_is_warned_about(recorded, tmp_path, capsys):
    folder = copy(recorded, tmp_path / "rec")
    times = (folder / "timestamps.txt").read_text().splitlines()
    (folder / "timestamps.txt").write_text("\n".join(times[:50] + ["soon"]) + "\n")
    capsys.readouterr()
    assert replay(folder, "--check") == 0   # the rest are timed at the manifest's fps
    err = capsys.readouterr().err
    assert "timestamps.txt:51: 'soon' is not a time in seconds" in err
    assert f"50 times for {FIRST_ROUND_FRAMES} frames" in err


def test_a_calibration_made_at_another_resolution_is_refused_in_one_line(recorded, tmp_path,
                                                                       capsys):
    folder = copy(recorded, tmp_path / "rec")
    text = (folder / "calibration.json").read_text()
    (folder / "calibration.json").write_text(text.replace('"image_size": [1280, 720]',
                                                          '"image_size": [640, 480]'))
    capsys.readouterr()
    assert replay(folder) == 1
    err = capsys.readouterr().err
    assert err.strip().endswith("the frames are 1280x720 but the calibration was made at "
                                "640x480: calibrate again at this resolution")
    assert len(err.strip().splitlines()) == 1


def test_corners_not_where_the_calibration_says_are_warned_and_followed(recorded, tmp_path,
                                                                       capsys):
    folder = copy(recorded, tmp_path / "rec")
    cal = load_table_calibration(folder / "calibration.json")
    cal.image_to_table[0, 2] += 60 * cal.image_to_table[2, 2]   # 60 mm off along x
    save_calibration(cal, folder / "calibration.json")
    capsys.readouterr()
    assert replay(folder, "--check") == 0
    assert "from where the calibration puts it: the calibration does not match this " \
           "camera" in capsys.readouterr().err


def test_a_folder_that_is_no_recording_gets_a_clear_error(tmp_path, capsys):
    assert replay(tmp_path) == 1
    assert capsys.readouterr().err == (f"companion: {tmp_path}: not a recording (it has no "
                                       f"manifest.json; make one with companion record)\n")


def test_check_on_a_session_file_is_refused(capsys):
    assert replay(SOURCE / "session.jsonl", "--check") == 2
    assert "give the folder" in capsys.readouterr().err


def test_a_session_file_replays_as_before(capsys):
    assert replay(SOURCE / "session.jsonl", "--json") == 0
    assert json.loads(capsys.readouterr().out) == json.loads(
        (SOURCE / "summary.json").read_text())


DECK_COMMANDS = [
    ["cards", "print", "pungi", "--out", "{tmp}/stickers.pdf"],
    ["replay", "fixtures/recordings/pungi-4p/session.jsonl"],
    ["replay", "fixtures/recordings/pungi-4p"],
    ["scan", "fixtures/recordings/pungi-4p/video.mp4"],
    ["calibrate", "fixtures/recordings/pungi-4p/video.mp4", "--out", "{tmp}/table.json"],
    ["play", "pungi", "--players", "Ann", "Bob", "--journal", "{tmp}/game.jsonl"],
    ["demo", "--recording", "pungi-4p"],
]


@pytest.mark.parametrize("command", DECK_COMMANDS, ids=[" ".join(c[:2]) for c in DECK_COMMANDS])
def test_a_hand_edited_deck_with_a_mistake_is_one_line_from_every_command(tmp_path, command):
    """$COMPANION_DECKS points every command at edited deck files (as a table edits the
    bundled ones); a snake value "big" is refused before anything starts."""
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    from companion.decks import DECK_DIR

    root = Path(__file__).resolve().parents[2]
    decks = tmp_path / "decks"
    shutil.copytree(DECK_DIR, decks, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    pungi = decks / "pungi.toml"
    pungi.write_text(pungi.read_text().replace("value = -5,", 'value = "big",', 1))
    env = {**os.environ, "COMPANION_DECKS": str(decks), "PYTHONPATH": str(root)}
    run = subprocess.run([sys.executable, "-m", "companion",
                          *(word.format(tmp=tmp_path) for word in command)],
                         cwd=root, env=env, capture_output=True, text=True, timeout=120,
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 1, run.stderr
    assert run.stderr.strip() == (f"companion: {pungi}:22: card 3 (snake -5): value must be "
                                  f"a whole number from -20 to 20, not 'big'")
    assert not (tmp_path / "game.jsonl").exists()   # nothing was started


@pytest.mark.parametrize("flag", [None, "--chessboard"])
def test_calibrate_refuses_an_image_that_claims_a_huge_size(tmp_path, capsys, flag):
    from tests.vision.test_scan_command import png_claiming

    huge = png_claiming(tmp_path / "huge.png", 100000, 100000)
    argv = ["calibrate", "--out", str(tmp_path / "table.json")]
    # --chessboard's photos are read first: the table image need not exist
    argv += [str(tmp_path / "table.png"), flag, str(huge)] if flag else [str(huge)]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert f"{huge}: its header claims an image too large to read" in err
    assert "Traceback" not in err and not (tmp_path / "table.json").exists()
