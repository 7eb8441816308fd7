"""The table dashboard: one screen per game, showing a live table (companion.live_table).

Every move goes through the app's live table: a recording played back on timers (the
demo), the command line (manual play) and the microphone (speech during an Omertà)
through :meth:`TableApp.enter_move`, the camera through its pipeline
(companion.dashboard.camera_app). The app hears what the table took or refused and shows
it: the screen, the web page, the sound. Nothing here blocks the screen: playback runs on
timers, sound and the microphone in a thread worker (companion.dashboard.sound).
"""

from __future__ import annotations

import time
from typing import Callable, Sequence

from textual.app import App
from textual.binding import Binding

from companion.audio.table_audio import AudioSettings
from companion.dashboard.feed import CAMERA_VIEWS, CameraStatus, SeenTable
from companion.dashboard.playback import Playback
from companion.dashboard.screens.game import GameScreen
from companion.dashboard.screens.help import HelpScreen
from companion.dashboard.sound import TableSound
from companion.dashboard.widgets.web_link import WebPage
from companion.games import Move
from companion.i18n import LANGS, announce, describe_move, t
from companion.live_table import RECORDING, LiveTable, Played, Refusal, Table
from companion.omerta import OmertaTimer
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
        """The app's live table plays ``table`` on: journalled to ``journal`` (None: kept
        in memory), its time on ``clock`` (monotonic seconds; tests freeze it) going on
        from ``session_t`` (companion.live_table.LiveTable), its Omertà clock with
        ``turn_seconds`` a turn (default: the sound settings' clock). ``recording``: moves
        to play back (the demo), valid from the table's state (the caller replays them
        first, so playback never meets an illegal move); ``sound``: cues and microphone
        through companion.audio (None: silent); ``camera_view``: the camera panel's "plan"
        (the table drawn from above), "image" (the latest frame) or "map" (the cards by
        zone, in words); F3 cycles them; ``web``: the live web page (started), given the
        table after every move and language switch; ``repaired``: the file that holds a
        journal's cut-short last line (said on screen)."""
        super().__init__()
        self.table = table
        self.lang = lang
        self.live = LiveTable(table, journal, clock=clock, session_t=session_t,
                              turn_seconds=turn_seconds if turn_seconds is not None
                              or sound is None else sound.turn_seconds)
        self.live.subscribe(self._told)
        self.playback = Playback(recording, max_gap=max_gap) if recording else None
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

    @property
    def journal(self) -> Journal | None:
        return self.live.journal

    @property
    def omerta(self) -> OmertaTimer:
        """The live table's Omertà clock (the screens show it)."""
        return self.live.omerta

    def session_time(self) -> float:
        """Seconds since the session began (the journal's "t")."""
        return self.live.now()

    @property
    def help_key(self) -> str:
        return "help.demo" if self.playback else "help.play"

    def on_mount(self) -> None:
        # Kept by reference: another screen (the command palette) may be on top of it.
        self.game_screen = GameScreen(self.table, self.journal)
        self.push_screen(self.game_screen)
        self._publish()
        if self.sound_settings is not None:
            self.sound = TableSound(self, self.sound_settings, timer=self.live.omerta,
                                    now=self.live.now, heard=self.enter_move,
                                    warn=self.show_warning)
            self.sound.set_language(self.lang)
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
        return self.live.play(*moves).refused is None

    def stop_playback(self) -> None:
        """The recording stops here for good."""
        self._stop_clock()
        self.playback.moves = self.playback.moves[:self.playback.position]

    def _told(self, played: Played) -> None:
        """What the live table took, shown (and said, but a recording's moves played back),
        published and sounded, move by move; a refusal said."""
        screen = self.game_screen
        for taken in played.taken:
            if played.by != RECORDING:
                # An undo is said by what it took back ("Undone: Ann plays 5").
                undone = [announce(o, self.lang) for o in taken.outcomes
                          if o.kind == "move_undone"]
                screen.show_message(undone[0] if undone else t(
                    self.lang, "cmd.journalled", move=describe_move(taken.move, self.lang)),
                    error=False)
            screen.refresh_view(taken.outcomes)
            self._publish()
            if self.sound is not None:
                self.sound.observe(taken.outcomes)
        if played.refused is not None:
            screen.show_message(self._refusal(played.refused), error=True)

    def _refusal(self, refused: Refusal) -> str:
        reason = say(refused.reason, self.lang)
        return t(self.lang, "cmd.illegal", reason=reason) if refused.rules else reason

    def _publish(self) -> None:
        if self.web is not None:
            self.web.publish(self.table, self.lang, self.omerta.view(self.live.now()))

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
        self.live.play(self.playback.take(), by=RECORDING)

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
