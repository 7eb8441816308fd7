"""The running score of every player after each game, as bars either side of a zero line.

Shown for series of several games (Pumafiosi's three, Pungi's); the bars take the width
the chart has (one scale for every bar, the longest filling the room the names and
numbers leave) so a glance compares players and games at any terminal size. A negative
score grows leftwards from the zero line, in red, so a debt never reads as wealth.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from companion.dashboard.widgets.changed import update_changed
from companion.dashboard.widgets.colours import seat_style
from companion.i18n import t

AXIS = "│"
UNLAID_WIDTH = 40   # the width drawn for before the chart is laid out (then redrawn)
MIN_BARS = 4        # the fewest cells for the bars, however narrow


def chart_text(names: Sequence[str], games: Sequence[Mapping[str, float]], lang: str,
               width: int) -> Text:
    """``games``: the running scores after each finished game (the summary's ``games``),
    drawn ``width`` cells wide."""
    text = Text()
    if not games:
        return text
    values = [g.get(n, 0) for g in games for n in names]
    lowest, highest = min(min(values), 0), max(max(values), 0)
    labels = [t(lang, "chart.game", n=number) for number in range(1, len(games) + 1)]
    name_width = max(cell_len(n) for n in names)
    label_width = max(3, *map(cell_len, labels))
    number_width = max(len(_number(v)) for v in values)
    bars = max(MIN_BARS, width - name_width - label_width - number_width - 4)
    # One scale for all: a debt and a gain of the same size are as long. With bars both
    # sides a cell is kept back, so that two rounded-up ends still fit.
    both = lowest < 0 < highest
    scale = (bars - both) / ((highest - lowest) or 1)
    # Each side is only as wide as its longest bar: no room for debts nobody has.
    left, right = _length(lowest, scale), _length(highest, scale)
    for name in names:
        style = seat_style(names, name)
        for number, (label, scores) in enumerate(zip(labels, games)):
            shown = "" if number else name
            score = scores.get(name, 0)
            length = _length(score, scale)
            text.append(shown + " " * (name_width - cell_len(shown)) + " "
                        + " " * (label_width - cell_len(label)) + label + " ")
            if left:
                below = length if score < 0 else 0
                text.append(" " * (left - below))
                text.append("█" * below, style="bold red")
            text.append(AXIS, style="dim")
            above = length if score > 0 else 0
            text.append("█" * above, style=style)
            text.append(" " * (right - above))
            text.append(f" {_number(score)}\n", style="bold red" if score < 0 else "")
    text.rstrip()
    return text


def _length(score: float, scale: float) -> int:
    """The bar's length in cells: any score that is not zero shows at least one cell."""
    return max(1, round(abs(score) * scale)) if score else 0


def _number(value: float) -> str:
    text = str(int(value)) if float(value).is_integer() else f"{value:g}"
    return f"+{text}" if value > 0 else text


class ScoreChart(Static):
    """The chart, drawn again for its width when the terminal is resized."""

    shown: tuple = ((), (), "en")

    def show(self, names: Sequence[str], games: Sequence[Mapping[str, float]],
             lang: str) -> None:
        self.set_class(not games, "-empty")   # hidden (dashboard.tcss), as on short screens
        self.shown = (names, games, lang)
        self.draw()

    def draw(self) -> None:
        update_changed(self, chart_text(*self.shown, self.content_size.width or UNLAID_WIDTH))

    def on_resize(self) -> None:
        self.draw()
