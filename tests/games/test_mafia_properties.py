"""Properties of Mafia over seeded random legal sessions (companion.games.mafia_random)."""

import copy
import json

from hypothesis import given, settings, strategies as st

from companion.games.base import RuleError
from companion.games.mafia_random import random_session
from companion.session import Session, replay_text

seeds = st.integers(0, 2**32 - 1)
table_sizes = st.integers(3, 8)
FEW = settings(max_examples=40, deadline=None)


def state(game):
    return copy.deepcopy(vars(game))


def journal(header, moves):
    return "\n".join(json.dumps(line) for line in [header.to_json(), *moves]) + "\n"


@FEW
@given(seeds, table_sizes, st.booleans())
def test_replaying_the_written_journal_gives_the_same_summary(seed, players, complete):
    header, moves = random_session(seed, players=players, complete=complete)
    session = Session(header)
    for move in moves:
        session.apply(move)
    assert session.complete == complete
    replay = replay_text(journal(header, moves))
    assert replay.error is None
    assert replay.session.summary() == session.summary()


@FEW
@given(seeds, table_sizes, st.data())
def test_undo_then_the_same_move_again_gives_the_same_state(seed, players, data):
    header, moves = random_session(seed, players=players)
    cut = data.draw(st.integers(0, len(moves) - 1))
    session = Session(header)
    for move in moves[:cut]:
        session.apply(move)
    before = state(session.game)
    first = session.apply(moves[cut])
    after = state(session.game)
    session.apply({"type": "undo"})
    assert state(session.game) == before
    assert session.apply(moves[cut]) == first
    assert state(session.game) == after


@FEW
@given(seeds, table_sizes)
def test_the_counts_never_pass_four_and_seven_in_all(seed, players):
    header, moves = random_session(seed, players=players)
    session = Session(header)
    for move in moves:
        session.apply(move)
        scores = session.summary()["scores"]
        assert scores["mobsters"] + scores["cops"] <= 7
        assert max(scores.values()) <= 4
        assert session.complete == (max(scores.values()) == 4)


# A move of any type with fields that may or may not fit the table.
names = st.sampled_from(["Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Zed"])
slots = st.sampled_from([1, 2, 3, "1"])
shaky_moves = st.one_of(
    st.fixed_dictionaries({"type": st.just("mission"), "slot": slots,
                           "mission": st.sampled_from([1, 2, 3, 5, 7, 10, 11, "1"]),
                           "assigned": st.lists(names, max_size=4)}),
    st.fixed_dictionaries({"type": st.just("contribute"), "player": names, "slot": slots},
                          optional={"skill": st.sampled_from(["salvatore", "tony"])}),
    st.fixed_dictionaries({"type": st.just("reveal"), "slot": slots,
                           "cards": st.lists(st.fixed_dictionaries(
                               {"value": st.integers(0, 4),
                                "color": st.sampled_from(["blue", "yellow", "red"])}),
                               max_size=8)}),
    st.fixed_dictionaries({"type": st.sampled_from(["abort", "assign", "release"]),
                           "slot": slots, "player": names}),
    st.fixed_dictionaries({"type": st.just("adjust"), "slot": slots, "player": names,
                           "delta": st.integers(-3, 3)}),
    st.fixed_dictionaries({"type": st.sampled_from(["reveal_cop", "omerta", "turn", "spoke"]),
                           "player": names}),
)


@settings(max_examples=150, deadline=None)
@given(seeds, table_sizes, st.data(), shaky_moves)
def test_any_move_is_applied_whole_or_refused_with_nothing_changed(seed, players, data, move):
    header, moves = random_session(seed, players=players)
    cut = data.draw(st.integers(0, len(moves) - 1))
    session = Session(header)
    for legal in moves[:cut]:
        session.apply(legal)
    before, summary = state(session.game), session.summary()
    try:
        session.apply(move)
    except RuleError:
        assert state(session.game) == before and session.summary() == summary


def test_random_sessions_repeat_per_seed_and_hold_every_kind_of_move():
    kinds = set()
    for seed in range(60):
        assert random_session(seed) == random_session(seed)
        header, moves = random_session(seed)
        kinds |= {m["type"] for m in moves} | {"salvatore" for m in moves if m.get("skill")}
    assert kinds == {"mission", "contribute", "reveal", "abort", "assign", "release", "adjust",
                     "reveal_cop", "omerta", "spoke", "turn", "salvatore"}
