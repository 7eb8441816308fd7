"""What every game's screen shows, and where: the game-specific parts are left to each game.

A game screen renders from the app's :class:`~companion.live_table.Table` and
language; it never changes the game itself. Entries at the command line go to the app.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from companion.board import board
from companion.dashboard.screens.help import HelpScreen, help_text
from companion.live_table import Table
from companion.dashboard.widgets.board import BoardPane
from companion.dashboard.widgets.board_text import board_text
from companion.dashboard.widgets.announcement import (BIG_TYPE_MIN_ROWS, LARGE_TYPE_MIN_ROWS,
                                                      Announcement)
from companion.dashboard.widgets.camera_panel import CameraPanel
from companion.dashboard.widgets.changed import update_changed
from companion.dashboard.widgets.command_line import CommandLine
from companion.dashboard.widgets.history import History
from companion.dashboard.widgets.key_line import KeyLine
from companion.dashboard.widgets.score_chart import ScoreChart
from companion.dashboard.widgets.status import StatusBar
from companion.dashboard.widgets.web_link import WebLink
from companion.games import RuleError
from companion.i18n import announce, t
from companion.manual import words
from companion.rule_reasons import say_reason
from companion.said import said, say

HELP_WORDS = ("help", "?", "f1")   # typed at the command line, they open the help
SIDE_MIN_WIDTH = 30   # columns of the side column (scores, chart, camera) at the least
SIDE_FRAME = 4        # the score panel's border and padding


class GameScreen(Screen):
    """One game's screen, its board drawn from companion.board. Each game's subclass
    provides ``heading(lang)`` and ``scores(lang)`` (rich Text), ``parse(text) -> move``
    (its manual parser with the table's context), ``games_in_series()`` (the score chart
    shows when it is more than one), ``forms`` (its parser's
    :class:`~companion.manual.words.Form` list, for the help and the placeholder),
    ``phase()`` and ``to_act()`` (what the table waits for, and from whom) and
    ``keywords`` (for the command line's completion).
    """

    forms: tuple[words.Form, ...] = ()
    keywords: tuple[str, ...] = ()
    # The screen's classes by the terminal's size, for dashboard.tcss: from 80x24 the
    # compact forms (-narrow, -short), from 160x50 the roomy ones (-wide, -huge).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-medium"), (160, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (BIG_TYPE_MIN_ROWS, "-tall"),
                            (LARGE_TYPE_MIN_ROWS, "-huge")]

    def __init__(self, table: Table):
        super().__init__()
        self.table = table

    def banner(self, lang: str) -> Text | None:
        """Lines that must not be missed (Mafia's Omertà), or None."""
        return None

    def phase(self) -> str | None:
        """The game's phase, as the forms name it (None: a game without phases)."""
        return self.table.game.phase

    def to_act(self) -> str | None:
        """The player whose move the table waits for, if one."""
        return None

    def waiting_form(self) -> words.Form | None:
        """The move the table waits for now: the first form of the phase (None: the game
        is over)."""
        phase = self.phase()
        return next((f for f in self.forms if phase in f.phases), None)

    def example_fields(self) -> dict[str, str]:
        """What the forms' examples are filled with: the player to move and another."""
        names = self.table.names
        player = self.to_act() or names[0]
        return {"player": player, "other": names[(names.index(player) + 1) % len(names)]}

    def example(self) -> str | None:
        """The placeholder's example: the awaited move, with the player to make it."""
        form = self.waiting_form()
        return form.filled(**self.example_fields())[0] if form else None

    def board(self, lang: str) -> Text:
        table = self.table
        return board_text(board(table.session.header.game, table.game, table.names,
                                table.in_force, lang))

    def help_fields(self, lang: str) -> dict[str, str]:
        """What the help's examples and descriptions are filled with, in ``lang``."""
        return self.example_fields()

    def help_text(self, lang: str) -> Group:
        return help_text(self.table.session.header.game, self.forms, self.phase(), lang,
                         self.help_fields(lang))

    def show_help(self) -> None:
        self.app.push_screen(HelpScreen(self.help_text(self.app.lang)))

    # --- shared -----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="heading")
        yield Static(id="banner")
        yield Announcement(id="announcement")
        # The board, the side column and the history: the history beneath the two, or
        # (dashboard.tcss, from 160x50) a column of its own beside them.
        with Container(id="body"):
            with Horizontal(id="middle"):
                yield BoardPane(id="board-pane")
                with Vertical(id="side"):
                    yield Static(id="scores")
                    yield ScoreChart(id="chart")
                    yield CameraPanel(id="camera")
                    yield WebLink(id="web")
            yield History(id="history")
        yield CommandLine(self.vocabulary, id="command")
        yield Static(id="message")
        yield StatusBar(id="status")
        yield KeyLine(id="help")

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one(History).show(self._history_lines())
        if self.app.repaired is not None:   # a resumed journal's cut-short line, set aside
            self.show_message(t(self.app.lang, "cmd.damaged", path=self.app.repaired),
                              error=True)
        if self.app.playback:
            self.set_focus(None)  # a recording plays: keys steer it; ':' opens the command line
            self.app.start_playback()
        else:
            self.query_one(CommandLine).focus()

    def on_resize(self) -> None:
        # A change of height alone does not resize the announcement, but may let its
        # block letters in or out.
        self.query_one(Announcement).refresh(layout=True)

    def vocabulary(self) -> Iterable[str]:
        return (*self.keywords, *self.table.names)

    def _history_lines(self) -> list[str]:
        lang = self.app.lang
        return [announce(outcome, lang) for outcome in self.table.history]

    def refresh_view(self, new: Iterable = (), *, relabel: bool = False) -> None:
        """Redraw from the table; ``new`` outcomes are added to the history."""
        app, lang = self.app, self.app.lang
        self.refresh_heading()
        latest = self.table.latest
        self.query_one(Announcement).show(
            "\n".join(announce(o, lang) for o in latest) if latest
            else t(lang, "announce.waiting"))
        self.query_one(BoardPane).show(self.board(lang))
        scores = self.scores(lang)
        update_changed(self.query_one("#scores", Static), scores)
        # The side column is never narrower than the score table (the panel's first
        # block): a wrapped table misreads.
        table = scores.plain.split("\n\n")[0].splitlines() or [""]
        widest = max(cell_len(line) for line in table)
        self.query_one("#side").styles.min_width = max(SIDE_MIN_WIDTH, widest + SIDE_FRAME)
        games = ([g["scores"] for g in self.table.session.summary()["games"]]
                 if self.games_in_series() > 1 else [])
        self.query_one(ScoreChart).show(self.table.names, games, lang)
        self.refresh_camera()
        self.query_one(WebLink).show(app.web.url if app.web else None, lang)
        self.query_one(KeyLine).show(t(lang, app.help_key), t(lang, app.help_key + "_short"))
        command = self.query_one(CommandLine)
        example = self.example()
        command.placeholder = (t(lang, "cmd.placeholder", example=example) if example
                               else t(lang, "cmd.placeholder_over"))
        for selector, title in (("#scores", "panel.scores"), ("ScoreChart", "panel.chart"),
                                ("CameraPanel", "panel.camera"), ("History", "panel.history"),
                                ("WebLink", "panel.web")):
            self.query_one(selector).border_title = t(lang, title)
        history = self.query_one(History)
        if relabel:
            history.show(self._history_lines())
        else:
            for outcome in new:
                history.add(announce(outcome, lang))

    def refresh_camera(self) -> None:
        """Redraw the camera panel and the status bar (all a new frame changes)."""
        app = self.app
        # Without a camera the layout has other uses for the camera panel's room.
        self.set_class(app.camera is None and app.seen_table is None, "-no-camera")
        self.query_one(CameraPanel).show(app.seen_table, app.lang, app.camera_view,
                                         self.table.names)
        self.query_one(StatusBar).show(app.camera, app.playback_text(), app.lang)

    def refresh_heading(self) -> None:
        """Redraw the heading and the banner (all a clock changes)."""
        lang = self.app.lang
        update_changed(self.query_one("#heading", Static), self.heading(lang))
        banner = self.banner(lang)
        banner_widget = self.query_one("#banner", Static)
        banner_widget.display = banner is not None
        update_changed(banner_widget, banner or "")

    def show_message(self, text: str, *, error: bool) -> None:
        message = self.query_one("#message", Static)
        message.set_class(error, "error")
        update_changed(message, text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value
        if text.strip().casefold() in HELP_WORDS:
            self.show_help()
            return
        try:
            move = self.parse(text)
        except words.ParseError as exc:
            self.show_message(say(said(exc.key, **exc.fields), self.app.lang), error=True)
            event.input.keep(text)
            return
        if not self.enter(move):
            event.input.keep(text)

    def enter(self, move: dict) -> bool:
        """An entry the parser read, made at the table; False if refused."""
        return self.app.enter_move(move)

    def enter_rewrite(self, moves: Callable[[], Sequence[dict]]) -> bool:
        """A move the camera booked unread, named: ``moves()`` rewrites the journal from
        it on (companion.journal_rewrite); a refusal is shown, nothing changed."""
        try:
            rewritten = moves()
        except RuleError as exc:
            self.show_message(t(self.app.lang, "cmd.illegal",
                                reason=say_reason(exc, self.app.lang)), error=True)
            return False
        return self.app.enter_moves(rewritten)

