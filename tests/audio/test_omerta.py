"""The Omertà timer's state, fed by the Mafia rules' outcomes and clock values."""

from pathlib import Path

from companion.audio.announcer import OmertaGuard
from companion.audio.listener import HeardSpeech
from companion.games.base import Header, Player
from companion.games.mafia import Mafia
from companion.omerta import OmertaTimer

NAMES = ("Ann", "Bob", "Cy", "Di")


def table(turn_seconds=None):
    game = Mafia.from_header(Header("mafia", tuple(Player(n) for n in NAMES)))
    timer = OmertaTimer(turn_seconds)

    def move(now, **fields):
        for outcome in game.apply(fields):
            timer.observe(outcome, now)

    return timer, move


def test_the_silence_lasts_until_play_comes_back_to_its_caller():
    timer, move = table()
    move(0.0, type="turn", player="Bob")
    move(2.0, type="omerta", player="Bob")
    view = timer.view(5.0)
    assert view.in_force and view.called_by == "Bob" and view.silent_s == 3.0
    for now, player in ((10.0, "Cy"), (20.0, "Di"), (30.0, "Ann")):
        move(now, type="turn", player=player)
        assert timer.view(now + 1).in_force and timer.view(now + 1).turn == player
    move(40.0, type="turn", player="Bob")
    view = timer.view(41.0)
    assert not view.in_force and view.turn == "Bob" and view.silent_s == 0.0


def test_speech_breaks_it_and_says_who_and_when():
    timer, move = table()
    move(0.0, type="omerta", player="Ann")
    move(7.5, type="spoke", player="Cy")
    view = timer.view(9.0)
    assert not view.in_force and view.broken == ("Cy", 7.5)
    move(12.0, type="omerta", player="Di")
    assert timer.view(12.0).in_force and timer.view(12.0).broken is None


def test_a_clock_per_turn_counts_down_and_warns_once():
    timer, move = table(turn_seconds=30)
    move(0.0, type="omerta", player="Ann")
    move(1.0, type="turn", player="Bob")
    assert timer.view(11.0).turn_left_s == 20.0
    assert timer.overtime(30.0) is None
    assert timer.overtime(31.5) == "Bob"
    assert timer.overtime(40.0) is None                 # said once per turn
    move(41.0, type="turn", player="Cy")
    assert timer.view(41.0).turn_left_s == 30.0
    assert timer.overtime(80.0) == "Cy"


def test_without_a_clock_there_is_no_time_left_to_show():
    timer, move = table()
    move(0.0, type="turn", player="Ann")
    assert timer.view(100.0).turn_left_s is None and timer.overtime(1000.0) is None


def test_speech_breaks_each_omerta_once():
    timer, move = table()
    moves, warnings = [], []
    guard = OmertaGuard(timer, moves.append, warnings.append)
    guard.listening_since = 10.0
    guard.on_speech(HeardSpeech(1.0, 1.1))                      # no Omertà yet
    move(12.0, type="omerta", player="Bob")
    guard.on_speech(HeardSpeech(5.5, 5.6, clip=Path("s.clips/speech-00005.50s.wav")))
    guard.on_speech(HeardSpeech(6.5, 6.6))                      # still talking
    assert moves == [{"type": "spoke", "t": 15.5, "clip": "s.clips/speech-00005.50s.wav"}]
    assert warnings == ["Someone spoke at 0:15 during the Omertà called by Bob "
                        "(listen back: s.clips/speech-00005.50s.wav)"]
    move(15.6, **moves[0])
    move(20.0, type="omerta", player="Cy")
    guard.on_speech(HeardSpeech(11.0, 11.1))
    assert moves[-1] == {"type": "spoke", "t": 21.0} and len(moves) == 2


def test_the_warning_names_who_called_the_omerta_even_when_the_move_applies_at_once():
    timer, move = table()
    warnings = []
    guard = OmertaGuard(timer, lambda spoke: move(spoke["t"], **spoke), warnings.append)
    move(12.0, type="omerta", player="Bob")
    guard.on_speech(HeardSpeech(14.0, 14.1))
    assert not timer.in_force
    assert warnings == ["Someone spoke at 0:14 during the Omertà called by Bob"]


def test_the_warning_is_in_the_tables_language():
    timer, move = table()
    warnings = []
    guard = OmertaGuard(timer, lambda spoke: move(spoke["t"], **spoke), warnings.append, "vi")
    move(12.0, type="omerta", player="Bob")
    guard.on_speech(HeardSpeech(14.0, 14.1, clip=Path("s.clips/a.wav")))
    assert warnings == ["Có người nói lúc 0:14 trong Omertà do Bob gọi (nghe lại: s.clips/a.wav)"]
