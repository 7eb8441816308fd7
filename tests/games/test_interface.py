"""The one game interface, the shared ``apply`` and the stable codes, over all three games."""

import inspect
import pickle

import pytest
from hypothesis import Phase, given, settings, strategies as st

from companion.registry import game_names
from companion.games import game_class, mafia_outcomes, pumafiosi_outcomes, \
    pungi_outcomes
from companion.games.base import Outcome, RuleError
from companion.session import Session, session
from tests.games.refusals import GENERATORS, near_misses, raised_codes

seeds = st.integers(min_value=0, max_value=2**32)
games = st.sampled_from(game_names())
# Whole random sessions are slow to shrink: a failure is reported as generated.
SOME = settings(max_examples=25, deadline=None, phases=[Phase.explicit, Phase.generate])


def outcome_classes():
    for module in (pumafiosi_outcomes, pungi_outcomes, mafia_outcomes, session):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Outcome) and cls is not Outcome and cls.__module__ == module.__name__:
                yield cls


def test_every_outcome_has_its_own_kind_and_no_two_share_one():
    classes = list(outcome_classes())
    assert len(classes) >= 30
    kinds = [cls.kind for cls in classes]
    assert all("kind" in vars(cls) for cls in classes), "an outcome inherits its kind"
    assert len(set(kinds)) == len(kinds), sorted(k for k in kinds if kinds.count(k) > 1)


def test_every_refusal_in_the_source_has_a_literal_code():
    codes = raised_codes()
    assert None not in codes, f"a RuleError without a literal code: {codes.get(None)}"
    assert len(codes) >= 60


def test_every_engine_writes_only_its_rules():
    for name in game_names():
        cls = game_class(name)
        for shared in ("apply", "is_legal", "child", "legal_moves", "parse_move"):
            assert shared not in vars(cls), f"{name} overrides {shared}"
        assert cls.RULES and all(rule.move.type == kind and callable(rule.check)
                                 and callable(rule.effect) and callable(rule.domain)
                                 for kind, rule in cls.RULES.items())


def state(game):
    return pickle.dumps(game)


@SOME
@given(games, seeds)
def test_the_interface_follows_every_move(name, seed):
    header, moves = GENERATORS[name](seed, False)
    s = Session(header)
    for move in moves + [None]:
        game = s.game
        summary = game.summary()
        assert game.players == header.names
        assert game.scores == summary["scores"]
        assert game.winners == tuple(summary["winners"])
        assert (game.phase == "over") == game.complete
        assert bool(game.winners) == game.complete
        assert game.to_act is None or game.to_act in game.players
        if move is not None:
            s.apply(move)


@SOME
@given(games, seeds)
def test_every_engine_refuses_every_move_after_the_end_with_the_same_code(name, seed):
    header, moves = GENERATORS[name](seed, True)
    s = Session(header)
    for move in moves:
        s.apply(move)
    game = s.game
    assert game.complete and game.phase == "over" and game.to_act is None and game.winners
    before = state(game), game.summary()
    attempts = [dict(move) for move in moves[-3:]] + [
        {"type": kind, "player": header.names[0]} for kind in game.RULES] + [
        {"type": "deal"}]
    for move in attempts:
        for target in (game, s):
            with pytest.raises(RuleError) as refused:
                target.apply(move)
            assert refused.value.code == "over", str(refused.value)
            assert str(refused.value) == (f"{move['type']}: the {name} session is over; only "
                                          f"undo is possible now")
    assert (state(game), game.summary()) == before


@settings(max_examples=40, deadline=None, phases=[Phase.explicit, Phase.generate])
@given(games, seeds, st.randoms(use_true_random=False))
def test_every_refusal_carries_a_code_and_leaves_the_game_as_it_was(name, seed, rng):
    header, moves = GENERATORS[name](seed, True)
    known = set(raised_codes())
    for s, wrong in near_misses(header, moves, rng, 0.2):
        before = state(s.game), s.summary(), list(s.moves)
        try:
            s.apply(wrong)
        except RuleError as err:
            assert err.code in known, (err.code, str(err))
            assert isinstance(err.fields, dict) and str(err)
            assert (state(s.game), s.summary(), list(s.moves)) == before
        else:
            s.apply({"type": "undo"})
