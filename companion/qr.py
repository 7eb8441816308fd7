"""An address as a QR code in text, two modules a character in half blocks: the web page's,
for the dashboard (F4) and the Omertà timer to show."""

from __future__ import annotations

import segno

# (upper module dark, lower module dark) -> the character that draws both
HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
ANSI_DARK_ON_LIGHT = "\x1b[30;107m"
ANSI_RESET = "\x1b[0m"


def qr_lines(text: str) -> list[str]:
    """Dark modules as blocks, with the quiet zone: show them dark on a light ground
    (on a dark terminal the inverse would not scan everywhere)."""
    rows = [[bool(m) for m in row] for row in segno.make(text, error="l").matrix_iter(border=2)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return ["".join(HALF_BLOCKS[pair] for pair in zip(upper, lower))
            for upper, lower in zip(rows[::2], rows[1::2])]


def qr_for_terminal(text: str) -> str:
    """The code for a plain terminal: each line dark on bright white (ANSI colours)."""
    return "\n".join(f"{ANSI_DARK_ON_LIGHT}{line}{ANSI_RESET}" for line in qr_lines(text))
