"""The running score of every player after each game, as bars either side of a zero line.

Shown for series of several games (Pumafiosi's three, Pungi's); the bars scale to the
largest absolute score so a glance compares players and games. A negative score grows
leftwards from the zero line, in red, so a debt never reads as wealth.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from rich.text import Text
from textual.widgets import Static

from companion.dashboard.widgets.changed import update_changed
from companion.dashboard.widgets.colours import seat_style
from companion.i18n import t

BAR_WIDTH = 12
AXIS = "│"


def chart_text(names: Sequence[str], games: Sequence[Mapping[str, float]], lang: str) -> Text:
    """``games``: the running scores after each finished game (the summary's ``games``)."""
    text = Text()
    if not games:
        return text
    values = [g.get(n, 0) for g in games for n in names]
    lowest, highest = min(min(values), 0), max(max(values), 0)
    peak = max(-lowest, highest) or 1
    # Each side is only as wide as its longest bar: no room for debts nobody has.
    left, right = _length(lowest, peak), _length(highest, peak)
    width = max(len(n) for n in names)
    for name in names:
        style = seat_style(names, name)
        for number, scores in enumerate(games, 1):
            label = name if number == 1 else ""
            score = scores.get(name, 0)
            length = _length(score, peak)
            text.append(f"{label:<{width}} {t(lang, 'chart.game', n=number):>3} ")
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


def _length(score: float, peak: float) -> int:
    """The bar's length in cells: any score that is not zero shows at least one cell."""
    return max(1, round(abs(score) / peak * BAR_WIDTH)) if score else 0


def _number(value: float) -> str:
    text = str(int(value)) if float(value).is_integer() else f"{value:g}"
    return f"+{text}" if value > 0 else text


class ScoreChart(Static):
    def show(self, names: Sequence[str], games: Sequence[Mapping[str, float]],
             lang: str) -> None:
        self.set_class(not games, "-empty")   # hidden (dashboard.tcss), as on short screens
        update_changed(self, chart_text(names, games, lang))
