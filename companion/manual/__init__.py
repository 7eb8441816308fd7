"""Moves typed in plain words, one parser module per game (pure functions).

Each game module has ``parse(text, ...) -> move`` (a session-format move, ``undo``
included), ``EXAMPLE`` (a typical entry) and ``WORDS`` (its keywords, for completion).
A bad entry raises :class:`ParseError` with a message id of companion.i18n, so it is
shown in the table's language.
"""
