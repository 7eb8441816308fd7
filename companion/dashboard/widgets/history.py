"""A scrollable history of every announcement, newest last."""

from __future__ import annotations

from textual.widgets import RichLog


class History(RichLog):
    def __init__(self, **kwargs):
        # min_width: wrapped to the panel however narrow (no sideways scroll bar)
        super().__init__(wrap=True, markup=False, auto_scroll=True, min_width=1, **kwargs)

    def show(self, lines: list[str]) -> None:
        """Show exactly ``lines`` (after a language switch or an undo)."""
        self.clear()
        for line in lines:
            self.write(line)
