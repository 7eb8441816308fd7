"""The score chart: bars either side of one zero line, debts to the left in red."""

from __future__ import annotations

from companion.dashboard.widgets.score_chart import AXIS, BAR_WIDTH, chart_text


def rows(names, games):
    return chart_text(names, games, "en").plain.splitlines()


def test_negative_scores_grow_left_of_the_zero_line_and_positive_ones_right():
    lines = rows(["Ann", "Bob"], [{"Ann": 12, "Bob": -6}])
    axis = {line.index(AXIS) for line in lines}
    assert len(axis) == 1                       # one zero line for every row
    zero = axis.pop()
    ann, bob = lines
    assert ann[zero + 1:].startswith("█" * BAR_WIDTH) and ann.endswith("+12")
    assert bob[:zero].endswith("█" * (BAR_WIDTH // 2)) and bob.endswith("-6")
    assert "█" not in bob[zero + 1:] and "█" not in ann[:zero]


def test_without_debts_there_is_no_room_left_of_the_line():
    lines = rows(["Ann", "Bob"], [{"Ann": 3, "Bob": 0}, {"Ann": 9, "Bob": 1}])
    assert all(line[line.index(AXIS) - 4:line.index(AXIS)] in (" G1 ", " G2 ") for line in lines)
    assert lines[2].endswith(AXIS + " " * BAR_WIDTH + " 0")   # a zero has no bar


def test_the_debt_is_drawn_in_red():
    text = chart_text(["Ann"], [{"Ann": -4}], "en")
    red = [span for span in text.spans if "red" in str(span.style)]
    assert any(text.plain[s.start:s.end].startswith("█") for s in red)
