"""One colour per seat, the same on every panel, so a family is recognised at a glance."""

from __future__ import annotations

from typing import Sequence

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold bright_red",
               "bold bright_blue", "bold white", "bold bright_cyan")
NOBODY_STYLE = "dim"


def seat_style(names: Sequence[str], name: str | None) -> str:
    if name is None or name not in names:
        return NOBODY_STYLE
    return SEAT_STYLES[list(names).index(name) % len(SEAT_STYLES)]
