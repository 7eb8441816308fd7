"""The key line at the foot of the screen: every key in full where the line has the room,
in short where it has not (quit, help, language and camera always show), chosen again
when the terminal is resized."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Static

from companion.dashboard.widgets.changed import update_changed


def fitting(full: str, short: str, width: int) -> str:
    """``full`` if it fits ``width`` cells (or the width is not known yet), else ``short``.

    >>> fitting("q quit · F1 help: the moves", "q quit · F1 help", 20)
    'q quit · F1 help'
    """
    return full if not width or cell_len(full) <= width else short


class KeyLine(Static):
    shown: tuple[str, str] = ("", "")

    def show(self, full: str, short: str) -> None:
        self.shown = (full, short)
        self.draw()

    def draw(self) -> None:
        update_changed(self, fitting(*self.shown, self.content_size.width))

    def on_resize(self) -> None:
        self.draw()
