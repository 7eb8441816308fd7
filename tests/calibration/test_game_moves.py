"""What small card markers cost a game: where a game's moves put their cards (from the
bundled sessions, by the rules engines, no game named in the code) and the line
``companion calibrate`` adds after its warning: how many of a whole game's moves put a
card at the small places and up to how many may be asked instead of read, now and with
each change its advice names."""

from __future__ import annotations

import doctest
import importlib
import json
import re
import shutil

import cv2
import pytest

from companion.bundled import FIXTURES
from companion.cli import main
from companion.games.pumafiosi import STEPS
from companion.move_places import move_places

from .calibration_tables import seat_markers, shoot
from .test_calibrate_command import corners
from .test_table_zones import hierarchy


def test_three_player_pumafiosi_plays_a_quarter_of_its_moves_at_each_seat():
    places = move_places("pumafiosi", players=3)
    assert places.players == 3 and places.games >= 10
    # ten rounds a game: each of the three plays a card in front of them, the winner
    # places it on a step (and bumps may lay more cards further down in the same move)
    assert places.per_game == pytest.approx(40, abs=0.5)
    shares = places.shares
    for seat in (1, 2, 3):
        assert shares[f"play:{seat}"] == pytest.approx(0.25, abs=0.005)
        assert places.at({f"play:{seat}"}) == pytest.approx(10)
    steps = {f"step:{v}" for v in STEPS}
    assert set(shares) == {"play:1", "play:2", "play:3"} | steps
    assert places.at(steps) == pytest.approx(10)   # one place a round
    assert shares["step:-3"] == max(shares[s] for s in steps)   # where the lowest cards go
    assert sum(shares[s] for s in steps) > 0.25    # the bumps


def test_four_player_pungi_lays_out_the_row_and_plays_one_card_a_seat_each_round():
    places = move_places("pungi", players=4)
    assert places.players == 4
    shares = places.shares
    row = {f"layout:{k}" for k in (1, 2, 3, 4)}
    seats = {f"play:{n}" for n in (1, 2, 3, 4)}
    assert set(shares) == row | seats
    rounds = places.at({"layout:1"})
    assert rounds > 5
    # one layout move lays a snake on every place of the row
    assert places.at(row) == pytest.approx(rounds)
    assert all(shares[z] == pytest.approx(shares["layout:1"]) for z in row)
    # the round's last play too, though the round is scored and cleared at once
    for zone in seats:
        assert places.at({zone}) == pytest.approx(rounds)
    assert places.at(row | seats) == pytest.approx(5 * rounds)
    assert places.per_game > 5 * rounds             # (and who goes first)


def test_five_player_mafia_puts_cards_only_at_the_missions():
    places = move_places("mafia", players=5)
    assert places.players == 5 and places.games == 1
    assert set(places.shares) == {"mission:1", "mission:2"}
    session = [json.loads(line) for line in
               (FIXTURES / "sessions" / "mafia-mobsters-win.jsonl").read_text().splitlines()]
    laying = [m for m in session[1:] if m["type"] in ("mission", "contribute")]
    assert places.per_game == len(session) - 1
    assert places.at({"mission:1", "mission:2"}) == len(laying)   # turns lay no card
    assert places.at({"mission:1"}) == sum(m["slot"] == 1 for m in laying)


def test_a_player_count_with_no_bundled_game_takes_them_all_and_an_unknown_game_none():
    any_count = move_places("mafia", players=4)   # no whole 4-player game: 3 and 5 players
    assert any_count.players is None and any_count.games == 2
    assert move_places("chess") is None
    assert move_places("mafia", sessions=[FIXTURES / "sessions" / "mafia-partial.jsonl"]
                       ) is None   # (no whole game in it)


def test_unread_counts_a_move_by_the_least_read_of_its_places():
    places = move_places("pungi", players=4)
    rounds = places.at({"layout:1"})
    assert places.unread({"layout:4": 0.5}) == pytest.approx(rounds / 2)
    assert places.unread({"layout:4": 0.5, "layout:1": 0.2}) == pytest.approx(rounds * 0.8)
    assert places.unread({"play:1": 0.0}) == pytest.approx(rounds)


def test_a_session_file_elsewhere_is_read_as_its_header_says(tmp_path):
    copy = tmp_path / "s.jsonl"
    shutil.copy(FIXTURES / "sessions" / "pumafiosi-full-4p.jsonl", copy)
    places = move_places("pumafiosi", sessions=[copy])
    assert places.players == 4 and places.games == 3
    for seat in (1, 2, 3, 4):   # ten rounds of four plays and a place
        assert places.at({f"play:{seat}"}) == pytest.approx(10)
    assert move_places("pungi", sessions=[copy]) is None


# --- companion calibrate ---------------------------------------------------------------

LINE = {"en": re.compile(r"in a whole Pumafiosi game of about (\d+) moves \((\d+) whole games "
                         r"of 3 players in the sessions that come with the companion\), about "
                         r"(\d+) put a card at those places: up to (\d+)-(\d+) of them may be "
                         r"asked instead of read \(.*?\)(.*)$", re.M),
        "vi": re.compile(r"trong một ván Pumafiosi trọn vẹn khoảng (\d+) nước đi \((\d+) ván "
                         r"trọn vẹn 3 người chơi trong các phiên chơi đi kèm companion\), "
                         r"khoảng (\d+) nước đặt lá bài ở những chỗ đó: tối đa (\d+)-(\d+) "
                         r"nước trong số đó có thể phải hỏi thay vì đọc được \(.*?\)(.*)$",
                         re.M)}
OPTIONS = {"en": ("at 1080p", "with 32 mm stickers", "both"),
           "vi": ("ở 1080p", "với nhãn mốc 32 mm", "cả hai")}
UP_TO = {"en": "up to", "vi": "tối đa"}


@pytest.fixture(scope="module")
def far_table(tmp_path_factory):
    """A 720p photo of a three-seat Pumafiosi table from far and low: its far seat and the
    top of the hierarchy column under 20 px."""
    path = tmp_path_factory.mktemp("far") / "table.png"
    image = shoot(corners() + seat_markers(3) + hierarchy(300.0), tilt=30.0, size=(1280, 720),
                  distance=1250.0, with_corners=False).image
    cv2.imwrite(str(path), image)
    return str(path)


def calibrated(tmp_path, capsys, image, *args) -> tuple[str, dict]:
    assert main(["calibrate", image, "--table", "900x650", "--out", str(tmp_path / "t.json"),
                 "--overwrite", "--json", *args]) == 0
    out, err = capsys.readouterr()
    return err, json.loads(out)


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_calibrate_says_how_many_moves_of_a_game_small_markers_may_cost(tmp_path, capsys,
                                                                        far_table, lang):
    said, result = calibrated(tmp_path, capsys, far_table, "--lang", lang)
    assert result["game"] == "pumafiosi"   # (its hierarchy cards lie out)
    found = LINE[lang].search(said)
    assert found, said
    moves, games, count, low, high = map(int, found.groups()[:5])
    assert moves == 40 and games >= 10
    # the moves at the small places, from the sizes it reports and the bundled games
    small = {z["zone"] for z in result["marker_px"] if z["card_px"] < 20}
    assert count == round(move_places("pumafiosi", 3).at(small))
    assert 0 < low < high <= count < moves
    # the line follows the card warning and the reads it expects there
    lines = said.splitlines()
    at = next(i for i, line in enumerate(lines) if found.group(0) in line)
    assert lines[at - 2].startswith(("warning: card markers", "cảnh báo: mốc của lá bài"))
    assert result["warnings"].index(found.group(0)) == 2
    # each change the advice names lowers how many may be asked, 1080p the most
    options = re.findall(r"; ([^;:]+): " + UP_TO[lang] + r" (\d+)-(\d+)", found.group(6))
    assert [name for name, _, _ in options] == list(OPTIONS[lang])
    for _, option_low, option_high in options:
        assert int(option_low) <= low and int(option_high) < high
    assert int(options[0][2]) <= int(options[1][2])


def test_english_and_vietnamese_give_the_same_numbers(tmp_path, capsys, far_table):
    numbers = {}
    for lang in ("en", "vi"):
        said, _ = calibrated(tmp_path, capsys, far_table, "--lang", lang)
        found = LINE[lang].search(said)
        numbers[lang] = found.groups()[:5] + tuple(re.findall(r"\d+-\d+", found.group(6)))
    assert numbers["en"] == numbers["vi"]


def test_without_a_game_there_is_no_such_line_and_game_names_one(tmp_path, capsys):
    # the same far table without the hierarchy column: no game's anchors lie out
    path = tmp_path / "bare.png"
    cv2.imwrite(str(path), shoot(corners() + seat_markers(3), tilt=30.0, size=(1280, 720),
                                 distance=1250.0, with_corners=False).image)
    said, result = calibrated(tmp_path, capsys, str(path))
    assert result["game"] is None
    assert "warning: card markers" in said and "in a whole" not in said
    said, result = calibrated(tmp_path, capsys, str(path), "--game", "pungi")
    assert result["game"] == "pungi"
    # no layout row on this table: only the far seat's plays count
    assert re.search(r"in a whole Pungi game of about \d+ moves \(\d+ whole games of 3 "
                     r"players in the sessions that come with the companion\), about \d+ put "
                     r"a card at those places", said), said


@pytest.mark.parametrize("name", ["companion.move_places", "companion.bundled",
                                  "companion.piece_catalog", "calibration.marker_sizes",
                                  "calibration.expected_reads"])
def test_the_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0, name


def test_a_seat_not_found_still_counts_as_a_player(tmp_path, capsys):
    """Seat 1 lost in glare (Pungi hard-720p seed 106): seats 2-4 were found, so the
    table has 4 players, and the moves are counted from games of 4 players."""
    path = tmp_path / "no-seat-1.png"
    cv2.imwrite(str(path), shoot(corners() + seat_markers(4)[1:], tilt=30.0, size=(1280, 720),
                                 distance=1250.0, with_corners=False).image)
    said, _ = calibrated(tmp_path, capsys, str(path), "--game", "pungi")
    assert re.search(r"in a whole Pungi game of about \d+ moves \(\d+ whole games? of 4 "
                     r"players in the sessions", said), said
