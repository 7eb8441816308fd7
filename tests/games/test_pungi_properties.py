"""Pungi properties over seeded random legal sessions (companion.games.pungi_random)."""

import copy
import itertools
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given, settings, strategies as st

from companion.games.pungi_cards import CHARMER, charmed_values, collection_points
from companion.games.pungi_outcomes import LayoutDealt, LayoutRedealt, PungiScored, SnakeTaken
from companion.games.pungi_random import random_session
from companion.session import Journal, Session, replay_file

seeds = st.integers(min_value=0, max_value=2**32)
player_counts = st.integers(min_value=2, max_value=6)
FEW = settings(max_examples=40, deadline=None)


def applied(header, moves):
    session = Session(header)
    outcomes = [session.apply(move) for move in moves]
    return session, outcomes


def state(session):
    return copy.deepcopy(session.game.__dict__), session.summary()


@FEW
@given(seeds, player_counts, st.sampled_from([None, 1, 2]))
def test_a_complete_series_hands_out_every_laid_out_snake_exactly_once(seed, n, games):
    header, moves = random_session(seed, players=n, games=games)
    session, outcomes = applied(header, moves)
    assert session.complete
    dealt, handed, scored = Counter(), Counter(), []
    for step in outcomes:
        for outcome in step:
            if isinstance(outcome, LayoutDealt):
                dealt.update(outcome.cards)
                round_layout = list(outcome.cards)
                round_takers = []
            elif isinstance(outcome, SnakeTaken):
                assert round_layout[outcome.position - 1] == outcome.card
                handed[outcome.card] += 1
                round_takers.append((outcome.player, outcome.position))
                if len(round_takers) == n:  # everyone took one, each position once
                    assert sorted(p for p, _ in round_takers) == sorted(header.names)
                    assert [pos for _, pos in round_takers] == list(range(1, n + 1))
            elif isinstance(outcome, PungiScored):
                kept = Counter(c for cards in outcome.collections.values() for c in cards)
                assert dealt == handed == kept
                assert sum(dealt.values()) == (37 // n) * n
                scored.append(outcome)
                dealt, handed = Counter(), Counter()
    summary = session.summary()
    assert len(scored) == len(summary["games"]) == (games or n)
    running = dict.fromkeys(header.names, 0)
    for entry in summary["games"]:
        for name, cards in entry["collections"].items():
            assert len(cards) == 37 // n
            running[name] += collection_points(cards)
        assert entry["scores"] == running
    assert summary["scores"] == running
    best = max(running.values())
    assert summary["winners"] == [p for p in header.names if running[p] == best]


@settings(max_examples=15, deadline=None)  # the journal syncs every line to disk
@given(seeds, player_counts, st.booleans())
def test_replaying_a_written_journal_gives_the_same_summary(seed, n, complete):
    header, moves = random_session(seed, players=n, complete=complete)
    session, _ = applied(header, moves)
    assert session.complete == complete
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pungi.jsonl"
        journal = Journal.create(path, header)
        for move in moves:
            journal.append(move)
        journal.close()
        replay = replay_file(path)
    assert replay.error is None
    assert replay.session.summary() == session.summary()
    assert random_session(seed, players=n, complete=complete) == (header, moves)


@FEW
@given(seeds, player_counts, st.data())
def test_undo_then_redo_gives_the_same_state(seed, n, data):
    header, moves = random_session(seed, players=n, games=2)
    i = data.draw(st.integers(min_value=0, max_value=len(moves) - 1), label="move")
    session, _ = applied(header, moves[:i])
    before = state(session)
    outcomes = session.apply(moves[i])
    after = state(session)
    session.apply({"type": "undo"})
    assert state(session) == before
    assert session.apply(moves[i]) == outcomes
    assert state(session) == after


def best_legal_points(cards):
    """Brute force: every legal choice of turned snakes, the best total."""
    values = [c for c in cards if c != CHARMER]
    charmers = len(cards) - len(values)
    negatives = [i for i, v in enumerate(values) if v < 0]
    others = [i for i, v in enumerate(values) if v >= 0]
    if charmers <= len(negatives):
        choices = itertools.combinations(negatives, charmers)
    else:
        extra = min(charmers - len(negatives), len(others))
        choices = (tuple(negatives) + c for c in itertools.combinations(others, extra))
    return max(sum(-v if i in turned else v for i, v in enumerate(values))
               for turned in choices)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(-6, 7), st.just(CHARMER)), max_size=9))
def test_charmers_are_used_in_the_best_legal_way(cards):
    assert collection_points(cards) == best_legal_points(cards)
    assert len(charmed_values(cards)) == len(cards) - cards.count(CHARMER)


def test_the_generator_makes_redeals_first_moves_and_partial_series():
    kinds = Counter()
    for seed in range(10):
        header, moves = random_session(seed, players=5, complete=seed % 2 == 0)
        session, outcomes = applied(header, moves)
        assert session.complete == (seed % 2 == 0)
        kinds.update(type(o).__name__ for step in outcomes for o in step)
        kinds.update(m["type"] for m in moves)
    assert kinds[LayoutRedealt.__name__] and kinds["first"] and kinds["SeriesWon"] == 5
