"""Every message the companion shows or says, English and Vietnamese side by side.

Each entry is ``code: {"en": ..., "vi": ...}``, keyed by a stable code, its wording in each
language a ``str.format`` template or, where a sentence needs logic, a function of its
fields (a refusal's fields, an outcome). The catalogue is split by subject, one small
module each:

- rules, and each game's own module (its registration's ``messages``): why the rules refuse (a RuleError's code: ``REFUSALS``,
  as a session file's refused line says it, ``str(err)`` in English; ``AT_TABLE``, the
  codes worded again for players) and what happens (an Outcome's kind: ``OUTCOMES``, the
  English being ``Outcome.text()``);
- screen, help, command_line: the dashboard and the web page (``t``);
- live, audio: the live path's sentences (companion.said) and the sound stage's;
- commands, recording, session: what the commands print and refuse, recordings and
  calibrating, a session file read back;
- terms: the words of the games and of the session format, and each move as a sentence;
- problems: vision's problems and calibration's refusals and notes, said from their code.
  Their words stand in vision/messages.py and calibration/messages.py, in the same shape:
  those layers know no companion and word their English where it is made.

Nothing here imports the games (or anything above the catalogue): the engines import it
only inside ``str(err)`` and ``Outcome.text()``, when a refusal or an outcome is worded,
so replaying the rules never loads it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from companion.messages import audio, command_line, commands, help, live, recording, rules, \
    screen, session
from companion.messages.words import LANGS, Fields, checked
from companion.registry import game_names, game_spec

__all__ = ["AT_TABLE", "LANGS", "MESSAGES", "OUTCOMES", "REFUSALS", "announce", "puma_turn",
           "refused", "refused_at_table", "t"]


class _Merged(Mapping):
    """One table of words (a module attribute: ``MESSAGES``, ``REFUSALS``, ...) over the
    shared modules and every registered game's messages module (its registration's
    ``messages``), merged on first use and again once another game registers."""

    def __init__(self, attribute: str, shared: tuple):
        self._attribute, self._shared = attribute, shared
        self._games: tuple[str, ...] | None = None
        self._words: dict[str, Any] = {}

    def _table(self) -> dict[str, Any]:
        games = game_names()
        if games != self._games:
            modules = self._shared + tuple(game_spec(name).part("messages") for name in games)
            self._words = {code: words for module in modules
                           for code, words in getattr(module, self._attribute, {}).items()}
            self._games = games
        return self._words

    def __getitem__(self, code: str) -> Any:
        return self._table()[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


MESSAGES: Mapping[str, dict[str, str]] = _Merged("MESSAGES", (
    screen, help, command_line, live, audio, commands, recording, session))
"""The screen, live path and command messages (``t``), by message id."""

REFUSALS: Mapping[str, dict[str, Any]] = _Merged("REFUSALS", (rules,))
"""Why the rules refuse a move or a header (a RuleError's ``code``), as a session file's
refused line says it, worded from the error's fields."""

AT_TABLE: Mapping[str, dict[str, Any]] = _Merged("AT_TABLE", (rules,))
"""The refusals worded again for players, where the file's wording names the session
format's fields."""

OUTCOMES: Mapping[str, dict[str, Any]] = _Merged("OUTCOMES", (rules,))
"""What happens at the table (an Outcome's ``kind``), worded from the outcome."""


def t(lang: str, key: str, **fields: Any) -> str:
    """The message ``key`` in ``lang`` with its fields filled in."""
    return MESSAGES[key][checked(lang)].format(**fields)


def puma_turn(lang: str, phase: str, player: str | None) -> str:
    """Whose turn it is in Pumafiosi: a place with no player named is the winner's of a
    round with an unseen play (the place will say who won)."""
    key = "place_open" if phase == "place" and player is None else phase
    return t(lang, f"puma.phase.{key}", player=player)


def refused(code: str, fields: Fields, lang: str) -> str:
    """The refusal ``code`` in ``lang``, as a session file's refused line says it."""
    return REFUSALS[code][checked(lang)](fields)


def refused_at_table(code: str, fields: Fields, lang: str) -> str:
    """The refusal ``code`` in ``lang``, as the table hears it."""
    return AT_TABLE.get(code, REFUSALS[code])[checked(lang)](fields)


def announce(outcome: Any, lang: str) -> str:
    """An outcome in ``lang``, from its kind and fields (never from its English text)."""
    return OUTCOMES[outcome.kind][checked(lang)](outcome)
