"""Each game's screen driven through a whole game at the command line, as a table would."""

import json

import pytest

from companion.dashboard.app import TableApp
from companion.live_table import Table
from companion.session import Journal, Session, parse_header, replay_file
from companion.session.cops import cops_path, read_cops
from tests.dashboard.fixtures import expected_summary, session_lines, typed
from tests.dashboard.pilot import enter, shown, wait_for

SIZE = (120, 44)


async def play_through(pilot, game: str, moves: list[dict]) -> None:
    for number, move in enumerate(moves, 2):
        before = len(pilot.app.table.history)
        await enter(pilot, typed(game, move))
        message = shown(pilot, "#message")
        assert len(pilot.app.table.history) > before, f"line {number}: {message}"


def new_table(tmp_path, name):
    header, moves = session_lines(name)
    parsed = parse_header(header)
    journal = Journal.create(tmp_path / "game.jsonl", parsed)
    return Table(Session(parsed)), journal, header, moves


@pytest.mark.parametrize("name, typed_from, final_words", [
    # Pumafiosi: games 1 and 2 as recorded, the whole of game 3 typed, to the match's end.
    ("pumafiosi-full-3p-items", 80, ["Game 3/3", "The hierarchy", "penalty"]),
    ("pungi-game-6p", 0, ["PUNGI", "series"]),
    ("mafia-cops-win", 0, ["Mission 1", "The cops win"]),
])
async def test_a_whole_game_typed_at_the_command_line(tmp_path, name, typed_from, final_words):
    table, journal, header, moves = new_table(tmp_path, name)
    for move in moves[:typed_from]:
        table.apply(move)
        journal.append(move)
    app = TableApp(table, journal=journal)
    async with app.run_test(size=SIZE) as pilot:
        await play_through(pilot, header["game"], moves[typed_from:])
        summary = expected_summary(name)
        assert table.session.summary() == summary
        screen_text = "\n".join(shown(pilot, s) for s in ("#heading", "#board", "#scores"))
        for words in final_words:
            assert words in screen_text
        chart = pilot.app.game_screen.query_one("ScoreChart")
        assert chart.display == (header["game"] == "pumafiosi")   # several games scored
        if header["game"] != "mafia":
            scores = shown(pilot, "#scores")
            for player, score in summary["scores"].items():
                assert any(player in line and line.endswith(f" {score}")
                           for line in scores.splitlines()), (player, score)
        last = table.history[-1].text()
        assert last in shown(pilot, "Announcement") and last in shown(pilot, "History")
    journal.close()
    # Every entry went to the journal as a move, and it replays to the same game.
    assert replay_file(tmp_path / "game.jsonl").session.summary() == summary


async def test_pumafiosi_screen_shows_the_round_and_its_winner(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "pumafiosi-full-3p-items")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        await play_through(pilot, "pumafiosi", moves[:3])  # three plays: a round is won
        assert table.game.phase == "place"
        winner = table.game.to_act
        board = shown(pilot, "#board")
        assert f"{winner} " in board and "wins the round" in board
        assert "Game 1/3" in shown(pilot, "#heading") and "Round 1/10" in shown(pilot, "#heading")
        assert f"{winner} places the card" in shown(pilot, "#heading")
        await play_through(pilot, "pumafiosi", moves[3:4])
        card, step = moves[3]["card"], moves[3]["step"]
        line = next(l for l in shown(pilot, "#board").splitlines() if l.startswith(f"{step:>3} "))
        assert str(card) in line and winner in line
    journal.close()


async def test_pumafiosi_scores_show_wealth_penalty_and_running_score(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "pumafiosi-full-3p-items")
    while table.game.game_number == 1:   # game 1 as recorded; game 2 typed
        table.apply(moves.pop(0))
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        seen = set()
        for move in moves:
            assert pilot.app.enter_move(move)
            await pilot.pause()
            game = table.game
            rows = shown(pilot, "#scores").splitlines()
            assert rows[0].split() == ["Player", "wealth", "penalty", "Score"]
            for name, row in zip(table.names, rows[1:]):
                assert row.split() == [name, str(game.wealth[name]), str(game.penalties[name]),
                                       str(game.scores[name])]
                seen |= {"wealth"} if game.wealth[name] else set()
                seen |= {"penalty"} if game.penalties[name] else set()
            if game.game_number == 3:
                break
        assert seen == {"wealth", "penalty"}
    journal.close()


async def test_two_players_see_tonys_cards(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "pumafiosi-full-2p-tony-items")
    for move in moves[:11]:
        table.apply(move)
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        await play_through(pilot, "pumafiosi", moves[11:12])  # a place ends round 3
        assert "reveals Tony's card" in shown(pilot, "#heading")
        await play_through(pilot, "pumafiosi", moves[12:15])
        tony_cards = [card for _, cards in table.game.hierarchy for card, owners in cards
                      if not owners]
        assert tony_cards, "the fixture's first rounds place a card of Tony's"
        board = shown(pilot, "#board")
        for card in tony_cards:
            assert any(f"{card} " in line and "Tony" in line for line in board.splitlines())
    journal.close()


async def test_mafia_screen_shows_the_omerta_banner_until_it_ends(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "mafia-omerta-broken")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        banner = pilot.app.screen.query_one("#banner")
        seen = False
        for move in moves:
            await enter(pilot, typed("mafia", move))
            if table.game.omerta:
                seen = True
                assert banner.display and table.game.omerta in shown(pilot, "#banner")
            else:
                assert not banner.display
        assert seen
    journal.close()


async def test_undo_at_the_command_line_takes_back_the_last_move(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "pungi-game-2p")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        await play_through(pilot, "pungi", moves[:2])
        await enter(pilot, "undo")
        assert len(table.session.moves) == 1
        assert shown(pilot, "Announcement").splitlines()[-1] == "Undone: Ann plays mouse 10"
    journal.close()
    lines = (tmp_path / "game.jsonl").read_text().splitlines()
    assert json.loads(lines[-1])["type"] == "undo" and len(lines) == 4


async def test_the_language_key_switches_every_panel(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "pumafiosi-full-3p-items")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        await play_through(pilot, "pumafiosi", moves[:4])
        await pilot.press("f2")
        assert "Ván 1/3" in shown(pilot, "#heading")
        assert "Hệ thống Phân cấp" in shown(pilot, "#board")
        assert "điểm phạt" in shown(pilot, "#scores")
        assert "camera tắt" in shown(pilot, "StatusBar")
        assert "chơi" in shown(pilot, "History")
        await pilot.press("f2")
        assert "Game 1/3" in shown(pilot, "#heading")
    journal.close()


async def test_mafia_screen_shows_a_revealed_missions_tally(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "mafia-mobsters-win")
    reveal = next(i for i, m in enumerate(moves) if m["type"] == "reveal")
    for move in moves[:reveal]:
        table.apply(move)
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        assert "cards 5/5" in shown(pilot, "#board")
        await play_through(pilot, "mafia", moves[reveal:reveal + 1])
        board = shown(pilot, "#board")
        assert "+2 +4 -2 +1 +2 = $7 / $6  SUCCESS" in board
        assert "1/4" in shown(pilot, "#scores")
        await pilot.press("f2")
        assert "THÀNH CÔNG" in shown(pilot, "#board")
    journal.close()


async def test_pungi_screen_shows_who_took_which_snake(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "pungi-game-2p")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        await play_through(pilot, "pungi", moves[:2])
        assert "PUNGI ▶" in shown(pilot, "#board") and "plays an animal" in shown(pilot, "#heading")
        await play_through(pilot, "pungi", moves[2:3])
        board = shown(pilot, "#board")
        assert "no majority animal" in board
        assert "Ann ← charmer" in board and "Bob ← charmer" in board
        # Each player's snakes: on the board, under last round's (the side keeps its rows
        # for the camera).
        assert "Ann: charmer" in board and "Bob: charmer" in board
    journal.close()


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self, now: float = 100.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


async def test_the_omerta_banner_keeps_the_silence_and_the_turn_clock(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "mafia-mobsters-win")
    clock = Clock()
    app = TableApp(table, journal=journal, turn_seconds=30, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "turn Bob")
        clock.now += 5
        await enter(pilot, "omerta Bob")
        clock.now += 4
        await enter(pilot, "turn Cy")
        clock.now += 12
        await wait_for(pilot, lambda: "0:18 left" in shown(pilot, "#banner"),
                       what="the clock's redraw")   # the screen's timer, not a move
        banner = shown(pilot, "#banner")
        assert "called by Bob" in banner and "until Bob's turn" in banner
        assert "silent for 0:16" in banner and "turn: Cy (0:18 left)" in banner
        assert "(0:18 left)" in shown(pilot, "#heading")
        clock.now += 40
        await wait_for(pilot, lambda: "over by 0:22" in shown(pilot, "#banner"),
                       what="the turn running over")
        await enter(pilot, "turn Bob")
        assert not pilot.app.screen.query_one("#banner").display
        assert "(0:30 left)" in shown(pilot, "#heading")
    journal.close()


async def test_a_resumed_omerta_counts_from_the_journals_times(tmp_path):
    header, moves = session_lines("mafia-mobsters-win")
    until = next(i for i, m in enumerate(moves) if m["type"] == "omerta") + 1
    table = Table(Session(parse_header(header)))
    table.apply_all(dict(move, t=float(i)) for i, move in enumerate(moves[:until]))
    clock = Clock(500.0)   # the session's clock goes on from the last move's "t"
    app = TableApp(table, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        clock.now += 65
        await wait_for(pilot, lambda: "silent for 1:05" in shown(pilot, "#banner"),
                       what="the silence's clock")
        assert "turn: Bob 1:06" in shown(pilot, "#heading")


async def test_a_finished_mafia_game_asks_for_the_cops_and_keeps_them_for_a_resume(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "mafia-cops-win")
    for move in moves[:-1]:
        table.apply(move)
        journal.append(move)
    app = TableApp(table, journal=journal)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "cops bob")   # not yet: the game goes on
        assert "once the game is over" in shown(pilot, "#message")
        await play_through(pilot, "mafia", moves[-1:])
        assert "Who were the cops?" in shown(pilot, "#message")
        assert "cops Ann" in app.game_screen.query_one("#command").placeholder
        for wrong, why in (("cops ann bob", "has 1 cop, not 2"),
                           ("cops zed", "no player called 'zed'")):
            await enter(pilot, wrong)
            assert why in shown(pilot, "#message")
        assert not cops_path(journal.path).exists()
        await enter(pilot, "cops cy")
        assert "recorded: the cops were Cy" in shown(pilot, "#message")
        assert "The cops were: Cy" in shown(pilot, "#scores")
        assert "game is over" in app.game_screen.query_one("#command").placeholder
    journal.close()
    assert read_cops(tmp_path / "game.jsonl") == ("Cy",)
    # Resumed, the game knows its cops and asks no more.
    journal, replay = Journal.resume(tmp_path / "game.jsonl")
    app = TableApp(Table.from_replay(replay), journal=journal, lang="vi")
    async with app.run_test(size=SIZE) as pilot:
        assert "Cảnh sát là: Cy" in shown(pilot, "#scores")
        assert "Ai là cảnh sát" not in shown(pilot, "#message")
    journal.close()


async def test_a_broken_cops_file_is_said_in_the_tables_language(tmp_path):
    table, journal, header, moves = new_table(tmp_path, "mafia-cops-win")
    cops_path(journal.path).write_text("{oops\n")
    async with TableApp(table, journal=journal, lang="vi").run_test(size=SIZE) as pilot:
        assert "game.cops.json:1: không phải JSON" in shown(pilot, "#message")
    journal.close()


PLAYERS = {"pumafiosi": [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35},
                         {"name": "Cy", "age": 52}],
           "mafia": [{"name": n} for n in ("Ann", "Bob", "Cy")]}


def journalled(tmp_path, game: str, moves: list[dict]) -> tuple[Table, Journal]:
    """A game of Ann, Bob and Cy with these moves, on the table and in a journal."""
    parsed = parse_header({"format": "companion-session/1", "game": game,
                           "players": PLAYERS[game], "options": {}})
    journal = Journal.create(tmp_path / "game.jsonl", parsed)
    table = Table(Session(parsed))
    for move in moves:
        table.apply(move)
        journal.append(move)
    return table, journal


async def test_an_unseen_play_is_shown_plainly_and_named_at_the_command_line(tmp_path):
    """Cy's card was not read: the board and the history say so; "cy had 55" rewrites
    the journal (undo back to it, the play, the later moves again) and it replays."""
    table, journal = journalled(tmp_path, "pumafiosi", [
        {"type": "play", "player": "Ann", "card": 18},
        {"type": "play", "player": "Bob", "card": 42},
        {"type": "unseen_play", "player": "Cy"}])
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        assert "Cy a card (not read)" in shown(pilot, "#board")
        assert "the round's winner places the card" in shown(pilot, "#heading")
        assert "Cy played a card (not read)" in shown(pilot, "History")
        await enter(pilot, "bob places 42 at 8")
        await enter(pilot, "cy had 12")            # then Ann's 18 would have won
        assert "Bob placed 42, but Ann won the round" in shown(pilot, "#message")
        await enter(pilot, "cy had 55")
        assert [{k: v for k, v in m.items() if k != "t"} for m in table.session.moves] == [
            {"type": "play", "player": "Ann", "card": 18},
            {"type": "play", "player": "Bob", "card": 42},
            {"type": "play", "player": "Cy", "card": 55},
            {"type": "place", "player": "Bob", "card": 42, "step": 8}]
    journal.close()
    lines = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    assert [m["type"] for m in lines[4:]] == ["place", "undo", "undo", "play", "place"]
    assert replay_file(tmp_path / "game.jsonl").session.moves[2]["card"] == 55


async def test_a_mafia_card_nobody_saw_whose_counts_and_is_named_at_the_command_line(tmp_path):
    """The camera saw a card lie on Casino takeover, not whose: the board counts it, the
    history says so; "whose 1 cy" is refused in words (Cy is not on it), "whose 1 bob"
    rewrites the journal (undo back to it, Bob's card, the later moves again)."""
    opened = {"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]}
    omerta = {"type": "omerta", "player": "Cy"}
    table, journal = journalled(tmp_path, "mafia",
                                [opened, {"type": "unseen_contribute", "slot": 1}, omerta])
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        assert "Someone (not seen who) adds a card to Casino takeover" in shown(pilot, "History")
        await enter(pilot, "whose 1 cy")
        assert "Cy is not on Casino takeover" in shown(pilot, "#message")
        await enter(pilot, "whose 1 bob")
        assert [{k: v for k, v in m.items() if k != "t"} for m in table.session.moves] == [
            opened, {"type": "contribute", "player": "Bob", "slot": 1}, omerta]
    journal.close()
    lines = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    assert [m["type"] for m in lines[4:]] == ["undo", "undo", "contribute", "omerta"]
    assert replay_file(tmp_path / "game.jsonl").session.moves[1]["player"] == "Bob"


async def test_a_place_nobody_saw_is_on_the_board_and_named_at_the_command_line(tmp_path):
    """Bob's 42 won the round and was placed where the camera never saw: the board shows
    it under the hierarchy; "bob had 42 at 8" rewrites the journal (undo back to it, the
    place, the later moves again) and 42 stands at step 8."""
    moves = [{"type": "play", "player": "Ann", "card": 18},
             {"type": "play", "player": "Bob", "card": 42},
             {"type": "play", "player": "Cy", "card": 55},
             {"type": "unseen_place", "player": "Bob"},
             {"type": "play", "player": "Bob", "card": 7}]
    table, journal = journalled(tmp_path, "pumafiosi", moves)
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        assert "42  Bob  placed at a step nobody saw" in shown(pilot, "#board")
        await enter(pilot, "bob had 42 at 8")
        assert [{k: v for k, v in m.items() if k != "t"} for m in table.session.moves] == \
            moves[:3] + [{"type": "place", "player": "Bob", "card": 42, "step": 8}, moves[4]]
        assert "placed at a step nobody saw" not in shown(pilot, "#board")
    journal.close()
    assert replay_file(tmp_path / "game.jsonl").session.game.card_at(8)[0] == 42
