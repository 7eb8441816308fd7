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
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.01)


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
