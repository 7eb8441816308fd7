"""The demo, play and export commands: their arguments, their errors, the BG Stats file."""

import json
import re

import pytest

from companion.cli import main
from companion.commands import play as play_command
from companion.session.cops import write_cops
from tests.dashboard.fixtures import SESSIONS, expected_summary


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("argv, message", [
    (["play"], "name the game to play"),
    (["play", "pumafiosi"], "name the players"),
    (["play", "pumafiosi", "--players", "Ann:41", "Bob:x"], "--players Bob:x: the age"),
    (["play", "pumafiosi", "--players", "Ann", "Bob"], "Pumafiosi needs every player's age (the second-oldest starts): give Ann's, e.g. Ann:41"),
    (["play", "pungi", "--players", "Ann"], "Pungi is for 2 to 6 players, not 1"),
    (["play", "pungi", "--players", "Ann", "Bob", "--games", "0"],
     "A Pungi series has 1 game or more, not 0"),
    (["play", "pungi", "--players", "Ann", "ann"],
     "player names must be unique, case and accents aside: 'Ann' and 'ann'"),
    (["play", "pungi", "--players", "Zoë", "ZOE"], "'Zoë' and 'ZOE'"),
    (["play", "pungi", "--players", "Nguyễn", "nguyen", "Bob"], "'Nguyễn' and 'nguyen'"),
    (["play", "pumafiosi", "--players", "Ann:41", "Bob:-3"],
     "--players Bob:-3: -3 is not an age; give Bob's age in years, from 1 to 120"),
    (["play", "pumafiosi", "--players", "Ann:0", "Bob:35"], "0 is not an age"),
    (["play", "pumafiosi", "--players", "Ann:41", "Bob:999"], "999 is not an age"),
    (["play", "pumafiosi", "--players", "Ann:41", "Bob:"], "--players Bob:: the age"),
    (["play", "pumafiosi", "--players", "Ann:41", "Bob:4.5"], "must be a whole number"),
    (["play", "pumafiosi", "--players", "Ann:41", ":35"], "a player needs a name"),
    (["play", "mafia", "--players", "Ann=Enrico", "Bob=Enzo", "Cy"],
     "--players Bob=Enzo: Enzo is not a Mafia character card; the cards are Enrico, "),
    (["play", "mafia", "--players", "Ann=", "Bob", "Cy"],
     "--players 'Ann=': give the character card after the '='"),
    (["play", "mafia", "--players", "Ann=Enrico", "Bob=enrico", "Cy"],
     "Ann and Bob both play Enrico; each character card is dealt once"),
    (["play", "pungi", "--players", "Ann=Enrico", "Bob"],
     "--players Ann=Enrico: only Mafia deals character cards"),
    (["record", "--camera", "x.avi", "--calibration", "x.json", "--game", "mafia",
      "--players", "Ann=Tonny", "Bob", "Cy", "--out", "rec"], "Tonny is not a Mafia"),
    (["record", "--camera", "x.avi", "--calibration", "x.json", "--game", "mafia",
      "--players", "Ann=Tony", "Bob=TONY", "Cy", "--out", "rec"], "Ann and Bob both play"),
    (["record", "--camera", "x.avi", "--calibration", "x.json", "--game", "pungi",
      "--players", "Ann", "Bob", "--out", "rec", "--max-frames", "0"],
     "--max-frames 0: give a whole number, 1 or more"),
    (["scan", "x.png", "--frames", "-1"], "--frames -1: give a whole number, 1 or more"),
    (["calibrate", "x.png", "--seconds", "0"],
     "--seconds 0: give how long to watch the camera, more than 0 seconds"),
    (["play", "--resume", "nowhere.jsonl"], "nowhere.jsonl: no such journal"),
    (["play", "pungi", "--resume", "x.jsonl"], "--resume takes only the journal"),
    (["demo", "--max-gap", "0"], "--max-gap must be more than 0"),
    (["demo", "--turn-seconds", "0"], "--turn-seconds must be more than 0 seconds"),
    (["play", "mafia", "--players", "A", "B", "C", "--turn-seconds", "-5"],
     "--turn-seconds must be more than 0 seconds, not -5"),
    (["play", "--resume", "x.jsonl", "--turn-seconds", "0"], "--turn-seconds must be more"),
    (["demo", "--session", str(SESSIONS / "pumafiosi-bad-wrong-turn.jsonl")],
     "pumafiosi-bad-wrong-turn.jsonl:3: Cy played 20, but it is Bob's turn"),
])
def test_bad_arguments_get_one_clear_line(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    assert status == 1 and err.startswith("companion: ") and message in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_play_refuses_to_overwrite_a_journal(capsys, tmp_path):
    journal = tmp_path / "game.jsonl"
    journal.write_text((SESSIONS / "pungi-game-2p.jsonl").read_text())
    status, _, err = run(capsys, "play", "pungi", "--players", "Ann", "Bob",
                         "--journal", str(journal))
    assert status == 1 and "already holds a session; use --resume" in err


def test_resume_names_a_broken_line(tmp_path):
    journal = tmp_path / "game.jsonl"
    lines = (SESSIONS / "pungi-game-2p.jsonl").read_text().splitlines()
    lines[3] = lines[3].replace('"play"', '"jump"')
    journal.write_text("\n".join(lines) + "\n")
    with pytest.raises(Exception, match=r"game.jsonl:4: .*jump"):
        play_command.resume(str(journal))


def test_export_writes_a_bg_stats_play(capsys, tmp_path):
    out = tmp_path / "demo.bgsplay"
    status, stdout, _ = run(capsys, "export", str(SESSIONS / "demo.jsonl"), "--bgstats",
                            "--out", str(out), "--date", "2026-11-30 20:15")
    assert status == 0 and str(out) in stdout
    data = json.loads(out.read_text())
    summary = expected_summary("demo")
    names = {p["id"]: p["name"] for p in data["players"]}
    assert list(names.values()) == ["Ann", "Bob", "Cy"]
    assert data["games"][0]["name"] == "Pumafiosi" and data["games"][0]["highestWins"]
    (play,) = data["plays"]
    assert play["playDate"] == "2026-11-30 20:15:00"
    last_t = json.loads((SESSIONS / "demo.jsonl").read_text().splitlines()[-1])["t"]
    assert play["durationMin"] == round(last_t / 60)
    scores = {names[s["playerRefId"]]: s for s in play["playerScores"]}
    for name, score in summary["scores"].items():
        assert scores[name]["score"] == str(score)
        assert scores[name]["winner"] == (name in summary["winners"])
    assert [n for n, s in scores.items() if s["startPlayer"]] == ["Ann"]  # second-oldest
    assert scores["Cy"]["rank"] == 1 and scores["Ann"]["rank"] == 3
    # The same journal exported again is the same play (BG Stats merges it).
    run(capsys, "export", str(SESSIONS / "demo.jsonl"), "--bgstats", "--out",
        str(tmp_path / "again.bgsplay"), "--date", "2026-11-30 20:15")
    assert json.loads((tmp_path / "again.bgsplay").read_text()) == data


def test_export_names_pungis_first_player_as_start_player(capsys, tmp_path):
    out = tmp_path / "p.bgsplay"
    assert run(capsys, "export", str(SESSIONS / "pungi-first.jsonl"), "--bgstats",
               "--out", str(out))[0] == 1   # an unfinished series: refused
    run(capsys, "export", str(SESSIONS / "pungi-game-2p.jsonl"), "--bgstats", "--out", str(out))
    play = json.loads(out.read_text())["plays"][0]
    header = json.loads((SESSIONS / "pungi-game-2p.jsonl").read_text().splitlines()[0])
    assert play["playerScores"][0]["startPlayer"] == (header["players"][0]["name"] == "Ann")
    assert sum(s["startPlayer"] for s in play["playerScores"]) == 1


@pytest.mark.parametrize("fixture, message", [
    ("pumafiosi-partial.jsonl", "is not finished"),
    ("pumafiosi-bad-wrong-turn.jsonl", ":3: Cy played 20"),
    ("mafia-cops-win.jsonl", "does not say who were the cops: name them, e.g. --cops Ann"),
])
def test_export_refuses_what_it_cannot_export(capsys, tmp_path, fixture, message):
    status, _, err = run(capsys, "export", str(SESSIONS / fixture), "--bgstats",
                         "--out", str(tmp_path / "x.bgsplay"))
    assert status == 1 and message in err and not (tmp_path / "x.bgsplay").exists()


def test_export_of_mafia_with_roles_marks_the_winning_side(capsys, tmp_path):
    lines = (SESSIONS / "mafia-cops-win.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    roles = ["cop", "mobster", "mobster", "cop", "mobster", "mobster", "mobster", "cop"]
    for player, role in zip(header["players"], roles):
        player["role"] = role
    journal = tmp_path / "mafia.jsonl"
    journal.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    run(capsys, "export", str(journal), "--bgstats")
    scores = json.loads(journal.with_suffix(".bgsplay").read_text())["plays"][0]["playerScores"]
    assert all(s["winner"] == (s["team"] == "cops") for s in scores)


def check_bgstats_format(data: dict, game: str, names: list[str]) -> dict:
    """A BG Stats import file: linked players, game and one play; its scores by name."""
    assert set(data) >= {"players", "games", "plays", "locations"}
    ids = {p["id"]: p["name"] for p in data["players"]}
    assert list(ids.values()) == names
    assert all(re.fullmatch(r"[0-9A-F-]{36}", p["uuid"]) for p in data["players"])
    (entry,) = data["games"]
    assert entry["name"] == game.capitalize() and entry["usesTeams"] == (game == "mafia")
    (play,) = data["plays"]
    assert play["gameRefId"] == entry["id"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert isinstance(play["durationMin"], int)
    scores = {ids[s["playerRefId"]]: s for s in play["playerScores"]}
    assert sorted(s["seatOrder"] for s in scores.values()) == list(range(len(names)))
    assert sum(s["startPlayer"] for s in scores.values()) <= 1   # (Mafia: a first "turn")
    assert any(s["winner"] for s in scores.values())
    for s in scores.values():
        assert isinstance(s["score"], str) and isinstance(s["rank"], int)
    return scores


@pytest.mark.parametrize("fixture", ["demo", "pungi-game-2p", "mafia-cops-win"])
def test_every_game_exports_to_bg_stats(capsys, tmp_path, fixture):
    journal = SESSIONS / f"{fixture}.jsonl"
    header = json.loads(journal.read_text().splitlines()[0])
    out = tmp_path / "x.bgsplay"
    extra = ["--cops", "bob"] if header["game"] == "mafia" else []
    assert run(capsys, "export", str(journal), "--bgstats", "--out", str(out), *extra)[0] == 0
    scores = check_bgstats_format(json.loads(out.read_text()), header["game"],
                                  [p["name"] for p in header["players"]])
    winners = expected_summary(fixture)["winners"]
    if header["game"] == "mafia":
        assert {n: s["team"] for n, s in scores.items()} == {
            "Ann": "mobsters", "Bob": "cops", "Cy": "mobsters"}
        assert [n for n, s in scores.items() if s["winner"]] == ["Bob"] and winners == ["cops"]
    else:
        assert [n for n, s in scores.items() if s["winner"]] == winners


def mafia_journal(tmp_path, *, exposed: str | None = None):
    """mafia-cops-win (Ann, Bob, Cy), with a cop exposed early if asked."""
    lines = (SESSIONS / "mafia-cops-win.jsonl").read_text().splitlines()
    if exposed:
        lines.insert(1, json.dumps({"type": "reveal_cop", "player": exposed}))
    journal = tmp_path / "mafia.jsonl"
    journal.write_text("\n".join(lines) + "\n")
    return journal


def test_export_takes_the_cops_named_at_the_table(capsys, tmp_path):
    journal = mafia_journal(tmp_path)
    write_cops(journal, ["Cy"])
    assert journal.with_name("mafia.cops.json").exists()
    assert run(capsys, "export", str(journal), "--bgstats")[0] == 0
    scores = json.loads(journal.with_suffix(".bgsplay").read_text())["plays"][0]["playerScores"]
    assert [s["team"] for s in scores] == ["mobsters", "mobsters", "cops"]
    assert [s["winner"] for s in scores] == [False, False, True]


@pytest.mark.parametrize("cops, message", [
    (["Ann", "Bob"], "cops: a table of 3 has 1 cop, not 2 (Ann, Bob)"),
    (["Cy"], "cops: Bob was exposed as a cop, so Bob is one of the cops"),
    (["zed"], "--cops: there is no player called 'zed' (players: Ann, Bob, Cy)"),
])
def test_export_checks_the_cops_against_the_game(capsys, tmp_path, cops, message):
    journal = mafia_journal(tmp_path, exposed="Bob")
    status, _, err = run(capsys, "export", str(journal), "--bgstats", "--cops", *cops)
    assert status == 1 and message in err and "Traceback" not in err
    assert run(capsys, "export", str(journal), "--bgstats", "--cops", "bob")[0] == 0


def test_a_broken_cops_file_is_named_in_one_line(capsys, tmp_path):
    journal = mafia_journal(tmp_path)
    journal.with_name("mafia.cops.json").write_text("{oops\n")
    status, _, err = run(capsys, "export", str(journal), "--bgstats")
    assert status == 1 and "mafia.cops.json:1: not JSON" in err and len(err.splitlines()) == 1


def test_a_camera_without_calibration_is_refused_before_any_journal_is_made(capsys, tmp_path):
    journal = tmp_path / "game.jsonl"
    status, _, err = run(capsys, "play", "pungi", "--players", "Ann", "Bob",
                         "--journal", str(journal), "--camera", "0")
    assert status == 1 and "--camera needs the table's --calibration FILE" in err
    assert not journal.exists()


def test_version_and_help_texts_speak_to_players(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == "companion 0.1.0 (Table Companion)"
    for command in ("demo", "play", "timer", "export", "replay", "record", "calibrate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = capsys.readouterr().out
        # No file formats, module names or test notes: what a player needs to know.
        for note in ("companion-session/1", "``", "fixtures/", " test", "spec"):
            assert note not in out, (command, note)


def parsers(parser, name="companion"):
    """Every command's parser, the nested ones too (timer omerta, cards print, bench ...)."""
    import argparse

    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for word, sub in action.choices.items():
                yield from parsers(sub, f"{name} {word}")


def test_every_help_text_names_what_to_give_in_words():
    from companion.cli import build_parser

    everything = list(parsers(build_parser()))
    assert len(everything) > 15
    for name, parser in everything:
        text = parser.format_help()
        assert "``" not in text, name   # no docstring markup
        if name.startswith("companion bench"):
            continue   # (a developer's tool)
        for action in parser._actions:
            # argparse's own placeholder is the option's name in capitals (--out OUT): say
            # what to give instead (FILE, N, S, 0..1)
            if action.option_strings and action.nargs != 0 and action.choices is None:
                assert action.metavar is not None, (name, action.option_strings)


@pytest.mark.parametrize("stored, message", [
    ({"lang": "fr"}, "unknown language or camera view"),
    ({"turn_seconds": "x"}, "bad speak or turn_seconds"),
    ({"speak": "yes"}, "bad speak or turn_seconds"),
    ({"camera": 5}, "camera, calibration or web address that is not a text"),
    ({"camera": "gone.mp4", "calibration": "gone.json"}, "gone.json: cannot read"),
])
def test_resume_refuses_hand_edited_settings_in_one_line(capsys, tmp_path, stored, message):
    journal = tmp_path / "game.jsonl"
    header = {"format": "companion-session/1", "game": "pungi",
              "players": [{"name": "Ann"}, {"name": "Bob"}], "options": {"companion": stored}}
    journal.write_text(json.dumps(header) + "\n")
    status, _, err = run(capsys, "play", "--resume", str(journal))
    assert status == 1 and message in err and err.count("\n") == 1


PUNGI = {"format": "companion-session/1", "game": "pungi",
         "players": [{"name": "Ann"}, {"name": "Bob"}]}


def test_a_bad_session_file_is_said_in_the_tables_language(capsys, tmp_path):
    """A line that is not JSON (the reason from the JSON decoder kept as it came) and a
    move the rules refuse, in Vietnamese as the table asked, with the file and line."""
    cut = tmp_path / "cut.jsonl"
    cut.write_text(json.dumps(PUNGI) + "\n{oops\n")
    status, _, err = run(capsys, "demo", "--session", str(cut), "--lang", "vi")
    assert status == 1 and err == (
        f"companion: {cut}:2: không phải JSON hợp lệ (Expecting property name enclosed in "
        f"double quotes ở cột 2): dòng này có thể bị cắt ngắn hoặc gõ sai (không phát lại "
        f"được phiên chơi)\n")
    wrong = tmp_path / "wrong.jsonl"   # (a line after the wrong one: resume does not repair it)
    wrong.write_text("\n".join(json.dumps(line) for line in [
        PUNGI, {"type": "layout", "cards": [3, 4]},
        {"type": "play", "player": "Bob", "animal": "duck", "value": 2},
        {"type": "play", "player": "Ann", "animal": "duck", "value": 3}]) + "\n")
    with pytest.raises(play_command.CommandError) as refused:
        play_command.resume(str(wrong), "vi")
    assert str(refused.value) == (f"{wrong}:3: Bob chơi vịt 2, nhưng đang là lượt của Ann (hãy "
                                  f"sửa hoặc xóa dòng đó rồi chơi tiếp)")


def test_replay_and_export_read_a_match_with_unseen_plays(capsys, tmp_path):
    from companion.games.pumafiosi_random import random_session
    from companion.session import Session
    from tests.games.test_pumafiosi_unseen import unread_losers

    header, moves = random_session(3, players=4)
    path = tmp_path / "unread.jsonl"
    lines = [header.to_json()] + unread_losers(moves)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    truth = Session(header)
    for move in moves:
        truth.apply(move)
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0 and "Ann played a card (not read)" in out
    status, out, _ = run(capsys, "replay", str(path), "--json")
    assert status == 0 and json.loads(out) == truth.summary()
    status, _, _ = run(capsys, "export", str(path), "--bgstats", "--out",
                       str(tmp_path / "unread.bgsplay"))
    assert status == 0
    scores = {s["playerRefId"]: s["score"] for s in json.loads(
        (tmp_path / "unread.bgsplay").read_text())["plays"][0]["playerScores"]}
    assert sorted(scores.values()) == sorted(str(v) for v in truth.summary()["scores"].values())
