"""Aligned columns of styled cells as rich Text, sized to the longest word in any language."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text

Cell = tuple[str, str]  # (text, style)


def columns(header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> Text:
    """The first column left-aligned, the others right-aligned, two spaces apart."""
    widths = [max([len(header[i])] + [len(row[i][0]) for row in rows])
              for i in range(len(header))]
    text = Text()
    for i, word in enumerate(header):
        text.append(_pad(word, widths[i], i), style="bold")
    for row in rows:
        text.append("\n")
        for i, (cell, style) in enumerate(row):
            text.append(_pad(cell, widths[i], i), style=style)
    return text


def _pad(word: str, width: int, index: int) -> str:
    return word.ljust(width) if index == 0 else "  " + word.rjust(width)
