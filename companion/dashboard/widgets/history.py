"""A scrollable history of every announcement, newest last."""

from __future__ import annotations

from textual.events import Resize
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import RichLog


class History(RichLog):
    # Its size is the stylesheet's, never its lines': a new line changes only what it
    # scrolls over, so it updates its scroll bar itself instead of laying the whole
    # screen out again (which redraws every panel, and every move writes a line). The
    # scroll bar coming or going still lays the screen out (Textual's own reactive).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, **kwargs):
        # min_width: wrapped to the panel however narrow (no sideways scroll bar)
        super().__init__(wrap=True, markup=False, auto_scroll=True, min_width=1, **kwargs)
        self._lines: list[str] = []
        self._wrapped_at = 0   # the width the lines were wrapped to

    def watch_virtual_size(self, size: Size) -> None:
        self._scroll_update(size)

    def show(self, lines: list[str]) -> None:
        """Show exactly ``lines`` (after a language switch or an undo)."""
        self.clear()
        for line in lines:
            self.add(line)

    def add(self, line: str) -> None:
        """One more line, newest last."""
        self._lines.append(line)
        self.write(line)

    def clear(self):
        self._lines = []
        return super().clear()

    def on_resize(self, event: Resize) -> None:
        # A log keeps the lines as wrapped when written: a panel that changes width (the
        # layout of another terminal size) wraps them again.
        width = event.size.width
        if self._wrapped_at and width and width != self._wrapped_at:
            self.show(list(self._lines))
        self._wrapped_at = width or self._wrapped_at
        self.scroll_end(animate=False, immediate=False)   # the newest line stays in view
