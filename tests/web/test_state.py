"""The page's state of every bundled session after every move (in each language by turns)."""

from __future__ import annotations

import json

import pytest

from companion.i18n import LANGS
from companion.session import Session
from companion.web.state import PageState
from tests.web.conftest import SESSIONS, session_table, state_scores

NAMES = sorted(p.name.removesuffix(".summary.json") for p in SESSIONS.glob("*.summary.json"))


@pytest.mark.parametrize("name", NAMES)
def test_the_state_scores_as_the_summary_after_every_move(name):
    table, moves = session_table(f"{name}.jsonl")
    expected = Session(table.session.header)
    builder = PageState()
    for number, move in enumerate(moves, 1):
        table.apply(move)
        expected.apply(move)
        lang = LANGS[number % len(LANGS)]   # the languages by turns: half the time
        state = json.loads(json.dumps(builder.build(table, lang, None)))
        scores = state_scores(state)
        assert scores == expected.summary()["scores"], f"{name}, move {number}, {lang}"
        assert state["moves"] == len(expected.moves)
        assert len(state["history"]) == len(table.history)
    summary = json.loads((SESSIONS / f"{name}.summary.json").read_text())
    assert scores == summary["scores"]


def hierarchy_rows(name: str, upto: int | None = None) -> list[list[str]]:
    table, moves = session_table(name)
    for move in moves[:upto]:
        table.apply(move)
    board = PageState().build(table, "en", None)["board"]
    return [[cell["t"] for cell in row] for row in board[0]["rows"]]


def test_a_shared_card_shows_all_its_owners_and_tony_his_own():
    # The demo's 100th move: Bob's 33 carries Cy's wedding ring.
    assert ["6", "33", "Bob", "&", "Cy", "wedding ring"] in hierarchy_rows("demo.jsonl", 100)
    assert ["10", "45", "Tony"] in hierarchy_rows("pumafiosi-ring-tony.jsonl")


def test_an_unseen_play_is_shown_plainly_in_both_languages():
    from companion.live_table import Table
    from companion.games.pumafiosi_random import random_session
    from tests.games.test_pumafiosi_unseen import unread_losers

    header, moves = random_session(3, players=4)
    table = Table(Session(header))
    builder = PageState()
    for number, move in enumerate(unread_losers(moves), 1):
        table.apply(move)
        for lang in LANGS:
            state = json.loads(json.dumps(builder.build(table, lang, None)))
            if number == 1:   # Ann's card, the round's first, was not read
                plays = [[c["t"] for c in row] for row in state["board"][1]["rows"]]
                assert plays[0][1] == {"en": "a card (not read)",
                                       "vi": "một lá (không đọc được)"}[lang]
                assert state["history"][-1] == {"en": "Ann played a card (not read)",
                                                "vi": "Ann đã chơi một lá (không đọc được)"
                                                }[lang]
    assert table.session.complete


def test_a_place_nobody_saw_is_listed_under_the_hierarchy():
    from companion.live_table import Table
    from companion.session import parse_header

    table = Table(Session(parse_header({
        "format": "companion-session/1", "game": "pumafiosi", "options": {},
        "players": [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35},
                    {"name": "Cy", "age": 52}]})))
    for move in ({"type": "play", "player": "Ann", "card": 18},
                 {"type": "play", "player": "Bob", "card": 42},
                 {"type": "play", "player": "Cy", "card": 55},
                 {"type": "unseen_place", "player": "Bob"}):
        table.apply(move)
    for lang, said in (("en", "placed at a step nobody saw"),
                       ("vi", "đặt ở một bậc không ai thấy")):
        board = PageState().build(table, lang, None)["board"]
        rows = [[cell["t"] for cell in row] for row in board[0]["rows"]]
        assert rows[-1] == ["?", "42", "Bob", said]


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("pungi")])
def test_the_pungi_board_says_what_the_pile_holds_after_every_move(name):
    table, moves = session_table(f"{name}.jsonl")
    builder = PageState()
    for number, move in enumerate(moves, 1):
        table.apply(move)
        board = builder.build(table, "en", None)["board"]
        pile = next(s for s in board if s["title"] == "Still in the pile")
        shown: dict[str, int] = {}
        for cell in (c for row in pile["rows"] for c in row):
            if cell["role"] == "value":
                kind = cell["t"]
                shown[kind] = 1
            elif cell["role"] == "count":
                shown[kind] = int(cell["t"].removeprefix("×"))
        left = {"charmer" if k == "charmer" else f"{k:+d}" if k else "0": n
                for k, n in table.game.pile.items()}
        assert shown == left, f"{name}, move {number}"


def test_a_pungi_card_nobody_read_and_its_open_hand_out_are_shown_in_both_languages():
    from companion.live_table import Table
    from companion.session import parse_header

    table = Table(Session(parse_header({
        "format": "companion-session/1", "game": "pungi", "options": {},
        "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]})))
    for move in ({"type": "layout", "cards": [7, -2, "charmer"]},
                 {"type": "play", "player": "Ann", "animal": "duck", "value": 3},
                 {"type": "unseen_play", "player": "Bob"}):
        table.apply(move)
    said = {"en": ("an animal card (not read)", "Bob played a card (not read)",
                   ["round 1:", "+7", "-2", "charmer", "Bob: not read"]),
            "vi": ("một lá con vật (không đọc được)", "Bob đã chơi một lá (không đọc được)",
                   ["vòng 1:", "+7", "-2", "người dụ rắn", "Bob: không đọc được"])}
    for lang, (card, history, _) in said.items():
        state = json.loads(json.dumps(PageState().build(table, lang, None)))
        animals = state["board"][3]   # (the layout, the snakes taken, the pile, the animals)
        assert [[c["t"] for c in row] for row in animals["rows"]][1][1] == card
        assert state["history"][-1] == history
    table.apply({"type": "play", "player": "Cy", "animal": "duck", "value": 9})
    for lang, (_, _, open_row) in said.items():
        board = PageState().build(table, lang, None)["board"]
        assert [[c["t"] for c in row] for row in board[2]["rows"]] == [open_row]
