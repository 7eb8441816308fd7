"""Why the rules refuse a move, said in the table's language: a front door onto the
message catalogue (companion.messages), where each refusal's English and Vietnamese stand
side by side, keyed by the RuleError's ``code`` and worded from its ``fields``.

A session file's refused line (``file_reason``) is said as the file has it: in English,
``str(err)``. At the table (``say_reason``) a refusal is a sentence for players: the codes
whose file wording names the session format's fields are worded again for them.

>>> from companion.games import RuleError
>>> err = RuleError("wrong_turn", move="play", player="Bob", card=20, turn="Ann", done=False)
>>> say_reason(err, "vi")
'Bob chơi lá 20, nhưng đang là lượt của Ann'
>>> say_reason(err, "en")
"Bob played 20, but it is Ann's turn"
>>> err = RuleError("card_range", move="play", card=999, low=1, high=55)
>>> say_reason(err, "en")
'There is no card 999: Pumafioso cards are 1 to 55'
>>> file_reason(err, "en")
'play: "card" must be a Pumafioso card from 1 to 55, not 999'
"""

from __future__ import annotations

from companion.games.base import RuleError
from companion.messages import refused, refused_at_table
from companion.messages.words import Fields


def say_reason(err: RuleError, lang: str) -> str:
    """A refusal at the table in ``lang`` (the dashboard, the timer, the commands)."""
    return refused_at_table(err.code, err.fields, lang)


def reason_in(code: str, fields: Fields, lang: str) -> str:
    """The refusal ``code`` with its ``fields`` said at the table in ``lang``."""
    return refused_at_table(code, fields, lang)


def file_reason(err: RuleError, lang: str) -> str:
    """A session file's line refused, in ``lang``: in English ``str(err)`` (what the
    ``.error`` fixtures compare)."""
    return refused(err.code, err.fields, lang)
