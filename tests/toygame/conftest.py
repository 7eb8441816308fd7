"""The duel's tests run only in a process whose registry knows the duel: registration is
process-global, so tests/test_own_process.py runs this folder in a pytest of its own with
COMPANION_GAMES=tests.toygame.game; any other run collects nothing here."""

import os

from companion.registry import GAMES_ENV

GAME_MODULE = "tests.toygame.game"

if GAME_MODULE not in os.environ.get(GAMES_ENV, "").split(","):
    collect_ignore_glob = ["test_*.py"]
