"""Drawing the table map over a camera image: the table's outline, zones and seats, so a
person setting up the table sees at once what the companion will make of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from calibration.homography import corner_positions

if TYPE_CHECKING:
    from calibration.table_map import TableMap

COLOURS = {  # BGR, one per kind of zone
    "seat": (60, 200, 255), "play": (80, 220, 80), "step": (255, 140, 40),
    "hierarchy": (200, 90, 20), "layout": (230, 80, 230), "pungi": (150, 40, 150),
    "mission": (40, 80, 240), "table": (255, 255, 255)}
EDGE_SAMPLES = 12  # points per edge, so lines bend with the lens as the image does


def draw_table(image: np.ndarray, table: "TableMap") -> np.ndarray:
    out = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    scale = max(1, round(max(out.shape[:2]) / 1000))
    corners = corner_positions(table.calibration.table_mm)
    _polygon(out, table, [corners[n] for n in (1, 2, 3, 4)], COLOURS["table"], scale)
    for zone in table.zones:
        colour = COLOURS.get(zone.kind, (200, 200, 200))
        _polygon(out, table, zone.polygon, colour, scale)
        if zone.kind not in ("seat", "hierarchy"):  # seats are labelled at the marker
            _label(out, table, zone.centre, zone.name, colour, scale)
    for seat in table.calibration.seats:
        x, y = table.to_image([seat.point])[0]
        if _inside(out, x, y):
            cv2.circle(out, (round(x), round(y)), 9 * scale, COLOURS["seat"], 2 * scale,
                       cv2.LINE_AA)
            _text(out, f"seat {seat.number}", (x + 12 * scale, y - 8 * scale),
                  COLOURS["seat"], scale)
    return out


def _polygon(out, table, polygon, colour, scale) -> None:
    pts = np.asarray(polygon, dtype=np.float64)
    dense = np.concatenate([np.linspace(pts[i], pts[(i + 1) % len(pts)], EDGE_SAMPLES,
                                        endpoint=False) for i in range(len(pts))])
    img = table.to_image(dense)
    if not np.all(np.isfinite(img)):
        return
    limit = 4 * max(out.shape[:2])  # beyond this the point is far outside the picture
    img = np.clip(img, -limit, limit)
    cv2.polylines(out, [np.round(img).astype(np.int32)], True, colour, scale, cv2.LINE_AA)


def _label(out, table, point, text, colour, scale) -> None:
    x, y = table.to_image([point])[0]
    if _inside(out, x, y):
        (w, _), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.45 * scale, scale)
        _text(out, text, (x - w / 2, y), colour, scale)


def _text(out, text, org, colour, scale) -> None:
    org = (round(org[0]), round(org[1]))
    font = cv2.FONT_HERSHEY_SIMPLEX
    cv2.putText(out, text, org, font, 0.45 * scale, (0, 0, 0), 3 * scale, cv2.LINE_AA)
    cv2.putText(out, text, org, font, 0.45 * scale, colour, scale, cv2.LINE_AA)


def _inside(out, x, y) -> bool:
    return 0 <= x < out.shape[1] and 0 <= y < out.shape[0]
