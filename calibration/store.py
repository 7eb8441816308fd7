"""A calibration as a value, and its file: small, human-readable JSON, one entry a line.

A file that cannot be used gets a CalibrationError naming the file and line, what is
wrong and what to do; nothing in a file raises anything else.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from calibration.lens import Lens
from calibration.types import Anchor, CalibrationError, Seat
from calibration.zones import LayoutOptions

FORMAT = "companion-calibration/1"


@dataclass(frozen=True, eq=False)
class Calibration:
    image_to_table: np.ndarray         # 3x3: undistorted pixels -> table millimetres
    table_mm: tuple[float, float]
    image_size: tuple[int, int]        # the camera resolution it was made at
    reprojection_mm: float
    seats: tuple[Seat, ...] = ()
    anchors: tuple[Anchor, ...] = ()
    lens: Lens | None = None
    options: LayoutOptions = field(default_factory=LayoutOptions)
    error_mm: float | None = None      # a card's placement error, at most (measured)


def _numbers(values) -> str:
    return "[" + ", ".join(_number(v) for v in values) + "]"


def _number(value: float) -> str:
    return repr(round(float(value), 10))


def to_text(cal: Calibration) -> str:
    lines = ["{", f'  "format": "{FORMAT}",',
             f'  "table_mm": {_numbers(cal.table_mm)},',
             f'  "image_size": [{cal.image_size[0]}, {cal.image_size[1]}],',
             f'  "reprojection_mm": {round(cal.reprojection_mm, 3)},',
             *([f'  "error_mm": {round(cal.error_mm, 1)},'] if cal.error_mm is not None
               else []),
             '  "image_to_table": [' + ", ".join(_numbers(r) for r in cal.image_to_table) + "],"]
    if cal.lens is None:
        lines.append('  "lens": null,')
    else:
        lines.append('  "lens": {"camera_matrix": ['
                     + ", ".join(_numbers(r) for r in cal.lens.camera_matrix)
                     + f'], "distortion": {_numbers(cal.lens.distortion)}, '
                     f'"rms_px": {round(cal.lens.rms_px, 4)}}},')
    lines.append('  "seats": [')
    lines += [f'    {{"seat": {s.number}, "x_mm": {s.x_mm:.1f}, "y_mm": {s.y_mm:.1f}}}'
              + ("," if i < len(cal.seats) - 1 else "") for i, s in enumerate(cal.seats)]
    lines.append("  ],")
    lines.append('  "anchors": [')
    lines += [f'    {{"name": "{a.name}", "x_mm": {a.x_mm:.1f}, "y_mm": {a.y_mm:.1f}, '
              f'"angle_deg": {a.angle_deg:.1f}, "size_mm": {_numbers(a.size_mm)}}}'
              + ("," if i < len(cal.anchors) - 1 else "") for i, a in enumerate(cal.anchors)]
    lines.append("  ],")
    o = cal.options
    lines.append(f'  "options": {{"steps_side": "{o.steps_side}", "arrow": '
                 f'{json.dumps(o.arrow)}, "layout_places": {json.dumps(o.layout_places)}}}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_calibration(cal: Calibration, path: str | Path) -> None:
    path = Path(path)
    try:
        path.write_text(to_text(cal), encoding="utf-8")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise CalibrationError("calibration_unwritable",
                               {"path": str(path), "reason": reason}) from None


def load_calibration(path: str | Path, steps: Sequence[int]) -> Calibration:
    """The calibration in the file at ``path``; ``steps``: the hierarchy column's step
    values (from the rules), which its "step:V" anchors must name."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CalibrationError("calibration_not_text", {"path": str(path)}) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise CalibrationError("calibration_unreadable",
                               {"path": str(path), "reason": reason}) from None
    return from_text(text, steps, str(path))


def from_text(text: str, steps: Sequence[int], where: str = "<calibration>") -> Calibration:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CalibrationError("not_json", {"place": f"{where}:{exc.lineno}",
                                            "reason": exc.msg}) from None
    reader = _Reader(text, where, tuple(steps))
    if not isinstance(data, dict):
        raise reader.fail(1, "not_object")
    found = data.get("format")
    if isinstance(found, str) and found.startswith(FORMAT.partition("/")[0] + "/") \
            and found != FORMAT:
        raise reader.fail(reader.line("format"), "other_version",
                          {"found": found, "format": FORMAT})
    if found != FORMAT:
        raise reader.fail(reader.line("format") or 1, "not_calibration", {"format": FORMAT})
    known = {"format", "table_mm", "image_size", "reprojection_mm", "error_mm",
             "image_to_table", "lens", "seats", "anchors", "options"}
    for key in data:
        if key not in known:
            names = ", ".join(sorted(known))
            raise reader.fail(reader.line(key), "unknown_entry", {"key": key, "known": names})
    table = reader.numbers(data, "table_mm", 2, positive=True)
    size = reader.numbers(data, "image_size", 2, positive=True)
    if any(v != int(v) for v in size):
        raise reader.fail(reader.line("image_size"), "size_not_whole")
    rms = reader.number(data, "reprojection_mm")
    error = reader.number(data, "error_mm") if "error_mm" in data else None
    matrix = reader.matrix(data, "image_to_table")
    if abs(np.linalg.det(matrix)) < 1e-12:
        raise reader.fail(reader.line("image_to_table"), "map_singular")
    return Calibration(matrix, (table[0], table[1]), (int(size[0]), int(size[1])), rms,
                       reader.seats(data), reader.anchors(data), reader.lens(data, size),
                       reader.options(data), error)


class _Reader:
    """Reads and checks the entries of a parsed file, pointing at lines on failure."""

    def __init__(self, text: str, where: str, steps: tuple[int, ...]):
        self.lines = text.split("\n")
        self.where = where
        self.steps = steps

    def fail(self, line: int | None, code: str,
             fields: dict[str, Any] | None = None) -> CalibrationError:
        """The error ``code`` at ``line`` of the file: its ``place`` (file:line) leads."""
        place = f"{self.where}:{line}" if line else self.where
        return CalibrationError(code, {"place": place, **(fields or {})})

    def line(self, key: str, index: int | None = None) -> int | None:
        """The line of ``"key":`` and, with ``index``, of that list's index-th entry."""
        pattern = re.compile(rf'"{re.escape(key)}"\s*:')
        for i, line in enumerate(self.lines):
            if pattern.search(line):
                if index is None:
                    return i + 1
                entries = [j for j, later in enumerate(self.lines[i:], i)
                           if later.lstrip().startswith("{")]
                return entries[index] + 1 if index < len(entries) else i + 1
        return None

    def number(self, data: dict, key: str, line: int | None = None) -> float:
        value = data.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value):
            raise self.fail(line or self.line(key), "not_number",
                            {"key": key, "value": json.dumps(value)})
        return float(value)

    def numbers(self, data: dict, key: str, count: int, positive: bool = False,
                line: int | None = None) -> list[float]:
        value = data.get(key)
        ok = isinstance(value, list) and len(value) == count and all(
            not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v)
            and (v > 0 or not positive) for v in value)
        if not ok:
            raise self.fail(line or self.line(key),
                            "not_positive_numbers" if positive else "not_numbers",
                            {"key": key, "count": count, "value": json.dumps(value)})
        return [float(v) for v in value]

    def matrix(self, data: dict, key: str, line: int | None = None) -> np.ndarray:
        rows = data.get(key)
        if not isinstance(rows, list) or len(rows) != 3:
            raise self.fail(line or self.line(key), "not_matrix", {"key": key})
        return np.array([self.numbers({key: r}, key, 3, line=line or self.line(key))
                         for r in rows])

    def entries(self, data: dict, key: str) -> list[tuple[int | None, dict]]:
        value = data.get(key, [])
        if not isinstance(value, list):
            raise self.fail(self.line(key), "not_list", {"key": key})
        out = []
        for i, entry in enumerate(value):
            if not isinstance(entry, dict):
                raise self.fail(self.line(key, i), "not_entry", {"key": key})
            out.append((self.line(key, i), entry))
        return out

    def seats(self, data: dict) -> tuple[Seat, ...]:
        seats = []
        for line, entry in self.entries(data, "seats"):
            number = entry.get("seat")
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 8:
                raise self.fail(line, "bad_seat", {"value": json.dumps(number)})
            if any(s.number == number for s in seats):
                raise self.fail(line, "seat_twice", {"seat": number})
            seats.append(Seat(number, self.number(entry, "x_mm", line),
                              self.number(entry, "y_mm", line)))
        return tuple(seats)

    def anchors(self, data: dict) -> tuple[Anchor, ...]:
        anchors = []
        for line, entry in self.entries(data, "anchors"):
            name = entry.get("name")
            if not _anchor_name(name, self.steps):
                steps = ", ".join(map(str, self.steps))
                raise self.fail(line, "bad_anchor", {"value": json.dumps(name), "steps": steps})
            if any(a.name == name for a in anchors):
                raise self.fail(line, "anchor_twice", {"name": name})
            w, h = self.numbers(entry, "size_mm", 2, positive=True, line=line)
            anchors.append(Anchor(name, self.number(entry, "x_mm", line),
                                  self.number(entry, "y_mm", line),
                                  self.number(entry, "angle_deg", line), (w, h)))
        return tuple(anchors)

    def lens(self, data: dict, size: list[float]) -> Lens | None:
        value = data.get("lens")
        if value is None:
            return None
        line = self.line("lens")
        if not isinstance(value, dict):
            raise self.fail(line, "bad_lens")
        matrix = self.matrix(value, "camera_matrix", line)
        dist = value.get("distortion")
        if not isinstance(dist, list) or len(dist) not in (4, 5, 8, 12, 14):
            raise self.fail(line, "bad_distortion")
        coefficients = self.numbers(value, "distortion", len(dist), line=line)
        if abs(np.linalg.det(matrix)) < 1e-9:
            raise self.fail(line, "lens_singular")
        return Lens(matrix, np.array(coefficients), (int(size[0]), int(size[1])),
                    self.number(value, "rms_px", line))

    def options(self, data: dict) -> LayoutOptions:
        value = data.get("options", {})
        line = self.line("options")
        if not isinstance(value, dict):
            raise self.fail(line, "bad_options")
        unknown = set(value) - {"steps_side", "arrow", "layout_places"}
        if unknown:
            option = sorted(unknown)[0]
            raise self.fail(line, "unknown_option", {"option": option})
        side = value.get("steps_side", "auto")
        if side not in ("auto", "left", "right"):
            raise self.fail(line, "bad_steps_side", {"value": json.dumps(side)})
        arrow = value.get("arrow", "auto")
        if arrow != "auto" and (isinstance(arrow, bool) or not isinstance(arrow, (int, float))):
            raise self.fail(line, "bad_arrow", {"value": json.dumps(arrow)})
        places = value.get("layout_places")
        if places is not None and (isinstance(places, bool) or not isinstance(places, int)
                                   or not 1 <= places <= 12):
            raise self.fail(line, "bad_layout_places", {"value": json.dumps(places)})
        return LayoutOptions(side, float(arrow) if arrow != "auto" else "auto", places)


def _anchor_name(name: Any, steps: tuple[int, ...]) -> bool:
    if name == "pungi":
        return True
    if not isinstance(name, str):
        return False
    kind, _, number = name.partition(":")
    if not re.fullmatch(r"-?\d+", number):
        return False
    return (kind == "step" and int(number) in steps) or (kind == "mission" and int(number) >= 1)
