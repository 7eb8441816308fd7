"""The game's board panel: the screen's board text, its blocks set side by side when the
panel is too short for them one under another (an 80x24 terminal), scrolling when they
do not fit across either."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.dashboard.widgets.changed import update_changed
from companion.dashboard.widgets.columns import side_by_side


class BoardPane(VerticalScroll):
    _text = Text()

    def compose(self) -> ComposeResult:
        yield Static(id="board")

    def show(self, text: Text) -> None:
        self._text = text
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        width, height = self.content_size
        # Measured as if without the scroll bar: it goes once the blocks fit.
        width -= 0 if self.show_vertical_scrollbar else self.styles.scrollbar_size_vertical
        update_changed(self.query_one("#board", Static),
                       side_by_side(self._text, width, height))
