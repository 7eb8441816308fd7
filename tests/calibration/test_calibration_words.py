"""Calibration's refusals said in the table's language wherever the app shows them: a bad
table.json given to ``companion play --camera``, ``record`` or in a recording the demo
plays, and ``companion calibrate``'s own refusals. Each is one line naming the file (and
line) and saying what to do, in English or Vietnamese; a reason from the system or the JSON
decoder stays as it came, inside the translated sentence."""

from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

import pytest

import calibration
from calibration.messages import NOTES, REFUSALS as CALIBRATION_REFUSALS
from calibration.types import CalibrationError
from companion.cli import main
from companion.live.recording import RecordingError, load_recording
from companion.live.reproduce import recorded_table
from companion.said import say
from tests.calibration.test_calibrate_command import corners, photo
from tests.calibration.calibration_tables import seat_markers
from tests.dashboard.test_i18n import assert_worded, literal_keys
from tests.live.recordings import SOURCE, players
from vision.messages import PROBLEMS

GOOD = (SOURCE / "calibration.json").read_text(encoding="utf-8")


def edited(old: str, new: str) -> str:
    assert old in GOOD, old
    return GOOD.replace(old, new, 1)


# (what the file holds, None: no file; the English and the Vietnamese it gets, after the
# file's name)
BAD_FILES = {
    "missing": (None, ": cannot read the calibration file: No such file or directory",
                ": không đọc được tệp hiệu chỉnh: No such file or directory"),
    "not text": (b"\x89PNG\r\n\x1a\n\x00\xff\xfe",
                 ": not a calibration file (it is not text: a picture or another kind of "
                 "file?); give the file companion calibrate saved",
                 ": không phải tệp hiệu chỉnh (không phải văn bản: một ảnh hay một loại tệp "
                 "khác?); hãy đưa tệp mà companion calibrate đã lưu"),
    "not JSON": ("{\n  \"format\": \"companion-calibration/1\",\n  oops\n}",
                 ":3: not valid JSON (Expecting property name enclosed in double quotes); "
                 "run companion calibrate again or fix the file",
                 ":3: không phải JSON hợp lệ (Expecting property name enclosed in double "
                 "quotes); hãy chạy lại companion calibrate hoặc sửa tệp"),
    "not an object": ("[1, 2]", ":1: a calibration file holds one JSON object {...}; run "
                                "companion calibrate again",
                      ":1: tệp hiệu chỉnh chứa một đối tượng JSON {...}; hãy chạy lại "
                      "companion calibrate"),
    "another version": (edited("companion-calibration/1", "companion-calibration/2"),
                        ':2: "format": "companion-calibration/2" is another version of the '
                        'calibration file than this companion reads ("companion-calibration/1"'
                        '); run companion calibrate again',
                        ':2: "format": "companion-calibration/2" là một phiên bản tệp hiệu '
                        'chỉnh khác với bản companion này đọc ("companion-calibration/1"); '
                        'hãy chạy lại companion calibrate'),
    "not a calibration": ('{"format": "companion-deck/1"}',
                          ':1: not a calibration file (it needs "format": '
                          '"companion-calibration/1"); make one with companion calibrate',
                          ':1: không phải tệp hiệu chỉnh (cần "format": '
                          '"companion-calibration/1"); hãy tạo một tệp bằng companion '
                          'calibrate'),
    "a wrong field": (edited('"reprojection_mm": 0.33', '"reprojection_mm": "small"'),
                      ':5: "reprojection_mm" must be a number, not "small"; run companion '
                      'calibrate again',
                      ':5: "reprojection_mm" phải là một số, không phải "small"; hãy chạy lại '
                      'companion calibrate'),
    "an unknown entry": (edited('"lens": ', '"colour": 3, "lens": '),
                         ':7: unknown entry "colour": remove it (known: anchors, error_mm, ',
                         ':7: mục "colour" không có trong tệp hiệu chỉnh: hãy xóa nó (các '
                         'mục: anchors, error_mm, '),
    "a seat given twice": (edited('"seat": 2,', '"seat": 1,'),
                           ":10: seat 1 is given twice: keep one",
                           ":10: ghế 1 được ghi hai lần: hãy giữ một"),
}


def bad_file(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / "table.json"
    text = BAD_FILES[kind][0]
    if isinstance(text, bytes):
        path.write_bytes(text)
    elif text is not None:
        path.write_text(text, encoding="utf-8")
    return path


def one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.removesuffix("\n")


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_table_file_for_the_camera_is_one_line_in_the_tables_language(
        tmp_path, monkeypatch, capsys, kind, lang):
    monkeypatch.chdir(tmp_path)
    path = bad_file(tmp_path, kind)
    assert main(["play", "pumafiosi", "--players", *players(), "--camera", "0",
                 "--calibration", str(path), "--lang", lang]) == 1
    line = one_line(capsys)
    english, vietnamese = BAD_FILES[kind][1:]
    expected = f"companion: {path}" + (english if lang == "en" else vietnamese)
    assert line.startswith(expected), line
    assert not list(tmp_path.glob("*.jsonl"))   # refused before a journal was made


@pytest.mark.parametrize("kind", ["missing", "another version"])
def test_record_refuses_a_bad_table_file_in_the_tables_language(tmp_path, capsys, kind):
    path = bad_file(tmp_path, kind)
    assert main(["record", "--camera", "0", "--calibration", str(path), "--game",
                 "pumafiosi", "--players", *players(), "--out", str(tmp_path / "rec"),
                 "--lang", "vi"]) == 1
    assert one_line(capsys) == f"companion: {path}" + BAD_FILES[kind][2]
    assert not (tmp_path / "rec").exists()


def test_a_recording_with_a_bad_calibration_is_said_in_either_language(tmp_path):
    folder = tmp_path / "rec"
    shutil.copytree(SOURCE, folder, ignore=shutil.ignore_patterns("*.mp4", "*.avi"))
    (folder / "calibration.json").write_text(BAD_FILES["a seat given twice"][0],
                                             encoding="utf-8")
    with pytest.raises(RecordingError) as caught:
        recorded_table(load_recording(folder))
    (error,) = caught.value.args
    where = folder / "calibration.json"
    assert say(error, "en") == str(error) == f"{where}:10: seat 1 is given twice: keep one"
    assert say(error, "vi") == f"{where}:10: ghế 1 được ghi hai lần: hãy giữ một"


def test_calibrate_refuses_in_vietnamese(tmp_path, capsys):
    image = photo(tmp_path, corners(c4=None) + seat_markers())
    assert main(["calibrate", image, "--table", "900x650", "--lang", "vi",
                 "--out", str(tmp_path / "out.json")]) == 1
    out, err = capsys.readouterr()
    assert err == "companion: bản hiệu chỉnh bị từ chối: chưa thấy góc 4: hãy đưa nó vào " \
                  "khung hình\n"
    assert not (tmp_path / "out.json").exists()
    assert main(["calibrate", image, "--table", "800 by 600", "--lang", "vi"]) == 1
    assert capsys.readouterr().err == ("companion: --table '800 by 600' không có dạng "
                                       "RỘNGxCAO: hãy viết như 800x600\n")


def test_calibrate_says_what_it_sees_and_saved_in_vietnamese(tmp_path, capsys):
    image = photo(tmp_path, corners() + seat_markers())
    out_file = tmp_path / "out.json"
    assert main(["calibrate", image, "--table", "900x650", "--players", "4", "--lang", "vi",
                 "--out", str(out_file), "--json"]) == 0
    out, err = capsys.readouterr()
    for line in ("đã thấy góc 3", "đã ghi nhận ghế 2", "đã thấy cả 4 góc, sai số chiếu lại 0.",
                 "bản đồ bàn: sai số chiếu lại", f"đã lưu bản hiệu chỉnh vào {out_file}"):
        assert line in err, line   # (--json: the progress on stderr)
    for english in ("corner 3 seen", "seat 2 registered", "table map", "saved"):
        assert english not in err, english
    result = json.loads(out)
    assert result["messages"][0].startswith("đã khớp ống kính từ mốc của 8 quân")
    assert all(m in err for m in result["messages"])   # what it said, as it said it


# --- the catalogue: every refusal and note calibration/ makes is worded in both languages --

CALIBRATION = Path(calibration.__file__).parent
REFUSALS = {"CalibrationError": 0, "ReprojectionError": 0, "fail": 1}   # where the code is


def calibration_words(makers: dict[str, int] = REFUSALS):
    """Each refusal calibration/ makes (``CalibrationError("code", {fields})``, or a file's
    ``fail(line, "code", {fields})``, which adds ``place``), or each note (``Note("code",
    {fields})``), with the fields it passes."""
    for path in sorted(CALIBRATION.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else ""
            if name not in makers or len(node.args) <= makers[name]:
                continue
            where = f"{path.relative_to(CALIBRATION.parent)}:{node.lineno}"
            codes = literal_keys(node.args[makers[name]])
            if not codes:
                assert name == "CalibrationError" and path.name == "store.py", \
                    f"{where}: a literal code"
                continue   # (fail's own: the code handed to it)
            args = node.args[makers[name]:]
            fields = args[1] if len(args) > 1 else ast.Dict(keys=[], values=[])
            assert isinstance(fields, ast.Dict), f"{where}: fields as a dict literal"
            names = {k.value for k in fields.keys} | ({"place"} if name == "fail" else set())
            for code in codes:
                yield where, code, names


@pytest.mark.parametrize("makers, catalogue, least", [
    (REFUSALS, CALIBRATION_REFUSALS, 45), ({"Note": 0}, NOTES, 20)],
    ids=["refusals", "notes"])
def test_everything_calibration_says_is_worded_in_both_languages_with_its_fields(
        makers, catalogue, least):
    assert_worded(list(calibration_words(makers)), catalogue, least)


def test_each_code_has_one_wording():
    catalogues = [PROBLEMS, CALIBRATION_REFUSALS, NOTES]
    assert sum(map(len, catalogues)) == len(set().union(*catalogues))


def test_a_note_says_the_notes_in_its_fields_too():
    from calibration.marker_sizes import ZoneSize, size_warnings

    sizes = [ZoneSize(f"seat:{n}", {"card": 11.0 + n}) for n in range(1, 9)]
    warning, _ = size_warnings(sizes, {"card": 20.0}, (1280, 720))
    assert str(warning).endswith("and 2 more, too small to read reliably: raise the camera or "
                                 "turn it more overhead, use 1080p (now 1280x720), or print "
                                 "larger card stickers (marker_mm in the deck file, up to 32 "
                                 "mm, then companion cards print)")
    assert say(warning, "vi").endswith(
        " và 2 chỗ khác, quá nhỏ để đọc chắc chắn: hãy nâng camera lên hoặc xoay nó nhìn thẳng "
        "xuống hơn, dùng 1080p (hiện là 1280x720), hoặc in nhãn mốc lớn hơn (marker_mm trong "
        "tệp bộ bài, tối đa 32 mm, rồi companion cards print)")


def test_a_refusal_keeps_its_code_and_fields_through_a_copy():
    import copy
    import pickle

    error = CalibrationError("seat_twice", {"place": "t.json:3", "seat": 2})
    assert str(error) == "t.json:3: seat 2 is given twice: keep one"
    for again in (copy.copy(error), pickle.loads(pickle.dumps(error))):
        assert (again.code, str(again), again.fields) == (error.code, str(error), error.fields)
    assert say(error, "vi") == "t.json:3: ghế 2 được ghi hai lần: hãy giữ một"
    assert json.dumps(error.fields)   # plain values, as a Said's


def test_small_markers_come_with_how_much_will_be_read_now_and_after_the_advice():
    from calibration.marker_sizes import ZoneSize, size_warnings

    far = [ZoneSize(f"seat:{n}", {"card": 15.0}) for n in range(1, 4)]
    sizes = far + [ZoneSize("play", {"card": 30.0})]
    _, expected = size_warnings(sizes, {"card": 20.0}, (1280, 720))
    assert str(expected) == (
        "expected at those 3 of 4 places: 0%-17% of such markers read within their "
        "first frames, the rest read later or asked (measured on this project's footage: "
        "companion bench vision --far-only); at 1080p: 22 px, 60%-90%; with 32 mm stickers: 24 px, "
        "60%-90%; both: 36 px, 60%-90%")
    assert say(expected, "vi").startswith("dự kiến ở 3 trong 4 chỗ đó: 0%-17% số mốc")
    assert "; ở 1080p: 22 px" in say(expected, "vi")
    # at 1080p already, with the largest stickers: nothing left to change, only the share
    _, at_best = size_warnings(sizes, {"card": 32.0}, (1920, 1080))
    assert str(at_best).endswith("companion bench vision --far-only)")
