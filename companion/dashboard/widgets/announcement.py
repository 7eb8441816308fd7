"""The latest announcement: its key words in block letters across the screen (readable
from a metre away), the sentences in full beneath; bold normal text alone where the
block letters do not fit (a short terminal, or no two words fit across)."""

from __future__ import annotations

import re

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from companion.dashboard.widgets import big_type
from companion.dashboard.widgets.changed import content_height, resized_by_content

BIG_TYPE_MIN_ROWS = 32   # terminal rows from which the block letters are drawn
LARGE_TYPE_MIN_ROWS = 50  # ... and from which they are drawn twice as large
MIN_WORDS = 2            # fewer key words than this across: no block letters


def key_words(text: str) -> list[str]:
    """The words that say what just happened: the last line without a leading "when"
    ("Game 1, round 6: Bob wins with 37, ..." -> Bob wins with 37; "Undone: ..." keeps
    its word), up to its first comma or full stop."""
    line = text.strip().splitlines()[-1] if text.strip() else ""
    context, colon, rest = line.partition(": ")
    clause = rest if colon and "," in re.sub(r"\([^)]*\)", "", context) else line
    clause = re.split(r"[,.;(]\s|[.;]$|\s\(", clause, maxsplit=1)[0]
    return clause.split()


def headline(text: str, columns: int, large: bool = False) -> str | None:
    """The most key words that fit across ``columns`` in block letters, or None."""
    words = key_words(text)
    for count in range(len(words), MIN_WORDS - 1, -1):
        line = " ".join(words[:count])
        if big_type.width(line, large) <= columns:
            return line
    return None


class Announcement(Widget):
    """Drawn for the width it has: its height follows (CSS ``height: auto``)."""

    _text = ""
    _width = 0   # the width its height was last found for

    def show(self, text: str) -> None:
        if text != self._text:
            width, height = self.content_size
            before = content_height(self, width)
            self._text = text
            self.refresh()
            if resized_by_content(self, width, height, before):
                self.refresh(layout=True)

    def on_resize(self) -> None:
        if self.content_size.width != self._width:
            self._width = self.content_size.width
            self.refresh(layout=True)   # the block letters may fit now, or no longer

    def render(self) -> Text:
        return self.for_width(self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        text = self.for_width(width)
        return len(text.wrap(self.app.console, width)) if width else 0

    def for_width(self, columns: int) -> Text:
        rows = self.app.size.height
        large = rows >= LARGE_TYPE_MIN_ROWS and headline(self._text, columns, True)
        line = large or (headline(self._text, columns)
                         if rows >= BIG_TYPE_MIN_ROWS and columns else None)
        if not line:
            return Text(self._text, style="bold", justify="center")
        text = Text("\n".join(big_type.block_letters(line.upper(), bool(large))),
                    style="bold", justify="center")
        text.append("\n" + self._text, style="not bold")
        return text
