"""Driving the dashboard in tests: wait for a condition (never sleep), type at the command
line, read what a panel shows."""

from __future__ import annotations

import time
from typing import Callable

from rich.console import Group
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from companion.dashboard.screens.help import plain as help_plain
from companion.dashboard.widgets.command_line import CommandLine


async def wait_for(pilot: Pilot, condition: Callable[[], bool], timeout: float = 20.0,
                   what: str = "the condition") -> None:
    """Pause until ``condition()``; fails after ``timeout`` seconds of the app running.

    Each pause counts at most 0.1 s, so a machine that stalls the whole process (seen
    once in CI: the demo, 1.3 s here, "timed out" after 120 s) does not use the time up.
    """
    waited = 0.0
    while not condition():
        if not pilot.app.is_running:
            raise AssertionError(f"the app stopped while waiting for {what}")
        if waited > timeout:
            raise AssertionError(f"timed out waiting for {what}")
        before = time.monotonic()
        await pilot.pause(0.01)
        waited += min(time.monotonic() - before, 0.1)


async def enter(pilot: Pilot, text: str) -> None:
    """Type ``text`` at the command line and press Enter."""
    command = pilot.app.screen.query_one(CommandLine)
    command.focus()
    command.value = text
    await pilot.press("enter")


def shown(pilot: Pilot, selector: str) -> str:
    """The plain text a panel shows now."""
    widget = pilot.app.screen.query_one(selector)
    if isinstance(widget, RichLog):
        return "\n".join(strip.text for strip in widget.lines)
    # A Static shows what it was given; another widget (the announcement, the camera
    # panel) what it renders for its size.
    content = widget.content if isinstance(widget, Static) else widget.render()
    if isinstance(content, Group):   # the help
        return help_plain(content)
    return content.plain if isinstance(content, Text) else str(content)
