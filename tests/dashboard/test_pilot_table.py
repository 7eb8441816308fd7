"""The dashboard as the table meets it: the demo playing back, bad entries, the camera
panel, and a game quit half-way and resumed."""

import argparse
import json
import threading
from pathlib import Path

from companion.audio.listener import HeardSpeech
from companion.audio.output import OutputSettings
from companion.audio.table_audio import AudioSettings
from companion.bundled import DEMO_SESSION
from companion.commands import play as play_command
from companion.dashboard.app import TableApp
from companion.dashboard.feed import CameraStatus, SeenTable, SeenZone
from companion.live_table import Table
from companion.session import Journal, Session, parse_header, replay_file
from tests.dashboard.fixtures import (camera_frame, expected_summary, session_lines, typed,
                                      without_time)
from tests.dashboard.pilot import enter, shown, wait_for

SIZE = (120, 44)


def demo_app(max_gap: float) -> TableApp:
    replay = replay_file(DEMO_SESSION)
    table = Table(Session(replay.session.header))
    return TableApp(table, recording=[s.move for s in replay.steps], max_gap=max_gap)


async def test_the_demo_plays_to_its_end_and_scores_as_the_session_says():
    app = demo_app(max_gap=0.002)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.playback.finished, timeout=120,
                       what="the end of the demo")
        await pilot.pause()
        summary = expected_summary("demo")
        assert app.table.session.summary() == summary
        assert "end of the recording" in shown(pilot, "StatusBar")
        winner = summary["winners"][0]
        assert f"{winner} wins the match" in shown(pilot, "Announcement")
        for player, score in summary["scores"].items():
            assert str(score) in shown(pilot, "#scores")
        assert "G3" in shown(pilot, "ScoreChart")   # the chart over the three games


async def test_playback_keys_pause_step_and_change_speed():
    app = demo_app(max_gap=3.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        assert app.playback.paused and "paused" in shown(pilot, "StatusBar")
        before = app.playback.position
        await pilot.press("n")
        await pilot.press("n")
        assert app.playback.position == before + 2
        assert len(app.table.session.moves) == before + 2
        await pilot.press("plus")
        await pilot.press("plus")
        assert app.playback.speed == 4.0
        await pilot.press("minus")
        assert app.playback.speed == 2.0
        await pilot.press("space")
        assert not app.playback.paused and "playing ×2" in shown(pilot, "StatusBar")


async def test_typing_a_move_takes_over_from_the_recording():
    app = demo_app(max_gap=3.0)
    async with app.run_test(size=SIZE) as pilot:
        # Paused first: on a loaded machine the playback's next move could come while
        # the undo is being typed.
        await pilot.press("space")
        played = len(app.table.session.moves)   # (however many came before the pause)
        await pilot.press("n")
        assert len(app.table.session.moves) == played + 1
        await enter(pilot, "undo")
        assert len(app.table.session.moves) == played and app.playback.finished


def fresh_game(tmp_path, name="pumafiosi-full-3p-items"):
    header, moves = session_lines(name)
    args = argparse.Namespace(game=header["game"], journal=str(tmp_path / "game.jsonl"),
                              players=[f"{p['name']}:{p['age']}" for p in header["players"]],
                              items=header["options"].get("items", False), games=None)
    journal, table = play_command.start(args)
    return journal, table, moves


async def test_bad_entries_get_a_clear_message_and_change_nothing(tmp_path):
    journal, table, moves = fresh_game(tmp_path)
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        await enter(pilot, typed("pumafiosi", moves[0]))
        journalled = (tmp_path / "game.jsonl").read_text()
        in_force = list(table.session.moves)
        for text, message in [
            ("zed 37", "There is no player called 'zed' (players: Ann, Bob, Cy)"),
            ("cy 20", "Not allowed: Cy played 20, but it is"),
            ("plase 37 at 8", "I do not understand 'plase': did you mean 'place'?"),
            ("place 37 at 8", "Nobody has a card to place now"),
            (f"{moves[1]['player']} {moves[0]['card']}", "Not allowed:"),
            ("", "Type a move, e.g. ann 37"),
        ]:
            await enter(pilot, text)
            assert message in shown(pilot, "#message"), text
            assert pilot.app.screen.query_one("#message").has_class("error")
            assert table.session.moves == in_force
            assert (tmp_path / "game.jsonl").read_text() == journalled
        await pilot.press("f2")
        await enter(pilot, "zed 37")
        assert "Không có người chơi tên 'zed'" in shown(pilot, "#message")
    journal.close()


async def test_quitting_mid_game_and_resuming_loses_nothing(tmp_path):
    journal, table, moves = fresh_game(tmp_path)
    half, end = 5, 10   # quit in the second round, go on into the third
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        for move in moves[:half]:
            await enter(pilot, typed("pumafiosi", move))
        state_before = table.session.summary(), table.game.hierarchy, table.game.to_act
        history_before = shown(pilot, "History")
        await pilot.press("ctrl+q")
    journal.close()

    journal, table = play_command.resume(str(tmp_path / "game.jsonl"))
    last_t = table.last_t
    assert (table.session.summary(), table.game.hierarchy, table.game.to_act) == state_before
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        assert shown(pilot, "History") == history_before
        for move in moves[half:end]:
            await enter(pilot, typed("pumafiosi", move))
    journal.close()
    replay = replay_file(tmp_path / "game.jsonl")
    assert replay.error is None
    assert ([without_time(s.move) for s in replay.steps]
            == [without_time(m) for m in moves[:end]])
    times = [s.move["t"] for s in replay.steps]
    assert times == sorted(times) and times[half] >= last_t
    expected = Session(replay.session.header)
    for move in moves[:end]:
        expected.apply(move)
    assert replay.session.summary() == expected.summary()


async def test_the_camera_panel_and_status_show_what_the_pipeline_feeds(tmp_path):
    journal, table, moves = fresh_game(tmp_path)
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        assert "camera off" in shown(pilot, "StatusBar")
        assert "No camera" in shown(pilot, "CameraPanel")
        pilot.app.show_camera(
            CameraStatus(fps=14.6, cards_seen=5,
                         warnings=("card 23 should be on step 7, it is on step 8",)),
            SeenTable((SeenZone("step 8", ("23",)), SeenZone("Ann's play", ()),
                       SeenZone("Bob's play", ("41", "12")))))
        await pilot.pause()
        status = shown(pilot, "StatusBar")
        assert "camera 15 fps · 5 cards seen" in status
        assert "card 23 should be on step 7, it is on step 8" in status
        panel = shown(pilot, "CameraPanel")
        assert "step 8" in panel and "[23]" in panel and "(empty)" in panel
        assert "[41]  [12]" in panel
    journal.close()


async def test_the_status_bar_asks_the_table_s_question_first(tmp_path):
    journal, table, moves = fresh_game(tmp_path)
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        pilot.app.show_camera(
            CameraStatus(fps=15.0, cards_seen=4, warnings=("Cy played 40, but it is Bob's "
                                                           "turn",),
                         question="Bob's card? type it (bob CARD), or put it down again"),
            SeenTable(()))
        await pilot.pause()
        status = shown(pilot, "StatusBar")
        assert status.index("? Bob's card? type it (bob CARD)") < status.index("Cy played 40")
    journal.close()


def cells(panel) -> list[tuple[str, object]]:
    """Each character the panel draws, but blanks, with its style, row by row."""
    columns, rows = panel.content_size
    return [(char, segment.style) for y in range(rows) for segment in panel.render_line(y)
            if segment.text.strip() for char in segment.text]


async def test_the_camera_panel_shows_the_outlined_frame_and_f3_cycles_the_views(tmp_path):
    journal, table, moves = fresh_game(tmp_path)
    frame, cards = camera_frame()
    zones = SeenTable((SeenZone("step 8", ("23",)),), frame=frame)
    app = TableApp(table, journal=journal, camera_view="image")
    async with app.run_test(size=(160, 50)) as pilot:   # room for the outlines to show
        pilot.app.show_camera(CameraStatus(fps=15.0, cards_seen=cards), zones)
        await pilot.pause()
        panel = pilot.app.screen.query_one("CameraPanel")
        drawn = cells(panel)
        columns, rows = panel.content_size
        # Fitted to the panel: every row used (a 16:9 frame is height-bound here).
        assert {char for char, _ in drawn} == {"▀"}
        assert all(any(s.text == "▀" for s in panel.render_line(y)) for y in range(rows))
        assert len(drawn) > rows * 16
        # The table is pale, the floor dark, and the scan drawing's green outlines show.
        colours = [style.color.triplet for _, style in drawn]
        assert any(min(c) > 150 for c in colours) and any(max(c) < 90 for c in colours)
        assert any(g > r + 40 and g > b + 40 for r, g, b in colours)
        await pilot.press("f3")
        assert pilot.app.camera_view == "map" and "step 8  [23]" in shown(pilot, "CameraPanel")
        await pilot.press("f3")   # the plan, which a feed without a calibration lacks
        assert pilot.app.camera_view == "plan" and "step 8  [23]" in shown(pilot, "CameraPanel")
        await pilot.press("f3")
        assert pilot.app.camera_view == "image" and cells(panel)[0][0] == "▀"
        # A feed without a frame shows the map whatever the view.
        pilot.app.show_camera(CameraStatus(fps=15.0, cards_seen=cards), SeenTable(zones.zones))
        await pilot.pause()
        assert "step 8  [23]" in shown(pilot, "CameraPanel")
    journal.close()


async def test_tab_completes_a_player_name_at_the_command_line(tmp_path):
    journal, table, moves = fresh_game(tmp_path)
    async with TableApp(table, journal=journal).run_test(size=SIZE) as pilot:
        command = pilot.app.game_screen.query_one("#command")
        assert command.has_focus
        await pilot.press("a", "n")
        await wait_for(pilot, lambda: command._suggestion == "Ann", what="the suggestion")
        await pilot.press("tab")
        assert command.value == "Ann" and command.has_focus
    journal.close()


async def test_playback_goes_on_under_the_command_palette():
    app = demo_app(max_gap=0.1)   # (still playing once the palette is up, however slow)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: app.screen is not app.game_screen, what="the palette")
        position = app.playback.position
        await wait_for(pilot, lambda: app.playback.position > position + 3,
                       what="moves played under the palette")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.game_screen, what="the game screen")


async def test_a_move_the_journal_cannot_hold_is_taken_back(tmp_path):
    _, table, moves = fresh_game(tmp_path)
    full_disk = Journal(open("/dev/full", "a", encoding="utf-8"), Path("/dev/full"))
    async with TableApp(table, journal=full_disk).run_test(size=SIZE) as pilot:
        await enter(pilot, typed("pumafiosi", moves[0]))
        assert table.session.moves == []
        assert "Cannot write the journal /dev/full" in shown(pilot, "#message")


MUTED = AudioSettings(output=OutputSettings(muted=True), listen=False)


async def test_the_sound_stage_follows_every_move_in_order():
    header, moves = session_lines("mafia-omerta-broken")
    table = Table(Session(parse_header(header)))
    app = TableApp(table, recording=moves, max_gap=0.001, sound=MUTED)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.playback.finished, what="the end of the recording")
        timer = app.live.omerta
        assert app.sound.audio.timer is timer   # one clock: the sound reads the table's
        await wait_for(pilot, lambda: timer.broken is not None, what="the Omertà timer")
        assert not timer.in_force and not table.game.omerta


async def test_the_sound_stage_speaks_and_warns_in_the_tables_language():
    header, moves = session_lines("mafia-omerta-broken")
    table = Table(Session(parse_header(header)))
    app = TableApp(table, lang="vi", sound=AudioSettings(
        output=OutputSettings(muted=True), listen=False, speak="en", turn_seconds=0.05))
    async with app.run_test(size=SIZE) as pilot:
        audio = app.sound.audio
        await wait_for(pilot, lambda: audio.speaker.language == "vi", what="Vietnamese")
        await enter(pilot, "turn Ann")
        await wait_for(pilot, lambda: "Lượt của Ann đã quá" in shown(pilot, "#message"),
                       what="the overtime warning")
        await pilot.press("f2")
        await wait_for(pilot, lambda: audio.speaker.language == audio.guard.lang == "en",
                       what="English")


async def test_speech_heard_during_an_omerta_becomes_a_journalled_spoke(tmp_path):
    header, moves = session_lines("mafia-omerta-broken")
    until_omerta = next(i for i, m in enumerate(moves) if m["type"] == "omerta") + 1
    parsed = parse_header(header)
    journal = Journal.create(tmp_path / "mafia.jsonl", parsed)
    table = Table(Session(parsed))
    app = TableApp(table, journal=journal, sound=MUTED)
    async with app.run_test(size=SIZE) as pilot:
        for move in moves[:until_omerta]:
            await enter(pilot, typed("mafia", move))
        timer = app.live.omerta
        await wait_for(pilot, lambda: timer.in_force, what="the Omertà timer")
        # The microphone's listener calls this from its own thread.
        microphone = threading.Thread(
            target=app.sound.audio.guard.on_speech,
            args=(HeardSpeech(onset_s=0.5, called_s=0.7, clip=tmp_path / "speech.wav"),))
        microphone.start()   # it waits for the app to take the move: never join it here
        await wait_for(pilot, lambda: not microphone.is_alive(), what="the heard move")
        assert table.session.moves[-1]["type"] == "spoke"
        assert not table.game.omerta
        assert "during the Omertà" in shown(pilot, "#message")
    journal.close()
    last = json.loads((tmp_path / "mafia.jsonl").read_text().splitlines()[-1])
    assert last["type"] == "spoke" and last["clip"] == str(tmp_path / "speech.wav")
