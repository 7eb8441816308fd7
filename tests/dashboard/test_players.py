"""What players meet on the dashboard without reading the source: names as they are
typed (spaces, no accents), the help the app gives, its own wording accepted back."""

from __future__ import annotations

import argparse

from companion.commands import play as play_command
from companion.dashboard.app import TableApp
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
