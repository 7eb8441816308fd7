"""Refusals worded from their code and fields: every code the source raises has its
words in the catalogue, in both languages reading the same fields, the common ones provoked
from the real engines, the rest from random moves near legal ones. At the table, every
refusal a move meets is a sentence for players in both languages, never the session file's
wording."""

import random
import re

import pytest
from hypothesis import Phase, given, settings, strategies as st

from companion.registry import game_names
from companion.dashboard.app import TableApp
from companion.live_table import Table
from companion.games import RuleError
from companion.journal_rewrite import (named, named_abort, named_contribution, named_place,
                                      named_unseen)
from companion.messages import AT_TABLE, LANGS, REFUSALS
from companion.rule_reasons import file_reason, say_reason
from companion.session import Session, parse_header
from tests.dashboard.fixtures import SESSIONS, session_lines
from tests.dashboard.pilot import enter, shown
from tests.games.refusals import GENERATORS, near_misses, odd_header, raised_codes

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


MAFIA = {"format": "companion-session/1", "game": "mafia", "options": {},
         "players": [{"name": n} for n in ("Ann", "Bob", "Cy", "Dee", "Eve")]}
SKILLED = dict(MAFIA, players=[{"name": "Ann", "character": "Salvatore", "role": "mobster"},
                               {"name": "Bob", "character": "Peppe"}, {"name": "Cy"},
                               {"name": "Dee"}, {"name": "Eve"}])


def mission(slot, ident, *assigned):
    return {"type": "mission", "slot": slot, "mission": ident, "assigned": list(assigned)}


def contribute(player, slot, **extra):
    return {"type": "contribute", "player": player, "slot": slot, **extra}


def reveal(slot, *cards):
    return {"type": "reveal", "slot": slot, "cards": list(cards)}


OPEN = [mission(1, 1, "Ann", "Bob", "Cy")]
# Casino takeover (4 cards, $5 blue) in slot 1, full after three contributions.
FULL = [mission(1, 3, "Ann", "Bob"), contribute("Ann", 1), contribute("Bob", 1),
        contribute("Ann", 1)]
BLUE = {"value": 2, "color": "blue"}
RING_ON_VEST = ROUND + [{**place("Bob", 20, 8), "item": "vest"}, play("Bob", 5),
                        play("Cy", 40), play("Ann", 35)]


def bad_fixture(name):
    """A broken fixture's header, the moves before its bad line, and the bad move."""
    header, moves = session_lines(name)
    line = int((SESSIONS / f"{name}.error").read_text(encoding="utf-8").partition(":")[0])
    return header, moves[:line - 2], moves[line - 2]


# The refusals a table meets most at the command line, and those that random moves near
# legal ones seldom reach.
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
             ["lượt: ván Mafia đã kết thúc"]),
    "nothing_to_undo": (PUMA, [], {"type": "undo"}, ["không còn nước đi nào"]),
    "move_not_object": (PUMA, [], ["play"], ["đối tượng JSON"]),
    "item_invalid": (PUMA, ROUND, {**place("Bob", 20, 8), "item": "gun"}, ["'gun'"]),
    "ring_no_card": (PUMA, ROUND, {**place("Bob", 20, 8), "ring": True},
                     ["không có lá nào để đẩy"]),
    "ring_on_item": (PUMA, RING_ON_VEST, {**place("Ann", 35, 8), "ring": True},
                     ["lá 20 đã mang Áo chống đạn"]),
    "ring_own_card": (*bad_fixture("pumafiosi-bad-ring-own-card"), ["là của chính"]),
    "layout_card": (*fixture("pungi-game-2p", 0), {"type": "layout", "cards": ["x", 1]},
                    ["lá 1 phải là giá trị rắn"]),
    "layout_length": (*fixture("pungi-game-2p", 0), {"type": "layout", "cards": [1, 2, 3]},
                      ["cần 2 lá", "không phải 3"]),
    "pile_short": (*fixture("pungi-game-2p", 0), {"type": "layout", "cards": [9, 9]},
                   ["2 lá rắn +9", "còn 1"]),
    "relayout_needed": (*bad_fixture("pungi-bad-play-after-redeal"), ["phải bày lại"]),
    "abort_not_assigned": (MAFIA, OPEN, {"type": "abort", "slot": 1, "player": "Dee"},
                           ["hủy: Dee không được giao Precinct invasion (ô 1)"]),
    "assigned_busy": (MAFIA, OPEN, mission(2, 3, "Ann"), ["Ann đang ở nhiệm vụ kia"]),
    "assigned_twice": (MAFIA, [], mission(1, 1, "Ann", "Ann"), ["Ann được giao hai lần"]),
    "assigned_unknown": (MAFIA, [], mission(1, 1, "Zed"), ['"Zed"', "không phải người chơi"]),
    "mission_in_progress": (MAFIA, OPEN, mission(2, 1, "Dee"), ["đang diễn ra ở ô kia"]),
    "slot_empty": (MAFIA, [], contribute("Ann", 2), ["ô 2 không có nhiệm vụ"]),
    "reveal_count": (MAFIA, FULL, reveal(1, BLUE), ["có 4 lá", "1 lá được lật"]),
    "card_not_object": (MAFIA, FULL, reveal(1, 3, 3, 3, 3), ["lá 1 phải là"]),
    "card_value": (MAFIA, FULL, reveal(1, *[{"value": 0, "color": "blue"}] * 4),
                   ['"value" của lá 1']),
    "card_color": (MAFIA, FULL, reveal(1, *[{"value": 1, "color": "red"}] * 4),
                   ['"color" của lá 1']),
    "delta_range": (MAFIA, [], {"type": "adjust", "slot": 1, "player": "Ann", "delta": 3},
                    ["không phải 3"]),
    "not_revealed": (MAFIA, OPEN, {"type": "adjust", "slot": 1, "player": "Ann", "delta": 1},
                     ["có Precinct invasion, chưa lật bài"]),
    "skill_used": (MAFIA, OPEN + [contribute("Dee", 1, skill="salvatore")],
                   contribute("Eve", 1, skill="salvatore"), ["đã được dùng"]),
    "skill_not_yours": (SKILLED, OPEN, contribute("Bob", 1, skill="salvatore"),
                        ["Bob là Peppe"]),
    "skill_holder": (SKILLED, OPEN, contribute("Dee", 1, skill="salvatore"),
                     ["Ann là Salvatore, không phải Dee"]),
    "cop_role": (SKILLED, [], {"type": "reveal_cop", "player": "Ann"}, ["Ann là mafia"]),
    "cop_count": (MAFIA, [{"type": "reveal_cop", "player": p} for p in ("Ann", "Bob")],
                  {"type": "reveal_cop", "player": "Cy"}, ["bàn 5 người có 2 cảnh sát"]),
    # Ann's unread card must be the round's second-highest, between 20 and 21: none is
    "unseen_place_no_card": (PUMA, [{"type": "unseen_play", "player": "Ann"}, play("Bob", 20),
                                    play("Cy", 21)], {"type": "unseen_place", "player": "Ann"},
                             ["không lá nào Ann có thể đã chơi"]),
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


def test_every_code_raised_has_its_words_and_every_entry_a_code():
    raised = set(raised_codes())
    assert raised - set(REFUSALS) == set(), "codes without words"
    assert set(REFUSALS) - raised == set(), "words for codes nothing raises"


class Reading(dict):
    """A refusal's fields that keep which of them a wording read."""

    def __init__(self, fields):
        super().__init__(fields)
        self.read = set()

    def __getitem__(self, name):
        self.read.add(name)
        return super().__getitem__(name)

    def get(self, name, default=None):
        self.read.add(name)
        return super().get(name, default)


def unseen(player, kind="unseen_play"):
    return {"type": kind, "player": player}


def header_refused(**changes) -> RuleError:
    with pytest.raises(RuleError) as refused:
        Session(parse_header({**PUMA, **changes}))
    return refused.value


def session_of(header, moves) -> Session:
    session = Session(parse_header(header))
    for move in moves:
        session.apply(move)
    return session


def rewrite_refused(rewrite, *args) -> RuleError:
    with pytest.raises(RuleError) as refused:
        rewrite(session_of(PUMA, []), *args)
    return refused.value


def sides_refused(cops) -> RuleError:
    with pytest.raises(RuleError) as refused:
        session_of(MAFIA, [{"type": "reveal_cop", "player": "Cy"}]).game.sides(cops)
    return refused.value


# The refusals the common ones and random moves seldom meet: code -> the refusal.
UNREAD = [play("Ann", 54), play("Bob", 55), unseen("Cy")]     # Cy's card is 1 to 53
RARE = {
    "ages_equal": lambda: header_refused(players=[{"name": "Ann", "age": 41},
                                                  {"name": "Bob", "age": 41}]),
    "header_age": lambda: header_refused(players=[{"name": "Ann", "age": "old"},
                                                  {"name": "Bob", "age": 35}]),
    "header_name_control": lambda: header_refused(players=[{"name": "\x1b[2JEvil", "age": 41},
                                                           {"name": "Bob", "age": 35}]),
    "unknown_game": lambda: header_refused(game="chess"),
    "option_snakes": lambda: header_refused(game="pungi", options={"snakes": [1, 2]}),
    "character_twice": lambda: header_refused(
        game="mafia", players=[{"name": n, "character": "Peppe"} for n in ("Ann", "Bob")]
        + [{"name": "Cy"}]),
    "items_off": lambda: refusal(dict(PUMA, options={}), [], play("Ann", 10, machine_gun=True)),
    "mission_full": lambda: refusal(MAFIA, FULL, contribute("Bob", 1)),
    "cop_twice": lambda: refusal(MAFIA, [{"type": "reveal_cop", "player": "Ann"}],
                                 {"type": "reveal_cop", "player": "Ann"}),
    "cops_count": lambda: sides_refused(["Eve"]),
    "cops_contradict": lambda: sides_refused(["Ann", "Eve"]),
    "no_unseen": lambda: rewrite_refused(named_unseen, "Ann", 10),
    "no_unseen_place": lambda: rewrite_refused(named_place, "Ann", 10, 8),
    "no_unseen_contribution": lambda: rewrite_refused(named_contribution, "Ann", 1),
    "no_unseen_reveal": lambda: rewrite_refused(named, {"type": "reveal", "slot": 1, "cards": [
        {"value": 2, "color": "blue"}]}),
    "no_unseen_abort": lambda: rewrite_refused(named_abort, "Ann", 1),
    "abort_nobody": lambda: refusal(MAFIA, [mission(1, 1)], {"type": "unseen_abort", "slot": 1}),
    "place_first_unseen": lambda: refusal(PUMA, UNREAD, play("Ann", 1)),
    "not_the_played_card": lambda: refusal(PUMA, UNREAD, place("Ann", 53, 8)),
    "unseen_not_second": lambda: refusal(PUMA, UNREAD, place("Bob", 55, 8)),
    "unseen_place_open": lambda: refusal(PUMA, [unseen("Ann"), play("Bob", 12), unseen("Cy")],
                                         unseen("Ann", "unseen_place")),
    # Cy's unread card won between 28 and 30: it was 29
    "unseen_no_card": lambda: refusal(PUMA, [play("Ann", 30), play("Bob", 28), unseen("Cy"),
                                             unseen("Cy", "unseen_place")], play("Cy", 29)),
    "unseen_two_players": lambda: refusal(dict(PUMA, players=PUMA["players"][:2]),
                                          [{"type": "tony", "card": 9}], unseen("Ann")),
}


def refusals_met() -> list[RuleError]:
    """A refusal of every code: the common ones, the rare ones, random moves near legal
    ones and random broken headers."""
    met = [refusal(*case[:3]) for case in CASES.values()]
    met += [refused() for refused in RARE.values()]
    for seed in range(60):
        rng = random.Random(seed)
        for name in GENERATORS:
            header, moves = GENERATORS[name](seed, seed % 2 == 0)
            for session, wrong in near_misses(header, moves, rng, 0.2):
                try:
                    session.apply(wrong)
                except RuleError as err:
                    met.append(err)
                else:
                    session.apply({"type": "undo"})
            try:
                Session(parse_header(odd_header(rng, header)))
            except RuleError as err:
                met.append(err)
    return met


def test_every_refusal_is_worded_in_both_languages_from_the_same_fields():
    met = refusals_met()
    assert all(err.code == code for code, err in zip(list(CASES) + list(RARE), met))
    assert {err.code for err in met} == set(REFUSALS)
    for err in met:
        for table in (REFUSALS, AT_TABLE):
            if err.code not in table:
                continue
            assert set(table[err.code]) == set(LANGS), err.code
            read = {}
            for lang in LANGS:
                fields = Reading(err.fields)
                assert table[err.code][lang](fields).strip(), (err.code, lang)
                read[lang] = fields.read
            assert read["en"] == read["vi"], (err.code, err.fields, read)


@pytest.mark.parametrize("code", list(CASES))
def test_each_common_refusal_is_said_in_vietnamese(code):
    header, before, move, words = CASES[code]
    err = refusal(header, before, move)
    assert err.code == code, str(err)
    said = file_reason(err, "vi")
    assert is_vietnamese(said, err) and all(w in said for w in words), said
    assert file_reason(err, "en") == str(err)


# The session file's wording: a move type first ("contribute: ..."), a field or the
# header named ('"card" must be', options.items).
FILE_WORDING = re.compile(r'^[a-z_]+: |"[a-z_]+"|options\.|header')


@pytest.mark.parametrize("code", [code for code in CASES if code != "move_not_object"])
def test_each_common_refusal_at_the_table_is_a_sentence_in_both_languages(code):
    err = refusal(*CASES[code][:3])
    english, vietnamese = say_reason(err, "en"), say_reason(err, "vi")
    for said in (english, vietnamese):
        assert not FILE_WORDING.search(said) and said[0] == said[0].upper(), said
    assert is_vietnamese(vietnamese, err), vietnamese


def test_the_table_words_only_codes_that_are_raised_in_both_languages():
    assert set(AT_TABLE) <= set(raised_codes())
    assert all(set(words) == {"en", "vi"} for words in AT_TABLE.values())


def test_a_card_out_of_range_at_the_table():
    err = refusal(PUMA, [], play("Ann", 999))
    assert say_reason(err, "en") == "There is no card 999: Pumafioso cards are 1 to 55"
    assert say_reason(err, "vi") == "Không có lá 999: các lá Pumafioso từ 1 đến 55"
    assert str(err) == 'play: "card" must be a Pumafioso card from 1 to 55, not 999'


@settings(max_examples=40, deadline=None, phases=[Phase.explicit, Phase.generate])
@given(st.sampled_from(game_names()), st.integers(min_value=0, max_value=2**32),
       st.randoms(use_true_random=False))
def test_every_refusal_of_random_near_misses_is_said_in_vietnamese(name, seed, rng):
    header, moves = GENERATORS[name](seed, True)
    for session, wrong in near_misses(header, moves, rng, 0.2):
        try:
            session.apply(wrong)
        except RuleError as err:
            said = file_reason(err, "vi")
            assert is_vietnamese(said, err), (err.code, said)
            # (a value of the wrong shape, an object where a name belongs, comes only from
            # a file: the command line reads words and numbers)
            if err.code in AT_TABLE and not isinstance(err.fields.get("value"), (dict, list)):
                assert not FILE_WORDING.search(say_reason(err, "en")), (err.code, err.fields)
                assert is_vietnamese(say_reason(err, "vi"), err), (err.code, err.fields)
        else:
            session.apply({"type": "undo"})


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(game_names()), st.integers(min_value=0, max_value=2**32),
       st.randoms(use_true_random=False))
def test_every_refusal_of_a_random_broken_header_is_said_in_vietnamese(name, seed, rng):
    header, _ = GENERATORS[name](seed, False)
    try:
        Session(parse_header(odd_header(rng, header)))
    except RuleError as err:
        said = file_reason(err, "vi")
        assert is_vietnamese(said, err), (err.code, said)


async def test_the_app_shows_a_refusal_in_vietnamese():
    table = Table(Session(parse_header(PUMA)))
    async with TableApp(table, lang="vi").run_test(size=(120, 44)) as pilot:
        await enter(pilot, "bob 20")
        assert "Không hợp lệ: Bob chơi lá 20, nhưng đang là lượt của Ann" in \
            shown(pilot, "#message")
        assert table.session.moves == []
