"""The command line: moves in plain words, with the last word completed (Tab or →)."""

from __future__ import annotations

from typing import Callable, Iterable

from textual.binding import Binding
from textual.suggester import Suggester
from textual.widgets import Input

from companion.names import name_key


class WordSuggester(Suggester):
    """Completes the word being typed from the words the current game understands."""

    def __init__(self, words: Callable[[], Iterable[str]]):
        # No cache: the vocabulary changes (a language switch, a new game).
        super().__init__(use_cache=False, case_sensitive=False)
        self._words = words

    async def get_suggestion(self, value: str) -> str | None:
        # The last words typed may start a name of several words ("ann l" -> "Ann Lee");
        # accents need not be typed ("zo" -> "Zoë").
        words = value.split(" ")
        for count in range(len(words), 0, -1):
            head, tail = " ".join(words[:-count]), name_key(" ".join(words[-count:]))
            if not tail or (count > 1 and " " not in tail):
                continue
            for word in self._words():
                if name_key(word).startswith(tail) and name_key(word) != tail:
                    return f"{head} {word}" if head else word
        return None


class CommandLine(Input):
    # Tab completes the word (as → does at the end of the line) instead of leaving the line.
    BINDINGS = [Binding("tab", "cursor_right", "complete", show=False)]

    def __init__(self, words: Callable[[], Iterable[str]], **kwargs):
        super().__init__(suggester=WordSuggester(words), **kwargs)
        self.cursor_blink = False  # a steady cursor: nothing on the table's screen blinks
        self._last_sent = ""        # the last entry submitted

    async def action_submit(self) -> None:
        """The line as it is at Enter, and the line cleared at once: the keys that come
        before the screen has answered (a quick typist, or keys arriving together) are
        the next move, not the end of this one."""
        text, self.value = self.value, ""
        self._last_sent = text
        self.post_message(self.Submitted(self, text))

    def keep(self, text: str) -> None:
        """A refused entry back on the line to be mended, unless the next one is begun
        (or sent)."""
        if not self.value and text == self._last_sent:
            self.value = text
            self.cursor_position = len(text)
