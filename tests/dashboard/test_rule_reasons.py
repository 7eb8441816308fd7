"""Refusals said in Vietnamese from their code and fields: every code the source raises
has a wording, the common ones provoked from the real engines, the rest from random moves
near legal ones."""

import pytest
from hypothesis import Phase, given, settings, strategies as st

from companion.dashboard.app import TableApp
from companion.dashboard.table import Table
from companion.games import GAME_NAMES, RuleError
from companion.rule_reasons import REASONS, say_reason
from companion.session import Session, parse_header
from tests.dashboard.fixtures import session_lines
from tests.dashboard.pilot import enter, shown
from tests.games.refusals import GENERATORS, near_misses, raised_codes

PUMA = {"format": "companion-session/1", "game": "pumafiosi", "options": {"items": True},
        "players": [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35},
                    {"name": "Cy", "age": 52}]}


def play(player, card, **extra):
    return {"type": "play", "player": player, "card": card, **extra}


def place(player, card, step):
    return {"type": "place", "player": player, "card": card, "step": step}


ROUND = [play("Ann", 10), play("Bob", 20), play("Cy", 30)]     # Bob wins with 20
BOB_AT_8 = ROUND + [place("Bob", 20, 8)]                       # Bob starts round 2


def fixture(name, upto=None):
    header, moves = session_lines(name)
    return header, moves[:upto]


# The refusals a table meets most at the command line.
# code -> (header, moves before, the refused move, words the Vietnamese must hold)
CASES = {
    "wrong_turn": (PUMA, [], play("Bob", 20), ["Bob chơi lá 20", "lượt của Ann"]),
    "card_out": (PUMA, [play("Ann", 10)], play("Bob", 10), ["lá 10 đã được chơi"]),
    "place_first": (PUMA, ROUND, play("Ann", 11), ["Bob phải đặt lá 20"]),
    "no_round_won": (PUMA, [], place("Ann", 10, 8), ["Ann đặt lá 10", "chưa ai thắng vòng"]),
    "not_the_winner": (PUMA, ROUND, place("Cy", 30, 8), ["Bob thắng vòng nên Bob đặt lá 20"]),
    "not_the_winning_card": (PUMA, ROUND, place("Bob", 21, 8), ["thắng vòng bằng lá 20"]),
    "step_holds_higher": (PUMA, BOB_AT_8 + [play("Bob", 5), play("Cy", 15), play("Ann", 25)],
                          place("Cy", 15, 8), ["ở bậc 8", "lá 20 cao hơn"]),
    "item_used": (PUMA, [play("Ann", 10, machine_gun=True), play("Bob", 20), play("Cy", 30),
                         place("Ann", 10, 8)], play("Ann", 11, machine_gun=True),
                  ["Ann đã dùng Súng máy rồi"]),
    "animal_out": (*fixture("pungi-game-2p", 2),
                   {"type": "play", "player": "Bob", "animal": "mouse", "value": 10},
                   ["chuột 10 đã được chơi trong ván 1"]),
    "no_layout": (*fixture("pungi-game-2p", 0),
                  {"type": "play", "player": "Ann", "animal": "frog", "value": 3},
                  ["Ann chơi ếch 3", "chưa bày lá rắn"]),
    "not_assigned": (*fixture("mafia-mobsters-win", 1),
                     {"type": "contribute", "player": "Dee", "slot": 1},
                     ["góp bài: Dee không được giao", "(ô 1)", "Ann, Bob"]),
    "no_omerta": (*fixture("mafia-mobsters-win", 0), {"type": "spoke"}, ["không có Omertà"]),
    "over": (*fixture("mafia-mobsters-win"), {"type": "turn", "player": "Ann"},
             ["Ván Mafia đã kết thúc"]),
    "nothing_to_undo": (PUMA, [], {"type": "undo"}, ["không còn nước đi nào"]),
}


def refusal(header, before, move) -> RuleError:
    session = Session(parse_header(header))
    for m in before:
        session.apply(m)
    with pytest.raises(RuleError) as refused:
        session.apply(move)
    return refused.value


ENGLISH = ("but", "the", "turn", "is", "must", "not", "has")


def is_vietnamese(said: str, err: RuleError) -> bool:
    return said != str(err) and not any(word in said.split() for word in ENGLISH)


def test_every_code_raised_has_a_vietnamese_wording_and_every_wording_a_code():
    raised = set(raised_codes())
    assert raised - set(REASONS) == set(), "codes without a Vietnamese wording"
    assert set(REASONS) - raised == set(), "wordings for codes nothing raises"


@pytest.mark.parametrize("code", list(CASES))
def test_each_common_refusal_is_said_in_vietnamese(code):
    header, before, move, words = CASES[code]
    err = refusal(header, before, move)
    assert err.code == code, str(err)
    said = say_reason(err, "vi")
    assert is_vietnamese(said, err) and all(w in said for w in words), said
    assert say_reason(err, "en") == str(err)


@settings(max_examples=40, deadline=None, phases=[Phase.explicit, Phase.generate])
@given(st.sampled_from(GAME_NAMES), st.integers(min_value=0, max_value=2**32),
       st.randoms(use_true_random=False))
def test_every_refusal_of_random_near_misses_is_said_in_vietnamese(name, seed, rng):
    header, moves = GENERATORS[name](seed, True)
    for session, wrong in near_misses(header, moves, rng, 0.2):
        try:
            session.apply(wrong)
        except RuleError as err:
            said = say_reason(err, "vi")
            assert is_vietnamese(said, err), (err.code, said)
        else:
            session.apply({"type": "undo"})


def test_a_refusal_without_a_vietnamese_wording_is_shown_as_the_engine_wrote_it():
    err = RuleError("not_a_code", "reveal: mission 9 holds nothing")
    assert say_reason(err, "vi") == str(err)


async def test_the_app_shows_a_refusal_in_vietnamese():
    table = Table(Session(parse_header(PUMA)))
    async with TableApp(table, lang="vi").run_test(size=(120, 44)) as pilot:
        await enter(pilot, "bob 20")
        assert "Không hợp lệ: Bob chơi lá 20, nhưng đang là lượt của Ann" in \
            shown(pilot, "#message")
        assert table.session.moves == []
