"""Pumafiosi properties over random legal sessions from the seeded generator."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.pumafiosi import STEPS, Pumafiosi
from companion.games.pumafiosi_outcomes import (CardDropped, CardPlaced, PumafiosiScored,
                                                PenaltyCharged, RingAdded)
from companion.games.pumafiosi_random import random_session
from companion.session import Journal, Session, replay_file
from tests.games.test_pumafiosi import state

sessions = st.builds(
    random_session,
    seed=st.integers(0, 10**6),
    players=st.integers(2, 5),
    complete=st.booleans(),
    items=st.booleans(),
    honor=st.sampled_from([0.0, 0.05]))

FEW = settings(max_examples=25, deadline=None)


@FEW
@given(sessions)
def test_at_most_one_card_per_step_above_minus_three(session):
    header, moves = session
    game = Pumafiosi.from_header(header)
    for move in moves:
        game.apply(move)
        steps = dict(game.hierarchy)
        assert all(len(steps[step]) <= 1 for step in STEPS[:-1])
        if not game.complete:
            # Every finished round of this game left exactly one card in the hierarchy.
            assert sum(len(cards) for cards in steps.values()) == game.round_number - 1


@FEW
@given(sessions)
def test_penalty_is_steps_dropped_times_rate_per_owner(session):
    header, moves = session
    game = Pumafiosi.from_header(header)
    items: dict[int, str | None] = {}  # what each card in this game carries, by our count
    for move in moves:
        before = game.scores
        outcomes = game.apply(move)
        if any(isinstance(o, PumafiosiScored) for o in outcomes):
            items.clear()
            continue
        charged = dict.fromkeys(before, 0)
        for o in outcomes:
            if isinstance(o, CardPlaced):
                items[o.card] = o.item
            elif isinstance(o, CardDropped):
                steps = STEPS.index(o.to_step) - STEPS.index(o.from_step)
                assert steps >= 1
                item = items[o.card]
                rate = 0 if not o.owners or item == "vest" else 2 if item == "notebook" else 1
                assert o.penalty_each == steps * rate
                for owner in o.owners:
                    charged[owner] += o.penalty_each
            elif isinstance(o, RingAdded):
                items[o.card] = "ring"
            elif isinstance(o, PenaltyCharged):
                charged[o.player] += o.points
        assert {n: before[n] - charged[n] for n in before} == game.scores


@FEW
@given(session=sessions)
def test_replaying_a_written_journal_gives_the_same_state(session, tmp_path_factory):
    header, moves = session
    path = tmp_path_factory.mktemp("journal") / "session.jsonl"
    live = Session(header)
    journal = Journal.create(path, header)
    for move in moves:
        live.apply(move)
        journal.append(move)
    journal.close()
    replay = replay_file(path)
    assert replay.error is None
    assert replay.session.summary() == live.summary()
    assert state(replay.session.game) == state(live.game)


@FEW
@given(sessions, st.data())
def test_undo_then_the_same_move_gives_the_same_state(session, data):
    header, moves = session
    if not moves:
        return
    k = data.draw(st.integers(0, len(moves) - 1))
    straight = Session(header)
    for move in moves[:k + 1]:
        straight.apply(move)
    wobbly = Session(header)
    for move in moves[:k + 1]:
        wobbly.apply(move)
    wobbly.apply({"type": "undo"})
    wobbly.apply(moves[k])
    assert state(wobbly.game) == state(straight.game)
    assert wobbly.summary() == straight.summary()


@FEW
@given(st.integers(0, 10**6), st.integers(2, 5))
def test_complete_sessions_end_with_winners_and_three_games(seed, players):
    header, moves = random_session(seed, players=players)
    session = Session(header)
    for move in moves:
        session.apply(move)
    summary = session.summary()
    assert session.complete and summary["winners"] and len(summary["games"]) == 3
    assert summary["scores"] == summary["games"][-1]["scores"]
    best = max(summary["scores"].values())
    assert all(summary["scores"][w] == best for w in summary["winners"])
