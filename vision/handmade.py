"""Stickers as a person makes them: printed, cut out by hand, stuck on by eye.

``companion cards print`` prints each sticker on an A4 sheet (vision.sheet): drawn at the
printer's dpi and stored black and white (lighter than ``PRINT_WHITE`` is paper, the rest
ink, the grey cut line and labels included). Here that very drawing is rasterised the
same way, its ink spreading a little into the paper; the scissors follow the printed cut
line only roughly (each corner of the cut up to ``cut_mm`` off it, so the edges slant, and
the corners rounded or clipped), and each sticker goes on its card near the guide the card
art gives it (vision.sticker.sticker_positions_mm), up to ``offset_mm`` and ``turn_deg``
off, the two of a card each its own way (or, for a share of the cards, on the other two
corners: top right, and bottom left turned half a turn). A piece with one sticker (a corner or seat
marker, a token) is laid on the table by its marker: its sticker is cut out as roughly,
but where it sits on the piece does not matter. Every choice is drawn from the Stickers'
seed, the card and the sticker, so each sticker of each card is its own and the same
every frame.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from vision.sheet import GUTTER_MM, PRINT_WHITE
from vision.sticker import (ROUND_MARGIN_MM, Artwork, card_side,
                            draw_round_sticker, draw_sticker, side_art, sticker_positions_mm,
                            sticker_size_mm)
from vision.types import PieceSpec, Quad, Stickers

PAPER_BGR = np.array((236, 241, 244), np.float32)   # sticker paper, a little warm
INK_BGR = np.array((34, 32, 32), np.float32)        # laser or inkjet black on it
PAPER_MM = GUTTER_MM / 2     # paper beyond the printed cut line: half the gap to the next
SUBPIXEL = 4                 # fillPoly's fractional bits for the cut outline


@lru_cache(maxsize=1024)
def handmade_side(piece: PieceSpec, face_up: bool, ppm: float, stickers: Stickers) -> Artwork:
    """The side of ``piece`` at ``ppm`` px/mm with its stickers made and stuck by hand
    (a printed surface, a sheet laid on the table, is as vision.sticker draws it)."""
    if face_up and piece.printed is not None:
        return card_side(piece, face_up, ppm)
    canvas, mask, sticker = side_art(piece, face_up, ppm)
    markers: list[tuple[int, Quad]] = []
    if sticker is not None:
        marker, label = sticker
        side = 0 if face_up else 1
        guides = _guides(piece, stickers, side)
        for copy, (x, y, turned) in enumerate(guides):
            rng = np.random.default_rng([stickers.seed, piece.marker, side, copy])
            markers.append((marker, _stick_by_hand(canvas, piece, marker, label, (x, y), turned,
                                                   ppm, stickers, rng, len(guides) > 1)))
    if mask is not None:
        canvas[mask == 0] = 0
    return Artwork(canvas, mask, tuple(markers))


def _guides(piece: PieceSpec, stickers: Stickers, side: int
            ) -> tuple[tuple[float, float, bool], ...]:
    """Where the card art's guide puts each sticker (its top-left corner in card mm, and
    whether it is turned half a turn), or the pair mirrored onto the other two corners
    where this card's person picked those."""
    if piece.round:
        d = min(piece.size_mm) - ROUND_MARGIN_MM
        return (((piece.size_mm[0] - d) / 2, (piece.size_mm[1] - d) / 2, False),)
    guides = sticker_positions_mm(piece)
    if len(guides) == 2 and stickers.other_corners > 0 and np.random.default_rng(
            [stickers.seed, piece.marker, side]).random() < stickers.other_corners:
        width = sticker_size_mm(piece.marker_mm)[0]
        return tuple((piece.size_mm[0] - x - width, y, turned) for x, y, turned in guides)
    return guides


@lru_cache(maxsize=512)
def printed_sticker(marker: int, label: str, marker_mm: float, round_mm: float | None,
                    dpi: float, ink_mm: float) -> tuple[np.ndarray, Quad]:
    """The sticker as the printer puts it on paper, with ``PAPER_MM`` of paper around its
    cut line: BGR float32 at ``dpi``, and its tag's corners there (px, pixel-centred)."""
    ppm = dpi / 25.4
    size = (round_mm, round_mm) if round_mm is not None else sticker_size_mm(marker_mm)
    w, h = (round((s + 2 * PAPER_MM) * ppm) for s in size)
    drawn = np.full((h, w, 3), 255, np.uint8)
    if round_mm is not None:
        centre = PAPER_MM + round_mm / 2
        quad = draw_round_sticker(drawn, centre, centre, round_mm, marker, label, marker_mm, ppm)
    else:
        quad = draw_sticker(drawn, PAPER_MM, PAPER_MM, marker, label, marker_mm, ppm)
    ink = (cv2.cvtColor(drawn, cv2.COLOR_BGR2GRAY) <= PRINT_WHITE).astype(np.float32)
    if ink_mm > 0:
        ink = cv2.GaussianBlur(ink, (0, 0), ink_mm * ppm)
    image = PAPER_BGR + ink[:, :, None] * (INK_BGR - PAPER_BGR)
    return image.astype(np.float32), quad


def cut_outline_mm(size_mm: tuple[float, float], round_sticker: bool, stickers: Stickers,
                   rng: np.random.Generator) -> np.ndarray:
    """Where the scissors went, in mm from the printed cut line's top-left corner: each
    corner of the cut up to ``cut_mm`` off the line (the edges slant), every corner
    rounded or clipped; a round sticker's cut wanders around its circle."""
    w, h = size_mm
    cut = stickers.cut_mm
    if round_sticker:
        t = np.linspace(0, 2 * np.pi, 72, endpoint=False)
        wobble = sum(rng.uniform(-cut, cut) / k * np.cos(k * t + rng.uniform(0, 2 * np.pi))
                     for k in (1, 2, 3))
        r = w / 2 + wobble
        return np.stack([w / 2 + r * np.cos(t), h / 2 + r * np.sin(t)], axis=1)
    corners = np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float64)
    corners += rng.uniform(-cut, cut, (4, 2))
    points = []
    for i, corner in enumerate(corners):
        before, after = corners[i - 1], corners[(i + 1) % 4]
        r = rng.uniform(0.3, max(0.3, stickers.corner_mm))
        a = corner + (before - corner) / np.linalg.norm(before - corner) * r
        b = corner + (after - corner) / np.linalg.norm(after - corner) * r
        if rng.random() < 0.5:      # clipped: one straight snip
            points += [a, b]
        else:                       # rounded: a curve through the corner's neighbourhood
            t = np.linspace(0, 1, 7)[:, None]
            points += list((1 - t) ** 2 * a + 2 * t * (1 - t) * corner + t ** 2 * b)
    return np.array(points)


def _stick_by_hand(canvas: np.ndarray, piece: PieceSpec, marker: int, label: str,
                   guide: tuple[float, float], turned: bool, ppm: float, stickers: Stickers,
                   rng: np.random.Generator, by_eye: bool) -> Quad:
    """Cut one printed sticker out and stick it on ``canvas`` (card art at ``ppm``) near
    ``guide`` (``by_eye``: off it by the hand, else on it); returns its tag's corners on
    the canvas (px, pixel-centred)."""
    round_mm = min(piece.size_mm) - ROUND_MARGIN_MM if piece.round else None
    size = (round_mm, round_mm) if round_mm is not None else sticker_size_mm(piece.marker_mm)
    image, quad = printed_sticker(marker, label, piece.marker_mm, round_mm, stickers.dpi,
                                  stickers.ink_mm)
    # the cut, drawn at the print's resolution: what of the paper stays on the sticker
    print_ppm = stickers.dpi / 25.4
    outline = cut_outline_mm(size, round_mm is not None, stickers, rng) + PAPER_MM
    keep = np.zeros(image.shape[:2], np.uint8)
    cv2.fillPoly(keep, [np.round((outline * print_ppm - 0.5) * (1 << SUBPIXEL)).astype(np.int32)],
                 255, cv2.LINE_AA, SUBPIXEL)
    # down to the card's resolution first (INTER_AREA: no aliasing), then turned and laid
    ph, pw = image.shape[:2]
    small = (max(1, round(pw / print_ppm * ppm)), max(1, round(ph / print_ppm * ppm)))
    image = cv2.resize(image, small, interpolation=cv2.INTER_AREA)
    keep = cv2.resize(keep, small, interpolation=cv2.INTER_AREA)
    scale = (small[0] / pw, small[1] / ph)
    # sticker px -> card px: the printed sticker's centre onto the guide's, off by the hand
    centre_small = ((small[0] - 1) / 2, (small[1] - 1) / 2)
    offset = rng.uniform(-1, 1, 2)
    offset *= stickers.offset_mm * min(1.0, 1 / max(1e-9, float(np.linalg.norm(offset))))
    turn = rng.uniform(-stickers.turn_deg, stickers.turn_deg)
    if not by_eye:
        offset, turn = np.zeros(2), 0.0
    turn = math.radians(turn + 180 * turned)
    to_mm = np.array([guide[0] + size[0] / 2 + offset[0], guide[1] + size[1] / 2 + offset[1]])
    c, s = math.cos(turn), math.sin(turn)
    k = ppm * pw / (small[0] * print_ppm)     # small px -> card px (= 1 up to rounding)
    rot = np.array([[c, -s], [s, c]]) * k
    shift = to_mm * ppm - 0.5 - rot @ np.array(centre_small)
    matrix = np.hstack([rot, shift[:, None]])
    h, w = canvas.shape[:2]
    laid = cv2.warpAffine(image, matrix, (w, h), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    alpha = cv2.warpAffine(keep, matrix, (w, h), flags=cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    a = alpha.astype(np.float32)[:, :, None] * (1 / 255)
    canvas[:] = np.clip(canvas * (1 - a) + laid * a + 0.5, 0, 255).astype(np.uint8)
    tag = np.array(quad, np.float64)
    tag_small = (tag + 0.5) * scale - 0.5
    corners = tag_small @ rot.T + shift
    return tuple((float(x), float(y)) for x, y in corners)  # type: ignore[return-value]
