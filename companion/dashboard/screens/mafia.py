"""Mafia: the two missions (companion.board.mafia), successes and failures, exposed cops,
whose turn it is (with its clock when the table keeps one), and the Omertà banner: who
called the silence, how long it has lasted, whose turn ends it. The clocks come from the app's
Omertà timer and are redrawn every second.

When a side has won, the table is asked who were the cops (the goal cards were secret);
the answer, checked by the rules, is kept beside the journal (companion.session.cops), so
a resumed game and ``companion export --bgstats`` know each player's side."""

from __future__ import annotations

from rich.text import Text

from companion.dashboard.screens.base import GameScreen
from companion.audio.announcer import format_clock
from companion.dashboard.widgets.colours import seat_style
from companion.games import RuleError
from companion.games.mafia import COPS, MOBSTERS, WINNING_COUNT
from companion.games.mafia_outcomes import SideWon
from companion.i18n import t, term
from companion.journal_rewrite import named_contribution
from companion.manual import mafia as words
from companion.rule_reasons import say_reason
from companion.said import say
from companion.session.cops import CopsFileError, read_cops, write_cops

CLOCK_S = 1.0   # how often the clocks are redrawn


class MafiaScreen(GameScreen):
    forms = words.FORMS
    keywords = words.WORDS

    cops: tuple[str, ...] | None = None   # named at the end of the game

    def phase(self) -> str | None:
        # Every Mafia move may come at any time; once over, the table names the cops.
        return "over" if self.table.game.complete else None

    def to_act(self) -> str | None:
        return self.table.game.to_act

    def waiting_form(self) -> words.Form | None:
        # No mission open yet: the table opens one; then cards go on it; at the end, the
        # cops (unless known).
        game = self.table.game
        if game.winners:
            known = self.cops is not None or len(game.roles) == len(self.table.names)
            return None if known else next(f for f in self.forms if "over" in f.phases)
        kind = "contribute" if game.in_progress else "mission"
        return next(f for f in self.forms if f.usage.startswith(kind))

    def enter(self, move: dict) -> bool:
        if move["type"] == "whose":   # the card nobody saw whose, named
            return self.enter_rewrite(lambda: named_contribution(
                self.table.session, move["player"], move["slot"], move.get("skill")))
        if move["type"] != "cops":
            return super().enter(move)
        lang, game = self.app.lang, self.table.game
        if not game.complete:
            self.show_message(t(lang, "mafia.cops_early"), error=True)
            return False
        try:
            sides = game.sides(move["players"])
        except RuleError as exc:
            self.show_message(t(lang, "cmd.illegal", reason=say_reason(exc, lang)), error=True)
            return False
        cops = tuple(name for name, side in sides.items() if side == COPS)
        if self.app.journal is not None:
            try:
                write_cops(self.app.journal.path, cops)
            except OSError as exc:
                self.show_message(t(lang, "mafia.cops_failed", path=self.app.journal.path,
                                    reason=exc.strerror or str(exc)), error=True)
                return False
        self.cops = cops
        self.refresh_view()
        self.show_message(t(lang, "mafia.cops_named", names=", ".join(cops)), error=False)
        return True

    def refresh_view(self, new=(), *, relabel: bool = False) -> None:
        super().refresh_view(new, relabel=relabel)
        if any(isinstance(o, SideWon) for o in new):
            self.ask_cops()

    def ask_cops(self) -> None:
        """The table is asked who were the cops, when the game is over and nobody said."""
        form = self.waiting_form()
        if self.table.game.complete and form is not None:
            self.show_message(t(self.app.lang, "mafia.ask_cops",
                                example=form.filled(**self.example_fields())[0]), error=False)

    def parse(self, text: str) -> dict:
        return words.parse(text, self.table.names)

    def games_in_series(self) -> int:
        return 1

    def on_mount(self) -> None:
        # Textual calls the base screen's on_mount too (first); this one starts the clock
        # and reads the cops a resumed game's table named.
        self.set_interval(CLOCK_S, self.refresh_heading)
        if self.app.journal is not None:
            try:
                self.cops = read_cops(self.app.journal.path)
            except CopsFileError as exc:
                self.show_message(say(exc.args[0], self.app.lang), error=True)
        self.refresh_view()
        self.ask_cops()

    def _clock(self):
        return self.app.omerta.view(self.app.session_time())

    def banner(self, lang: str) -> Text | None:
        game = self.table.game
        if not game.omerta:
            return None
        view = self._clock()
        text = Text(t(lang, "mafia.omerta", player=game.omerta))
        # The rules say whether the silence holds; the timer only knows since when (an
        # undone Omertà leaves it behind, so its clock is shown only when they agree).
        if view.in_force and view.called_by == game.omerta:
            text.append("\n" + t(lang, "mafia.silent_for", clock=format_clock(view.silent_s)))
        if game.to_act and game.to_act != game.omerta:
            text.append("\n" if "\n" not in text.plain else "  ·  ")
            text.append(t(lang, "mafia.turn") + " " + game.to_act + self._turn_clock(lang, view))
        return text

    def _turn_clock(self, lang: str, view) -> str:
        """The turn's clock: time left (or over) with a clock per turn, else time taken."""
        if view.turn != self.table.game.to_act:
            return ""
        if view.turn_left_s is None:
            return " " + format_clock(view.turn_s)
        if view.turn_left_s >= 0:
            return " " + t(lang, "mafia.left", clock=format_clock(view.turn_left_s))
        return " " + t(lang, "mafia.over", clock=format_clock(-view.turn_left_s))

    def heading(self, lang: str) -> Text:
        game = self.table.game
        text = Text(t(lang, "game.mafia"), style="bold")
        if game.to_act:
            text.append("  " + t(lang, "mafia.turn") + " ")
            text.append(game.to_act, style=seat_style(self.table.names, game.to_act))
            text.append(self._turn_clock(lang, self._clock()))
        return text

    def scores(self, lang: str) -> Text:
        game = self.table.game
        names = self.table.names
        text = Text()
        text.append(f"{term(lang, MOBSTERS):<12}", style="bold")
        text.append(f"{game.successes}/{WINNING_COUNT}  " + "●" * game.successes + "\n",
                    style="bold green")
        text.append(f"{term(lang, COPS):<12}", style="bold")
        text.append(f"{game.failures}/{WINNING_COUNT}  " + "●" * game.failures + "\n",
                    style="bold red")
        text.append("\n" + t(lang, "mafia.cops") + " ", style="bold")
        for i, player in enumerate(game.revealed_cops):
            text.append(", " if i else "")
            text.append(player, style=seat_style(names, player))
        if not game.revealed_cops:
            text.append("—", style="dim")
        if game.winners:
            text.append("\n\n" + t(lang, "mafia.won", side=term(lang, game.winners[0])),
                        style="bold reverse")
            if self.cops is not None:
                text.append("\n" + t(lang, "mafia.cops_were", names=", ".join(self.cops)))
        return text
