"""Every message the companion shows or says, English and Vietnamese side by side.

Each entry is ``key: {"en": ..., "vi": ...}``, keyed by a stable code, its wording in
each language a ``str.format`` template or, where a sentence needs logic, a function of
its fields. The catalogue is split by subject, one small module each:

- screen, help, command_line: the dashboard and the web page (``t``);
- live, audio: the live path (companion.said) and the sound stage;
- commands, recording, session: what the commands print and refuse, recordings and
  calibrating, a session file read back;
- terms: the words of the games and of the session format, and each move as a sentence.
"""

from __future__ import annotations

from typing import Any

from companion.messages import audio, command_line, commands, help, live, recording, \
    screen, session
from companion.messages.words import LANGS, checked

__all__ = ["LANGS", "MESSAGES", "puma_turn", "t"]

MESSAGES: dict[str, dict[str, str]] = {
    **screen.MESSAGES, **help.MESSAGES, **command_line.MESSAGES, **live.MESSAGES,
    **audio.MESSAGES, **commands.MESSAGES, **recording.MESSAGES, **session.MESSAGES}
"""The screen, live path and command messages (``t``), by message id."""


def t(lang: str, key: str, **fields: Any) -> str:
    """The message ``key`` in ``lang`` with its fields filled in."""
    return MESSAGES[key][checked(lang)].format(**fields)


def puma_turn(lang: str, phase: str, player: str | None) -> str:
    """Whose turn it is in Pumafiosi: a place with no player named is the winner's of a
    round with an unseen play (the place will say who won)."""
    key = "place_open" if phase == "place" and player is None else phase
    return t(lang, f"puma.phase.{key}", player=player)
