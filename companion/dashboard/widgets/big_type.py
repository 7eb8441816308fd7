"""Block letters for the announcement, readable from a metre away: a 5-pixel-high font
drawn in half-block characters, so a line of them takes three rows of the terminal; or,
large, a pixel two full blocks wide, five rows high.

Accented letters keep their marks (Vietnamese above all: "Đ", "Ư", "Ấ", "Ộ"). A 5-pixel
letter has no room for them, so a line that needs them grows: a band of two pixel rows
above the letters for the marks (one terminal row of half blocks), and one pixel row below
for the dot (nặng). Where a letter carries two marks above (a circumflex or breve and a
tone), the tone stands to the right of the first, as Vietnamese type sets it, and the
letter widens to hold both; the horn (Ơ, Ư) is a tick on the letter's top right. A line
without accents stays 5 pixels high.
"""

from __future__ import annotations

import unicodedata

HEIGHT = 5    # pixels of a letter; a line without marks is drawn on (HEIGHT + 1) // 2 rows
ROWS = (HEIGHT + 1) // 2
GAP = 1       # blank pixels between letters
ABOVE = 2     # pixel rows of the marks above a letter (one row of half blocks)
BELOW = 2     # ... and below it: a blank row (the dot apart from the letter), the dot

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
    "Đ": (".###.", ".#..#", "###.#", ".#..#", ".###."),
}

# The marks drawn above a letter (ABOVE pixel rows each), by combining character.
_MARKS = {
    "\u0301": (".#", "#."),        # sắc (acute)
    "\u0300": ("#.", ".#"),        # huyền (grave)
    "\u0309": ("##", ".#"),        # hỏi (hook above)
    "\u0303": (".#.#", "#.#."),    # ngã (tilde)
    "\u0302": (".#.", "#.#"),      # the circumflex of Â Ê Ô
    "\u0306": ("#..#", ".##."),    # the breve of Ă
    "\u0308": ("...", "#.#"),      # diaeresis (Zoë)
    "\u030c": ("#.#", ".#."),      # caron
}
_TONES = ("\u0301", "\u0300", "\u0309", "\u0303")
_DOT_BELOW = "\u0323"              # nặng
_HORN = "\u031b"                   # the horn of Ơ Ư

# The characters made of two halves: top pixel, bottom pixel.
_HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def _glyph(char: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """A character's pixels, all rows as wide: the marks above (ABOVE rows), the letter
    (HEIGHT rows) and the dot below (BELOW rows); "?" for a letter without a glyph, and a
    mark not drawn here left out."""
    char = char.upper()
    if char in _GLYPHS:
        letter, marks = _GLYPHS[char], ""
    else:
        decomposed = unicodedata.normalize("NFD", char)
        letter, marks = _GLYPHS.get(decomposed[0], _GLYPHS["?"]), decomposed[1:]
    size = len(letter[0])
    if _HORN in marks:   # a tick up from the top right, in a column of its own
        letter = (letter[0] + "#",) + tuple(row + "." for row in letter[1:])
    # A circumflex or breve first, centred over the letter, then the tone to its right.
    drawn = sorted((m for m in marks if m in _MARKS), key=lambda m: m in _TONES)
    band = [("." * GAP).join(_MARKS[m][y] for m in drawn) for y in range(ABOVE)]
    start = max((size - len(_MARKS[drawn[0]][0])) // 2, 0) if drawn else 0
    wide = max(len(letter[0]), start + len(band[0]))
    above = ["." * start + row for row in band]
    if _HORN in marks:
        above[-1] = above[-1].ljust(size) + "#"
    below = [""] * (BELOW - 1) + ["." * ((size - 1) // 2) + "#" if _DOT_BELOW in marks else ""]
    return tuple(tuple(row.ljust(wide, ".") for row in rows) for rows in (above, letter, below))


def width(text: str, large: bool = False) -> int:
    """The cells ``text`` takes in block letters."""
    glyphs = [_glyph(c)[1] for c in text]
    pixels = sum(len(g[0]) for g in glyphs) + GAP * max(len(glyphs) - 1, 0)
    return 2 * pixels if large else pixels


def block_letters(text: str, large: bool = False) -> list[str]:
    """``text`` in block letters, each line ``width(text, large)`` cells wide: ROWS lines
    (HEIGHT if ``large``), and the rows its marks need above and below."""
    glyphs = [_glyph(char) for char in text]
    marked = any("#" in "".join(above) for above, _, _ in glyphs)
    dotted = any("#" in "".join(below) for _, _, below in glyphs)
    pixels: list[str] = [""] * (ABOVE * marked + HEIGHT + BELOW * dotted)
    for i, (above, letter, below) in enumerate(glyphs):
        rows = (above if marked else ()) + letter + (below if dotted else ())
        for y, row in enumerate(rows):
            pixels[y] += ("." * GAP if i else "") + row
    if large:
        return ["".join("██" if p == "#" else "  " for p in row) for row in pixels]
    if len(pixels) % 2:
        pixels.append("." * len(pixels[0]))   # an even count of pixel rows
    return ["".join(_HALVES[(top == "#", bottom == "#")] for top, bottom in zip(upper, lower))
            for upper, lower in zip(pixels[0::2], pixels[1::2])]
