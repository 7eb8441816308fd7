"""The help (F1, or "help" or "?" at the command line): the moves of the game as they are
typed, made from the parser's own forms, so it says what the parser reads.

The forms the game's phase waits for come first, then those allowed at any time, then
the rest of the game's; each with what it does and examples with the table's players.
"""

from __future__ import annotations

from typing import Sequence

from rich.console import Group
from rich.padding import Padding
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
              fields: dict[str, str]) -> Group:
    """The help as lines, each indented as a whole, so that a line the terminal wraps
    keeps its indent (an 80-column terminal wraps most descriptions)."""
    lines: list[Padding] = []

    def line(indent: int, *parts: tuple[str, str]) -> None:
        lines.append(Padding(Text.assemble(*parts), (0, 0, 0, indent)))

    line(0, (t(lang, "help.title", game=t(lang, f"game.{game}")), "bold underline"))
    line(0, (t(lang, "help.notation"), "dim"))
    for heading, group in grouped(forms, phase):
        line(0, ("", ""))
        line(0, (t(lang, heading), "bold"))
        for form in group:
            line(2, (usage_words(form.usage, lang), "bold"))
            line(6, (t(lang, form.about, **fields), ""))
            line(6, (t(lang, "help.eg") + " ", "dim"),
                 ("   ".join(form.filled(**fields)), "italic"))
    line(0, ("", ""))
    line(0, (t(lang, "help.close"), "dim"))
    return Group(*lines)


def plain(shown: Group) -> str:
    """What the help says, without its styles: one line per line of the help."""
    return "\n".join(padding.renderable.plain for padding in shown.renderables)


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,f1,q", "dismiss", "close the help", priority=True)]

    def __init__(self, text: Group):
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield VerticalScroll(Static(self.text, id="help-text"), id="help-pane")
