"""One colour per seat, the same on every panel, so a family is recognised at a glance."""

from __future__ import annotations

from typing import Sequence

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold bright_red",
               "bold bright_blue", "bold white", "bold bright_cyan")
NOBODY_STYLE = "dim"


def seat_style(names: Sequence[str], name: str | None) -> str:
    return seat_colour(list(names).index(name) if name in names else None)


def seat_colour(seat: int | None) -> str:
    """The style of the player at ``seat`` (0-based; None: nobody)."""
    return NOBODY_STYLE if seat is None else SEAT_STYLES[seat % len(SEAT_STYLES)]
