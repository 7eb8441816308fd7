"""Stickers and card sides as images, at any resolution (pixels per millimetre).

One sticker per printed marker copy: the tag, its white quiet zone, a thin cut line and a
small label ("37 #56", "mouse back #208"). A card side is what the renderer draws: the
card's own printed art (busy random shapes and colours from a seed, like real card art)
with two stickers stuck in opposite corners, the second turned half a turn so the card
reads the same both ways up. Round tokens carry one round sticker.

Marker corners are given in pixel-centre coordinates (pixel (0, 0) has its centre at
(0, 0), so the outer corner of a tag drawn from pixel 0 lies at -0.5), in the tag's own
order: its top-left corner first, then clockwise, as cv2.aruco reports them.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache

import cv2
import numpy as np

from vision.markers import marker_image, quiet_zone_mm
from vision.types import PieceSpec, Quad

LABEL_MM = 3.2            # label strip under the quiet zone
TEXT_MM = 2.0             # label cap height
INSET_MM = 1.5            # sticker distance from the card edge
ROUND_MARGIN_MM = 1.0     # a round sticker is this much narrower than its token
CUT_GREY = 150            # the cut line: thin, light enough not to look like a border bit
WHITE = (255, 255, 255)


@dataclass(frozen=True, eq=False)
class Artwork:
    """A printed surface as pixels: ``image`` (BGR), ``mask`` (255 where the surface is,
    None for the whole rectangle), and ``markers``: (id, corners in px) per marker copy."""

    image: np.ndarray
    mask: np.ndarray | None
    markers: tuple[tuple[int, Quad], ...]

    @cached_property
    def bgra(self) -> np.ndarray:
        """Image and mask in one array, so the renderer warps both at once."""
        h, w = self.image.shape[:2]
        alpha = self.mask if self.mask is not None else np.full((h, w), 255, np.uint8)
        return np.dstack([self.image, alpha])


def sticker_size_mm(marker_mm: float) -> tuple[float, float]:
    """Width and height of a square piece's sticker: tag, quiet zone, label strip."""
    side = marker_mm + 2 * quiet_zone_mm(marker_mm)
    return side, side + LABEL_MM


def round_sticker_fits(marker_mm: float, diameter_mm: float) -> bool:
    """Whether a tag fits a round sticker of ``diameter_mm``: a full quiet zone beside
    its edges and at least half a cell of white beyond its corners."""
    half_cell = quiet_zone_mm(marker_mm) / 2
    return marker_mm / 2 * 2 ** 0.5 + half_cell <= diameter_mm / 2 + 1e-6


def ascii_text(text: str) -> str:
    """Hershey fonts draw ASCII only: "Omertà" -> "Omerta"."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return folded or "?"


def put_text(canvas: np.ndarray, text: str, org: tuple[int, int], height_px: float,
             max_width_px: float, colour=(40, 40, 40), anchor: str = "left") -> None:
    """Draw ``text`` with its baseline at ``org``, ``height_px`` tall, shrunk to fit."""
    text = ascii_text(text)
    font = cv2.FONT_HERSHEY_SIMPLEX
    (w1, h1), _ = cv2.getTextSize(text, font, 1.0, 1)
    scale = min(height_px / h1, max_width_px / max(w1, 1))
    if scale * h1 < 3:  # too small to draw anything readable
        return
    thickness = max(1, round(scale * 1.6))
    (w, _), _ = cv2.getTextSize(text, font, scale, thickness)
    x = org[0] - (w if anchor == "right" else w // 2 if anchor == "centre" else 0)
    cv2.putText(canvas, text, (int(x), int(org[1])), font, scale, colour, thickness,
                cv2.LINE_AA)


def _marker_quad(x0: int, y0: int, side: int, turned: bool) -> Quad:
    """Corners of a tag drawn at pixels [x0, x0 + side): top-left first, clockwise."""
    a, b = x0 - 0.5, x0 + side - 0.5
    c, d = y0 - 0.5, y0 + side - 0.5
    quad = ((a, c), (b, c), (b, d), (a, d))
    return quad[2:] + quad[:2] if turned else quad


def draw_sticker(canvas: np.ndarray, x_mm: float, y_mm: float, marker: int, label: str,
                 marker_mm: float, ppm: float, turned: bool = False) -> Quad:
    """Draw a square sticker with its top-left corner at (x_mm, y_mm) of ``canvas`` (drawn
    at ``ppm`` px/mm); ``turned`` = half a turn. Returns the tag's corners in px."""
    w_mm, h_mm = sticker_size_mm(marker_mm)
    x0, y0 = round(x_mm * ppm), round(y_mm * ppm)
    w, h = round(w_mm * ppm), round(h_mm * ppm)
    sticker = np.full((h, w, 3), 255, np.uint8)
    side = round(marker_mm * ppm)
    quiet = round(quiet_zone_mm(marker_mm) * ppm)
    sticker[quiet:quiet + side, quiet:quiet + side] = \
        marker_image(marker, side)[:, :, None]
    strip_top = quiet * 2 + side
    baseline = strip_top + round((LABEL_MM + TEXT_MM) / 2 * ppm)
    text_h = TEXT_MM * ppm
    put_text(sticker, label, (quiet, baseline), text_h, (w - 2 * quiet) * 0.68)
    put_text(sticker, f"#{marker}", (w - quiet, baseline), text_h * 0.8,
             (w - 2 * quiet) * 0.3, colour=(90, 90, 90), anchor="right")
    if turned:
        sticker = cv2.rotate(sticker, cv2.ROTATE_180)
    cv2.rectangle(sticker, (0, 0), (w - 1, h - 1), (CUT_GREY,) * 3, 1)
    canvas[y0:y0 + h, x0:x0 + w] = sticker
    tag_x = x0 + (w - quiet - side if turned else quiet)
    tag_y = y0 + (h - quiet - side if turned else quiet)
    return _marker_quad(tag_x, tag_y, side, turned)


def sticker_image(marker: int, label: str, marker_mm: float, ppm: float) -> Artwork:
    """One square sticker on its own, as printed on a sheet."""
    w_mm, h_mm = sticker_size_mm(marker_mm)
    canvas = np.full((round(h_mm * ppm), round(w_mm * ppm), 3), 255, np.uint8)
    quad = draw_sticker(canvas, 0, 0, marker, label, marker_mm, ppm)
    return Artwork(canvas, None, ((marker, quad),))


def draw_round_sticker(canvas: np.ndarray, cx_mm: float, cy_mm: float, diameter_mm: float,
                       marker: int, label: str, marker_mm: float, ppm: float) -> Quad:
    """A round sticker (for round tokens) centred at (cx_mm, cy_mm): tag in the middle,
    label below it, a circular cut line. Returns the tag's corners in px."""
    cx, cy = round(cx_mm * ppm), round(cy_mm * ppm)
    radius = round(diameter_mm / 2 * ppm)
    cv2.circle(canvas, (cx, cy), radius, WHITE, -1, cv2.LINE_AA)
    cv2.circle(canvas, (cx, cy), radius, (CUT_GREY,) * 3, 1, cv2.LINE_AA)
    side = round(marker_mm * ppm)
    x0, y0 = cx - side // 2, cy - side // 2
    canvas[y0:y0 + side, x0:x0 + side] = marker_image(marker, side)[:, :, None]
    below = radius - side / 2  # room between the tag and the rim
    put_text(canvas, f"{label} #{marker}", (cx, round(cy + side / 2 + below * 0.62)),
             min(TEXT_MM * ppm, below * 0.35), radius * 1.0, anchor="centre")
    return _marker_quad(x0, y0, side, False)


# --- card art ------------------------------------------------------------------------

def _colour(rng: np.random.Generator, light: bool | None = None) -> tuple[int, int, int]:
    if light is None:
        return tuple(int(c) for c in rng.integers(0, 256, 3))
    lo, hi = (150, 256) if light else (0, 120)
    return tuple(int(c) for c in rng.integers(lo, hi, 3))


def draw_art(canvas: np.ndarray, seed: int, busy: float = 1.0) -> None:
    """Busy printed art from ``seed``: a background, then shapes, lines and blotches of
    every colour (dark ones too, like real card art), over the whole ``canvas``."""
    rng = np.random.default_rng(seed)
    h, w = canvas.shape[:2]
    canvas[:] = _colour(rng, light=bool(rng.random() < 0.7))
    scale = max(w, h)
    for _ in range(int(rng.integers(18, 34) * busy)):
        colour = _colour(rng)
        kind = rng.integers(0, 5)
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        size = int(scale * rng.uniform(0.03, 0.3))
        if kind == 0:
            cv2.circle(canvas, (x, y), size, colour, -1, cv2.LINE_AA)
        elif kind == 1:
            cv2.ellipse(canvas, (x, y), (size, max(1, size // 3)), float(rng.uniform(0, 180)),
                        0, 360, colour, -1, cv2.LINE_AA)
        elif kind == 2:
            pts = rng.integers(-size, size + 1, (int(rng.integers(3, 7)), 2)) + (x, y)
            cv2.fillPoly(canvas, [pts.astype(np.int32)], colour, cv2.LINE_AA)
        elif kind == 3:
            pts = rng.integers(-size * 2, size * 2 + 1, (int(rng.integers(2, 6)), 2)) + (x, y)
            cv2.polylines(canvas, [pts.astype(np.int32)], False, colour,
                          max(1, int(scale * rng.uniform(0.004, 0.02))), cv2.LINE_AA)
        else:
            cv2.rectangle(canvas, (x, y), (x + size, y + size // 2), colour, -1)


def _frame(canvas: np.ndarray, rng: np.random.Generator, ppm: float) -> None:
    """A printed card border, as most cards have."""
    h, w = canvas.shape[:2]
    width = max(1, round(rng.uniform(1.0, 3.0) * ppm))
    cv2.rectangle(canvas, (0, 0), (w - 1, h - 1), _colour(rng), width)


def _two_corners_fit(size_mm: tuple[float, float], marker_mm: float) -> bool:
    sw, sh = sticker_size_mm(marker_mm)
    w, h = size_mm
    return (sw + INSET_MM * 2 <= w and sh + INSET_MM * 2 <= h
            and (2 * sw + 2 * INSET_MM <= w or 2 * sh + 2 * INSET_MM <= h))


def sticker_positions_mm(piece: PieceSpec) -> tuple[tuple[float, float, bool], ...]:
    """Where a rectangular piece's stickers go: (x, y, turned) of each sticker's top-left
    corner. Two in opposite corners where they fit, else one in the middle."""
    w, h = piece.size_mm
    sw, sh = sticker_size_mm(piece.marker_mm)
    if _two_corners_fit(piece.size_mm, piece.marker_mm):
        return ((INSET_MM, INSET_MM, False),
                (w - INSET_MM - sw, h - INSET_MM - sh, True))
    if sw > w or sh > h:
        raise ValueError(f"a {piece.marker_mm:g} mm marker sticker ({sw:.1f} x {sh:.1f} mm) "
                         f"does not fit on a {w:g} x {h:g} mm piece")
    return (((w - sw) / 2, (h - sh) / 2, False),)


def _piece_canvas(piece: PieceSpec, ppm: float) -> tuple[np.ndarray, np.ndarray | None]:
    w, h = round(piece.size_mm[0] * ppm), round(piece.size_mm[1] * ppm)
    canvas = np.zeros((h, w, 3), np.uint8)
    if not piece.round:
        return canvas, None
    mask = np.zeros((h, w), np.uint8)
    cv2.ellipse(mask, (w // 2, h // 2), (w // 2, h // 2), 0, 0, 360, 255, -1, cv2.LINE_AA)
    return canvas, mask


def _stick(canvas: np.ndarray, piece: PieceSpec, marker: int, label: str,
           ppm: float) -> tuple[tuple[int, Quad], ...]:
    if piece.round:
        d = min(piece.size_mm) - ROUND_MARGIN_MM
        if not round_sticker_fits(piece.marker_mm, d):
            raise ValueError(f"a {piece.marker_mm:g} mm marker with its quiet zone does not fit "
                             f"on a round {d + ROUND_MARGIN_MM:g} mm token; use a smaller "
                             f"marker_mm")
        quad = draw_round_sticker(canvas, piece.size_mm[0] / 2, piece.size_mm[1] / 2,
                                  d, marker, label, piece.marker_mm, ppm)
        return ((marker, quad),)
    return tuple((marker, draw_sticker(canvas, x, y, marker, label, piece.marker_mm, ppm, turned))
                 for x, y, turned in sticker_positions_mm(piece))


@lru_cache(maxsize=1024)
def card_side(piece: PieceSpec, face_up: bool, ppm: float) -> Artwork:
    """The side of ``piece`` that shows, at ``ppm`` px/mm: the face (art, title, two
    stickers), or the back (the back's own art and back stickers if the back is read,
    else a plain back shared by every card of that size)."""
    if face_up and piece.printed is not None:
        return piece.printed.artwork(ppm)
    canvas, mask, sticker = side_art(piece, face_up, ppm)
    markers = _stick(canvas, piece, *sticker, ppm) if sticker is not None else ()
    if mask is not None:
        canvas[mask == 0] = 0
    return Artwork(canvas, mask, markers)


def side_art(piece: PieceSpec, face_up: bool,
             ppm: float) -> tuple[np.ndarray, np.ndarray | None, tuple[int, str] | None]:
    """The side's own printed art at ``ppm`` px/mm before its stickers go on: its image,
    its mask (round tokens) and the sticker it takes (marker, label), if any."""
    canvas, mask = _piece_canvas(piece, ppm)
    h, w = canvas.shape[:2]
    if face_up:
        draw_art(canvas, piece.marker)
        rng = np.random.default_rng(piece.marker + 7919)
        if not piece.round:
            _frame(canvas, rng, ppm)
        put_text(canvas, piece.label, (w // 2, round(h * 0.56)), min(w, h) * 0.14, w * 0.8,
                 colour=_colour(rng, light=False), anchor="centre")
        return canvas, mask, (piece.marker, piece.label)
    if piece.back_marker is not None:
        draw_art(canvas, 100_000 + piece.back_marker, busy=0.6)
        return canvas, mask, (piece.back_marker, piece.back_label or "back")
    _plain_back(canvas, piece.size_mm, ppm)
    return canvas, mask, None


def _plain_back(canvas: np.ndarray, size_mm: tuple[float, float], ppm: float) -> None:
    """A card back with no marker: one colour and a regular pattern, the same for every
    card of that size (so a face-down card tells nothing)."""
    rng = np.random.default_rng(int(size_mm[0] * 1000 + size_mm[1]))
    h, w = canvas.shape[:2]
    canvas[:] = _colour(rng, light=False)
    ink = _colour(rng, light=True)
    step = max(3, round(6 * ppm))
    for k in range(-h, w + h, step):
        cv2.line(canvas, (k, 0), (k + h, h), ink, max(1, round(0.5 * ppm)), cv2.LINE_AA)
        cv2.line(canvas, (k, h), (k + h, 0), ink, max(1, round(0.5 * ppm)), cv2.LINE_AA)
    cv2.rectangle(canvas, (0, 0), (w - 1, h - 1), (235, 235, 235), max(1, round(2.5 * ppm)))
