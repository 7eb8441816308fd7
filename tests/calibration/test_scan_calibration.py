"""``companion scan --calibration``: table positions and zones in the output, zones and
seats drawn with --annotate, and a clear one-line error for a bad calibration file."""

import json

import cv2
import pytest

from companion.cli import main
from vision.types import Placed

from .calibration_tables import card, seat_markers, shoot


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scan")
    winner = Placed(card("pumafiosi", "pumafioso", 36), 520.0, 150.0, 5)
    cv2.imwrite(str(folder / "setup.png"), shoot(seat_markers()).image)
    cv2.imwrite(str(folder / "play.png"), shoot(seat_markers() + [winner]).image)
    assert main(["calibrate", str(folder / "setup.png"), "--table", "900x650",
                 "--out", str(folder / "table.json")]) == 0
    return folder


def test_scan_reports_table_positions_and_zones(table, capsys):
    capsys.readouterr()
    status = main(["scan", str(table / "play.png"), "--calibration", str(table / "table.json"),
                   "--json", "--annotate", str(table / "seen.png")])
    out, err = capsys.readouterr()
    assert status == 0, err
    report = json.loads(out.splitlines()[0])
    placed = {p["marker"]: p for p in report["placements"]}
    assert placed[56]["zone"] == "play:1"
    x, y = placed[56]["position_mm"]
    assert abs(x - 520.0) < 5 and abs(y - 150.0) < 5
    plain = cv2.imread(str(table / "play.png"))
    drawn = cv2.imread(str(table / "seen.png"))
    assert drawn.shape == plain.shape and (drawn != plain).any()


@pytest.mark.parametrize("content, expected", [
    ("not json at all", "bad.json:1: not valid JSON"),
    ('{"format": "companion-calibration/1", "table_mm": "big"}',
     'bad.json:1: "table_mm" must be a list of 2 positive numbers'),
])
def test_a_bad_calibration_file_is_one_clear_line(table, capsys, content, expected):
    bad = table / "bad.json"
    bad.write_text(content)
    capsys.readouterr()
    status = main(["scan", str(table / "play.png"), "--calibration", str(bad)])
    out, err = capsys.readouterr()
    assert status == 1
    assert err.startswith("companion: ") and expected in err and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1
