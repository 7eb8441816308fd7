"""The latest announcement, in large bold type across the screen."""

from __future__ import annotations

from textual.widgets import Static


class Announcement(Static):
    def show(self, text: str) -> None:
        self.update(text)
