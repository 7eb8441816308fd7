"""What players meet on the dashboard without reading the source: names as they are
typed (spaces, no accents), the help the app gives, its own wording accepted back."""

from __future__ import annotations

import argparse
import json

import pytest

from companion.commands import play as play_command
from companion.dashboard.app import TableApp
from companion.dashboard.screens.help import HelpScreen, plain
from companion.live_table import Table
from companion.dashboard.widgets.command_line import CommandLine
from companion.i18n import describe_move
from companion.manual import mafia as mafia_words, pumafiosi as pumafiosi_words
from companion.manual import pungi as pungi_words
from companion.names import name_key
from companion.session import Session, parse_header
from tests.dashboard.fixtures import session_lines
from tests.dashboard.pilot import enter, shown, wait_for

SIZE = (120, 44)


def new_game(tmp_path, game, *players, **options):
    args = argparse.Namespace(game=game, journal=str(tmp_path / "game.jsonl"),
                              players=list(players), items=options.get("items", False),
                              games=None)
    return play_command.start(args)


async def test_names_with_spaces_and_accents_complete_and_are_found(tmp_path):
    journal, table = new_game(tmp_path, "pungi", "Ann Lee", "Zoë", "Nguyễn")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        command = pilot.app.game_screen.query_one("#command")
        await enter(pilot, "first zoe")
        assert table.game.first_player == "Zoë", shown(pilot, "#message")
        await enter(pilot, "layout -3 2 charmer")
        command.value = ""
        await pilot.press("a", "n", "n", "space", "l")
        await wait_for(pilot, lambda: command._suggestion == "Ann Lee", what="the suggestion")
        await pilot.press("tab")
        assert command.value == "Ann Lee"
        command.value = ""
        await pilot.press(*"zo")
        await wait_for(pilot, lambda: command._suggestion == "Zoë", what="Zoë suggested")
        await enter(pilot, "zoe mouse 3")
        await enter(pilot, "nguyen duck 4")
        await enter(pilot, "ann lee lizard 5")
        assert [m.get("player") for m in table.session.moves[-3:]] == [
            "Zoë", "Nguyễn", "Ann Lee"], shown(pilot, "#message")
    journal.close()


def _shown_examples(help_text: str) -> dict[str, list[str]]:
    """The examples the help shows (the lines after "e.g.", three spaces apart), by
    heading: "Now", "At any time", "Later in the game"."""
    found: dict[str, list[str]] = {}
    heading = ""
    for line in help_text.splitlines():
        if line in ("Now", "At any time", "Later in the game"):
            heading = line
        elif line.strip().startswith("e.g."):
            found.setdefault(heading, []).extend(
                e.strip() for e in line.strip().removeprefix("e.g.").split("   ") if e.strip())
    return found


@pytest.mark.parametrize("name", ["pumafiosi-full-2p-tony-items", "pungi-first",
                                  "mafia-cops-win"])   # (a whole game: the cops at its end)
async def test_the_help_shows_each_phase_s_moves_and_every_example_parses(tmp_path, name):
    """Through a whole game: at each new phase F1 shows the help, the placeholder names
    the awaited move, and every example the help shows for now (and at any time) is a
    move the parser reads; over the game every form is shown for now at least once."""
    header, moves = session_lines(name)
    table = Table(Session(parse_header(header)))
    async with TableApp(table).run_test(size=SIZE) as pilot:
        screen = pilot.app.game_screen
        words = screen.words
        seen: set = set()
        checked: set[str] = set()
        for move in [None, *moves]:
            if move is not None:
                table.apply(move)   # quicker than through the screen: it is drawn below
            form = words.waiting_form()
            phase = (words.phase(), form.usage if form else None)
            if phase in seen:
                continue
            seen.add(phase)
            screen.refresh_view()
            await pilot.press("f1")
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, HelpScreen),
                           what="the help")
            text = shown(pilot, "#help-text")
            shown_now = _shown_examples(text)
            assert sum(map(len, shown_now.values())) >= len(words.forms), text
            for example in shown_now.get("Now", []) + shown_now.get("At any time", []):
                assert isinstance(words.parse(example), dict), example
                checked.add(example.split()[0] if example.split()[0] in words.keywords
                            else "PLAYER")
            placeholder = screen.query_one(CommandLine).placeholder
            if words.example() is None:   # the game is over
                assert "the game is over" in placeholder
                continue
            assert words.example() in placeholder
            assert words.example() in shown_now.get("Now", []) + shown_now["At any time"]
            await pilot.press("escape")
            await wait_for(pilot, lambda: pilot.app.screen is screen, what="the game again")
        assert len(seen) >= 2
        forms = {f.usage.split()[0] if f.usage.split()[0] in words.keywords else "PLAYER"
                 for f in words.forms}
        assert checked == forms


async def test_the_pungi_help_names_the_animals_in_the_table_s_language(tmp_path):
    journal, table = new_game(tmp_path, "pungi", "Ann", "Bob", "Cy")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        for lang, animals in (("en", "mouse, duck, lizard"), ("vi", "chuột, vịt")):
            assert animals in plain(pilot.app.game_screen.help_text(lang))
    journal.close()


async def test_help_or_a_question_mark_typed_opens_the_help(tmp_path):
    journal, table = new_game(tmp_path, "mafia", "Ann", "Bob", "Cy", "Dee", "Eve")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        for word in ("help", "?"):
            await enter(pilot, word)
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, HelpScreen),
                           what="the help")
            text = shown(pilot, "#help-text")
            for keyword in mafia_words.WORDS:
                assert keyword in text, keyword   # Mafia's keywords are all listed
            await pilot.press("q")
            await wait_for(pilot, lambda: pilot.app.screen is pilot.app.game_screen,
                           what="the game again")
        placeholder = pilot.app.game_screen.query_one(CommandLine).placeholder
        assert "mission 1 3 Ann Bob" in placeholder
    journal.close()


async def test_pungi_s_first_prompt_suggests_a_layout(tmp_path):
    journal, table = new_game(tmp_path, "pungi", "Ann", "Bob")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        command = pilot.app.game_screen.query_one(CommandLine)
        assert "e.g. layout -3 2  " in command.placeholder   # two players: two cards
        await enter(pilot, "layout -3 2")
        assert "Ann mouse 7" in command.placeholder
    journal.close()


@pytest.mark.parametrize("text, move", [
    ("place 37 at step 8", {"type": "place", "player": "Cy", "card": 37, "step": 8}),
    ("cy places 37 at 8", {"type": "place", "player": "Cy", "card": 37, "step": 8}),
    ("Cy places 37 at step 8 with the vest",
     {"type": "place", "player": "Cy", "card": 37, "step": 8, "item": "vest"}),
    ("Ann plays 37 with the machine gun",
     {"type": "play", "player": "Ann", "card": 37, "machine_gun": True}),
    ("Tony's card is 12", {"type": "tony", "card": 12}),
])
def test_the_pumafiosi_parser_reads_the_app_s_own_sentences(text, move):
    assert pumafiosi_words.parse(text, ("Ann", "Bob", "Cy"), "Cy") == move


@pytest.mark.parametrize("text, move", [
    ("Omertà Ann", {"type": "omerta", "player": "Ann"}),
    ("assign Ann to mission 2", {"type": "assign", "slot": 2, "player": "Ann"}),
    ("contribute bob to mission 1 salvatore",
     {"type": "contribute", "player": "Bob", "slot": 1, "skill": "salvatore"}),
    ("reveal mission 1 2b 4y", {"type": "reveal", "slot": 1, "cards": [
        {"value": 2, "color": "blue"}, {"value": 4, "color": "yellow"}]}),
])
def test_the_mafia_parser_reads_the_app_s_own_words(text, move):
    assert mafia_words.parse(text, ("Ann", "Bob", "Cy")) == move


def play_args(*argv):
    from companion.cli import build_parser

    return build_parser("play").parse_args(["play", *argv])


def test_resume_starts_the_game_as_it_was_started_and_the_silence_keeps_counting(tmp_path):
    path = tmp_path / "game.jsonl"
    app, journal = play_command.prepare(play_args(
        "mafia", "--players", "Ann", "Bob", "Cy", "Dee", "Eve", "--journal", str(path),
        "--turn-seconds", "45", "--lang", "vi", "--speak", "--camera-view", "map"))
    journal.close()
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    stored = header["options"]["companion"]
    assert {k: v for k, v in stored.items() if k != "started"} == {
        "lang": "vi", "speak": True, "turn_seconds": 45.0, "camera_view": "map"}
    assert parse_header(header).options["companion"] == stored   # the engines let it be
    # Ten minutes ago the game began; the silence was called at 100 s, then the terminal
    # closed (the last move's "t" is 100).
    stored["started"] -= 600
    _, moves = session_lines("mafia-mobsters-win")
    until = next(i for i, m in enumerate(moves) if m["type"] == "omerta") + 1
    path.write_text("\n".join([json.dumps(header)] + [
        json.dumps(dict(m, t=100.0 if i == until - 1 else float(i)))
        for i, m in enumerate(moves[:until])]) + "\n")

    app, journal = play_command.prepare(play_args("--resume", str(path)))
    journal.close()
    assert (app.lang, app.camera_view, app.omerta.turn_seconds) == ("vi", "map", 45.0)
    assert (app.sound_settings.speak, app.sound_settings.turn_seconds) == ("vi", 45.0)
    view = app.omerta.view(app.session_time())
    assert view.in_force and 495 < view.silent_s < 520   # not 0:00
    # An option given with --resume changes that one only.
    app, journal = play_command.prepare(play_args("--resume", str(path), "--lang", "en"))
    journal.close()
    assert (app.lang, app.omerta.turn_seconds) == ("en", 45.0)


async def test_a_repaired_journal_says_so_on_screen(tmp_path):
    path = tmp_path / "game.jsonl"
    app, journal = play_command.prepare(play_args(
        "pungi", "--players", "Ann", "Bob", "--journal", str(path)))
    journal.append({"type": "layout", "cards": [-3, 2], "t": 1.0})
    journal.close()
    with path.open("a") as stream:
        stream.write('{"type": "play", "player": "Ann", "ani')   # a crash mid-write
    journal, table = play_command.resume(str(path))
    assert journal.repaired == tmp_path / "game.jsonl.damaged"
    async with TableApp(table, journal=journal, repaired=str(journal.repaired)).run_test(
            size=SIZE) as pilot:
        message = shown(pilot, "#message")
        assert "last line was cut short" in message and "game.jsonl.damaged" in message
    journal.close()


async def test_the_feedback_line_says_a_move_as_a_sentence(tmp_path):
    journal, table = new_game(tmp_path, "mafia", "Ann", "Bob", "Cy", "Dee", "Eve")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        await enter(pilot, "mission 1 1")
        assert shown(pilot, "#message") == "recorded: mission 1 opens in slot 1, assigned to nobody"
        await enter(pilot, "assign ann to mission 1")
        assert shown(pilot, "#message") == "recorded: Ann joins the mission in slot 1"
        await enter(pilot, "undo")
        assert shown(pilot, "#message") == "Undone: Ann joins the mission in slot 1"
        assert "Undone: Ann joins the mission in slot 1" in shown(pilot, "History")
    journal.close()


def typed_at_once(pilot, keys: str) -> None:
    """Keys posted to the app all together, as the terminal driver posts a burst (a
    script's keys, a quick typist): nothing waits for the screen between them."""
    from textual import events

    for character in keys:
        key = {"\r": "enter", "\t": "tab", " ": "space"}.get(character, character)
        pilot.app.post_message(events.Key(key, character))


async def test_moves_typed_at_once_are_each_a_move(tmp_path):
    # An Enter, a Tab or a key that the line does not take itself goes round the app's
    # bindings; the keys after it must still land after it, on the next move.
    journal, table = new_game(tmp_path, "pumafiosi", "Ann:41", "Bob:35", "Cy:52")
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        command = pilot.app.game_screen.query_one(CommandLine)
        typed_at_once(pilot, "ann 20\rbob 30\rcy 999\rcy 5\r")
        await wait_for(pilot, lambda: len(table.session.moves) == 3)
        await pilot.pause()
        assert [m["card"] for m in table.session.moves] == [20, 30, 5]
        assert command.value == ""          # (the refused 999: the next move was begun)
        typed_at_once(pilot, "undo\rc\t 31\r")    # Tab completes "c" to "Cy"
        await wait_for(pilot, lambda: [m.get("card") for m in table.session.moves]
                       == [20, 30, 31], what="the undone 5 replaced by 31")
        typed_at_once(pilot, "ann 999\r")
        await wait_for(pilot, lambda: command.value == "ann 999")   # back, to be mended


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("animal", ["mouse", "duck", "lizard", "dragonfly", "grasshopper",
                                    "frog"])
def test_the_pungi_parser_reads_a_play_as_the_screen_says_it(lang, animal):
    move = {"type": "play", "player": "Dee", "animal": animal, "value": 2}
    said = describe_move(move, lang)                 # "Dee chơi thằn lằn 2"
    animals = ("mouse", "duck", "lizard", "dragonfly", "grasshopper", "frog")
    for text in (said, name_key(said)):              # (accents typed or not)
        assert pungi_words.parse(text, ("Ann", "Bob", "Cy", "Dee"), animals) == move


def test_the_pungi_parser_reads_a_layout_with_the_charmer_in_vietnamese():
    assert pungi_words.parse("layout -3 người dụ rắn 2", ("Ann", "Bob", "Cy"), ()) == \
        {"type": "layout", "cards": [-3, "charmer", 2]}
