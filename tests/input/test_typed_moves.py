"""Random text typed in a live game: each game's parser gives a move or a clear refusal
(a ParseError, then maybe a RuleError), never another exception; and ``companion play``
itself, driven through its dashboard, survives every line and leaves a journal that
replays to the game on the screen."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import example, given, settings, strategies as st

from companion.dashboard.app import TableApp
from companion.live_table import Table
from companion.games import RuleError
from companion.manual import mafia, pumafiosi, pungi, words_at_table
from companion.manual.table_words import Answer, Refused
from companion.manual.words import ParseError
from companion.session import Journal, Session, parse_header, replay_file
from tests.dashboard.fixtures import session_lines, typed
from tests.input.test_inputs import NOT_ASCII

FIXTURES = {"pumafiosi": "pumafiosi-full-3p-items", "pungi": "pungi-series-4p",
            "mafia": "mafia-mobsters-win"}

VOCABULARY = sorted({*pumafiosi.WORDS, *pungi.WORDS, *mafia.WORDS, "ann", "bob", "cy", "dee",
                     "mouse", "duck", "2b", "4y", "-3", "0", "1", "2", "10", "55", "at",
                     "99999999999999999999", "1e3", "-0", "+5", "0x10", *NOT_ASCII,
                     *(d + "b" for d in NOT_ASCII), "\x1b[2J", "\x00", "\u202e", "\t"})
WORD = st.one_of(st.sampled_from(VOCABULARY), st.text(max_size=8),
                 st.text(alphabet=st.characters(categories=("Nd", "No", "Cc", "Zs")),
                         max_size=4))
LINE = st.lists(WORD, max_size=7).map(" ".join)


@settings(max_examples=500, deadline=None)
@given(game=st.sampled_from(sorted(FIXTURES)), moves_in=st.integers(0, 30), text=LINE)
@example(game="mafia", moves_in=0, text="mission 2 ² cy")
@example(game="mafia", moves_in=3, text="reveal 1 99999999999999999999999b")
@example(game="pumafiosi", moves_in=0, text="ann ٣")
def test_any_typed_line_is_a_move_or_a_clear_refusal(game, moves_in, text):
    header, moves = session_lines(FIXTURES[game])
    table = Table(Session(parse_header(header)))
    table.apply_all(moves[:moves_in])
    at_table = words_at_table(table)
    try:
        entry = at_table.enter(at_table.parse(text))
        if not isinstance(entry, Answer):
            table.apply_all(entry)
    except ParseError as exc:
        assert exc.key.startswith("parse.")
    except (Refused, RuleError):
        pass


SIZE = (100, 36)


async def type_lines(tmp_path, game: str, lines: list[str]) -> tuple[Table, Journal]:
    """``companion play``'s dashboard on ``game``'s fixture, a few moves in, with ``lines``
    typed one by one between the fixture's own moves; what the table made of them."""
    from tests.dashboard.pilot import enter

    header, moves = session_lines(FIXTURES[game])
    parsed = parse_header(header)
    journal = Journal.create(tmp_path / "game.jsonl", parsed)
    table = Table(Session(parsed))
    app = TableApp(table, journal=journal)
    async with app.run_test(size=SIZE) as pilot:
        for number, line in enumerate(lines):
            await enter(pilot, line)
            if pilot.app.screen is not pilot.app.game_screen:   # (a line opened the help)
                await pilot.press("escape")
            if number % 3 == 2 and moves:   # the game goes on meanwhile, as typed at a table
                await enter(pilot, typed(game, moves.pop(0)))
            assert pilot.app.is_running, line
    return table, journal


HOSTILE = ["mission 2 ² cy", "ann ٣", "layout ٣ ² 4", "reveal 1 ٤b", "\x1b[2J\x1b[31m",
           "x" * 5000, "cy had ²", "adjust 1 ann 99999999999999999999", "\udcff"]


@pytest.mark.parametrize("game", sorted(FIXTURES))
@settings(max_examples=2, deadline=None)   # (each example is a dashboard run: seconds)
@given(lines=st.lists(LINE, min_size=20, max_size=20))
def test_play_survives_random_lines_and_its_journal_replays(tmp_path_factory, game, lines):
    folder = tmp_path_factory.mktemp(game)
    table, journal = asyncio.run(type_lines(folder, game, HOSTILE + lines))
    journal.close()
    replay = replay_file(journal.path)
    assert replay.error is None
    assert replay.session.summary() == table.session.summary()
    # (an undo typed among the lines is a journal step of its own, not a move)
    assert len(replay.session.moves) == len(table.session.moves) > 0
