"""Headless Chromium (Debian's chromium and chromium-driver, from scripts/setup-system.sh)
driven by Selenium, and a live web view of a table to point it at."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from companion.live_table import Table
from companion.session import Session, replay_file
from companion.web.server import WebView

CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
SESSIONS = Path(__file__).resolve().parents[2] / "fixtures" / "sessions"
SCREENSHOTS = Path(tempfile.gettempdir()) / "companion-web-screenshots"


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists() or not DRIVER.exists():
        pytest.skip(f"{CHROMIUM} or {DRIVER} is missing: run scripts/setup-system.sh")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="companion-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    # The machine's network is closed: no background connections, no sandbox as root.
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    driver.set_page_load_timeout(20)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def web():
    view = WebView()
    view.start()
    yield view
    view.stop()


def session_table(name: str):
    """A fresh table for the session file ``name`` and the moves to make on it."""
    replay = replay_file(SESSIONS / name)
    assert replay.error is None
    return Table(Session(replay.session.header)), [step.move for step in replay.steps]


def state_scores(state: dict) -> dict[str, int]:
    """The scores a page state shows, by the key of each row that has one: its cell of
    role "score", or a side's count of its tally ("2/3": Mafia's)."""
    shown = {}
    for row in state["scores"]["rows"]:
        if row["key"] is None:
            continue
        score = next((c["t"] for c in row["cells"] if c["role"] == "score"), None)
        if score is None:
            score = next(c["t"] for c in row["cells"] if c["role"] in ("good", "bad"))
        shown[row["key"]] = int(score.split("/")[0])
    return shown
