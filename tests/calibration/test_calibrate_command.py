"""``companion calibrate`` on rendered photos of a table: what it tells the user, what it
saves, and the calibrations it refuses, with the reason."""

import json

import cv2
import numpy as np
import pytest

from calibration.homography import corner_positions, fit_table
from calibration.types import CalibrationError
from companion.cli import main
from companion.decks import all_decks
from companion.piece_catalog import piece_shapes, piece_spec
from vision.render import table_homography
from vision.types import CameraPose, Placed

from tests.mjpeg_stream import mjpeg_stream
from .calibration_tables import TABLE, card, dim_table, seat_markers, shoot


def corners(table=TABLE, **moved) -> list[Placed]:
    """The four corner pieces on the table's corners, some moved (``c3=(x, y)``) or left
    out (``c3=None``)."""
    cards = sorted(all_decks()["kit"].of_kind("corner"), key=lambda c: c.get("corner"))
    out = []
    for card, (n, (x, y)) in zip(cards, corner_positions(table).items()):
        where = moved.get(f"c{n}", (x, y))
        if where is not None:
            out.append(Placed(piece_spec(card), *where))
    return out


def photo(tmp_path, placed, name="table.png", **kwargs) -> str:
    path = tmp_path / name
    cv2.imwrite(str(path), shoot(placed, with_corners=False, **kwargs).image)
    return str(path)


def calibrate(tmp_path, capsys, *args) -> tuple[int, str, str]:
    status = main(["calibrate", *args, "--out", str(tmp_path / "out.json")])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_good_table_is_saved_with_what_was_seen(tmp_path, capsys):
    image = photo(tmp_path, corners() + seat_markers())
    status, out, err = calibrate(tmp_path, capsys, image, "--table", "900x650",
                                 "--players", "4", "--annotate", str(tmp_path / "seen.png"))
    assert status == 0, err
    for line in ("corner 3 seen", "seat 2 registered", "calibration saved to"):
        assert line in out
    assert "all 4 corners seen, reprojection error 0." in out
    saved = json.loads((tmp_path / "out.json").read_text())
    assert saved["format"] == "companion-calibration/1"
    assert [s["seat"] for s in saved["seats"]] == [1, 2, 3, 4]
    drawn = cv2.imread(str(tmp_path / "seen.png"))
    assert drawn is not None and drawn.shape == (1080, 1920, 3)


def test_several_frames_and_a_folder_work_like_a_camera(tmp_path, capsys):
    folder = tmp_path / "frames"
    folder.mkdir()
    photo(folder, corners(c4=None) + seat_markers(), name="a.png", seed=1)
    photo(folder, corners() + seat_markers(), name="b.png", seed=2)
    status, out, err = calibrate(tmp_path, capsys, str(folder), "--table", "900x650")
    assert status == 0, err
    assert out.index("corner 4 seen") > out.index("corner 1 seen")


def test_a_second_corner_marker_taken_away_is_forgiven(tmp_path, capsys):
    folder = tmp_path / "frames"
    folder.mkdir()
    extra = Placed(piece_spec(all_decks()["kit"].cards[1]), 450.0, 325.0)
    photo(folder, corners() + [extra] + seat_markers(), name="a.png")
    photo(folder, corners() + seat_markers(), name="b.png")
    status, out, err = calibrate(tmp_path, capsys, str(folder), "--table", "900x650")
    assert status == 0, err
    assert out.index("corner 2 seen twice") < out.index("corner 2 seen (the second one is gone)")


@pytest.mark.parametrize("placed, reason", [
    (corners(c3=None) + seat_markers(), "corner 3 not seen: move it into view"),
    (corners(c1=None, c4=None) + seat_markers(), "corners 1, 4 not seen: move them into view"),
    (corners() + [Placed(piece_spec(all_decks()["kit"].cards[1]), 450.0, 325.0)]
     + seat_markers(), "corner 2 seen twice"),
    (corners(c3=(0.0, 325.0)) + seat_markers(), "corners 1, 2 and 3 lie on one line"),
    (corners(c2=(900.0, 0.0), c4=(0.0, 650.0)) + seat_markers(),
     "the corner markers are out of order"),
    (corners(c2=(40.0, 620.0)) + seat_markers(), "reprojection error"),
    (corners() + seat_markers(1), "1 seat registered: place a seat marker"),
    (corners() + [Placed(s.piece, 450.0 + 90 * i, 80.0) for i, s in enumerate(seat_markers(2))],
     "seats 1 and 2 overlap (90 mm apart, need 150)"),
])
def test_refusals_say_why(tmp_path, capsys, placed, reason):
    status, out, err = calibrate(tmp_path, capsys, photo(tmp_path, placed),
                                 "--table", "900x650")
    assert status == 1
    assert err.startswith("companion: calibration refused: ") and reason in err, err
    assert "Traceback" not in err
    assert not (tmp_path / "out.json").exists()


def test_a_corner_in_view_but_dim_is_seen_not_asked_to_be_moved(tmp_path, capsys):
    # Corner 2 far from the lamp of a dim room: its paper and ink a few grey levels apart.
    path = tmp_path / "dim.png"
    cv2.imwrite(str(path), dim_table().image)
    status, out, err = calibrate(tmp_path, capsys, str(path), "--table", "800x600")
    assert status == 0, err
    assert "corner 2 seen" in out.splitlines()


def test_missing_seats_for_the_players_given(tmp_path, capsys):
    status, out, err = calibrate(tmp_path, capsys, photo(tmp_path, corners() + seat_markers(3)),
                                 "--players", "4", "--table", "900x650")
    assert status == 1
    assert "seat 4 not registered: place seat marker 4 (or any card) in front of player 4" in err


def test_a_camera_too_oblique_is_refused():
    # Corner markers as a camera 72 degrees from straight down would see them.
    pose = CameraPose(target_mm=(450.0, 325.0), distance_mm=1500.0, tilt_deg=72.0)
    to_image = table_homography(pose, (1920, 1080))
    side = 25.0
    square = np.array([(-side, side), (side, side), (side, -side), (-side, -side)])
    seen = [(n, cv2.perspectiveTransform((square + p).reshape(-1, 1, 2), to_image).reshape(4, 2))
            for n, p in corner_positions(TABLE).items()]
    with pytest.raises(CalibrationError, match="camera too oblique: the far side of the table "
                                               "is seen (7[1-9]|8[0-9]) degrees from straight down"):
        fit_table(seen, piece_shapes()[0], TABLE)


@pytest.mark.parametrize("args, message", [
    ([], "give --camera N, or images, folders or videos of the table"),
    (["x.png", "--table", "big"], "--table 'big' is not WIDTHxHEIGHT"),
    (["x.png", "--players", "12"], "--players 12: the games take 2 to 8 players"),
    (["nothing-here.png"], "no frames could be read"),
    (["--camera", "7"], "camera 7 cannot be opened"),
    (["x.png", "--chessboard", "nope.png"], "nope.png: no such file"),
    (["x.png", "--chessboard", "a.png", "--square-mm", "0"], "--square-mm 0: give the side"),
    (["x.png", "--chessboard", "a.png", "--pattern", "9x"], "--pattern '9x' is not"),
])
def test_bad_arguments(tmp_path, capsys, args, message):
    status, out, err = calibrate(tmp_path, capsys, *args)
    assert status == 1
    assert message in err and "Traceback" not in err, err


def test_a_video_works_like_a_camera(tmp_path, capsys):
    from vision.types import Hand
    from vision.video import write_mjpeg

    # A hand covers corner 3 in the first frames, then leaves.
    covered = shoot(corners() + seat_markers(), hands=(Hand(900.0, 650.0, 45.0, 120.0),)).image
    clear = shoot(corners() + seat_markers(), seed=2).image
    video = tmp_path / "setup.avi"
    write_mjpeg(video, [covered, covered, clear, clear])
    status, out, err = calibrate(tmp_path, capsys, str(video), "--table", "900x650",
                                 "--players", "4")
    assert status == 0, err
    lines = out.splitlines()
    assert lines.index("corner 3 seen") > lines.index("corner 4 seen")   # once the hand left
    assert "all 4 corners seen, reprojection error" in out


def test_a_live_stream_guides_until_the_table_is_ready(tmp_path, capsys):
    table, size = (720.0, 500.0), (1280, 720)

    def view(placed):
        return shoot(placed + seat_markers(table=table), table=table, size=size,
                     distance=850.0, with_corners=False).image

    views = [view(corners(table, c3=None))] * 3 + [view(corners(table))] * 40
    with mjpeg_stream(views) as url:
        status, out, err = calibrate(tmp_path, capsys, url, "--table", "720x500",
                                     "--players", "4")
    assert status == 0, err
    lines = out.splitlines()
    assert lines.index("corner 3 not seen: move it into view") < lines.index("corner 3 seen")
    assert "calibration saved to" in out


PUNGI_UNSEEN = {"en": "warning: the pungi card was not seen: the layout places are unknown, so "
                      "no snake laid out can be read until the camera sees the pungi card; put "
                      "the pungi card in view by the layout row, in good light, and calibrate "
                      "again",
                "vi": "cảnh báo: không thấy lá pungi: chưa biết các vị trí bày rắn"}


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_pungi_table_whose_pungi_card_was_not_seen_is_warned_not_refused(tmp_path, capsys,
                                                                          lang):
    status, out, err = calibrate(tmp_path, capsys, photo(tmp_path, corners() + seat_markers()),
                                 "--table", "900x650", "--game", "pungi", "--lang", lang,
                                 "--json")
    assert status == 0, err
    said = [line for line in err.splitlines() if line.startswith(PUNGI_UNSEEN[lang])]
    assert len(said) == 1, err   # said once, among the warnings
    assert [w for w in json.loads(out)["warnings"] if w.startswith(PUNGI_UNSEEN[lang])] == said
    assert (tmp_path / "out.json").exists()


def test_the_pungi_card_seen_at_calibration_warns_of_nothing(tmp_path, capsys):
    pungi = Placed(card("pungi", "pungi"), 330.0, 330.0, 0)
    status, out, err = calibrate(tmp_path, capsys,
                                 photo(tmp_path, corners() + seat_markers() + [pungi]),
                                 "--table", "900x650", "--game", "pungi")
    assert status == 0, err
    assert "anchors: pungi" in out and "pungi card was not seen" not in out


def test_one_hierarchy_card_seen_says_how_many_of_the_steps_were(tmp_path, capsys):
    # (no --game: its one hierarchy card names Pumafiosi)
    step = Placed(card("pumafiosi", "hierarchy", step=8), 330.0, 330.0, 90)
    status, out, err = calibrate(tmp_path, capsys,
                                 photo(tmp_path, corners() + seat_markers() + [step]),
                                 "--table", "900x650")
    assert status == 0, err
    assert "warning: hierarchy cards seen: 1 of the 9, but 2 are needed to lay out the " \
           "steps" in out


SEAT_1_UNSEEN = {"en": "warning: seat 1 was not found (seats seen: 2, 3, 4): player 1's cards "
                       "cannot be read: each of their moves will be asked; move seat marker 1 "
                       "out of the glare / into view, or lay any card there, and calibrate "
                       "again; or give --players N to have calibrate wait for it",
                 "vi": "cảnh báo: không tìm thấy ghế 1 (các ghế đã thấy: 2, 3, 4): không đọc "
                       "được bài của người chơi 1"}


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_seat_below_the_highest_found_is_warned_of_without_players(tmp_path, capsys, lang):
    # (seat marker 1 lost in glare: seats 2, 3 and 4 tell that a first player sits there)
    status, out, err = calibrate(tmp_path, capsys,
                                 photo(tmp_path, corners() + seat_markers()[1:]),
                                 "--table", "900x650", "--lang", lang, "--json")
    assert status == 0, err
    said = [line for line in err.splitlines() if line.startswith(SEAT_1_UNSEEN[lang])]
    assert len(said) == 1, err
    assert [w for w in json.loads(out)["warnings"] if w.startswith(SEAT_1_UNSEEN[lang])] == said
    assert [s["seat"] for s in json.loads((tmp_path / "out.json").read_text())["seats"]] \
        == [2, 3, 4]


def test_every_seat_found_warns_of_no_seat(tmp_path, capsys):
    status, out, err = calibrate(tmp_path, capsys, photo(tmp_path, corners() + seat_markers()),
                                 "--table", "900x650", "--json")
    assert status == 0, err
    assert not [w for w in json.loads(out)["warnings"] if "seat" in w], err
