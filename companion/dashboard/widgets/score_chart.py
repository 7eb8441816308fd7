"""The running score of every player after each game, as horizontal bars.

Shown for series of several games (Pumafiosi's three, Pungi's); the bars scale to the
largest absolute score so a glance compares players and games.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from rich.text import Text
from textual.widgets import Static

from companion.dashboard.widgets.colours import seat_style
from companion.i18n import t

BAR_WIDTH = 12


def chart_text(names: Sequence[str], games: Sequence[Mapping[str, float]], lang: str) -> Text:
    """``games``: the running scores after each finished game (the summary's ``games``)."""
    text = Text()
    if not games:
        return text
    peak = max((abs(g.get(n, 0)) for g in games for n in names), default=0) or 1
    width = max(len(n) for n in names)
    for name in names:
        style = seat_style(names, name)
        for number, scores in enumerate(games, 1):
            label = name if number == 1 else ""
            score = scores.get(name, 0)
            length = round(abs(score) / peak * BAR_WIDTH)
            text.append(f"{label:<{width}} {t(lang, 'chart.game', n=number):>3} ")
            text.append("█" * length, style=style if score >= 0 else "bold red")
            text.append(f" {_number(score)}\n")
    text.rstrip()
    return text


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


class ScoreChart(Static):
    def show(self, names: Sequence[str], games: Sequence[Mapping[str, float]],
             lang: str) -> None:
        self.display = bool(games)
        self.update(chart_text(names, games, lang))
