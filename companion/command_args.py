"""Command-line arguments that several commands share, each checked with a one-line
CommandError: a player as NAME[:AGE], --turn-seconds, a calibration file."""

from __future__ import annotations

from companion.cli import CommandError


def player_entry(text: str) -> dict:
    """``Ann:41`` as the session header's player entry ``{"name": "Ann", "age": 41}``."""
    name, sep, age = text.partition(":")
    if not sep:
        return {"name": name}
    try:
        return {"name": name, "age": int(age)}
    except ValueError:
        raise CommandError(f"--players {text}: the age after ':' must be a whole number, "
                           f"e.g. {name}:41") from None


def check_turn_seconds(seconds: float | None) -> None:
    if seconds is not None and not seconds > 0:
        raise CommandError(f"--turn-seconds must be more than 0 seconds, not {seconds:g}")


def open_table_map(path: str):
    """The table map of a calibration file; calibration/ is imported only when asked for."""
    from calibration.types import CalibrationError
    from companion.calibrated_table import load_table_map

    try:
        return load_table_map(path)
    except CalibrationError as exc:
        raise CommandError(str(exc)) from None
