"""The calibration file: saved and loaded back unchanged; a bad file gets one line
naming the file and line, what is wrong and what to do, and never a traceback."""

import json

import numpy as np
import pytest

from calibration.lens import Lens
from calibration.store import Calibration, from_text, load_calibration, save_calibration, \
    to_text
from calibration.types import Anchor, CalibrationError, Seat
from calibration.zones import LayoutOptions
from companion.games.pumafiosi import STEPS

GOOD = Calibration(
    image_to_table=np.array([[0.97, 0.13, -488.6], [0.0, -0.94, 886.8], [0.0, 0.0003, 1.0]]),
    table_mm=(900.0, 650.0), image_size=(1920, 1080), reprojection_mm=0.31,
    seats=(Seat(1, 450.0, 60.1), Seat(2, 59.5, 324.7)),
    anchors=(Anchor("step:10", 330.0, 560.2, 90.0, (59.0, 91.0)),
             Anchor("pungi", 300.0, 200.0, -12.5, (59.0, 91.0)),
             Anchor("mission:1", 500.0, 300.0, 0.0, (59.0, 91.0))),
    lens=Lens(np.array([[1300.0, 0, 959.5], [0, 1300.0, 539.5], [0, 0, 1]]),
              np.array([-0.05, 0.01, 0.0, 0.0, 0.0]), (1920, 1080), 0.21),
    options=LayoutOptions("left", 90.0, 5))


def test_round_trip(tmp_path):
    path = tmp_path / "table.json"
    save_calibration(GOOD, path)
    back = load_calibration(path, STEPS)
    assert np.allclose(back.image_to_table, GOOD.image_to_table)
    assert (back.table_mm, back.image_size, back.seats, back.anchors, back.options) == \
        (GOOD.table_mm, GOOD.image_size, GOOD.seats, GOOD.anchors, GOOD.options)
    assert np.allclose(back.lens.camera_matrix, GOOD.lens.camera_matrix)
    assert np.allclose(back.lens.distortion, GOOD.lens.distortion)
    assert back.error_mm is None and '"error_mm"' not in path.read_text()
    text = path.read_text()
    assert text.splitlines()[1] == '  "format": "companion-calibration/1",'
    assert json.loads(text)["seats"][1] == {"seat": 2, "x_mm": 59.5, "y_mm": 324.7}


def edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


GOOD_TEXT = to_text(GOOD)


@pytest.mark.parametrize("text, expected", [
    ("", "<calibration>:1: not valid JSON"),
    ("[1, 2]", "<calibration>:1: a calibration file holds one JSON object"),
    (edit(GOOD_TEXT, "companion-calibration/1", "companion-deck/1"),
     "<calibration>:2: not a calibration file"),
    (edit(GOOD_TEXT, '"table_mm": [900.0, 650.0]', '"table_mm": [900.0, -1]'),
     '<calibration>:3: "table_mm" must be a list of 2 positive numbers'),
    (edit(GOOD_TEXT, '"image_size": [1920, 1080]', '"image_size": [1920.5, 1080]'),
     "<calibration>:4: image_size must be [width, height] in whole pixels"),
    (edit(GOOD_TEXT, '"reprojection_mm": 0.31', '"reprojection_mm": "small"'),
     '<calibration>:5: "reprojection_mm" must be a number'),
    (edit(GOOD_TEXT, "[0.0, 0.0003, 1.0]]", "[0.0, 0.0003]]"),
     '<calibration>:6: "image_to_table" must be a list of 3 numbers'),
    (edit(GOOD_TEXT, '{"seat": 2,', '{"seat": 9,'),
     '<calibration>:10: "seat" must be a seat number from 1 to 8'),
    (edit(GOOD_TEXT, '{"seat": 2,', '{"seat": 1,'),
     "<calibration>:10: seat 1 is given twice"),
    (edit(GOOD_TEXT, '"x_mm": 59.5', '"x_mm": null'),
     '<calibration>:10: "x_mm" must be a number'),
    (edit(GOOD_TEXT, '"name": "pungi"', '"name": "step:4"'),
     '<calibration>:14: anchor name "step:4" is not one of'),
    (edit(GOOD_TEXT, '"size_mm": [59.0, 91.0]}\n  ]', '"size_mm": [59.0]}\n  ]'),
     '<calibration>:15: "size_mm" must be a list of 2 positive numbers'),
    (edit(GOOD_TEXT, '"steps_side": "left"', '"steps_side": "up"'),
     '<calibration>:17: "steps_side" must be "auto", "left" or "right"'),
    (edit(GOOD_TEXT, '"arrow": 90.0', '"arrow": "north"'),
     '<calibration>:17: "arrow" must be "auto" or the direction'),
    (edit(GOOD_TEXT, '"layout_places": 5', '"layout_places": 0'),
     '<calibration>:17: "layout_places" must be null'),
    (edit(GOOD_TEXT, '"lens": {', '"colour": 3, "lens": {'),
     '<calibration>:7: unknown entry "colour"'),
    (edit(GOOD_TEXT, '"distortion": [', '"distortion": [1, '),
     '<calibration>:7: "distortion" must be the 4, 5, 8, 12 or 14'),
    (edit(GOOD_TEXT, "[0.97, 0.13, -488.6], [0.0, -0.94, 886.8]",
          "[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]"),
     "<calibration>:6: image_to_table cannot be inverted"),
])
def test_bad_files_say_where_and_what(text, expected):
    with pytest.raises(CalibrationError) as info:
        from_text(text, STEPS)
    assert str(info.value).startswith(expected), str(info.value)
    assert "\n" not in str(info.value)


def test_unreadable_files(tmp_path):
    with pytest.raises(CalibrationError, match="cannot read the calibration file"):
        load_calibration(tmp_path / "missing.json", STEPS)
    binary = tmp_path / "photo.json"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    with pytest.raises(CalibrationError, match=r"photo.json: not a calibration file \(it is "
                                               r"not text: a picture or another kind of file"):
        load_calibration(binary, STEPS)


def test_save_to_an_unwritable_place(tmp_path):
    with pytest.raises(CalibrationError, match="cannot write the calibration"):
        save_calibration(GOOD, tmp_path / "no" / "such" / "dir" / "table.json")


def test_the_measured_error_is_kept_and_checked(tmp_path):
    from dataclasses import replace

    path = tmp_path / "table.json"
    save_calibration(replace(GOOD, error_mm=7.26), path)
    assert load_calibration(path, STEPS).error_mm == 7.3
    text = edit(path.read_text(), '"error_mm": 7.3', '"error_mm": "small"')
    with pytest.raises(CalibrationError, match=r'<calibration>:6: "error_mm" must be a number'):
        from_text(text, STEPS)
