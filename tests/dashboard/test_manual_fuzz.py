"""Whatever is typed, the command line's path (parse, then the rules) ends in a move, a
ParseError or a RuleError: never anything that would crash the dashboard."""

from hypothesis import given, settings, strategies as st

from companion.games import RuleError
from companion.manual import mafia, pumafiosi, pungi
from companion.manual.words import ParseError
from companion.session import Session, parse_header
from tests.dashboard.fixtures import session_lines

FIXTURES = {"pumafiosi": "pumafiosi-full-3p-items", "pungi": "pungi-series-4p",
            "mafia": "mafia-mobsters-win"}
WORDS = sorted({*pumafiosi.WORDS, *pungi.WORDS, *mafia.WORDS, "ann", "bob", "cy", "dee",
                "mouse", "charmer", "2b", "4y", "x", "-3", "0", "10", "55", "99999999999"})


def session_part_way(game: str, moves_in: int) -> Session:
    header, moves = session_lines(FIXTURES[game])
    session = Session(parse_header(header))
    for move in moves[:moves_in]:
        session.apply(move)
    return session


def parse(session: Session, text: str) -> dict:
    game, names = session.game, session.header.names
    if session.header.game == "pumafiosi":
        return pumafiosi.parse(text, names, game.to_act if game.phase == "place" else None)
    if session.header.game == "pungi":
        return pungi.parse(text, names, game.animals)
    return mafia.parse(text, names)


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(sorted(FIXTURES)), moves_in=st.integers(0, 30),
       words=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=7))
def test_any_entry_is_a_move_or_a_clear_refusal(game, moves_in, words):
    session = session_part_way(game, moves_in)
    try:
        move = parse(session, " ".join(words))
        session.apply(move)
    except (ParseError, RuleError):
        pass
