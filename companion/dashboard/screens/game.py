"""The game screen, the same for every game: it draws the game's view
(companion.board.view: heading, banner, scores, board, chart) and reads entries at the
command line through the game's words (companion.manual.words_at_table); it knows nothing
of any game.

It renders from the app's :class:`~companion.live_table.Table` and language; it never
changes the game itself: the moves an entry makes go to the app.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from rich.cells import cell_len
from rich.console import Group
from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from companion.board import view
from companion.board.game_view import GameView
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
from companion.dashboard.widgets.view_text import banner_text, heading_text, scores_text
from companion.dashboard.widgets.web_link import WebLink
from companion.i18n import announce, t
from companion.manual import words_at_table
from companion.manual.table_words import Answer, Refused
from companion.manual.words import ParseError
from companion.said import Said, said, say
from companion.session import Journal

HELP_WORDS = ("help", "?", "f1")   # typed at the command line, they open the help
SIDE_MIN_WIDTH = 30   # columns of the side column (scores, chart, camera) at the least
SIDE_FRAME = 4        # the score panel's border and padding
CLOCK_S = 1.0         # how often a running clock is redrawn


class GameScreen(Screen):
    """A game's screen: ``words``, the game's words at the table (its forms for the help
    and the placeholder, its parser, what an entry does)."""

    # The screen's classes by the terminal's size, for dashboard.tcss: from 80x24 the
    # compact forms (-narrow, -short), from 160x50 the roomy ones (-wide, -huge).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-medium"), (160, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (BIG_TYPE_MIN_ROWS, "-tall"),
                            (LARGE_TYPE_MIN_ROWS, "-huge")]

    def __init__(self, table: Table, journal: Journal | None = None):
        super().__init__()
        self.table = table
        self.kind = table.session.header.game
        self.words = words_at_table(table, Path(journal.path) if journal else None)
        self._ticker = None   # redraws the heading every second, once a clock runs

    def game_view(self, lang: str) -> GameView:
        """The game's view now, its clocks read from the app's Omertà clock."""
        table, app = self.table, self.app
        return view(self.kind, table.game, table.names, table.in_force, lang,
                    app.omerta.view(app.session_time()), self.words.answers())

    def help_text(self, lang: str) -> Group:
        words = self.words
        return help_text(self.kind, words.forms, words.phase(), lang, words.help_fields(lang))

    def show_help(self) -> None:
        self.app.push_screen(HelpScreen(self.help_text(self.app.lang)))

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
        yield CommandLine(self.words.vocabulary, id="command")
        yield Static(id="message")
        yield StatusBar(id="status")
        yield KeyLine(id="help")

    def on_mount(self) -> None:
        unread = self.words.start()   # what is kept beside the journal, before it is drawn
        self.refresh_view()
        self.query_one(History).show(self._history_lines())
        lang = self.app.lang
        if self.app.repaired is not None:   # a resumed journal's cut-short line, set aside
            self.show_message(t(lang, "cmd.damaged", path=self.app.repaired), error=True)
        if unread is not None:
            self.show_message(say(unread, lang), error=True)
        self.ask()
        if self.app.playback:
            self.set_focus(None)  # a recording plays: keys steer it; ':' opens the command line
            self.app.start_playback()
        else:
            self.query_one(CommandLine).focus()

    def on_resize(self) -> None:
        # A change of height alone does not resize the announcement, but may let its
        # block letters in or out.
        self.query_one(Announcement).refresh(layout=True)

    def _history_lines(self) -> list[str]:
        lang = self.app.lang
        return [announce(outcome, lang) for outcome in self.table.history]

    def refresh_view(self, new: Sequence = (), *, relabel: bool = False) -> None:
        """Redraw from the table; ``new`` outcomes are added to the history, and the
        table is asked what the game's words ask after them."""
        app, lang = self.app, self.app.lang
        shown = self.game_view(lang)
        self.refresh_heading(shown)
        latest = self.table.latest
        self.query_one(Announcement).show(
            "\n".join(announce(o, lang) for o in latest) if latest
            else t(lang, "announce.waiting"))
        self.query_one(BoardPane).show(board_text(shown.board))
        scores = scores_text(shown.scores, shown.notes)
        update_changed(self.query_one("#scores", Static), scores)
        # The side column is never narrower than the score table (the panel's first
        # block): a wrapped table misreads.
        table = scores.plain.split("\n\n")[0].splitlines() or [""]
        widest = max(cell_len(line) for line in table)
        self.query_one("#side").styles.min_width = max(SIDE_MIN_WIDTH, widest + SIDE_FRAME)
        names = self.table.names
        games = ([dict(zip(names, scores)) for scores in shown.chart.games]
                 if shown.chart and shown.games_in_series > 1 else [])
        self.query_one(ScoreChart).show(names, games, lang)
        self.refresh_camera()
        self.query_one(WebLink).show(app.web.url if app.web else None, lang)
        self.query_one(KeyLine).show(t(lang, app.help_key), t(lang, app.help_key + "_short"))
        command = self.query_one(CommandLine)
        example = self.words.example()
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
        if new:
            self.ask()

    def refresh_camera(self) -> None:
        """Redraw the camera panel and the status bar (all a new frame changes)."""
        app = self.app
        # Without a camera the layout has other uses for the camera panel's room.
        self.set_class(app.camera is None and app.seen_table is None, "-no-camera")
        self.query_one(CameraPanel).show(app.seen_table, app.lang, app.camera_view,
                                         self.table.names)
        self.query_one(StatusBar).show(app.camera, app.playback_text(), app.lang)

    def refresh_heading(self, shown: GameView | None = None) -> None:
        """Redraw the heading and the banner (all a clock changes) from ``shown`` (default:
        the view now); from the first view with a running clock on, every second."""
        lang = self.app.lang
        shown = shown or self.game_view(lang)
        update_changed(self.query_one("#heading", Static),
                       heading_text(t(lang, f"game.{self.kind}"), shown.turn, shown.heading))
        banner = shown.banner
        banner_widget = self.query_one("#banner", Static)
        banner_widget.display = banner is not None
        update_changed(banner_widget, banner_text(banner) if banner else "")
        if shown.clocks and self._ticker is None:
            self._ticker = self.set_interval(CLOCK_S, self.refresh_heading)

    def ask(self) -> None:
        """The game's question to the table now, if it has one (Mafia's cops)."""
        question = self.words.question()
        if question is not None:
            self.show_message(say(question, self.app.lang), error=False)

    def show_message(self, text: str, *, error: bool) -> None:
        message = self.query_one("#message", Static)
        message.set_class(error, "error")
        update_changed(message, text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value
        if text.strip().casefold() in HELP_WORDS:
            self.show_help()
        elif not self.enter(text):
            event.input.keep(text)

    def enter(self, text: str) -> bool:
        """An entry typed at the table, made there; False if refused (and why, shown)."""
        try:
            entry = self.words.enter(self.words.parse(text))
        except ParseError as exc:
            return self._refused(said(exc.key, **exc.fields))
        except Refused as exc:
            return self._refused(exc.reason)
        if isinstance(entry, Answer):
            self.refresh_view()
            self.show_message(say(entry.said, self.app.lang), error=False)
            return True
        return self.app.enter_moves(entry)

    def _refused(self, reason: Said) -> bool:
        self.show_message(say(reason, self.app.lang), error=True)
        return False
