"""The help (F1, or "help" or "?" at the command line): the moves of the game as they are
typed, made from the parser's own forms, so it says what the parser reads.

The forms the game's phase waits for come first, then those allowed at any time, then
the rest of the game's; each with what it does and examples with the table's players.
"""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from companion.i18n import t, usage_words
from companion.manual.words import Form


def grouped(forms: Sequence[Form], phase: str | None) -> list[tuple[str, list[Form]]]:
    """The forms under their headings: now, at any time, later (empty groups left out)."""
    now = [f for f in forms if phase in f.phases]
    always = [f for f in forms if not f.phases]
    later = [f for f in forms if f.phases and phase not in f.phases]
    return [(key, group) for key, group in (("help.now", now), ("help.any_time", always),
                                            ("help.later", later)) if group]


def help_text(game: str, forms: Sequence[Form], phase: str | None, lang: str,
              fields: dict[str, str]) -> Text:
    text = Text(t(lang, "help.title", game=t(lang, f"game.{game}")) + "\n",
                style="bold underline")
    text.append(t(lang, "help.notation") + "\n", style="dim")
    for heading, group in grouped(forms, phase):
        text.append("\n" + t(lang, heading) + "\n", style="bold")
        for form in group:
            text.append(f"  {usage_words(form.usage, lang)}\n", style="bold")
            text.append(f"      {t(lang, form.about)}\n")
            examples = "   ".join(form.filled(**fields))
            text.append(f"      {t(lang, 'help.eg')} ", style="dim")
            text.append(examples + "\n", style="italic")
    text.append("\n" + t(lang, "help.close"), style="dim")
    return text


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,f1,q", "dismiss", "close the help", priority=True)]

    def __init__(self, text: Text):
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield VerticalScroll(Static(self.text, id="help-text"), id="help-pane")
