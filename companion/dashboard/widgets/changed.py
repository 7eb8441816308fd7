"""A Static's content replaced only when it differs, and the screen laid out again only
when the widget's size follows its content and the new content changes it: a layout
lays the whole screen out again and redraws what moved (tens of ms at 120x40), and a
move redraws every panel, most of them the same, of a size of their own (the heading,
the message line) or held by a minimum or maximum height (the board, the announcement).
"""

from __future__ import annotations

from textual.css.scalar import Unit
from textual.widget import Widget
from textual.widgets import Static


def update_changed(widget: Static, content) -> None:
    if widget.content == content:
        return
    width, height = widget.content_size
    before = content_height(widget, width)
    widget.update(content, layout=False)
    if resized_by_content(widget, width, height, before):
        widget.refresh(layout=True)


def content_height(widget: Widget, width: int) -> int:
    """The height ``widget``'s content needs ``width`` cells wide (0 for no width)."""
    return widget.get_content_height(widget.size, widget.app.size, width) if width else 0


def resized_by_content(widget: Widget, width: int, height: int, before: int) -> bool:
    """Does ``widget``, ``width`` x ``height`` cells of content that needed ``before``
    rows, take another height with its new content? Only where its height follows its
    content (CSS ``auto``, or an auto width); a widget not laid out yet always does.
    Content shorter than the widget was held up by its minimum height, longer content
    down by its maximum: new content on the same side of it leaves the height as it is,
    and so does content that fills it shrinking to its minimum height or below."""
    styles = widget.styles
    if styles.width is not None and styles.width.is_auto:
        return True
    if styles.height is None or not styles.height.is_auto:
        return False
    if not width:
        return True
    after = content_height(widget, width)
    return not (after == before or after == height or (after < height and before < height)
                or (after > height and before > height)
                or max(after, min_rows(widget)) == height)


def min_rows(widget: Widget) -> int:
    """The content rows a minimum height in cells holds ``widget`` at (0 without one):
    content that shrinks to it or below leaves the height as it is."""
    least = widget.styles.min_height
    if least is None or least.unit != Unit.CELLS:
        return 0
    gutter = 0 if widget.styles.box_sizing == "content-box" else widget.styles.gutter.height
    return int(least.value) - gutter
