"""Drawing on a camera frame what was seen in it: each card outlined whole (from the
printed layout of its stickers, companion.piece_catalog), markers that are no card of
ours, and with --raw every fiducial marker and QR code. ``companion scan --annotate``
saves these; the camera panel shows a small copy of ``annotate_cards``."""

from __future__ import annotations

from functools import cache, lru_cache

import cv2
import numpy as np

from calibration.drawing import draw_table
from companion.piece_catalog import printed_sides
from vision.families import FamilyMarker
from vision.qr import qr_text
from vision.sticker import card_side
from vision.types import Detection, QrCode

CARD_COLOUR = (60, 220, 60)      # BGR: catalogued cards
UNKNOWN_COLOUR = (0, 140, 255)   # markers that are no card of ours
QR_COLOUR = (255, 160, 0)


def _outline(image: np.ndarray, quad, colour, label: str) -> None:
    pts = np.round(np.array(quad, dtype=np.float32) * 4).astype(np.int32)
    cv2.polylines(image, [pts], True, colour, 2, cv2.LINE_AA, shift=2)
    x, y = np.array(quad)[0]
    cv2.circle(image, (int(x), int(y)), 3, colour, -1, cv2.LINE_AA)  # the first corner
    if label:
        scale = max(0.4, image.shape[1] / 2400)
        org = (int(min(p[0] for p in quad)), int(min(p[1] for p in quad)) - 4)
        cv2.putText(image, label, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 3,
                    cv2.LINE_AA)
        cv2.putText(image, label, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, 1,
                    cv2.LINE_AA)


@cache
def _card_around_marker(marker: int) -> tuple[np.ndarray, tuple[np.ndarray, ...]] | None:
    """The card's corners and its marker copies' corners, in the printed artwork's
    pixels (None for markers that are no card of ours)."""
    side = printed_sides().get(marker)
    if side is None:
        return None
    art = card_side(side[0], side[1], 2.0)
    if not art.markers:
        return None
    h, w = art.image.shape[:2]
    return (np.float32([[0, 0], [w, 0], [w, h], [0, h]]),
            tuple(np.float32(quad) for _, quad in art.markers))


def card_outline(marker: int, seen: list) -> np.ndarray | None:
    """Where the whole card lies in the image, from the copies of its marker seen.

    With one copy, its four corners give the card (either copy will do: the two sit
    point-symmetrically, the second turned half a turn). With both, all eight corners
    do, matched to the printed copies whichever way fits best.
    """
    return _card_outline(marker, tuple(tuple((round(2 * x) / 2, round(2 * y) / 2)
                                             for x, y in corners) for corners in seen[:2]))


# The camera panel outlines the same cards where they lay twice a second: the fits of
# the cards lying still are remembered (a card's two fits cost a third of a millisecond),
# by their corners to half a pixel (a marker found again where it lay is seen a
# fraction of a pixel away; half a pixel off is no other outline to the eye).
@lru_cache(maxsize=256)
def _card_outline(marker: int, seen: tuple) -> np.ndarray | None:
    """``card_outline`` of up to two copies' corners given as tuples."""
    layout = _card_around_marker(marker)
    if layout is None:
        return None
    card, printed = layout
    seen = [np.float32(corners) for corners in seen]
    if len(seen) == 2 and len(printed) == 2:
        best = None
        for order in (seen, seen[::-1]):
            h, _ = cv2.findHomography(np.vstack(printed), np.vstack(order))
            if h is None:
                continue
            error = np.abs(cv2.perspectiveTransform(np.vstack(printed)[None], h)[0]
                           - np.vstack(order)).mean()
            if best is None or error < best[0]:
                best = (error, h)
        if best is not None:
            return cv2.perspectiveTransform(card[None], best[1])[0]
    homography = cv2.getPerspectiveTransform(printed[0], seen[0])
    return cv2.perspectiveTransform(card[None], homography)[0]


def annotate_cards(image: np.ndarray, detection: Detection, unknown: list,
                   table_map=None) -> np.ndarray:
    """The frame with each card outlined and labelled; unknown markers in another colour;
    with a table map, its table outline, zones and seats under them."""
    out = draw_table(image, table_map) if table_map is not None else image.copy()
    copies: dict[int, list] = {}
    for s in detection.sightings:
        copies.setdefault(s.marker, []).append(s)
    for marker, seen in copies.items():
        card = seen[0].card
        for s in seen:
            _outline(out, s.corners, CARD_COLOUR, "")
        outline = card_outline(marker, [s.corners for s in seen])
        _outline(out, outline if outline is not None else seen[0].corners, CARD_COLOUR,
                 f"{card.label or card.key} ({card.side})")
    for f in unknown:
        _outline(out, f.corners, UNKNOWN_COLOUR, f"? {f.marker}")
    return out


def annotate_raw(image: np.ndarray, qr: tuple[QrCode, ...],
                 markers: list[FamilyMarker]) -> np.ndarray:
    out = image.copy()
    for m in markers:
        colour = CARD_COLOUR if m.family == "DICT_APRILTAG_36h11" else UNKNOWN_COLOUR
        _outline(out, m.corners, colour, f"{m.family[5:]} {m.marker}")
    for code in qr:
        _outline(out, code.corners, QR_COLOUR, qr_text(code.payload)[:32])
    return out
