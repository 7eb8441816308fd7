"""What small card markers cost a game: where a game's moves put their cards (from the
bundled sessions, by the rules engines, no game named in the code)."""

from __future__ import annotations

import doctest
import importlib
import json
import shutil

import pytest

from companion.bundled import FIXTURES
from companion.games.pumafiosi import STEPS
from companion.move_places import move_places


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


@pytest.mark.parametrize("name", ["companion.move_places", "companion.bundled",
                                  "companion.piece_catalog", "calibration.marker_sizes",
                                  "calibration.expected_reads"])
def test_the_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0, name
