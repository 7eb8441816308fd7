"""``companion bench live``'s conditions grid: the rounds a short run films, the goals it
prints beside each row, its options, and one real run of a game at a level."""

from __future__ import annotations

import pytest

from companion.bench.live_grid import goal, rounds_length
from companion.cli import main
from companion.simulator.field_test import FieldResult, field_fixture


@pytest.mark.parametrize("game, rounds, length", [
    ("pumafiosi", 1, 4), ("pumafiosi", 3, 12),    # 3 plays and a place a round
    ("pungi", 1, 5), ("pungi", 2, 10),            # a layout and 4 plays, a snake taken
    ("mafia", 1, 8), ("mafia", 2, 9),             # up to a reveal, then the abort
])
def test_a_short_run_films_the_first_rounds_of_the_script(game, rounds, length):
    script = field_fixture(game, "easy", 0)
    assert rounds_length(script.header, script.moves, rounds) == length


def test_all_rounds_or_more_than_there_are_is_the_whole_game():
    script = field_fixture("pungi", "easy", 0)
    assert rounds_length(script.header, script.moves, None) == len(script.moves) == 45
    assert rounds_length(script.header, script.moves, 99) == 45


def result(level: str, right: int, moves: int = 40, phantom: int = 0, equal: bool = True,
           warnings: int = 2, distinct: int = 2, refused: str = "", game: str = "pumafiosi",
           unread: int = 0, questions: int = 0) -> FieldResult:
    return FieldResult(game, level, 0, moves, right, moves - right - unread, phantom, 0,
                       equal, warnings, distinct, questions, 500, refused, unread)


def test_the_goals_are_the_issues():
    assert goal(result("easy", 40)) == ("summary = script, warnings once", True)
    assert not goal(result("medium", 40, equal=False))[1]
    assert not goal(result("medium", 40, warnings=3))[1]          # a warning said twice
    # hardest: 38 of 40 Pumafiosi moves, the other two asked on screen
    assert goal(result("hardest", 38, equal=False, unread=2, questions=1))[1]
    assert not goal(result("hardest", 38, equal=False))[1]        # 2 missed, never asked
    assert not goal(result("hardest", 38, unread=2))[1]           # booked, but not asked
    assert not goal(result("hardest", 37, unread=3, questions=3))[1]
    assert not goal(result("hardest", 40, phantom=1))[1]
    assert goal(result("hard", 40)) == (
        ">= 95% right, 0 phantom, the rest asked, warnings once", True)
    assert not goal(result("hard", 37))[1]
    # the other games: every difference asked (Mafia: a card nobody saw whose)
    assert goal(result("hardest", 6, moves=8, game="mafia", unread=2, questions=1)) == (
        "0 phantom, the rest asked, warnings once", True)
    assert not goal(result("hardest", 7, moves=8, game="mafia"))[1]
    assert not goal(result("hard", 45, moves=45, game="pungi", phantom=1))[1]
    assert not goal(result("easy", 0, equal=True, refused="calibration refused: ..."))[1]


@pytest.mark.parametrize("argv, said", [
    (["--rounds", "0"], "--rounds 0: give a number of rounds from 1, or 'all'"),
    (["--games", "chess"], "--games chess: use some of pumafiosi, pungi, mafia"),
    (["--levels", "easy,brutal"], "--levels easy,brutal: use some of easy, medium, hard"),
])
def test_a_wrong_option_is_one_line(argv, said, capsys):
    assert main(["bench", "live", *argv]) == 1
    err = capsys.readouterr().err
    assert said in err and len(err.splitlines()) == 1


def test_one_round_of_pumafiosi_at_medium_prints_its_row_and_goal(capsys):
    status = main(["bench", "live", "--games", "pumafiosi", "--levels", "medium",
                   "--rounds", "1", "--only", "grid", "--typist"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("conditions grid: 1 runs, seed 3, the first 1 round(s)")
    assert out[1].split()[:11] == ["game", "level", "seed", "moves", "right", "missed",
                                   "unread", "phantom", "wrong", "corr.", "summary"]
    row = out[2].split()
    assert row[:4] == ["pumafiosi", "medium", "3", "4"]
    assert sum(map(int, row[4:7])) == 4    # right + missed + unread: the script's moves
    assert "summary = script, warnings once" in out[2]
    # The recording followed again with a typist: nothing asked, so nothing typed.
    assert out[3].startswith("  pumafiosi medium  seed 3, with a typist: ")
    assert out[3].endswith(" 0 answers typed")
    assert out[4] == f"{1 - status} of 1 runs met their goal"
