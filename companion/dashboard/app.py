"""The table dashboard: one screen per game, fed by a Session and what its moves announce.

Moves reach one :class:`Table` from a recording played back on timers (the demo), and
through :meth:`TableApp.enter_move` from the command line (manual play) and the
microphone (speech during an Omertà), both journalled; later from the live pipeline. Nothing here blocks the screen: playback
runs on timers, sound and the microphone in a thread worker (companion.dashboard.sound).
"""

from __future__ import annotations

import time
from typing import Callable, Sequence

from textual.app import App
from textual.binding import Binding

from companion.audio.table_audio import AudioSettings
from companion.dashboard.feed import CAMERA_VIEWS, CameraStatus, SeenTable
from companion.dashboard.playback import Playback
from companion.dashboard.screens import screen_for
from companion.dashboard.screens.help import HelpScreen
from companion.dashboard.sound import TableSound
from companion.dashboard.table import Table
from companion.dashboard.widgets.web_link import WebPage
from companion.games import Move, Outcome, RuleError
from companion.i18n import LANGS, announce, describe_move, t
from companion.omerta import OmertaTimer
from companion.rule_reasons import say_reason
from companion.said import say
from companion.session import Journal


TICK_S = 0.05   # the recording's clock: a move plays at most this late


class TableApp(App):
    CSS_PATH = "dashboard.tcss"
    BINDINGS = [
        Binding("f1", "help", "help: the moves", priority=True),
        Binding("f2", "switch_lang", "language", priority=True),
        Binding("f3", "switch_camera_view", "camera plan, image or map", priority=True),
        Binding("f4", "show_qr", "the web page's QR code", priority=True),
        Binding("ctrl+q", "quit", "quit", priority=True),
        Binding("q", "quit", "quit"),
        Binding("l", "switch_lang", "language"),
        Binding("space", "toggle_pause", "pause"),
        Binding("n", "step", "step"),
        Binding("plus,equals_sign", "faster", "faster"),
        Binding("minus", "slower", "slower"),
        Binding("colon", "command_line", "command line"),
        Binding("escape", "leave_command_line", "leave the command line"),
    ]

    def __init__(self, table: Table, *, lang: str = "en", journal: Journal | None = None,
                 recording: Sequence[Move] | None = None, max_gap: float = 3.0,
                 sound: AudioSettings | None = None, turn_seconds: float | None = None,
                 clock: Callable[[], float] = time.monotonic, camera_view: str = CAMERA_VIEWS[0],
                 session_t: float | None = None, repaired: str | None = None,
                 web: WebPage | None = None):
        """``recording``: moves to play back (the demo), valid from the table's state (the
        caller replays them first, so playback never meets an illegal move); ``journal``:
        where typed (and heard) moves go; ``sound``: cues, Omertà timer and microphone
        through companion.audio (None: silent); ``turn_seconds``: a clock per turn on the
        Mafia screen (default: the sound settings' clock); ``clock``: monotonic seconds
        (tests freeze it); ``camera_view``: the camera panel's "plan" (the table drawn
        from above), "image" (the latest frame) or "map" (the cards by zone, in words);
        F3 cycles them; ``web``: the live web page (started),
        given the table after every move and language switch. The clock of new moves' "t"
        goes on from ``session_t`` (a resumed game: the time since it began, so a silence
        called before a crash keeps counting), by default from the table's latest "t";
        ``repaired``: the file that holds a journal's cut-short last line (said on screen)."""
        super().__init__()
        self.table = table
        self.lang = lang
        self.journal = journal
        self.playback = Playback(recording, max_gap=max_gap) if recording else None
        self.clock = clock
        self.started_at = clock() - max(table.last_t, session_t or 0.0)
        self.omerta = OmertaTimer(turn_seconds if turn_seconds is not None or sound is None
                                  else sound.turn_seconds)
        for outcome, when in self._in_force_timeline():
            self.omerta.observe(outcome, when)
        self.repaired = repaired
        self.sound_settings = sound
        self.sound: TableSound | None = None
        self.camera: CameraStatus | None = None
        self.seen_table: SeenTable | None = None
        if camera_view not in CAMERA_VIEWS:
            raise ValueError(f"camera_view is one of {', '.join(CAMERA_VIEWS)}, "
                             f"not {camera_view!r}")
        self.camera_view = camera_view
        self.web = web
        self._ticker = None              # the recording's clock: see _schedule
        self._due: float | None = None   # when its next move is due (monotonic seconds)
        self.title = t(lang, "app.title")

    def _in_force_timeline(self) -> list[tuple[Outcome, float]]:
        """The outcomes in force with the "t" of their move: a resumed game's silence and
        turn began when their moves were made."""
        timeline = []
        for move, outcomes in zip(self.table.session.moves, self.table.in_force):
            when = move.get("t")
            when = float(when) if isinstance(when, (int, float)) else 0.0
            timeline += [(outcome, when) for outcome in outcomes]
        return timeline

    def session_time(self) -> float:
        """Seconds since the session began (the journal's "t")."""
        return round(self.clock() - self.started_at, 3)

    @property
    def help_key(self) -> str:
        return "help.demo" if self.playback else "help.play"

    def on_mount(self) -> None:
        # Kept by reference: another screen (the command palette) may be on top of it.
        self.game_screen = screen_for(self.table)
        self.push_screen(self.game_screen)
        self._publish()
        if self.sound_settings is not None:
            self.sound = TableSound(self, self.sound_settings, now=self.session_time,
                                    heard=self.enter_move, warn=self.show_warning)
            self.sound.set_language(self.lang)
            self.sound.recall(self._in_force_timeline())
            self.sound.start()

    def start_playback(self) -> None:
        """Called by the game screen once it is mounted, so no move arrives before it."""
        self._schedule()

    # --- moves ----------------------------------------------------------------------
    def enter_move(self, move: Move) -> bool:
        """A move made at the table (typed, or heard by the microphone): applied,
        journalled, shown. False if refused."""
        return self.enter_moves((move,))

    def enter_moves(self, moves: Sequence[Move]) -> bool:
        """Moves made at the table at once (one, or a journal rewritten: undo back to a
        move, the move, the later moves again), in order; False at the first refused."""
        if self.playback and not self.playback.finished:
            self.stop_playback()   # a person takes over from the recording
        return all(self.make_move(move) for move in moves)

    def stop_playback(self) -> None:
        """The recording stops here for good."""
        self._stop_clock()
        self.playback.moves = self.playback.moves[:self.playback.position]

    def make_move(self, move: Move) -> bool:
        """A move applied, journalled with the session's time and shown; False if refused."""
        move = dict(move)
        move.setdefault("t", self.session_time())
        screen = self.game_screen
        try:
            outcomes = self.table.apply(move)
        except RuleError as exc:
            screen.show_message(t(self.lang, "cmd.illegal",
                                  reason=say_reason(exc, self.lang)), error=True)
            return False
        if self.journal is not None:
            try:
                self.journal.append(move)
            except OSError as exc:
                # A move the journal does not hold would be lost on resume: take it back.
                self._shown(self.table.apply({"type": "undo"}))
                screen.show_message(t(self.lang, "cmd.journal_failed", path=self.journal.path,
                                      reason=exc.strerror or str(exc)), error=True)
                return False
        # An undo is said by what it took back ("Undone: Ann plays 5"), not as "undo".
        undone = [announce(o, self.lang) for o in outcomes if o.kind == "move_undone"]
        screen.show_message(undone[0] if undone else
                            t(self.lang, "cmd.journalled", move=describe_move(move, self.lang)),
                            error=False)
        self._shown(outcomes)
        return True

    def _shown(self, outcomes: tuple[Outcome, ...]) -> None:
        now = self.session_time()
        for outcome in outcomes:
            self.omerta.observe(outcome, now)
        self.game_screen.refresh_view(outcomes)
        self._publish()
        if self.sound is not None:
            self.sound.observe(outcomes)

    def _publish(self) -> None:
        if self.web is not None:
            self.web.publish(self.table, self.lang, self.omerta.view(self.session_time()))

    def show_warning(self, message: str) -> None:
        """A warning from the sound stage (no device, speech during an Omertà, ...) or the
        camera (a companion.said sentence, said in the table's language)."""
        self.game_screen.show_message(say(message, self.lang), error=True)

    def show_camera(self, camera: CameraStatus | None, seen_table: SeenTable | None) -> None:
        """The live pipeline's latest view of the table (call_from_thread from a worker)."""
        self.camera, self.seen_table = camera, seen_table
        self.game_screen.refresh_camera()

    # --- playback -------------------------------------------------------------------
    def playback_text(self) -> str:
        playback = self.playback
        if playback is None:
            return ""
        position = t(self.lang, "play.position", done=playback.position,
                     total=len(playback.moves))
        if playback.finished:
            state = t(self.lang, "play.finished")
        elif playback.paused:
            state = t(self.lang, "play.paused")
        else:
            state = t(self.lang, "play.playing", speed=f"{playback.speed:g}")
        return f"{state} · {position}"

    def _schedule(self) -> None:
        """The next move due its delay from now (played, paused, sped up or slowed)."""
        self._due = time.monotonic() + self.playback.delay() if self._playing() else None
        if self._due is None:
            self._stop_clock()
        elif self._ticker is None:
            # One repeating tick, not a one-shot timer a move: Textual drops a one-shot
            # timer whose moment passed before its task ran (its "skip"), and the demo
            # stood for good (CI, 2 fresh-clone runs of 3). The screen owns it: it stops
            # with it.
            self._ticker = self.game_screen.set_interval(TICK_S, self._tick)

    def _playing(self) -> bool:
        playback = self.playback
        return bool(playback) and not playback.paused and not playback.finished

    def _stop_clock(self) -> None:
        """No move due; the tick stops too (nothing to do while paused or done)."""
        self._due = None
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def _tick(self) -> None:
        """Every move now due, each its delay after the one before (a late tick catches
        up, as a clock would)."""
        now = time.monotonic()
        while self._due is not None and self._due <= now and self._playing():
            self._play_one()
            if not self._playing():
                self._stop_clock()
                return
            self._due += self.playback.delay()

    def _play_one(self) -> None:
        self._shown(self.table.apply(self.playback.take()))

    def action_toggle_pause(self) -> None:
        if self.playback and not self.playback.finished:
            self.playback.paused = not self.playback.paused
            self._schedule()
            self.game_screen.refresh_view()

    def action_step(self) -> None:
        if self.playback and not self.playback.finished:
            self.playback.paused = True
            self._stop_clock()
            self._play_one()
            self.game_screen.refresh_view()

    def action_faster(self) -> None:
        if self.playback:
            self.playback.faster()
            self._schedule()
            self.game_screen.refresh_view()

    def action_slower(self) -> None:
        if self.playback:
            self.playback.slower()
            self._schedule()
            self.game_screen.refresh_view()

    # --- language and focus ---------------------------------------------------------
    def action_switch_lang(self) -> None:
        self.lang = LANGS[(LANGS.index(self.lang) + 1) % len(LANGS)]
        self.title = t(self.lang, "app.title")
        if self.sound is not None:
            self.sound.set_language(self.lang)
        self.game_screen.refresh_view(relabel=True)
        self._publish()
        self.game_screen.show_message(t(self.lang, "lang.switched"), error=False)

    def action_switch_camera_view(self) -> None:
        views = CAMERA_VIEWS
        self.camera_view = views[(views.index(self.camera_view) + 1) % len(views)]
        self.game_screen.refresh_camera()

    def action_show_qr(self) -> None:
        from companion.dashboard.widgets.web_link import QrScreen

        if self.web is not None and not isinstance(self.screen, QrScreen):
            self.push_screen(QrScreen(self.web.url, self.lang))

    def action_help(self) -> None:
        if self.screen is self.game_screen:
            self.game_screen.show_help()
        elif isinstance(self.screen, HelpScreen):
            self.screen.dismiss()

    def action_command_line(self) -> None:
        self.game_screen.query_one("#command").focus()

    def action_leave_command_line(self) -> None:
        self.game_screen.set_focus(None)
