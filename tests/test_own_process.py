"""Games registered from outside the companion (COMPANION_GAMES), each in a process of its
own: registration is process-global, so the duel's tests (tests/toygame) run in a pytest
of their own, and a module that cannot be imported is refused in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.registry import GAMES_ENV

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, games: str, timeout: float) -> subprocess.CompletedProcess:
    # (the working folder first on the path: this checkout's companion and tests)
    env = {**os.environ, GAMES_ENV: games, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_the_duel_plays_through_every_command_in_a_process_of_its_own():
    done = run("-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
               "-n", "0", "tests/toygame", games="tests.toygame.game", timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "7 passed" in done.stdout, done.stdout[-2000:]   # (none skipped)


def test_a_game_module_that_cannot_be_imported_is_refused_in_one_line():
    done = run("-m", "companion", "replay", "--demo", games="tests.toygame.gaem", timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        "companion: COMPANION_GAMES=tests.toygame.gaem: cannot import the game module "
        "'tests.toygame.gaem' (ModuleNotFoundError: No module named 'tests.toygame.gaem'); "
        "name a module on the Python path, or unset COMPANION_GAMES"]
    done = run("-m", "companion", "replay", "--demo", games="tests.toygame.words",
               timeout=60)
    assert done.returncode == 1 and done.stderr.strip().endswith(
        "the module 'tests.toygame.words' registers no game: it must call "
        "companion.registry.register_game(...) or define SPEC")
