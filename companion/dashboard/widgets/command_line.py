"""The command line: moves in plain words, with the last word completed (Tab or →)."""

from __future__ import annotations

from typing import Callable, Iterable

from textual import events
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
    # Enter and Tab are taken with the typed keys, not as bindings: a binding runs after
    # the key has gone round the app, by when the keys that came after it in a burst (a
    # script, a quick typist) are already on the line ("ann 13undo" sent as one move).
    # Tab completes the word (as → does at the end of the line) instead of leaving the line.

    def __init__(self, words: Callable[[], Iterable[str]], **kwargs):
        super().__init__(suggester=WordSuggester(words), **kwargs)
        self.cursor_blink = False  # a steady cursor: nothing on the table's screen blinks
        self._last_sent = ""        # the last entry submitted

    async def _on_key(self, event: events.Key) -> None:
        if event.key not in ("enter", "tab"):
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()
        if event.key == "enter":
            await self.action_submit()
        else:
            await self.complete_word()

    async def complete_word(self) -> None:
        """Tab: the word completed now, not from the suggestion shown, which comes a
        moment after the keys (a burst's Tab would find none yet)."""
        if self.cursor_position < len(self.value):
            self.action_cursor_right()
            return
        suggestion = await self.suggester.get_suggestion(self.value)
        if suggestion:
            self.value = suggestion
            self.cursor_position = len(suggestion)

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
