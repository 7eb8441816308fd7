"""A journal is never destroyed or shared: a full disk or a file-size limit leaves it valid
up to its last whole move (the dashboard says so, and quitting is clean); a journal being
written is locked, and a second program that would write it is told who holds it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.games import Header, Player
from companion.session import Journal, JournalInUse, replay_file
from tests.dashboard.fixtures import SESSIONS

ROOT = Path(__file__).resolve().parents[2]


def run_python(code: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def test_a_file_size_limit_mid_game_keeps_the_journal_valid_and_quitting_clean(tmp_path):
    """``companion play``'s dashboard, its journal allowed to grow by about one move: the
    next move is refused on screen and taken back; quitting says where the game is."""
    journal = tmp_path / "game.jsonl"
    journal.write_text((SESSIONS / "pungi-series-partial.jsonl").read_text())
    code = """
        import asyncio, os, resource, sys
        from companion.commands.play import resume
        from tests.dashboard.pilot import enter, shown

        path = sys.argv[1]
        size = os.path.getsize(path)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size + 60, size + 60))
        journal, table = resume(path)

        async def main():
            from companion.dashboard.app import TableApp
            app = TableApp(table, journal=journal)
            async with app.run_test(size=(100, 36)) as pilot:
                for line in ["layout 2 3 4 5"] + ["undo"] * 6:   # (the limit is met by the 3rd)
                    await enter(pilot, line)
                    print(shown(pilot, "#message"))
                await pilot.press("ctrl+q")

        asyncio.run(main())
        journal.close()
        print("closed", journal.path)
    """
    before = replay_file(journal)
    run = run_python(code, str(journal))
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert "Cannot write the journal" in run.stdout and "File too large" in run.stdout
    assert "the move is taken back" in run.stdout and "closed" in run.stdout
    after = replay_file(journal)
    assert after.error is None and journal.read_bytes().endswith(b"\n")
    # what was written whole stays; what could not be is in neither the file nor the game
    assert len(after.steps) >= len(before.steps)
    assert after.session.summary() == replay_file(journal).session.summary()


def test_a_journal_that_cannot_take_its_header_is_not_left_behind(tmp_path):
    code = """
        import resource, sys
        from companion.games import Header, Player
        from companion.session import Journal
        resource.setrlimit(resource.RLIMIT_FSIZE, (40, 40))
        try:
            Journal.create(sys.argv[1], Header("pungi", (Player("Ann"), Player("Bob"))))
        except OSError as exc:
            print(exc.strerror)
    """
    run = run_python(code, str(tmp_path / "game.jsonl"))
    assert run.stdout.strip() == "File too large" and run.stderr == ""
    assert not (tmp_path / "game.jsonl").exists()   # so a new try is not "already holds"


def test_a_full_disk_refuses_the_move_and_keeps_the_file(tmp_path):
    journal = Journal.create(tmp_path / "game.jsonl", Header("pungi", (Player("Ann"),
                                                                          Player("Bob"))))
    journal.append({"type": "layout", "cards": [3, 4]})
    with open("/dev/full", "wb") as full:   # the same descriptor, now writing to a full disk
        os.dup2(full.fileno(), journal._fd)
    with pytest.raises(OSError, match="No space left"):
        journal.append({"type": "play", "player": "Ann", "animal": "duck", "value": 2})
    journal.close()
    assert [json.loads(line)["type"] for line in
            (tmp_path / "game.jsonl").read_text().splitlines()[1:]] == ["layout"]


def test_a_second_resume_is_refused_naming_who_holds_the_journal(tmp_path, capsys):
    from companion.cli import main

    path = tmp_path / "game.jsonl"
    path.write_text((SESSIONS / "pungi-series-partial.jsonl").read_text())
    first, _ = Journal.resume(path)
    try:
        code = """
            import sys
            from companion.cli import main
            sys.exit(main(["play", "--resume", sys.argv[1]]))
        """
        run = run_python(code, str(path))
        assert run.returncode == 1 and run.stdout == ""
        # this test's own process holds it: python (pid N), as `ps` would name it
        assert re.fullmatch(rf"companion: {re.escape(str(path))} is in use by python\S* "
                            rf"\(pid {os.getpid()}\): a journal takes one game at a time; "
                            rf"quit that one first, or start a new journal\n", run.stderr), \
            run.stderr
        with pytest.raises(JournalInUse, match="a journal takes one game at a time"):
            Journal.resume(path)
    finally:
        first.close()
    second, replay = Journal.resume(path)   # once the first is closed, it is free
    second.close()
    assert replay.error is None
    assert main(["replay", "--json", str(path)]) == 0   # reading it is never locked out
    capsys.readouterr()


def test_resume_repairs_a_cut_short_line_by_cutting_the_file_back(tmp_path):
    path = tmp_path / "game.jsonl"
    good = (SESSIONS / "pungi-series-partial.jsonl").read_bytes()
    path.write_bytes(good + b'{"type": "play", "player": "Ann", "ani')
    inode = path.stat().st_ino
    journal, replay = Journal.resume(path)
    journal.close()
    assert path.read_bytes() == good and path.stat().st_ino == inode   # cut back, not rewritten
    assert journal.repaired.read_bytes() == b'{"type": "play", "player": "Ann", "ani\n'
    assert replay.error is None
