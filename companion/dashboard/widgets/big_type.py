"""Block letters for the announcement, readable from a metre away: a 5-pixel-high font
drawn in half-block characters, so a line of them takes three rows of the terminal; or,
large, a pixel two full blocks wide, five rows high.

Letters without a glyph of their own are drawn without their accents (Vietnamese "đ" as
"D"); the sentence in full is shown beneath them anyway.
"""

from __future__ import annotations

import unicodedata

HEIGHT = 5    # pixels; drawn on (HEIGHT + 1) // 2 rows
ROWS = (HEIGHT + 1) // 2
GAP = 1       # blank pixels between letters

_GLYPHS = {
    "A": (".##.", "#..#", "####", "#..#", "#..#"),
    "B": ("###.", "#..#", "###.", "#..#", "###."),
    "C": (".###", "#...", "#...", "#...", ".###"),
    "D": ("###.", "#..#", "#..#", "#..#", "###."),
    "E": ("####", "#...", "###.", "#...", "####"),
    "F": ("####", "#...", "###.", "#...", "#..."),
    "G": (".###", "#...", "#.##", "#..#", ".###"),
    "H": ("#..#", "#..#", "####", "#..#", "#..#"),
    "I": ("###", ".#.", ".#.", ".#.", "###"),
    "J": ("..##", "...#", "...#", "#..#", ".##."),
    "K": ("#..#", "#.#.", "##..", "#.#.", "#..#"),
    "L": ("#...", "#...", "#...", "#...", "####"),
    "M": ("#...#", "##.##", "#.#.#", "#...#", "#...#"),
    "N": ("#...#", "##..#", "#.#.#", "#..##", "#...#"),
    "O": (".##.", "#..#", "#..#", "#..#", ".##."),
    "P": ("###.", "#..#", "###.", "#...", "#..."),
    "Q": (".##.", "#..#", "#..#", "#.#.", ".#.#"),
    "R": ("###.", "#..#", "###.", "#.#.", "#..#"),
    "S": (".###", "#...", ".##.", "...#", "###."),
    "T": ("#####", "..#..", "..#..", "..#..", "..#.."),
    "U": ("#..#", "#..#", "#..#", "#..#", ".##."),
    "V": ("#...#", "#...#", "#...#", ".#.#.", "..#.."),
    "W": ("#...#", "#...#", "#.#.#", "##.##", "#...#"),
    "X": ("#...#", ".#.#.", "..#..", ".#.#.", "#...#"),
    "Y": ("#...#", ".#.#.", "..#..", "..#..", "..#.."),
    "Z": ("####", "...#", ".##.", "#...", "####"),
    "0": (".##.", "#..#", "#..#", "#..#", ".##."),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###.", "...#", ".##.", "#...", "####"),
    "3": ("###.", "...#", ".##.", "...#", "###."),
    "4": ("#..#", "#..#", "####", "...#", "...#"),
    "5": ("####", "#...", "###.", "...#", "###."),
    "6": (".##.", "#...", "###.", "#..#", ".##."),
    "7": ("####", "...#", "..#.", ".#..", ".#.."),
    "8": (".##.", "#..#", ".##.", "#..#", ".##."),
    "9": (".##.", "#..#", ".###", "...#", ".##."),
    " ": ("..", "..", "..", "..", ".."),
    "-": ("...", "...", "###", "...", "..."),
    "+": ("...", ".#.", "###", ".#.", "..."),
    "$": (".###", "##..", ".##.", "..##", "###."),
    "'": ("#", "#", ".", ".", "."),
    ".": (".", ".", ".", ".", "#"),
    ",": ("..", "..", "..", ".#", "#."),
    ":": (".", "#", ".", "#", "."),
    "!": ("#", "#", "#", ".", "#"),
    "?": ("###.", "...#", ".##.", "....", ".#.."),
    "/": ("...#", "..#.", ".#..", "#...", "#..."),
    "(": (".#", "#.", "#.", "#.", ".#"),
    ")": ("#.", ".#", ".#", ".#", "#."),
    "%": ("#..#", "..#.", ".#..", "#...", "#..#"),
    "×": ("...", "#.#", ".#.", "#.#", "..."),
}

# The characters made of two halves: top pixel, bottom pixel.
_HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def _plain(char: str) -> str:
    """The glyph a character is drawn with: itself, or its letter without accents."""
    char = char.upper()
    if char in _GLYPHS:
        return char
    if char == "Đ":
        return "D"
    base = unicodedata.normalize("NFD", char)[0]
    return base if base in _GLYPHS else "?"


def width(text: str, large: bool = False) -> int:
    """The cells ``text`` takes in block letters."""
    glyphs = [_GLYPHS[_plain(c)] for c in text]
    pixels = sum(len(g[0]) for g in glyphs) + GAP * max(len(glyphs) - 1, 0)
    return 2 * pixels if large else pixels


def block_letters(text: str, large: bool = False) -> list[str]:
    """``text`` in block letters: ROWS lines (HEIGHT if ``large``), each
    ``width(text, large)`` cells wide."""
    pixels = [""] * HEIGHT
    for i, char in enumerate(text):
        glyph = _GLYPHS[_plain(char)]
        for y in range(HEIGHT):
            pixels[y] += ("." * GAP if i else "") + glyph[y]
    if large:
        return ["".join("██" if p == "#" else "  " for p in row) for row in pixels]
    if HEIGHT % 2:
        pixels.append("." * len(pixels[0]))   # an even count of pixel rows
    return ["".join(_HALVES[(top == "#", bottom == "#")] for top, bottom in zip(upper, lower))
            for upper, lower in zip(pixels[0::2], pixels[1::2])]
