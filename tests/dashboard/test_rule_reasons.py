"""The common refusals said in Vietnamese: each code provoked from the real engines."""

import pytest

from companion.dashboard.app import TableApp
from companion.dashboard.table import Table
from companion.games import RuleError
from companion.rule_reasons import REASONS, reason_code, say_reason
from companion.session import Session, parse_header
from tests.dashboard.fixtures import session_lines
from tests.dashboard.pilot import enter, shown

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


def refusal(header, before, move) -> str:
    session = Session(parse_header(header))
    for m in before:
        session.apply(m)
    with pytest.raises(RuleError) as refused:
        session.apply(move)
    return str(refused.value)


def test_every_code_is_provoked():
    assert set(CASES) == set(REASONS)


@pytest.mark.parametrize("code", list(CASES))
def test_each_common_refusal_is_said_in_vietnamese(code):
    header, before, move, words = CASES[code]
    reason = refusal(header, before, move)
    assert reason_code(reason) == code, reason
    said = say_reason(reason, "vi")
    assert said != reason and all(w in said for w in words), said
    assert not any(english in said.split() for english in ("but", "the", "turn", "is")), said
    assert say_reason(reason, "en") == reason


def test_an_uncatalogued_refusal_is_shown_as_the_engine_wrote_it():
    reason = "reveal: mission 9 holds nothing"
    assert reason_code(reason) is None and say_reason(reason, "vi") == reason


async def test_the_app_shows_a_refusal_in_vietnamese():
    table = Table(Session(parse_header(PUMA)))
    async with TableApp(table, lang="vi").run_test(size=(120, 44)) as pilot:
        await enter(pilot, "bob 20")
        assert "Không hợp lệ: Bob chơi lá 20, nhưng đang là lượt của Ann" in \
            shown(pilot, "#message")
        assert table.session.moves == []
