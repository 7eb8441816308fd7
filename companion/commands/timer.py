"""``companion timer omerta``: the Omertà timer on its own (DESCRIPTION says how it is
played); a plain terminal loop, so it runs the same under pipes as in a terminal.
"""

from __future__ import annotations

import queue
import sys
import threading
from pathlib import Path

from companion.audio.announcer import format_clock
from companion.audio.devices import list_devices
from companion.audio.output import OutputSettings
from companion.audio.speech import VOICES
from companion.audio.table_audio import AudioSettings, TableAudio
from companion.audio.options import add_sensitivity, vad_settings
from companion.audio.voice_detector import VadSettings
from companion.cli import COMMANDS, CommandError
from companion.command_args import check_turn_seconds, number_arg, seconds_arg, whole_arg
from companion.games.base import Header, Player
from companion.games.mafia_moves import Omerta, Spoke, Turn
from companion.i18n import LANGS, announce, t
from companion.inputs import whole_number
from companion.live_table import LiveTable, Played, Table
from companion.said import say as say_in
from companion.session import Journal, Session
from companion.web.options import add_web_argument, start_web

DESCRIPTION = ("The Omertà timer on its own, for a table without the camera. The Omertà "
               "starts with player 1; type a key and Enter: n the next player's turn, s "
               "someone spoke, o a new Omertà by the player whose turn it is, q quit. The "
               "microphone listens meanwhile: speech during the Omertà breaks it as s "
               "would. With --session the moves are kept in a session file that "
               "companion replay reads back.")


def register(subparsers) -> None:
    p = subparsers.add_parser("timer", help=COMMANDS["timer"],
                              description=DESCRIPTION)
    kinds = p.add_subparsers(dest="kind", metavar="KIND", required=True)
    o = kinds.add_parser("omerta", help="the Omertà silence, its turns and the microphone",
                         description=DESCRIPTION)
    o.add_argument("--players", type=whole_arg(), required=True, metavar="N",
                   help="players at the table (3-8)")
    o.add_argument("--turn-seconds", type=seconds_arg(), metavar="S",
                   help="a clock per turn of S seconds: warn when a turn lasts longer")
    o.add_argument("--no-mic", action="store_true", help="do not listen for speech")
    add_sensitivity(o)
    o.add_argument("--session", type=Path, metavar="FILE",
                   help="keep the moves in this new session file")
    o.add_argument("--clips", type=Path, metavar="FOLDER",
                   help="keep the recording around each detection in this folder "
                        "(default with --session: FILE.clips beside it)")
    o.add_argument("--volume", type=number_arg(), default=OutputSettings().volume,
                   metavar="0..1",
                   help="cue volume, 0 (silent) to 1 (loudest)")
    o.add_argument("--mute", action="store_true", help="no cues")
    o.add_argument("--device", metavar="NAME|NUMBER",
                   help="speaker: a sound device name or number (default: the system's); "
                        "'--device list' lists them")
    o.add_argument("--mic-device", metavar="NAME|NUMBER",
                   help="microphone: a sound device name or number (default: the system's)")
    o.add_argument("--lang", choices=LANGS, default="en",
                   help="the language of what the timer prints (default en)")
    o.add_argument("--speak", choices=sorted(VOICES),
                   help="also speak the announcements in this language (needs espeak-ng)")
    add_web_argument(o)
    o.set_defaults(func=run)


def run(args) -> int:
    if args.device == "list":
        print("\n".join(list_devices()) or t(args.lang, "timer.no_devices"))
        return 0
    if not 3 <= args.players <= 8:
        raise CommandError(t(args.lang, "cli.timer_players", players=args.players))
    check_turn_seconds(args.turn_seconds, args.lang)
    vad = vad_settings(args.sensitivity)
    if not 0.0 <= args.volume <= 1.0:
        raise CommandError(t(args.lang, "cli.volume", volume=args.volume))
    device, mic_device = (_device(d) for d in (args.device, args.mic_device))
    if args.clips is not None and args.clips.exists() and not args.clips.is_dir():
        raise CommandError(f"--clips {args.clips}: not a folder; give a folder (it is made "
                           f"if need be)")
    players = tuple(Player(f"Player {i}") for i in range(1, args.players + 1))
    header = Header("mafia", players)
    web = start_web(args)   # a bad address is said before a session file is made
    journal = None
    if args.session is not None:
        try:
            journal = Journal.create(args.session, header)
        except FileExistsError:
            raise CommandError(t(args.lang, "cli.session_exists", path=args.session)) from None
        except OSError as exc:
            raise CommandError(t(args.lang, "cli.session_unwritable", path=args.session,
                                 reason=exc.strerror or str(exc))) from None
        if args.clips is None:
            args.clips = args.session.with_suffix(".clips")
    try:
        return StandaloneTable(args, header, device, mic_device, vad, journal, web).run()
    finally:
        if journal is not None:
            journal.close()
        if web is not None:
            web.stop()


def _device(text: str | None) -> int | str | None:
    """A sound device by its number (in ASCII digits: "²".isdigit()), else by its name."""
    number = whole_number(text) if text else None
    return text if number is None or number < 0 else number


def say(line: str) -> None:
    print(line, flush=True)


class StandaloneTable:
    """The timer's loop: keys, heard speech and warnings arrive on one queue, in order;
    every move goes to the live table, which says what it took."""

    def __init__(self, args, header: Header, device, mic_device, vad: VadSettings,
                 journal: Journal | None, web=None):
        self.players = header.names
        self.lang = args.lang
        # The rules, the journal, the Omertà clock, and what the web page shows.
        self.live = LiveTable(Table(Session(header)), journal, turn_seconds=args.turn_seconds)
        self.live.subscribe(self._told)
        self.web = web
        self.inbox: queue.Queue = queue.Queue()
        settings = AudioSettings(
            output=OutputSettings(args.volume, args.mute, device), speak=args.speak,
            listen=not args.no_mic, input_device=mic_device,
            vad=vad, clips_dir=args.clips)
        # Moves and warnings may come from the microphone's thread: through the queue.
        self.audio = TableAudio(settings, timer=self.live.omerta, now=self.live.now,
                                submit=lambda move: self.inbox.put(("move", move)),
                                warn=lambda message: self.inbox.put(("warning", message)))
        if not args.speak:   # (spoken warnings keep the voice's language)
            self.audio.set_language(self.lang)

    @property
    def game(self):
        return self.live.table.game

    def t(self, message: str, **fields) -> str:
        return t(self.lang, message, **fields)

    def run(self) -> int:
        say(self.t("timer.start", players=len(self.players), keys=self.t("timer.keys")))
        if self.web is not None:
            from companion.qr import qr_for_terminal

            say(self.t("timer.web", url=self.web.url) + "\n" + qr_for_terminal(self.web.url))
        self.live.play(Turn(self.players[0]))
        self.live.play(Omerta(self.players[0]))
        self._say_warnings()
        if self.audio.start():
            say(self.t("timer.listening"))
        threading.Thread(target=self._read_keys, daemon=True).start()
        try:
            while self._step():
                pass
        finally:
            self.audio.close()
            self._say_warnings()
        return 0

    def _read_keys(self) -> None:
        for line in sys.stdin:
            self.inbox.put(("key", line.strip().lower()[:1]))
        self.inbox.put(("key", "q"))

    def _say_warnings(self) -> None:
        """Warnings waiting in the queue, said now (keys and moves stay queued)."""
        waiting = []
        while not self.inbox.empty():
            waiting.append(self.inbox.get())
        for kind, item in waiting:
            if kind == "warning":
                say(self.t("timer.warning", warning=say_in(item, self.lang)))
            else:
                self.inbox.put((kind, item))

    def _step(self) -> bool:
        try:
            kind, item = self.inbox.get(timeout=0.2)
        except queue.Empty:
            kind, item = "key", ""
        self.audio.tick()
        if kind == "move":            # speech heard: the guard's spoke move
            if self.live.omerta.in_force:
                self.live.play(item)
        elif kind == "warning":
            say(self.t("timer.warning", warning=say_in(item, self.lang)))
        elif item == "q":
            return False
        elif item == "n":
            turn = self.game.to_act or self.players[-1]
            following = self.players[(self.players.index(turn) + 1) % len(self.players)]
            self.live.play(Turn(following))
        elif item == "s":
            self.live.play(Spoke())
        elif item == "o":
            self.live.play(Omerta(self.game.to_act))
        elif item:
            say(self.t("timer.unknown_key", pressed=item, keys=self.t("timer.keys")))
        return True

    def _told(self, played: Played) -> None:
        if played.refused is not None:   # said, and the loop goes on
            reason = say_in(played.refused.reason, self.lang)
            say(self.t("timer.not_now", reason=reason) if played.refused.rules else reason)
        for taken in played.taken:
            for outcome in taken.outcomes:
                say(announce(outcome, self.lang))
            self.audio.observe(taken.outcomes)
            if self.web is not None:
                self.web.publish(self.live.table, self.lang,
                                 self.live.omerta.view(self.live.now()))
            self._show()

    def _show(self) -> None:
        view = self.live.omerta.view(self.live.now())
        if view.in_force:
            left = (self.t("timer.left", clock=format_clock(view.turn_left_s))
                    if view.turn_left_s is not None else "")
            say(self.t("timer.silence", since=format_clock(view.silent_s), turn=view.turn,
                       left=left, until=view.called_by))
