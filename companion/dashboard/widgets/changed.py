"""A Static's content replaced only when it differs: every update lays the whole screen
out again (about 40 ms at 120x40), and a move redraws every panel, most of them the same."""

from __future__ import annotations

from textual.widgets import Static


def update_changed(widget: Static, content) -> None:
    if widget.content != content:
        widget.update(content)
