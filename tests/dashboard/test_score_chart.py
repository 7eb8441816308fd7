"""The score chart: bars either side of one zero line, debts to the left in red, as long
as the chart's width allows."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from companion.dashboard.widgets.score_chart import AXIS, chart_text

WIDTH = 40


def rows(names, games, width=WIDTH, lang="en"):
    return chart_text(names, games, lang, width).plain.splitlines()


def bar(line: str) -> int:
    return line.count("█")


def test_negative_scores_grow_left_of_the_zero_line_and_positive_ones_right():
    lines = rows(["Ann", "Bob"], [{"Ann": 12, "Bob": -6}], width=32)   # a cell a point
    axis = {line.index(AXIS) for line in lines}
    assert len(axis) == 1                       # one zero line for every row
    zero = axis.pop()
    ann, bob = lines
    assert ann[zero + 1:].startswith("█" * bar(ann)) and ann.endswith("+12")
    assert bob[:zero].endswith("█" * bar(bob)) and bob.endswith("-6")
    assert "█" not in bob[zero + 1:] and "█" not in ann[:zero]
    assert bar(ann) == 2 * bar(bob)             # one scale either side of the line


def test_a_debt_and_a_gain_of_the_same_size_are_as_long():
    lines = rows(["Ann", "Bob", "Cy"], [{"Ann": -9, "Bob": 9, "Cy": 3}], width=31)
    assert bar(lines[0]) == bar(lines[1]) == 3 * bar(lines[2])


def test_without_debts_there_is_no_room_left_of_the_line():
    lines = rows(["Ann", "Bob"], [{"Ann": 3, "Bob": 0}, {"Ann": 9, "Bob": 1}])
    assert all(line[line.index(AXIS) - 4:line.index(AXIS)] in (" G1 ", " G2 ") for line in lines)
    assert bar(lines[2]) == 0 and lines[2].endswith(AXIS + " " * bar(lines[1]) + " 0")


def test_the_debt_is_drawn_in_red():
    text = chart_text(["Ann"], [{"Ann": -4}], "en", WIDTH)
    red = [span for span in text.spans if "red" in str(span.style)]
    assert any(text.plain[s.start:s.end].startswith("█") for s in red)


GAMES = [{"Ann": -6, "Bob": 6, "Cy": 15, "Nguyễn": 12},
         {"Ann": -14, "Bob": 20, "Cy": 0.5, "Nguyễn": 31}]


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("width", [24, 30, 37, 48, 60, 75, 96, 120])
def test_the_bars_fill_the_width_and_never_wrap(width, lang):
    lines = rows(list(GAMES[0]), GAMES, width, lang)
    assert width - 1 <= max(cell_len(line) for line in lines) <= width   # (rounding)
    assert all(bar(line) >= 1 for line in lines)      # every score not zero shows


def extent(lines) -> int:
    """The cells the bars take, from the longest debt to the longest gain."""
    zero = lines[0].index(AXIS)
    return max(bar(line[:zero]) for line in lines) + max(bar(line[zero:]) for line in lines)


def test_the_bars_grow_with_the_width():
    narrow, wide = (rows(list(GAMES[0]), GAMES, width) for width in (40, 100))
    assert all(bar(w) >= bar(n) for w, n in zip(wide, narrow))
    assert 59 <= extent(wide) - extent(narrow) <= 61


def test_a_narrow_chart_keeps_its_bars():
    assert all(bar(line) for line in rows(list(GAMES[0]), GAMES, width=5))


async def test_the_dashboards_chart_fills_its_panel_at_every_size():
    """On the Pungi series' screen, from 80 columns (tall enough for the chart) to 200x60,
    and again after the terminal is resized: the bars take the panel's width, no wider."""
    from tests.dashboard.pilot import shown
    from tests.dashboard.test_snapshots import app_at

    app = app_at("pungi", "en")
    extents = []
    async with app.run_test(size=(80, 40)) as pilot:
        for size in [(80, 40), (120, 40), (200, 60), (120, 42)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            chart = app.game_screen.query_one("ScoreChart")
            lines = shown(pilot, "ScoreChart").splitlines()
            width = chart.content_size.width
            assert width - 1 <= max(map(cell_len, lines)) <= width, (size, lines)
            extents.append(extent(lines))
    assert extents[0] < extents[1] < extents[2] and extents[3] == extents[1]
