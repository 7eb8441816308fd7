"""The camera panel: the latest frame with the recognised cards outlined, drawn with
half-block characters (two pixels a cell, in any terminal with true colour), or a text
map of the table: which cards lie in which zone.

The frame comes already annotated (``feed.SeenTable.frame``); the panel only fits it to
its size. "map" shows the text map always; "image" shows the frame when there is one.
Half-blocks rather than a graphics protocol (Kitty, Sixel): they work in tmux and in
every terminal, and snapshot tests can pin them.
"""

from __future__ import annotations

import cv2
import numpy as np
from rich.color import Color
from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from companion.dashboard.feed import CAMERA_VIEWS, SeenTable
from companion.i18n import t
from companion.said import say

UPPER_HALF = "▀"


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


def half_block_image(bgr: np.ndarray, columns: int, rows: int) -> Text:
    """``bgr`` fitted into ``columns`` x ``rows`` cells (aspect kept, centred across):
    each cell is an upper half block, its colour the upper pixel, its background the
    lower one."""
    height, width = bgr.shape[:2]
    scale = min(columns / width, 2 * rows / height)
    w, h = max(1, round(width * scale)), max(2, round(height * scale / 2) * 2)
    small = cv2.resize(bgr, (w, h), interpolation=cv2.INTER_AREA)[:, :, ::-1]
    indent = " " * ((columns - w) // 2)
    text = Text()
    for y in range(0, h, 2):
        text.append(indent)
        for top, bottom in zip(small[y].tolist(), small[y + 1].tolist()):
            text.append(UPPER_HALF, Style(color=Color.from_rgb(*top),
                                          bgcolor=Color.from_rgb(*bottom)))
        text.append("\n")
    text.rstrip()
    return text


class CameraPanel(Static):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.table: SeenTable | None = None
        self.lang = "en"
        self.view = CAMERA_VIEWS[0]

    def show(self, table: SeenTable | None, lang: str, view: str) -> None:
        self.table, self.lang, self.view = table, lang, view
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        frame = self.table.frame if self.table is not None else None
        columns, rows = self.content_size
        if self.view == "image" and frame is not None and columns > 0 and rows > 0:
            self.update(half_block_image(frame, columns, rows))
        else:
            self.update(table_map_text(self.table, self.lang))
