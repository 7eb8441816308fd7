"""A Static's content replaced only when it differs, and the screen laid out again only
when the widget's size follows its content and the new content needs another size: a
layout lays the whole screen out again and redraws what moved (tens of ms at 120x40),
and a move redraws every panel, most of them the same or of a size of their own (the
heading, the message line)."""

from __future__ import annotations

from textual.widgets import Static


def update_changed(widget: Static, content) -> None:
    if widget.content == content:
        return
    before = widget.content_size
    widget.update(content, layout=False)
    if resized_by_content(widget, before.width, before.height):
        widget.refresh(layout=True)


def resized_by_content(widget: Static, width: int, height: int) -> bool:
    """Does ``widget``'s content, drawn ``width`` cells wide, need another height than
    ``height``, in a widget whose size follows its content (CSS ``auto``)? A widget not
    laid out yet (no width) always does."""
    styles = widget.styles
    if styles.width is not None and styles.width.is_auto:
        return True
    if styles.height is None or not styles.height.is_auto:
        return False
    return not width or widget.get_content_height(
        widget.size, widget.app.size, width) != height
