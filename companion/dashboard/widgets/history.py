"""A scrollable history of every announcement, newest last."""

from __future__ import annotations

from textual.widgets import RichLog


class History(RichLog):
    def __init__(self, **kwargs):
        super().__init__(wrap=True, markup=False, auto_scroll=True, **kwargs)

    def show(self, lines: list[str]) -> None:
        """Show exactly ``lines`` (after a language switch or an undo)."""
        self.clear()
        for line in lines:
            self.write(line)
