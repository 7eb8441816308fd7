"""Sticker sheets: stickers laid out on A4 pages at true size, as PDF or PNG.

Each page has a title, a 100 mm scale bar (to check the print was not scaled), the
stickers with their cut lines, and a QR code whose payload says what the page holds
("companion-sheet/1 pungi page 2/5 markers 130-160"), so a phone or ``companion scan
--raw`` tells the pages apart. A page is also a Printed surface: the renderer can lay it
on a table to check that every marker on it scans back.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

import cv2
import numpy as np
import segno
from PIL import Image

from vision.sticker import (Artwork, draw_round_sticker, draw_sticker, put_text,
                            round_sticker_fits, sticker_size_mm)

PAGE_MM = (210.0, 297.0)       # A4, portrait
MARGIN_MM = 8.0             # most printers print to 5 mm from the edge
GUTTER_MM = 2.0                # between stickers
HEADER_MM = 30.0               # title, scale bar and QR code
QR_MODULE_MM = 0.7
SCALE_BAR_MM = 100.0
FORMAT = "companion-sheet/1"
DEFAULT_DPI = 300
PRINT_WHITE = 200              # PDF pages are black and white: lighter than this is paper


@dataclass(frozen=True)
class StickerSpec:
    """One sticker to print: a marker copy, its label, and for round tokens the token's
    diameter (the sticker is then a disc)."""

    marker: int
    label: str
    marker_mm: float
    round_mm: float | None = None

    def size_mm(self) -> tuple[float, float]:
        if self.round_mm is not None:
            return self.round_mm, self.round_mm
        return sticker_size_mm(self.marker_mm)


@dataclass(frozen=True)
class SheetPage:
    """One A4 page: what it is (``group``, ``number`` of ``count``) and its stickers,
    each with its top-left corner in page millimetres."""

    group: str
    number: int
    count: int
    stickers: tuple[tuple[StickerSpec, float, float], ...]

    @property
    def payload(self) -> str:
        markers = [s.marker for s, _, _ in self.stickers]
        return (f"{FORMAT} {self.group} page {self.number}/{self.count} "
                f"markers {min(markers)}-{max(markers)}")

    def artwork(self, px_per_mm: float) -> Artwork:
        return _draw_page(self, float(px_per_mm))


def layout(groups: Iterable[tuple[str, Sequence[StickerSpec]]]) -> list[SheetPage]:
    """Fill A4 pages row by row; each group (a game, the kit) starts on a new page."""
    pending: list[tuple[str, list[tuple[StickerSpec, float, float]]]] = []
    width = PAGE_MM[0] - 2 * MARGIN_MM
    bottom = PAGE_MM[1] - MARGIN_MM
    for group, stickers in groups:
        page: list[tuple[StickerSpec, float, float]] = []
        x = y = 0.0
        row_h = 0.0
        top = MARGIN_MM + HEADER_MM
        for sticker in stickers:
            w, h = sticker.size_mm()
            if w > width or top + h > bottom:
                raise ValueError(f"a sticker of {w:.0f} x {h:.0f} mm does not fit on an A4 page")
            if sticker.round_mm is not None and not round_sticker_fits(sticker.marker_mm,
                                                                       sticker.round_mm):
                raise ValueError(f"marker {sticker.marker} ({sticker.label}): a "
                                 f"{sticker.marker_mm:g} mm marker does not fit a "
                                 f"{sticker.round_mm:g} mm round sticker; use a smaller "
                                 f"marker_mm in the deck file")
            if x > 0 and x + w > width:          # next row
                x, y, row_h = 0.0, y + row_h + GUTTER_MM, 0.0
            if top + y + h > bottom:             # next page
                pending.append((group, page))
                page, x, y, row_h = [], 0.0, 0.0, 0.0
            page.append((sticker, MARGIN_MM + x, top + y))
            x += w + GUTTER_MM
            row_h = max(row_h, h)
        if page:
            pending.append((group, page))
    count = len(pending)
    return [SheetPage(group, n, count, tuple(stickers))
            for n, (group, stickers) in enumerate(pending, 1)]


def qr_image(payload: str, module_px: int) -> np.ndarray:
    """The payload as a QR code (never Micro QR), grey, with its 4-module quiet zone."""
    qr = segno.make_qr(payload, error="m")
    cells = np.array(qr.matrix, np.uint8)
    cells = np.pad(cells, 4)
    image = np.where(cells > 0, 0, 255).astype(np.uint8)
    return cv2.resize(image, None, fx=module_px, fy=module_px, interpolation=cv2.INTER_NEAREST)


def _draw_page(page: SheetPage, ppm: float) -> Artwork:
    w, h = round(PAGE_MM[0] * ppm), round(PAGE_MM[1] * ppm)
    canvas = np.full((h, w, 3), 255, np.uint8)
    markers = []
    for sticker, x, y in page.stickers:
        if sticker.round_mm is not None:
            r = sticker.round_mm / 2
            quad = draw_round_sticker(canvas, x + r, y + r, sticker.round_mm, sticker.marker,
                                      sticker.label, sticker.marker_mm, ppm)
        else:
            quad = draw_sticker(canvas, x, y, sticker.marker, sticker.label,
                                sticker.marker_mm, ppm)
        markers.append((sticker.marker, quad))
    _draw_header(canvas, page, ppm)
    return Artwork(canvas, None, tuple(markers))


def _draw_header(canvas: np.ndarray, page: SheetPage, ppm: float) -> None:
    qr = qr_image(page.payload, max(1, round(QR_MODULE_MM * ppm)))
    qx = round((PAGE_MM[0] - MARGIN_MM) * ppm) - qr.shape[1]
    qy = round(MARGIN_MM * ppm) - round(4 * QR_MODULE_MM * ppm)  # quiet zone into the margin
    canvas[qy:qy + qr.shape[0], qx:qx + qr.shape[1]] = qr[:, :, None]
    left = round(MARGIN_MM * ppm)
    text_w = qx - left - round(4 * ppm)
    put_text(canvas, f"Table Companion stickers: {page.group}, page {page.number} of "
                     f"{page.count}", (left, round((MARGIN_MM + 5) * ppm)), 4 * ppm, text_w,
             colour=(0, 0, 0))
    markers = [s.marker for s, _, _ in page.stickers]
    how = ("stick each pair on opposite corners of its card" if len(set(markers)) < len(markers)
           else "glue each on stiff card")
    put_text(canvas, f"Print at 100% (no fit to page). Cut along the grey lines; {how}.",
             (left, round((MARGIN_MM + 11) * ppm)), 2.2 * ppm, text_w)
    bar_y = round((MARGIN_MM + 17) * ppm)
    bar_x1 = left + round(SCALE_BAR_MM * ppm)
    cv2.rectangle(canvas, (left, bar_y), (bar_x1 - 1, bar_y + round(1.2 * ppm)), (0, 0, 0), -1)
    for tick in range(0, int(SCALE_BAR_MM) + 1, 10):
        x = left + round(tick * ppm) - (1 if tick == SCALE_BAR_MM else 0)
        cv2.line(canvas, (x, bar_y - round(1.5 * ppm)), (x, bar_y), (0, 0, 0),
                 max(1, round(0.2 * ppm)))
    put_text(canvas, f"this bar is {SCALE_BAR_MM:g} mm", (bar_x1 + round(3 * ppm),
                                                           bar_y + round(1.2 * ppm)),
             2.2 * ppm, text_w - SCALE_BAR_MM * ppm)


def page_image(page: SheetPage, dpi: int = DEFAULT_DPI) -> Image.Image:
    """The page at ``dpi`` as a Pillow greyscale image (210 x 297 mm at that resolution):
    the stickers are black and white, with grey cut lines and labels."""
    art = page.artwork(dpi / 25.4)
    return Image.fromarray(cv2.cvtColor(art.image, cv2.COLOR_BGR2GRAY))


def write_pdf(pages: Sequence[SheetPage], path: Path, dpi: int = DEFAULT_DPI,
              progress: Callable[[int, int], None] | None = None) -> Path:
    """All pages in one PDF whose pages measure 210 x 297 mm when printed at 100%.
    Pages are written one at a time (a 300 dpi page is 9 MB) as crisp black and white
    (CCITT G4: no JPEG ringing around the markers; cut lines and labels stay black)."""
    for n, page in enumerate(pages, 1):
        ink = page_image(page, dpi).point(lambda v: 255 if v > PRINT_WHITE else 0, mode="1")
        ink.save(path, "PDF", resolution=dpi, append=n > 1)
        if progress:
            progress(n, len(pages))
    return path


def write_png(pages: Sequence[SheetPage], path: Path, dpi: int = DEFAULT_DPI,
              progress: Callable[[int, int], None] | None = None) -> list[Path]:
    """One PNG per page (``name.png`` for one page, ``name-1.png``... for more), each
    tagged with its dpi so an image viewer prints it at true size."""
    paths = [path] if len(pages) == 1 else \
        [path.with_name(f"{path.stem}-{n}{path.suffix}") for n in range(1, len(pages) + 1)]
    for n, (page, target) in enumerate(zip(pages, paths), 1):
        page_image(page, dpi).save(target, "PNG", dpi=(dpi, dpi))
        if progress:
            progress(n, len(pages))
    return paths
