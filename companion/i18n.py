"""The companion's words in the table's language: a front door onto the message catalogue
(companion.messages), where each message's English and Vietnamese stand side by side.

``t(lang, id, **fields)`` gives a screen word or sentence; ``announce(outcome, lang)`` says
an outcome in the chosen language from its type and fields (never by parsing its English
text); ``term()`` translates a game term (an item, an animal, a colour, a side).
"""

from __future__ import annotations

from companion.messages import LANGS, MESSAGES, OUTCOMES, announce, puma_turn, t
from companion.messages.problems import problem_words
from companion.messages.terms import MOVE_SENTENCES, MOVE_WORDS, PLACEHOLDERS, TERMS, \
    ZONE_WORDS, card_words, describe_move, move_word, names_words, snake_words, term, \
    usage_words, zone_words

__all__ = ["LANGS", "MESSAGES", "MOVE_SENTENCES", "MOVE_WORDS", "OUTCOMES", "PLACEHOLDERS",
           "TERMS", "ZONE_WORDS", "announce", "card_words", "describe_move", "move_word",
           "names_words", "problem_words", "puma_turn", "snake_words", "t", "term",
           "usage_words", "zone_words"]
