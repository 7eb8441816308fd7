"""The live page in headless Chromium, following a table as its session is played."""

from __future__ import annotations

import base64
import io
import json
import urllib.error
import urllib.request

from PIL import Image
from selenium.webdriver.support.ui import WebDriverWait

from companion.omerta import OmertaTimer
from companion.session import Session
from tests.web.conftest import SCREENSHOTS, SESSIONS, session_table

SHOWN_SCORES = """return Array.from(document.querySelectorAll('#scores tr[data-key]'))
    .map(tr => [tr.dataset.key, tr.querySelector('td.score').textContent]);"""


def shown_moves(browser, moves: int) -> None:
    """Waits until the page shows the state after ``moves`` moves."""
    WebDriverWait(browser, 5, poll_frequency=0.01).until(
        lambda b: b.execute_script("return document.body.dataset.moves") == str(moves))


def shown_scores(browser) -> dict[str, int]:
    return {key: int(value) for key, value in browser.execute_script(SHOWN_SCORES)}


def shown_pile(browser) -> list[str]:
    """The Pungi board's pile as the page shows it, a kind and its count ("×2") one word."""
    # Read in one go: the event stream may redraw the board between two reads.
    rows = browser.execute_script("""return [...[...document.querySelectorAll('.board-section')]
        .find(s => s.querySelector('h2').textContent === 'Still in the pile')
        .querySelectorAll('.row')].map(row => row.innerText)""")
    return " ".join(row.replace("\n×", "×") for row in rows).split()


def test_the_scores_shown_match_the_summary_after_every_move(browser, web):
    table, moves = session_table("demo.jsonl")
    expected = Session(table.session.header)
    web.publish(table, "en")
    browser.get(web.url)
    shown_moves(browser, 0)
    for number, move in enumerate(moves, 1):
        table.apply(move)
        expected.apply(move)
        web.publish(table, "en")
        shown_moves(browser, number)
        assert shown_scores(browser) == expected.summary()["scores"], f"after move {number}"
    final = json.loads((SESSIONS / "demo.summary.json").read_text())
    assert shown_scores(browser) == final["scores"]
    winner = browser.find_element("id", "announcement").text
    assert final["winners"][0] in winner


def test_a_page_opened_late_shows_the_game_at_once_and_follows_it(browser, web):
    table, moves = session_table("pungi-series-4p.jsonl")
    half = len(moves) // 2
    for move in moves[:half]:
        table.apply(move)
        web.publish(table, "en")
    browser.get(web.url)
    # The state is in the page itself: shown before the event stream says anything.
    assert browser.execute_script("return document.body.dataset.moves") == str(half)
    # Read in one go: the event stream's first state may redraw the list meanwhile.
    history = browser.execute_script(
        "return [...document.querySelectorAll('#history li')].map(li => li.innerText)")
    assert len(history) == len(table.history)
    assert history[0] == table.history[-1].text()
    # What the pile still holds, each kind once with how many (game 3 of 4, round 3).
    assert shown_pile(browser) == ["-6", "-5", "-4×2", "-3×2", "-2×2", "-1×3", "charmer×6",
                                   "0", "+1×3", "+2×4", "+3×2", "+4×3", "+5", "+6", "+7"]
    for number, move in enumerate(moves[half:], half + 1):
        table.apply(move)
        web.publish(table, "en")
    shown_moves(browser, len(moves))
    assert shown_scores(browser) == table.session.summary()["scores"]
    assert shown_pile(browser) == ["-3"]   # the last card left in the last game


def test_a_wrong_token_gets_an_empty_404(web):
    table, _ = session_table("demo.jsonl")
    web.publish(table, "en")
    right = web.url
    wrong = right.replace(web.token, web.token[:-1] + ("A" if web.token[-1] != "A" else "B"))
    root = right[:right.index(web.token)]
    for url in (wrong, wrong + "events", wrong + "app.js", root, root + "events",
                right + "nothing"):
        try:
            urllib.request.urlopen(url, timeout=5)
        except urllib.error.HTTPError as exc:
            assert (exc.code, exc.read()) == (404, b""), url
        else:
            raise AssertionError(f"{url} answered")
    # No way in to change anything: a POST to the page is turned away the same way.
    try:
        urllib.request.urlopen(urllib.request.Request(right + "events", data=b"{}"),
                               timeout=5)
    except urllib.error.HTTPError as exc:
        assert (exc.code, exc.read()) == (404, b"")
    with urllib.request.urlopen(right, timeout=5) as page:
        assert page.status == 200 and b"Pumafiosi" in page.read()


def test_the_page_speaks_vietnamese_when_asked_or_when_the_table_does(browser, web):
    table, moves = session_table("mafia-omerta-broken.jsonl")
    for move in moves[:4]:
        table.apply(move)
    web.publish(table, "en")
    browser.get(web.url + "?lang=vi")
    assert browser.find_element("id", "history-title").text == "DIỄN BIẾN"
    browser.get(web.url)
    assert browser.find_element("id", "history-title").text == "WHAT HAPPENED"
    web.publish(table, "vi")   # F2 on the dashboard
    WebDriverWait(browser, 5).until(
        lambda b: b.find_element("id", "history-title").text == "DIỄN BIẾN")
    assert browser.execute_script("return document.documentElement.lang") == "vi"


def screenshot(browser, url: str, size: tuple[int, int], name: str) -> Image.Image:
    browser.set_window_rect(width=size[0], height=size[1])
    browser.get(url)
    SCREENSHOTS.mkdir(exist_ok=True)
    png = base64.b64decode(browser.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png"})["data"])
    (SCREENSHOTS / f"{name}.png").write_bytes(png)
    return Image.open(io.BytesIO(png))


def test_screenshots_at_phone_and_tv_sizes(browser, web):
    """Saved in /tmp/companion-web-screenshots to look at; here: nothing spills sideways
    on a phone, and the board sits beside the scores on a TV."""
    for name, upto in (("demo.jsonl", 100), ("pungi-series-4p.jsonl", 30),
                       ("mafia-omerta-broken.jsonl", 5)):
        table, moves = session_table(name)
        timer = OmertaTimer(turn_seconds=60)
        for second, move in enumerate(moves[:upto]):
            for outcome in table.apply(move):
                timer.observe(outcome, second * 20.0)
        web.publish(table, "en", timer.view(100.0))   # the Omertà's clocks running
        game = table.session.header.game
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        screenshot(browser, web.url, (390, 844), f"{game}-phone")
        assert browser.execute_script(
            "return document.documentElement.scrollWidth") <= 390, game
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        screenshot(browser, web.url, (1920, 1080), f"{game}-tv")
        board, scores = (browser.find_element("id", i).rect
                         for i in ("board-panel", "scores-panel"))
        assert board["x"] + board["width"] <= scores["x"], game


def test_the_overlay_is_transparent_and_compact(browser, web):
    table, moves = session_table("demo.jsonl")
    for move in moves[:40]:
        table.apply(move)
    web.publish(table, "en")
    browser.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride",
                            {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
    try:
        image = screenshot(browser, web.url + "?overlay=1", (1280, 720), "pumafiosi-overlay")
    finally:
        browser.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride", {})
    assert image.mode == "RGBA"
    assert image.getpixel((image.width - 5, image.height - 5))[3] == 0   # the video shows
    assert not browser.find_element("id", "board-panel").is_displayed()
    assert browser.find_element("id", "scores").is_displayed()
    assert len(shown_scores(browser)) == 3
