"""Vietnamese wherever English is shown: the live path's sentences (a correction, a
question, a standing message, a refusal of what the camera read, a camera warning) made
by the real tracker, adapter, reconciler and pipeline, and a refusal typed at the command
line, shown on the dashboard in Vietnamese with no English sentence left on screen."""

from __future__ import annotations

import re

import numpy as np
import pytest
from rich.text import Text
from textual.widgets import RichLog, Static

from companion.calibrated_table import load_table_map
from companion.dashboard.app import TableApp
from companion.dashboard.camera_app import zone_name
from companion.dashboard.screens.help import plain as help_plain
from companion.dashboard.feed import CameraStatus, SeenTable, SeenZone
from companion.live_table import Table
from companion.dashboard.widgets.announcement import Announcement
from companion.dashboard.widgets.camera_panel import CameraPanel
from companion.games.base import Header, Player
from companion.i18n import MESSAGES, MOVE_SENTENCES
from companion.live.pipeline import Pipeline
from companion.live_table import LiveTable
from companion.reconcile import CONFIRM_S
from companion.said import Said, say
from companion.session import Session
from tests.dashboard.pilot import enter
from tests.live.recordings import SOURCE
from tests.tracking.test_reconcile import (PUMAFIOSI, place, play, round_won_by_ann_with_13,
                                           step_at, table)
from vision.types import Frame

NAMES = ("Ann", "Bob", "Cy")


def corrected() -> list[str]:
    """Cy's 44 read where the hand paused 2 s (step -3), at rest on step 2: corrected."""
    driver, sim = table(PUMAFIOSI)
    round_won_by_ann_with_13(sim)
    for value, seat in ((9, 1), (50, 2), (44, 3)):
        play(sim, value, seat)
    sim.move("c44", "step:-3", step_at(-3))
    sim.wait(2.0)
    sim.move("c44", "step:2", step_at(2, 1))
    sim.move("c13", "step:1", step_at(1))
    sim.wait(3.0)
    return driver.warnings


def asked() -> tuple[list[str], str]:
    """Ann's 13 put down again in Bob's zone: a refusal; Bob's card never read while
    Cy's waits: a question."""
    driver, sim = table(PUMAFIOSI)
    play(sim, 13, 1)
    sim.take("c13")
    sim.wait(1.0)
    play(sim, 13, 2)
    sim.wait(CONFIRM_S + 0.5)   # (said once it has lain there)
    sim.take("c13")
    play(sim, 40, 3)
    sim.wait(3.5)
    return driver.warnings, driver.adapter.question.text


def standing() -> tuple[str, ...]:
    """A hierarchy card knocked to another step: a standing message."""
    driver, sim = table(PUMAFIOSI)
    round_won_by_ann_with_13(sim)
    sim.wait(CONFIRM_S)     # the place shown as read: a knock after it is no correction
    place(sim, 13, 5, wait=4.0)
    return driver.adapter.standing


def camera_warning() -> tuple[str, ...]:
    """A frame without a picture, through the real pipeline."""
    session = Session(Header("pumafiosi", tuple(Player(n, a) for n, a in
                                                zip(NAMES, (41, 35, 52)))))
    pipeline = Pipeline(LiveTable(Table(session)), load_table_map(SOURCE / "calibration.json"))
    return pipeline.see(Frame(np.zeros((0, 0), np.uint8), 0.0, 7)).warnings


def screen_text(app) -> str:
    parts = [app.game_screen.query_one("#command").placeholder]
    for widget in app.game_screen.query("*"):
        if isinstance(widget, RichLog):
            parts += [strip.text for strip in widget.lines]
        elif isinstance(widget, (Static, CameraPanel, Announcement)):
            content = widget.content if isinstance(widget, Static) else widget.render()
            parts.append(content.plain if isinstance(content, Text) else str(content))
    return "\n".join(parts)


def shown_help(app) -> str:
    return help_plain(app.screen.query_one("#help-text", Static).content)


def english_fragments() -> set[str]:
    """The fixed words of every English message, three words or more at a time."""
    fragments = set()
    for texts in (*MESSAGES.values(), *MOVE_SENTENCES.values()):
        if texts["en"] == texts["vi"]:
            continue
        for piece in re.split(r"\{[^}]*\}", texts["en"]):
            words = piece.strip(" .,:;()?").split()
            if len(words) >= 3:
                fragments.add(" ".join(words))
    return fragments


async def test_the_live_paths_sentences_are_shown_in_vietnamese():
    warnings = [*corrected(), *standing(), *camera_warning()]
    refusals, question = asked()
    warnings += refusals
    assert "corrected: 44 is on step 2" in warnings
    assert "card 13 should be on step 2, it is on step 5" in warnings
    assert "Bob played 13, but 13 was already played in this game (every card exists " \
        "once)" in warnings
    assert question == "Bob's card? type it (bob CARD), or put it down again"
    assert all(isinstance(w, Said) for w in warnings + [question])
    zones = SeenTable(tuple(SeenZone(zone_name(z, NAMES), ("[13]",))
                            for z in ("play:1", "step:2", None)))
    app = TableApp(Table(Session(Header("pumafiosi", tuple(
        Player(n, a) for n, a in zip(NAMES, (41, 35, 52)))))), lang="vi", camera_view="map")
    async with app.run_test(size=(160, 50)) as pilot:
        app.show_camera(CameraStatus(29.0, 12, tuple(warnings), question), zones)
        await enter(pilot, "bob 27")            # a refusal typed at the command line
        await pilot.pause()
        shown = screen_text(app)
        for sentence in warnings + [question]:
            assert say(sentence, "vi") in shown and str(sentence) not in shown, sentence
        assert "đã sửa: 44 nằm ở bậc 2" in shown
        assert "lá 13 phải ở bậc 2, nhưng đang ở bậc 5" in shown
        assert "Lá bài của Bob? gõ vào (bob LÁ), hoặc đặt lại lá bài" in shown
        assert "vùng chơi của Ann" in shown and "bàn" in shown
        assert "Không hợp lệ: Bob chơi lá 27, nhưng đang là lượt của Ann" in shown
        left = [f for f in english_fragments() if f in shown]
        assert not left, left
        assert not re.search(r"\b(the|is|on|of|but|it|card|step|turn)\b", shown), shown
        await pilot.press("f1")                 # the help, in Vietnamese too
        await pilot.pause()
        help_text = shown_help(app)
        assert "TÊN" in help_text and "Bây giờ" in help_text
        assert not re.search(r"\b(PLAYER|CARD|STEP|the|a|of)\b", help_text), help_text
        assert not [f for f in english_fragments() if f in help_text]


def test_every_sentence_is_its_english_and_says_its_fields_in_vietnamese():
    (warning,) = camera_warning()
    assert warning == "frame 7: no picture (a missing or corrupt frame): skipped"
    assert say(warning, "vi") == "khung hình 7: không có ảnh (thiếu hoặc hỏng): bỏ qua"
    assert say("plain text", "vi") == "plain text"   # not a Said: shown as it is


@pytest.mark.parametrize("argv, vietnamese", [
    (["play", "--lang", "vi"], "hãy nêu trò chơi (pumafiosi, pungi hoặc mafia)"),
    (["play", "pumafiosi", "--lang", "vi"], "hãy nêu người chơi: --players Ann:41"),
    (["play", "pumafiosi", "--players", "Ann:abc", "Bob:30", "--lang", "vi"],
     "--players Ann:abc: tuổi sau dấu ':' phải là một số năm nguyên, ví dụ Ann:41"),
    (["play", "mafia", "--players", "Ann=Nobody", "Bob", "Cy", "--lang", "vi"],
     "--players Ann=Nobody: Nobody không phải lá nhân vật Mafia"),
    (["play", "mafia", "--players", "Ann", "Bob", "Cy", "--turn-seconds", "0", "--lang", "vi"],
     "--turn-seconds phải lớn hơn 0 giây, không phải 0"),
    (["play", "--resume", "nowhere.jsonl", "--lang", "vi"],
     "nowhere.jsonl: không có nhật ký này"),
    (["play", "pumafiosi", "--players", "Ann:41", "Bob:35", "--camera", "0", "--lang", "vi"],
     "--camera cần tệp --calibration của bàn"),
    (["demo", "--recording", "nowhere", "--lang", "vi"],
     "--recording nowhere: không có bản ghi kèm theo này"),
    (["demo", "--max-gap", "2", "--lang", "vi"], "--max-gap dành cho --session"),
    (["timer", "omerta", "--players", "2", "--lang", "vi"],
     "--players phải từ 3 đến 8 (bàn Mafia), không phải 2"),
])
def test_play_demo_and_timer_refuse_in_the_tables_language(tmp_path, monkeypatch, capsys, argv,
                                                     vietnamese):
    from companion.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: " + vietnamese) and err.count("\n") == 1, err
    assert not list(tmp_path.iterdir())   # nothing journalled


def test_a_header_the_rules_refuse_is_said_in_the_tables_language(tmp_path, monkeypatch,
                                                                   capsys):
    from companion.cli import main

    monkeypatch.chdir(tmp_path)
    lines = []
    for lang in ("en", "vi"):
        assert main(["play", "pumafiosi", "--players", "Ann:41", "--lang", lang]) == 1
        lines.append(capsys.readouterr().err)
    english, vietnamese = lines
    assert english == "companion: Pumafiosi is for 2 to 5 players, not 1\n"
    assert vietnamese == "companion: Pumafiosi dành cho 2 đến 5 người chơi, không phải 1\n"
