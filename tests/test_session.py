"""Session files: reading, bad lines, undo, the append-only journal."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import Header, Player
from companion.session import Journal, Session, SessionFileError, replay_file, replay_text

SESSIONS = Path(__file__).resolve().parents[1] / "fixtures" / "sessions"
HEADER = {"format": "companion-session/1", "game": "pumafiosi",
          "players": [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35},
                      {"name": "Cy", "age": 52}], "options": {}}
# Game 1 starts with the second-oldest player: Ann (41); then clockwise Bob, Cy.
ROUND = [{"type": "play", "player": "Ann", "card": 30},
         {"type": "play", "player": "Bob", "card": 20},
         {"type": "play", "player": "Cy", "card": 40}]


def text(*moves, header=HEADER):
    return "\n".join(json.dumps(m) for m in (header, *moves)) + "\n"


def test_valid_prefix_and_error_line():
    replay = replay_text(text(*ROUND, {"type": "play", "player": "Bob", "card": 9}), "s.jsonl")
    assert len(replay.steps) == 3
    assert replay.error.line == 5 and str(replay.error).startswith("s.jsonl:5: ")


def test_blank_lines_count_in_line_numbers():
    body = text(ROUND[0]) + "\n\n" + json.dumps({"type": "bogus"}) + "\n"
    replay = replay_text(body, "s.jsonl")
    assert replay.error.line == 5 and "bogus" in replay.error.reason


@pytest.mark.parametrize("body, line, fragment", [
    ("", 1, "empty"),
    ("\n\n", 1, "empty"),
    ('{"format": "other"}\n', 1, "format"),
    ('[1, 2]\n', 1, "header"),
    (json.dumps({**HEADER, "game": "chess"}) + "\n", 1, "unknown game"),
    (json.dumps({**HEADER, "players": []}) + "\n", 1, "players"),
    (json.dumps({**HEADER, "players": [{"name": "A"}, {"name": "A"}]}) + "\n", 1, "unique"),
    (json.dumps({**HEADER, "players": [{"name": ""}, {"name": "B"}]}) + "\n", 1, "non-empty"),
    (text() + '{"type": "play", "player": "Ann", "ca', 2, "not valid JSON"),
    (text() + '"just a string"\n', 2, "JSON object"),
    (text() + '{"player": "Ann"}\n', 2, "type"),
    (text() + '{"type": "undo"}\n', 2, "nothing left|no move left"),
    (text() + "[" * 100000 + "\n", 2, "nesting"),
])
def test_bad_files_give_one_clear_error(body, line, fragment):
    replay = replay_text(body, "bad.jsonl")
    assert replay.error is not None
    assert replay.error.line == line
    assert any(f in replay.error.reason for f in fragment.split("|")), replay.error.reason


def test_undo_stacks_and_folds_back():
    session = Session(Header("pumafiosi", (Player("Ann", 41), Player("Bob", 35),
                                           Player("Cy", 52)), {}))
    before = session.summary()
    session.apply(ROUND[0])
    session.apply(ROUND[1])
    session.apply({"type": "undo"})
    session.apply({"type": "undo"})
    assert session.summary() == before and session.moves == []
    with pytest.raises(Exception, match="no move left"):
        session.apply({"type": "undo"})


def test_journal_appends_and_flushes_each_move(tmp_path):
    path = tmp_path / "game.jsonl"
    header = Header("pumafiosi", (Player("Ann", 41), Player("Bob", 35), Player("Cy", 52)), {})
    journal = Journal.create(path, header)
    journal.append(ROUND[0])
    # Flushed: another reader sees it before the journal is closed.
    assert replay_file(path).steps[0].move == ROUND[0]
    journal.close()
    with pytest.raises(FileExistsError):
        Journal.create(path, header)


def test_resume_moves_a_cut_short_last_line_aside(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_text(text(ROUND[0]) + '{"type": "play", "pla')
    journal, replay = Journal.resume(path)
    assert replay.error is None and len(replay.steps) == 1
    journal.append(ROUND[1])
    journal.close()
    assert len(replay_file(path).steps) == 2
    assert (tmp_path / "game.jsonl.damaged").read_text().startswith('{"type": "play", "pla')


def test_resume_refuses_a_bad_line_in_the_middle(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_text(text(ROUND[0], {"type": "nope"}, ROUND[1]))
    with pytest.raises(SessionFileError) as err:
        Journal.resume(path)
    assert err.value.line == 3


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), st.binary(max_size=40).map(
    lambda b: b.decode("latin-1"))), max_size=6), st.integers(0, 400))
def test_garbage_and_truncation_never_raise(garbage, cut):
    body = text(*ROUND)
    body = body[:cut] + "\n".join(garbage)
    replay = replay_text(body, "g.jsonl")
    if replay.error is not None:
        assert replay.error.line >= 1 and "internal error" not in replay.error.reason


def test_replay_command_errors_are_one_line_without_traceback(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_text(text(*ROUND, {"type": "play", "player": "Zed", "card": 1}))
    result = subprocess.run([sys.executable, "-m", "companion", "replay", "--json", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip().startswith(f"{path}:5: ")
    assert len(result.stderr.strip().splitlines()) == 1
    missing = subprocess.run([sys.executable, "-m", "companion", "replay", str(tmp_path / "x")],
                             capture_output=True, text=True)
    assert missing.returncode == 1 and "cannot read" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_replay_does_not_load_the_camera_sound_or_dashboard_modules():
    # The independent checker and scripts run replay thousands of times: keep it light.
    code = ("import sys; from companion.cli import main; main(['replay', '--json', "
            f"{str(SESSIONS / 'demo.jsonl')!r}]); "
            "print(sorted(m for m in ('cv2', 'textual', 'sounddevice', 'PIL') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"
