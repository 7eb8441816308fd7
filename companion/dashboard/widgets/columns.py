"""Aligned columns of styled cells as rich Text, sized to the longest word in any language;
and a panel's blocks set side by side where it is too short for them one under another."""

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


def side_by_side(text: Text, width: int, height: int, gap: int = 2) -> Text:
    """``text`` taller than ``height`` rows: its blocks (split at blank lines) set in as
    few columns, in order, as bring it within ``height``, as many of its first blocks as
    fit across ``width`` (the others beneath them); else ``text`` as it is (its pane
    scrolls)."""
    lines = text.split("\n", allow_blank=True)
    if height <= 0 or len(lines) <= height:
        return text
    blocks: list[list[Text]] = [[]]
    for line in lines:
        if line.plain.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    blocks = [block for block in blocks if block]
    for keep in range(len(blocks), 1, -1):
        across = _across(blocks[:keep], width, height, gap)
        if across is not None:
            for block in blocks[keep:]:
                across.append("\n\n")
                across.append_text(Text("\n").join(block))
            return across
    return text


def _across(blocks: list[list[Text]], width: int, height: int, gap: int) -> Text | None:
    """``blocks`` in the fewest columns that bring them within ``height`` (or in one
    column each), None if those do not fit across ``width``."""
    for count in range(2, len(blocks) + 1):
        stacks = _stacks(blocks, count)
        widths = [max(line.cell_len for line in stack) for stack in stacks]
        if sum(widths) + gap * (count - 1) > width:
            return None
        if max(len(stack) for stack in stacks) <= height or count == len(blocks):
            return _joined(stacks, widths, gap)
    return None


def _stacks(blocks: list[list[Text]], count: int) -> list[list[Text]]:
    """The blocks in ``count`` columns, in order, each about as tall as the others (a
    blank line between two blocks of a column)."""
    total = sum(len(block) + 1 for block in blocks) - 1
    target = -(-total // count)
    stacks: list[list[Text]] = [[]]
    for i, block in enumerate(blocks):
        left = len(blocks) - i   # blocks still to place, the columns still to open
        if (stacks[-1] and len(stacks) < count
                and (len(stacks[-1]) + 1 + len(block) > target or left <= count - len(stacks))):
            stacks.append([])
        stacks[-1] += ([Text()] if stacks[-1] else []) + block
    return stacks


def _joined(stacks: list[list[Text]], widths: list[int], gap: int) -> Text:
    text = Text()
    for row in range(max(len(stack) for stack in stacks)):
        if row:
            text.append("\n")
        for i, stack in enumerate(stacks):
            line = stack[row].copy() if row < len(stack) else Text()
            if i < len(stacks) - 1:
                line.pad_right(widths[i] - line.cell_len + gap)
            text.append_text(line)
    text.rstrip()
    return text
