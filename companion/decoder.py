"""What the camera missed, inferred the same way for every game: the few hypotheses the
rules allow (sequences of the engine's legal moves), each scored by how much of the
table its expected table explains; one is journalled only when it leads all the others.

Evidence names a move. A card read on the table fixes the fields it names (its adapter
says which: a Pumafiosi card its ``card``), and the zone it lies in the field that zone
stands for (a seat its ``player``, a step its ``step``, a mission its ``slot``). A field
no evidence names must be one the rules leave a single value for (the player whose turn
it is, the winner who places), and an optional one (an item token, a machine gun) is left
absent: the decoder never chooses whose card it was, nor adds what nobody saw.

Time is evidence too: the moves of a hypothesis take the cards they name in the order
they came to rest on the table (a far card may be read up to ``READ_SLACK_S`` late), so a
card put down after the round it would complete was over is never booked into it.

>>> from companion.games import game_class
>>> from companion.games.base import Header, Player
>>> from calibration.zone import Zone
>>> game = game_class("pumafiosi").from_header(Header("pumafiosi", (
...     Player("Ann", 41), Player("Bob", 35), Player("Cy", 52))))
>>> for name, card in (("Ann", 10), ("Bob", 20)):
...     _ = game.apply({"type": "play", "player": name, "card": card})
>>> table = (Evidence(Zone("play", 1), 10, 1.0), Evidence(Zone("step", 6), 20, 9.0),
...          Evidence(Zone("play", 3), 30, 5.0))   # Cy's 30 still being read
>>> [h.moves for h in hypotheses(game, table, table[:2])]
[({'type': 'play', 'player': 'Cy', 'card': 30}, {'type': 'place', 'player': 'Bob', 'card': 20, 'step': 6})]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from itertools import islice
from typing import Any, Callable, Iterator, Mapping, Sequence

from calibration.zone import Zone
from companion.games import Game, Move, RuleError
from companion.games.base import TablePicture, Term, as_zone
from companion.table_differences import ZONE_FIELDS, Difference, differences

READ_SLACK_S = 3.0   # a card may be read this long after a card put down after it
NAMED_AT_MOST = 12   # more legal moves than this for what the evidence fixes: not named
DEPTH = 6            # moves in one hypothesis (a round of five and its place)
WIDTH = 48           # partial hypotheses kept at each depth


@dataclass(frozen=True)
class Evidence:
    """One card of the stable table: its zone, the card in game terms, and the table time
    from which it lay there."""

    zone: Zone | str | None
    term: Term
    since: float
    spent: bool = False   # a journalled move named this card already: it names no other
    theirs: bool = False  # it lies as it lay when a person last moved: no news of a move


@dataclass(frozen=True)
class Hypothesis:
    """Moves nobody saw that the table shows the result of."""

    moves: tuple[Move, ...]
    explained: int    # the cards of the table it puts where they lie
    inversions: int   # pairs of those cards it takes in the other order than they came
    chosen: int       # its moves whose player no evidence names, among several the rules allow
    whole: bool       # whether it explains every difference the table is judged by


def card_fields(term: Term) -> dict[str, Any]:
    """What a card names of a move, for a game that says nothing else: a numbered card its
    ``card``."""
    return {"card": term} if isinstance(term, int) and not isinstance(term, bool) else {}


def named_fields(evidence: Evidence, players: Sequence[str],
                 fields_of: Callable[[Term], dict[str, Any]] = card_fields
                 ) -> dict[str, Any]:
    """The move fields one card on the table names: its own, and its zone's."""
    named = dict(fields_of(evidence.term))
    try:
        zone = as_zone(evidence.zone) if evidence.zone is not None else None
    except ValueError:
        zone = None
    field = ZONE_FIELDS.get(zone.kind) if zone is not None else None
    if field == "player":
        if 1 <= zone.number <= len(players):
            named[field] = players[zone.number - 1]
    elif field is not None:
        named[field] = zone.number
    return named


def _optional(move_type: type[Move]) -> dict[str, None]:
    """The optional fields of a move type, absent."""
    return {f.name: None for f in fields(move_type)
            if f.name in move_type.FIELDS and f.default is None}


def _chosen(moves: Sequence[Move], fixed: Mapping[str, Any]) -> list[bool]:
    """For each move, whether its player is a choice: named by no evidence, and the
    rules allow another player the same move."""
    if "player" in fixed:
        return [False] * len(moves)

    def rest(move: Move) -> tuple:
        return tuple((k, v) for k, v in move.items() if k not in ("player", "t"))
    players: dict[tuple, set] = {}
    for move in moves:
        players.setdefault(rest(move), set()).add(move.get("player"))
    return [len(players[rest(move)]) > 1 for move in moves]


def candidates(game: Game, evidence: Sequence[Evidence],
               fields_of: Callable[[Term], dict[str, Any]] = card_fields
               ) -> Iterator[tuple[Move, float | None, bool]]:
    """The legal moves the evidence (cards lying where the rules do not have them) names,
    each with the time of the card that named it (None: named by the rules alone, the
    only moves of their type) and whether its player is a choice (``_chosen``)."""
    players = game.players
    named = [(named_fields(e, players, fields_of), e.since) for e in evidence]
    seen: set = set()
    for kind, rule in game.RULES.items():
        absent = _optional(rule.move)
        tries = [({k: v for k, v in fixed.items() if k in rule.move.FIELDS}, since)
                 for fixed, since in named]
        tries = [(fixed, since) for fixed, since in tries if fixed] + [({}, None)]
        for fixed, since in tries:
            wanted = {**absent, **fixed}
            try:
                moves = list(islice(game.legal_moves(type=kind, **wanted),
                                    NAMED_AT_MOST + 1))
            except (RuleError, TypeError):
                continue
            if len(moves) > NAMED_AT_MOST:
                continue   # the evidence does not name the move
            for move, chosen in zip(moves, _chosen(moves, wanted)):
                key = repr(dict(move))
                if key not in seen:
                    seen.add(key)
                    yield move, since, chosen


def _pairs(diffs: Sequence[Difference]) -> Counter:
    """Which card lies where it should not (whatever the rules say instead)."""
    return Counter((d.card, d.seen) for d in diffs)


def _unplaced(wrong: Counter, picture: TablePicture) -> Counter:
    """The cards of ``wrong`` that ``picture`` does not put where they lie: in a zone the
    rules fix, only its own cards; elsewhere a card out of play (a discard on its way)."""
    def placed(card: Term, zone: Zone) -> int:
        cards = picture.cards_at(zone)
        if cards is not None:
            return cards.count(card)
        return wrong[(card, zone)] if card in picture.loose or picture.is_free(zone) else 0
    return wrong - Counter({pair: placed(*pair) for pair in wrong})


def hypotheses(game: Game, evidence: Sequence[Evidence], judged: Sequence[Evidence],
               prior: TablePicture | None = None,
               fields_of: Callable[[Term], dict[str, Any]] = card_fields
               ) -> tuple[Hypothesis, ...]:
    """The sequences of legal moves that put a card of the table where it lies and
    nothing wrong, best first (``_rank``). ``evidence``: every card of the stable
    table; ``judged``: the ones the table is judged by (cards still being read name moves
    and count, but a hypothesis must explain one of the others that is news: not
    ``theirs``). ``prior``: a card still
    where this table has it waits for a hand, and is no difference."""
    def diffs(picture: TablePicture) -> Counter:
        return Counter(differences(picture, [(e.zone, e.term) for e in evidence], prior))

    start = game.expected_table()
    base_all = _pairs(diffs(start).elements())
    base = _pairs(differences(start, [(e.zone, e.term) for e in judged], prior))
    fresh = _pairs(differences(start, [(e.zone, e.term) for e in judged if not e.theirs],
                               prior))
    if not fresh:
        return ()
    found: dict[str, Hypothesis] = {}
    frontier: list[tuple[tuple[Move, ...], Game, Counter, tuple[float, ...], int]] = [
        ((), game, diffs(start), (), 0)]
    for _ in range(DEPTH):
        grown = []
        for moves, state, before, times, choices in frontier:
            wrong = _pairs(before.elements())
            naming = [e for e in evidence if e.zone is not None and not e.spent
                      and not e.theirs and (e.term, as_zone(e.zone)) in wrong]
            latest = max(times, default=-float("inf"))
            for move, since, chosen in candidates(state, naming, fields_of):
                if since is None and start.unplaced:
                    continue   # (what the rules alone name rests on a picture they lack)
                if since is not None and since + READ_SLACK_S < latest:
                    continue   # its card came to rest well after a card of a later move
                try:
                    child = state.child(move)
                except RuleError:
                    continue
                picture = child.expected_table()
                after = diffs(picture)
                if after == before or _pairs(after.elements()) - base_all:
                    continue   # it changes nothing, or it puts a card wrong
                path = moves + (dict(move),)
                taken = times + ((since,) if since is not None else ())
                chose = choices + chosen
                left = _unplaced(base, picture)
                if sum(_unplaced(fresh, picture).values()) < sum(fresh.values()):
                    found.setdefault(repr(path), Hypothesis(
                        path, sum(base_all.values()) - sum(_unplaced(base_all, picture)
                                                           .values()),
                        _inversions(taken), chose, not left))
                grown.append((path, child, after, taken, chose))
        frontier = grown[:WIDTH]
        if not frontier:
            break
    return tuple(sorted(found.values(), key=_rank))


def _inversions(times: Sequence[float]) -> int:
    """How many pairs of cards a hypothesis takes in the other order than they came."""
    return sum(a > b for i, a in enumerate(times) for b in times[i + 1:])


def _rank(h: Hypothesis) -> tuple[int, int, int, int]:
    """Explaining more, in the order the cards came, choosing fewer players, in fewer
    moves: a move that leaves open whose card it was (``unseen_contribute``) claims less
    than one that picks a player."""
    return -h.explained, h.inversions, h.chosen, len(h.moves)


def leader(found: Sequence[Hypothesis], whole: bool = False) -> Hypothesis | None:
    """The hypothesis that leads (``whole``: of those explaining the whole table): the
    only one ranked first. None when another ties with it: the table cannot tell them
    apart, and a wrong guess costs more than a question."""
    tied = rivals([h for h in found if h.whole or not whole])
    return tied[0] if len(tied) == 1 else None


def rivals(found: Sequence[Hypothesis]) -> tuple[Hypothesis, ...]:
    """The hypotheses ranked first together (for the question that names them)."""
    return tuple(h for h in found if _rank(h) == _rank(found[0])) if found else ()
