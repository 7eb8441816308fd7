"""The camera panel, in one of three views (F3 cycles them):

- "plan": the table seen from above, drawn to scale: each zone where it lies (from the
  calibration's zone polygons), named where the name fits, and the card labels where the
  cards lie, in their owner's seat colour;
- "image": the latest frame with the recognised cards outlined, in half-block
  characters (two pixels a cell, in any terminal with true colour);
- "map": a text list of which cards lie in which zone.

Without a plan (no calibration) the plan view shows the text map; without a frame the
image view too. Half-blocks rather than a graphics protocol (Kitty, Sixel): they work in
tmux and in every terminal, and snapshot tests can pin them. The panel draws only when
what it shows changes, and the frame straight into strips of cached styles: the demo
sends a few frames a second and must stay cheap.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import groupby

import cv2
import numpy as np
from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from companion.dashboard.feed import CAMERA_VIEWS, SeenTable, TablePlan
from companion.dashboard.widgets.colours import seat_style
from companion.i18n import t
from companion.said import say

UPPER_HALF = "▀"
TABLE_BG = "#17301f"                       # the felt, where no zone lies
ZONE_BGS = ("#2e4a63", "#4a3b63")          # anchor zones (steps, layout, missions), alternating
SEAT_BG = "#3a3a3a"                        # seat and play zones
NO_ZONE = 255
PLAN_MIN_SIZE = (30, 5)   # columns, rows: in less the text map says more


def table_map_text(table: SeenTable | None, lang: str) -> Text:
    if table is None:
        return Text(t(lang, "camera.none"), style="italic")
    text = Text()
    names = [say(zone.name, lang) for zone in table.zones]
    width = max(map(len, names), default=0)
    for name, zone in zip(names, table.zones):
        text.append(f"{name:<{width}}  ", style="bold")
        cards = "  ".join(f"[{label}]" for label in zone.cards)
        text.append(cards or t(lang, "camera.empty_zone"))
        text.append("\n")
    text.rstrip()
    return text


# --- the plan ------------------------------------------------------------------------

def plan_text(plan: TablePlan, names: tuple[str, ...], columns: int, rows: int) -> Text:
    """``plan`` drawn into ``columns`` x ``rows`` cells, to scale (a cell is twice as tall
    as wide), the camera's side at the bottom."""
    width_mm, depth_mm = plan.size_mm
    scale = min(columns / width_mm, 2 * rows / depth_mm)   # cells per mm across
    w, h = max(1, round(width_mm * scale)), max(1, round(depth_mm * scale / 2))
    left, top = (columns - w) // 2, (rows - h) // 2

    def cell(x_mm: float, y_mm: float) -> tuple[float, float]:
        return left + x_mm * scale, top + (depth_mm - y_mm) * scale / 2

    # Which zone each cell shows: the lower layers first, so the higher ones win where
    # they overlap (as in the table map's own rule).
    owner = np.full((rows, columns), NO_ZONE, np.uint8)
    owner[max(top, 0):top + h, max(left, 0):left + w] = NO_ZONE - 1   # the table itself
    order = sorted(range(len(plan.zones)), key=lambda i: plan.zones[i].layer)
    for i in order[:NO_ZONE - 1]:
        points = np.array([cell(x, y) for x, y in plan.zones[i].polygon]) - 0.5
        # 4 bits of sub-cell precision: a narrow step zone still covers its cells
        cv2.fillPoly(owner, [np.round(points * 16).astype(np.int32)], int(i), shift=4)
    chars = np.full((rows, columns), " ", dtype="<U1")
    styles: list[list[str]] = [[""] * columns for _ in range(rows)]
    # A player's zones in grey (their names and cards carry their colour), the game's
    # zones in two alternating tints so neighbours are told apart.
    bgs = [SEAT_BG if zone.owner else ZONE_BGS[n % 2] for n, zone in enumerate(plan.zones)]
    for y in range(rows):
        for x in range(columns):
            z = owner[y, x]
            styles[y][x] = ("" if z == NO_ZONE else f"on {TABLE_BG}" if z == NO_ZONE - 1
                            else f"on {bgs[z]}")

    def put(y: int, x: int, word: str, style: str, free: np.ndarray) -> bool:
        if not (0 <= y < rows and 0 <= x and x + len(word) <= columns):
            return False
        if not free[y, max(x - 1, 0):x + len(word) + 1].all():   # a blank between words
            return False
        for k, char in enumerate(word):
            chars[y, x + k] = char
            base = styles[y][x + k]
            styles[y][x + k] = f"{style} {base}".strip()
        free[y, x:x + len(word)] = False
        return True

    free = np.ones((rows, columns), bool)
    # Card labels first (they matter most), at their place or the nearest free one.
    for card in plan.cards:
        cx, cy = cell(*card.position)
        word = card.label
        x0, y0 = int(cx - len(word) / 2 + 0.5), int(cy)
        style = seat_style(names, card.owner) if card.owner else "bold white"
        for dy, dx in ((0, 0), (0, 1), (0, -1), (-1, 0), (1, 0), (0, 2), (0, -2),
                       (-1, 1), (1, 1), (-1, -1), (1, -1)):
            if put(y0 + dy, x0 + dx * (len(word) + 1) // 2 if dx else x0, word, style, free):
                break
    # Then each zone's name, or its short name, at its top left where it fits.
    for i, zone in enumerate(plan.zones):
        cells = np.argwhere(owner == i)
        if not len(cells):
            continue
        y, x = cells[0]
        span = int((owner[y, x:] == i).argmin()) or columns - x
        style = f"dim {seat_style(names, zone.owner)}" if zone.owner else "dim"
        for word in (zone.name, zone.short):
            if word and len(word) <= span and put(int(y), int(x), word, style, free):
                break
    text = Text()
    for y in range(rows):
        run, run_style = "", None
        for x in range(columns):
            if styles[y][x] != run_style and run:
                text.append(run, run_style or None)
                run = ""
            run_style = styles[y][x]
            run += chars[y, x]
        text.append(run, run_style or None)
        if y < rows - 1:
            text.append("\n")
    return text


# --- the frame -----------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _half_style(top: tuple[int, int, int], bottom: tuple[int, int, int]) -> Style:
    return Style(color=Color.from_rgb(*top), bgcolor=Color.from_rgb(*bottom))


def half_block_strips(bgr: np.ndarray, columns: int, rows: int) -> list[Strip]:
    """``bgr`` fitted into ``columns`` x ``rows`` cells (aspect kept, centred across):
    each cell is an upper half block, its colour the upper pixel, its background the
    lower one. Colours are rounded to 32 levels a channel so styles repeat (and cache),
    and neighbouring cells of the same colours are one segment (the terminal's drawing
    goes over every segment)."""
    height, width = bgr.shape[:2]
    scale = min(columns / width, 2 * rows / height)
    w, h = max(1, round(width * scale)), max(2, round(height * scale / 2) * 2)
    small = cv2.resize(bgr, (w, h), interpolation=cv2.INTER_AREA)[:, :, ::-1]
    small = (small & 0xF8) | 0x04
    indent = Segment(" " * ((columns - w) // 2))
    strips = []
    for y in range(0, h, 2):
        cells = zip(map(tuple, small[y].tolist()), map(tuple, small[y + 1].tolist()))
        strips.append(Strip([indent, *(Segment(UPPER_HALF * len(list(run)), _half_style(*pair))
                                       for pair, run in groupby(cells))]))
    return strips


class CameraPanel(Widget):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.table: SeenTable | None = None
        self.lang = "en"
        self.view = CAMERA_VIEWS[0]
        self.names: tuple[str, ...] = ()
        self._frame_strips: list[Strip] | None = None

    def show(self, table: SeenTable | None, lang: str, view: str,
             names: tuple[str, ...] = ()) -> None:
        """What to show; redrawn only when it differs from what is shown (a new frame,
        other cards, zones, language or view)."""
        old = self.table
        same_frame = (old is not None and table is not None and old.frame is table.frame)
        if (table == old and same_frame or table is old) and (lang, view, names) == (
                self.lang, self.view, self.names):
            return
        # A new frame in the image view drawn: only its rows that differ are drawn again.
        new_frame = (self._frame_strips is not None and self.showing == "image"
                     and table is not None and table.frame is not None
                     and (lang, view, names) == (self.lang, self.view, self.names))
        self.table, self.lang, self.view, self.names = table, lang, view, names
        if new_frame:
            self._refresh_changed_rows()
            return
        self._frame_strips = None
        self.refresh()

    def _refresh_changed_rows(self) -> None:
        """The new frame's rows made, and only those that differ from the shown ones
        redrawn (on the demo's table a hand moves over a part of the picture; a row
        redrawn costs the dashboard more than making it)."""
        shown, self._frame_strips = self._frame_strips, self._frame_lines()
        width = self.content_size.width
        for y, (before, after) in enumerate(zip(shown, self._frame_strips)):
            if before != after:
                self.refresh(Region(0, y, width, 1))

    def on_resize(self) -> None:
        self._frame_strips = None
        self.refresh()

    @property
    def showing(self) -> str:
        """The view actually drawn: "plan", "image" or "map" (the map where the wanted
        view has nothing to draw, or the plan no room to be read)."""
        table = self.table
        if self.view == "image" and table is not None and table.frame is not None:
            return "image"
        columns, rows = self.content_size
        if (self.view == "plan" and table is not None and table.plan is not None
                and columns >= PLAN_MIN_SIZE[0] and rows >= PLAN_MIN_SIZE[1]):
            return "plan"
        return "map"

    def render(self) -> Text:
        if self.showing == "plan":
            return plan_text(self.table.plan, self.names, *self.content_size)
        return table_map_text(self.table, self.lang)

    def render_line(self, y: int) -> Strip:
        if self.showing != "image":
            return super().render_line(y)
        if self._frame_strips is None:
            self._frame_strips = self._frame_lines()
        lines = self._frame_strips
        return lines[y] if y < len(lines) else Strip.blank(self.content_size.width)

    def _frame_lines(self) -> list[Strip]:
        """Every row of the frame view, each as wide as the panel (made once a frame: a
        row's widget style costs more than the row)."""
        columns, rows = self.content_size
        strips = (half_block_strips(self.table.frame, columns, rows)
                  if columns > 0 and rows > 0 else [])
        style = self.rich_style
        return [(strips[y] if y < len(strips) else Strip.blank(columns))
                .adjust_cell_length(columns, style) for y in range(rows)]

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._frame_strips = None   # drawn in the old style
