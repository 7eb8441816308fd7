"""--web with the dashboard and the standalone timer: every move reaches the page's
stream, the dashboard shows the address and a QR code that reads back."""

from __future__ import annotations

import subprocess
import sys
import threading

import numpy as np
from pyzbar import pyzbar

from companion.dashboard.app import TableApp
from companion.live_table import Table
from companion.dashboard.widgets.web_link import QrScreen
from companion.session import Session, replay_file
from companion.web.client import follow
from companion.qr import HALF_BLOCKS, qr_lines
from companion.web.server import WebError, WebView, parse_address
from tests.audio.conftest import fake_alsa_env
from tests.dashboard.pilot import shown, wait_for
from tests.web.conftest import SESSIONS, state_scores

import pytest


class Follower(threading.Thread):
    """A page's stream read in a thread: every state, in the order received."""

    def __init__(self, url: str, until):
        super().__init__(daemon=True)
        self.url, self.until, self.states = url, until, []
        self.start()

    def run(self) -> None:
        def keep(version, state):
            self.states.append((version, state))
            return not self.until(state)
        follow(self.url, keep)


async def test_a_session_played_on_the_dashboard_streams_every_move_to_the_page(web):
    replay = replay_file(SESSIONS / "pumafiosi-undo.jsonl")   # an undo among the moves
    moves = [s.move for s in replay.steps]
    table = Table(Session(replay.session.header))
    app = TableApp(table, recording=moves, max_gap=0.002, web=web)
    async with app.run_test(size=(120, 60)) as pilot:
        follower = Follower(web.url + "events", lambda s: s["lang"] == "vi")
        await wait_for(pilot, lambda: app.playback.finished, timeout=120,
                       what="the end of the demo")
        # The page is sent only the newest state, so the last English one must arrive
        # before the language changes, or the page rightly never sees it.
        await wait_for(pilot, lambda: any(len(s["history"]) == len(table.history)
                                          for _, s in follower.states),
                       timeout=20, what="the last move on the page")
        await pilot.press("f2")   # the table's language reaches the page too
        follower.join(20)
        assert web.url in shown(pilot, "#web") and "F4" in shown(pilot, "#web")
        await pilot.press("f4")   # the QR code, on a screen of its own
        await wait_for(pilot, lambda: isinstance(app.screen, QrScreen), what="the QR code")
        assert "\n".join(qr_lines(web.url)) in shown(pilot, "#qr")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.game_screen, what="the dashboard")
    versions = [v for v, _ in follower.states]
    assert versions == sorted(set(versions))
    # In order: each state's history goes on from the one before (a page too slow for
    # some states gets the newest, which holds everything it missed).
    english = [s["history"] for _, s in follower.states if s["lang"] == "en"]
    assert all(later[:len(earlier)] == earlier for earlier, later in zip(english, english[1:]))
    finals = [s for _, s in follower.states if len(s["history"]) == len(table.history)]
    assert finals[0]["lang"] == "en" and finals[-1]["lang"] == "vi"
    assert state_scores(finals[-1]) == table.session.summary()["scores"]
    assert len(finals[-1]["history"]) == len(table.history)


def test_the_qr_code_reads_back_as_the_address():
    url = "http://192.168.1.20:8080/w6Lx1SdLazyFOubGpnbyAg/"
    modules = {char: pair for pair, char in HALF_BLOCKS.items()}
    rows = []
    for line in qr_lines(url):
        pairs = [modules[char] for char in line]
        rows += [[upper for upper, _ in pairs], [lower for _, lower in pairs]]
    image = np.where(np.array(rows), 0, 255).astype(np.uint8)
    image = np.kron(image, np.ones((8, 8), np.uint8))   # 8 pixels a module
    [found] = pyzbar.decode(image)
    assert found.data.decode() == url


def test_addresses_and_their_mistakes():
    assert parse_address("0.0.0.0:8080") == ("0.0.0.0", 8080)
    assert parse_address(":9000") == ("127.0.0.1", 9000)
    assert parse_address("9000") == ("127.0.0.1", 9000)
    assert parse_address("table.local") == ("table.local", 0)
    with pytest.raises(WebError, match="port from 0 to 65535"):
        parse_address("0.0.0.0:99999")
    busy = WebView()
    busy.start()
    try:
        with pytest.raises(WebError, match=f"--web 127.0.0.1:{busy.port}: cannot listen"):
            WebView("127.0.0.1", busy.port).start()
    finally:
        busy.stop()


def test_the_standalone_timer_shows_its_omerta_on_the_page(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "timer", "omerta", "--players", "3", "--no-mic",
         "--mute", "--turn-seconds", "45", "--web"], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, text=True, cwd=tmp_path, env=fake_alsa_env(tmp_path, None))
    killer = threading.Timer(60, proc.kill)
    killer.start()
    try:
        url = next(line.split()[-1] for line in proc.stdout if line.startswith("web page: "))
        follower = Follower(url + "events", lambda s: s["turn"]["player"] == "Player 2")
        proc.stdin.write("n\n")
        proc.stdin.flush()
        follower.join(20)
        proc.stdin.write("q\n")
        proc.stdin.flush()
        assert proc.wait() == 0
    finally:
        killer.cancel()
        proc.kill()
    last = follower.states[-1][1]
    assert last["banner"]["text"] == "OMERTÀ called by Player 1: silence until Player 1's turn"
    turn = last["banner"]["clocks"][-1]
    assert turn["text"] == "turn: Player 2" and turn["clock"]["words"] == "({clock} left)"
    assert 44 < turn["clock"]["s"] <= 45


def test_a_bad_web_address_is_one_line_and_no_journal_is_made(tmp_path):
    env = {**fake_alsa_env(tmp_path, None)}
    for args, said in (
            (["demo", "--web", "0.0.0.0:99999"], "--web 0.0.0.0:99999: give HOST:PORT"),
            (["play", "pumafiosi", "--players", "Ann:41", "Bob:35", "Cy:52", "--journal",
              "game.jsonl", "--web", "no-such-host.invalid:8080"],
             "--web no-such-host.invalid:8080: cannot listen there")):
        run = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                             text=True, cwd=tmp_path, env=env, timeout=60)
        assert run.returncode == 1
        assert run.stderr.startswith(f"companion: {said}") and run.stderr.count("\n") == 1
    assert not (tmp_path / "game.jsonl").exists()
