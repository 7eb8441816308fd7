"""Typed moves read and write the session format exactly: every fixture line and every
move of random sessions round-trips byte for byte, and a bad field is refused as the
engines refused it."""

import doctest
import json
from pathlib import Path

import pytest
from hypothesis import Phase, given, settings, strategies as st

import companion.games
from companion.games import game_class, mafia_moves, moves, pumafiosi_moves, \
    pungi_moves
from companion.games.base import RuleError
from companion.games.mafia_moves import Reveal, RevealedCard, Spoke, Turn
from companion.games.moves import Undo
from companion.games.pumafiosi_moves import Place, Play
from companion.registry import game_names
from companion.session import Session, parse_header
from tests.games.refusals import GENERATORS, mutations

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SEPARATORS = (", ", ": ")   # the journal's (companion.session.journal)
SOME = settings(max_examples=30, deadline=None, phases=[Phase.explicit, Phase.generate])


def journal_line(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=SEPARATORS)


def fixture_lines():
    for path in sorted(FIXTURES.rglob("*.jsonl")):
        lines = path.read_text(encoding="utf-8").split("\n")
        game = json.loads(lines[0])["game"]
        for number, line in enumerate(lines[1:], 2):
            if line.strip():
                yield path, number, game, line


def test_every_fixture_line_round_trips_byte_for_byte():
    read = refused = 0
    for path, number, game, line in fixture_lines():
        obj = json.loads(line)
        try:
            move = game_class(game).parse_move(obj)
        except RuleError as err:
            # only a line a fixture keeps to be refused, and refused for that reason
            error = path.with_suffix(".error")
            assert error.exists(), f"{path.name}:{number}: {err}"
            where, _, why = error.read_text(encoding="utf-8").strip().partition(":")
            assert int(where) == number and why in str(err), (path.name, number, str(err))
            refused += 1
            continue
        assert journal_line(move.to_json()) == line, f"{path.name}:{number}"
        assert dict(move) == obj and list(move) == list(obj)
        read += 1
    assert read > 2000 and refused >= 1


@SOME
@given(st.sampled_from(game_names()), st.integers(0, 2**32), st.booleans())
def test_random_sessions_round_trip_and_replay_typed_as_they_replay_raw(name, seed, complete):
    header, raw = GENERATORS[name](seed, complete)
    typed = [game_class(name).parse_move(move) for move in raw]
    assert [journal_line(m.to_json()) for m in typed] == [journal_line(m) for m in raw]
    one, other = Session(header), Session(header)
    for dict_move, typed_move in zip(raw, typed):
        assert one.apply(dict_move) == other.apply(typed_move)
    assert one.summary() == other.summary()


def test_time_and_unknown_fields_are_carried_but_no_part_of_the_identity():
    early = Play.parse({"t": 4.0, "type": "play", "player": "Ann", "card": 4, "note": "x"})
    late = Play("Ann", 4).at(9)
    assert early == late and hash(early) == hash(late) and {early, late} == {late}
    assert early.t == 4.0 and early.extra == (("note", "x"),) and early["note"] == "x"
    assert journal_line(early.to_json()) == \
        '{"t": 4.0, "type": "play", "player": "Ann", "card": 4, "note": "x"}'
    assert late.to_json() == {"type": "play", "player": "Ann", "card": 4, "t": 9}
    assert early.without_time().to_json() == {"type": "play", "player": "Ann", "card": 4,
                                              "note": "x"}
    assert Play("Ann", 4) != Play("Ann", 4, machine_gun=True)
    # an optional flag: absent and false are written as they were read
    assert Play("Ann", 4, machine_gun=False).to_json()["machine_gun"] is False
    assert "machine_gun" not in Play("Ann", 4)
    assert Play("Ann", 4) != Play("Ann", 4, machine_gun=False)


def test_a_move_reads_as_the_mapping_of_its_json():
    move = Place.parse({"type": "place", "player": "Bob", "card": 20, "step": 8, "t": 2})
    assert move["type"] == "place" and move.get("item") is None and move.get("t") == 2
    assert "step" in move and "ring" not in move and len(move) == 5
    with pytest.raises(KeyError):
        move["ring"]
    reveal = Reveal(1, (RevealedCard(2, "blue"), RevealedCard(1, "yellow")))
    assert reveal["cards"] == [{"value": 2, "color": "blue"}, {"value": 1, "color": "yellow"}]
    assert Spoke().to_json() == {"type": "spoke"} and Undo().to_json() == {"type": "undo"}


def test_a_nested_object_keeps_its_key_order_and_unknown_keys():
    obj = {"type": "reveal", "slot": 2, "cards": [{"color": "blue", "value": 3, "why": "?"}]}
    move = Reveal.parse(obj)
    assert move.cards == (RevealedCard(3, "blue"),)
    assert journal_line(move.to_json()) == journal_line(obj)


@SOME
@given(st.sampled_from(game_names()), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_a_move_made_in_code_is_refused_as_its_json_is(name, seed, rng):
    header, raw = GENERATORS[name](seed, True)
    cls = game_class(name)
    for move in rng.sample(raw, min(20, len(raw))):
        wrong = mutations(rng, move, header.names)
        try:
            parsed = cls.parse_move(wrong)
        except RuleError as err:
            kind = wrong.get("type")
            typed = cls.RULES.get(kind) if isinstance(kind, str) else None
            if typed is None or err.code == "field_missing" or None in wrong.values() or \
                    set(wrong) - {"type", "t"} - set(typed.move.FIELDS):
                continue   # (no constructor takes it: a TypeError, as Python says; a
                #            field made None is absent)
            with pytest.raises(RuleError) as made:
                typed.move(**{k: tuple(v) if isinstance(v, list) else v
                              for k, v in wrong.items() if k not in ("type", "t")})
            assert (made.value.code, str(made.value)) == (err.code, str(err))
        else:
            assert parsed.type == wrong["type"]


def test_the_parser_of_a_game_refuses_what_the_engine_refuses():
    mafia = game_class("mafia")
    assert mafia.parse_move({"type": "turn", "player": "Ann"}) == Turn("Ann")
    assert mafia.parse_move({"type": "undo", "t": 3}) == Undo()
    for obj, code in (({"type": "deal"}, "unknown_move"), ({}, "no_type"),
                      ([], "move_not_object"), ({"type": "turn"}, "field_missing"),
                      ({"type": "turn", "player": 3}, "field_type"),
                      ({"type": "adjust", "slot": 1, "player": "Ann", "delta": 3},
                       "delta_range")):
        with pytest.raises(RuleError) as refused:
            mafia.parse_move(obj)
        assert refused.value.code == code


def test_a_session_takes_typed_moves():
    header = parse_header({"format": "companion-session/1", "game": "pumafiosi",
                           "players": [{"name": "Ann", "age": 41}, {"name": "Bob", "age": 35},
                                       {"name": "Cy", "age": 52}]})
    session = Session(header)
    session.apply(Play("Ann", 10))
    assert session.moves == [Play("Ann", 10)]


@pytest.mark.parametrize("module", [companion.games, moves, pumafiosi_moves, pungi_moves,
                                    mafia_moves])
def test_the_docstring_examples_run(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
