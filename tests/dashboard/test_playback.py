"""Playback pacing: the recording's own gaps, capped, over the chosen speed."""

from companion.dashboard.playback import SPEEDS, UNTIMED_GAP, Playback

MOVES = [{"type": "play", "t": 2.0}, {"type": "play", "t": 3.5},
         {"type": "play", "t": 60.0}, {"type": "play"}, {"type": "play", "t": 1.0},
         {"type": "play", "t": 0.5}]


def test_delays_follow_the_recorded_times_capped():
    playback = Playback(MOVES, max_gap=3.0, first_delay=0.5)
    delays = []
    while not playback.finished:
        delays.append(playback.delay())
        playback.take()
    # first move; a 1.5 s gap; a long pause capped; next to a move without a time: the
    # default gap; a time that goes back: no wait
    assert delays == [0.5, 1.5, 3.0, UNTIMED_GAP, UNTIMED_GAP, 0.0]


def test_speed_divides_the_delay_and_stays_within_its_steps():
    playback = Playback(MOVES, max_gap=3.0)
    playback.take()
    playback.faster()
    assert playback.speed == 2.0 and playback.delay() == 0.75
    for _ in range(len(SPEEDS) + 2):
        playback.faster()
    assert playback.speed == SPEEDS[-1]
    for _ in range(len(SPEEDS) + 2):
        playback.slower()
    assert playback.speed == SPEEDS[0] and playback.delay() == 1.5 / SPEEDS[0]
