"""Whatever is typed, the command line's path (parse, then the rules) ends in a move, a
ParseError or a RuleError: never anything that would crash the dashboard."""

from hypothesis import given, settings, strategies as st

from companion.games import RuleError
from companion.live_table import Table
from companion.manual import mafia, pumafiosi, pungi, words_at_table
from companion.manual.table_words import Answer, Refused
from companion.manual.words import ParseError
from companion.session import Session, parse_header
from tests.dashboard.fixtures import session_lines

FIXTURES = {"pumafiosi": "pumafiosi-full-3p-items", "pungi": "pungi-series-4p",
            "mafia": "mafia-mobsters-win"}
WORDS = sorted({*pumafiosi.WORDS, *pungi.WORDS, *mafia.WORDS, "ann", "bob", "cy", "dee",
                "mouse", "charmer", "2b", "4y", "x", "-3", "0", "10", "55", "99999999999"})


def table_part_way(game: str, moves_in: int) -> Table:
    header, moves = session_lines(FIXTURES[game])
    table = Table(Session(parse_header(header)))
    table.apply_all(moves[:moves_in])
    return table


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(sorted(FIXTURES)), moves_in=st.integers(0, 30),
       words=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=7))
def test_any_entry_is_a_move_or_a_clear_refusal(game, moves_in, words):
    table = table_part_way(game, moves_in)
    at_table = words_at_table(table)
    try:
        entry = at_table.enter(at_table.parse(" ".join(words)))
        if not isinstance(entry, Answer):
            table.apply_all(entry)
    except (ParseError, Refused, RuleError):
        pass
