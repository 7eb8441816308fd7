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
>>> leader(hypotheses(game, table, table[:2])).moves
({'type': 'play', 'player': 'Cy', 'card': 30}, {'type': 'place', 'player': 'Bob', 'card': 20, 'step': 6})
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields, replace
from itertools import islice
from typing import Any, Callable, Collection, Iterator, Mapping, Sequence

from calibration.zone import Zone
from companion.games import Game, Move, RuleError
from companion.games.base import TablePicture, Term, as_zone
from companion.journal_rewrite import UNSEEN, bare
from companion.table_differences import ZONE_FIELDS, Difference, differences

READ_SLACK_S = 3.0   # a card may be read this long after a card put down after it
NAMED_AT_MOST = 12   # more legal moves than this for what the evidence fixes: not named
DEPTH = 7            # moves in one hypothesis (a round of five between two places)
WIDTH = 48           # partial hypotheses kept at each depth
UNSEEN_AT_MOST = 2   # moves the table cannot show (a card nobody read) in one hypothesis


@dataclass(frozen=True)
class Evidence:
    """One card of the stable table: its zone, the card in game terms, and the table time
    from which it lay there."""

    zone: Zone | str | None
    term: Term
    since: float
    spent: bool = False   # a journalled move named this card already: it names no other
    theirs: bool = False  # it lies as it lay when a person last moved: no news of a move
    left: float | None = None   # when it left the table (it still stands for what it was)
    timed: bool = True    # ``since`` is when it came (not only when it was read, late)


@dataclass(frozen=True)
class Hypothesis:
    """Moves nobody saw that the table shows the result of."""

    moves: tuple[Move, ...]
    explained: int    # the cards of the table it puts where they lie
    inversions: int   # pairs of those cards it takes in the other order than they came
    chosen: int       # its moves whose player no evidence names, among several the rules allow
    whole: bool       # whether it explains every difference the table is judged by
    unseen: int = 0   # its moves the table cannot show (a card nobody read)
    placed: frozenset = frozenset()   # (card, zone) of each card it puts where it lies


def card_fields(term: Term) -> dict[str, Any]:
    """What a card names of a move, for a game that says nothing else: a numbered card its
    ``card``."""
    return {"card": term} if isinstance(term, int) and not isinstance(term, bool) else {}


def names(named: Mapping[str, Any], moves: Sequence[Move]) -> bool:
    """Does one of ``moves`` carry every field a card names (``card_fields``)?"""
    return bool(named) and any(all(move.get(k) == v for k, v in named.items())
                               for move in moves)


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

    def rest(move: Move) -> str:
        return repr([(k, v) for k, v in move.items() if k not in ("player", "t")])
    players: dict[str, set] = {}
    for move in moves:
        players.setdefault(rest(move), set()).add(move.get("player"))
    return [len(players[rest(move)]) > 1 for move in moves]


def candidates(game: Game, evidence: Sequence[Evidence],
               fields_of: Callable[[Term], dict[str, Any]] = card_fields
               ) -> Iterator[tuple[Move, Evidence | None, bool]]:
    """The legal moves the evidence (cards lying where the rules do not have them) names,
    each with the card that named it (None: named by the rules alone, the only moves of
    their type) and whether its player is a choice (``_chosen``)."""
    players = game.players
    named = [(named_fields(e, players, fields_of), e) for e in evidence]
    seen: set = set()
    for kind, rule in game.RULES.items():
        absent = _optional(rule.move)
        tries = [({k: v for k, v in fixed.items() if k in rule.move.FIELDS}, card)
                 for fixed, card in named]
        tries = [(fixed, card) for fixed, card in tries if fixed] + [({}, None)]
        for fixed, card in tries:
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
                    yield move, card, chosen


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
    # (moves, state, its differences, the times of the cards taken, players chosen,
    # the cards that named a move, moves that changed nothing the table shows, and the
    # state before the last of those: a move the table cannot show is taken only where
    # the next move the cards name needs it)
    frontier: list[tuple] = [((), game, diffs(start), (), 0, frozenset(), 0, None)]
    for _ in range(DEPTH):
        grown = []
        for moves, state, before, times, choices, naming_cards, unseen, needs in frontier:
            wrong = _pairs(before.elements())
            naming = [e for e in evidence if e.zone is not None and not e.spent
                      and not e.theirs and (e.term, as_zone(e.zone)) in wrong]
            latest = max((when for when, _, _ in times), default=-float("inf"))
            for move, card, chosen in candidates(state, naming, fields_of):
                if card is None and start.unplaced:
                    continue   # (what the rules alone name rests on a picture they lack)
                if needs is not None and needs.is_legal(move):
                    continue   # the move the table cannot show was not needed
                try:
                    child = state.child(move)
                except RuleError:
                    continue
                picture = child.expected_table()
                # The time of a move: when its card came to rest where the move puts it.
                when = card.since if card is not None and card.timed and \
                    picture.cards_at(card.zone) and card.term in picture.cards_at(card.zone) \
                    else None
                if when is not None and (when + READ_SLACK_S < latest or
                                         _gone_before(picture, evidence, when)):
                    continue   # its card came to rest well after a card of a later move,
                    # or after a card this table still has had left
                after = diffs(picture)
                hidden = after == before   # (a card nobody read: its card names nothing)
                if (hidden and unseen >= UNSEEN_AT_MOST) or \
                        _pairs(after.elements()) - base_all:
                    continue   # too many such, or it puts a card wrong
                taken = times + (((when, (card.term, as_zone(card.zone)),
                                   _all_named(move, card, state.players, fields_of)),)
                                 if when is not None else ())
                card = None if hidden else card
                path = moves + (dict(move),)
                chose = choices + chosen
                named_by = naming_cards | ({(card.term, as_zone(card.zone))}
                                           if card is not None else set())
                unplaced = _unplaced(base_all, picture)
                if not hidden and \
                        sum(_unplaced(fresh, picture).values()) < sum(fresh.values()) and \
                        not named_by & set(unplaced):
                    # (every card that named a move lies where the moves put it)
                    found.setdefault(repr(path), (Hypothesis(
                        path, sum(base_all.values()) - sum(unplaced.values()),
                        0, chose, not _unplaced(base, picture), unseen,
                        frozenset(base_all - unplaced)), taken))
                grown.append((path, child, after, taken, chose, named_by, unseen + hidden,
                              (needs or state) if hidden else None,
                              sum(unplaced.values())))
        # (the beam keeps the partial hypotheses that explain most, with fewest unread)
        grown.sort(key=lambda g: (g[8], g[6], _inversions(g[3])))
        frontier = [g[:8] for g in grown[:WIDTH]]
        if not frontier:
            break
    # Two moves whose cards name all of them (a card in its player's zone), taken in the
    # other order than the cards came, count against an account that alone explains the
    # table as well as it does only where an account at least as good takes them the
    # other way round: an order no such account avoids is the rules' (whose turn it is),
    # and a far seat's card was read late. Where several explain as much, time is what
    # tells them apart.
    ranked, orders, weighed = sorted(found.values(), key=lambda f: _explains(f[0])), set(), []
    for i, (h, taken) in enumerate(ranked):
        orders |= {(first, then) for j, (_, first, _) in enumerate(taken)
                   for _, then, _ in taken[j + 1:]}
        if i + 1 == len(ranked) or _explains(ranked[i + 1][0]) != _explains(h):
            alone = i == len(weighed)
            weighed += [replace(g, inversions=_inversions(kept, orders if alone else None))
                        for g, kept in ranked[len(weighed):i + 1]]
    return tuple(sorted(weighed, key=_rank))


def better(game: Game, evidence: Sequence[Evidence], moves: Sequence[Move],
           fields_of: Callable[[Term], dict[str, Any]] = card_fields,
           settled: float = float("inf")) -> Hypothesis | None:
    """The hypothesis that leads, when it explains more of the table (every card of
    ``evidence`` judged) than ``moves`` do and holds every one of them: the readings' own
    account of what happened is not taken where the table shows what they missed (a
    round's place lying at its step while the next round's cards would be booked into
    that round). A card come to rest after ``settled`` counts only where ``moves`` put
    it: a hand may be resting it on its way.

    >>> from companion.games import game_class
    >>> from companion.games.base import Header, Player
    >>> game = game_class("pumafiosi").from_header(Header("pumafiosi", (
    ...     Player("Ann", 41), Player("Bob", 35), Player("Cy", 52))))
    >>> _ = game.apply({"type": "play", "player": "Ann", "card": 10})
    >>> table = (Evidence(Zone("play", 1), 10, 1.0), Evidence(Zone("play", 3), 30, 4.0),
    ...          Evidence(Zone("step", 6), 20, 6.0), Evidence(Zone("play", 2), 42, 9.0))
    >>> readings = ({"type": "play", "player": "Bob", "card": 42},   # the next round's
    ...             {"type": "play", "player": "Cy", "card": 30})
    >>> for move in better(game, table, readings).moves:
    ...     print(move)
    {'type': 'play', 'player': 'Bob', 'card': 20}
    {'type': 'play', 'player': 'Cy', 'card': 30}
    {'type': 'place', 'player': 'Bob', 'card': 20, 'step': 6}
    {'type': 'play', 'player': 'Bob', 'card': 42}
    """
    state = game.copy()
    try:
        for move in moves:
            state.apply(move)
    except RuleError:
        return None
    shown = state.expected_table()
    evidence = [e for e in evidence if e.since <= settled or e.zone is not None and
                e.term in (shown.cards_at(as_zone(e.zone)) or ())]
    base = _pairs(differences(game.expected_table(), [(e.zone, e.term) for e in evidence]))
    left = sum(_unplaced(base, shown).values())
    if not left:
        return None   # (they explain the whole table: nothing could explain more)
    theirs = sum(base.values()) - left
    found = hypotheses(game, evidence, evidence, fields_of=fields_of)
    best = leader(found) or unseen_account(game, rivals(found), fields_of)
    if best is None or best.explained <= theirs:
        return None
    # It adds what the readings missed, never takes back what they read.
    account = _read_into(best.moves, moves)
    return replace(best, moves=account) if account is not None and _legal(game, account) \
        else None


def _legal(game: Game, moves: Sequence[Move]) -> bool:
    """Do the rules take ``moves``, one after another, from ``game``?"""
    try:
        state = game.copy()
        for move in moves:
            state.apply(move)
    except RuleError:
        return False
    return True


def _read_into(account: Sequence[Move], read: Sequence[Move]) -> tuple[Move, ...] | None:
    """``account`` holding every move of ``read``: a move nobody saw in it that a reading
    names (the same player's play, whose card left the table before it was weighed) is
    that reading's move; None where a reading's move is not in it.

    >>> _read_into(({"type": "unseen_play", "player": "Ann"},
    ...             {"type": "play", "player": "Bob", "card": 37}),
    ...            ({"type": "play", "player": "Ann", "card": 45},))
    ({'type': 'play', 'player': 'Ann', 'card': 45}, {'type': 'play', 'player': 'Bob', 'card': 37})
    """
    out = list(account)
    for move in read:
        if bare(move) in (bare(m) for m in out):
            continue
        at = next((i for i, m in enumerate(out) if m["type"] in UNSEEN
                   and UNSEEN[m["type"]][0] == move["type"]
                   and m.get(field := UNSEEN[m["type"]][1]) == move.get(field)), None)
        if at is None:
            return None
        out[at] = move
    return tuple(out)


def _gone_before(picture: TablePicture, evidence: Sequence[Evidence], when: float) -> bool:
    """Does ``picture`` have a card lying where it lay, that had left the table before
    ``when``? (A round's cards taken away before a card came: that card is not of it.)"""
    return any(e.left is not None and e.left < when - READ_SLACK_S and e.zone is not None
               and e.term in (picture.cards_at(e.zone) or ()) for e in evidence)


def _all_named(move: Move, card: Evidence, players: Sequence[str],
               fields_of: Callable[[Term], dict[str, Any]]) -> bool:
    """Does the card name every field of the move (``named_fields``)?"""
    named = named_fields(card, players, fields_of)
    return all(named.get(k) == v for k, v in move.items() if k != "type" and v is not None)


def _inversions(taken: Sequence[tuple[float, Any, bool]], orders: Collection | None = None
                ) -> int:
    """How many pairs of cards a sequence of moves takes in the other order than they
    came (``taken``: when each card came, which card, and whether it names all its
    move, in the moves' order); with ``orders`` (pairs of cards as the accounts take
    them), but for a pair of cards that name all their moves which no account holds the
    other way round."""
    return sum(a > b and not (orders is not None and whole and also
                              and (second, first) not in orders)
               for i, (a, first, whole) in enumerate(taken)
               for b, second, also in taken[i + 1:])


def _explains(h: Hypothesis) -> tuple[int, int]:
    """How well an account explains the table, before time is weighed (``_rank``)."""
    return h.unseen - h.explained, h.unseen


def _rank(h: Hypothesis) -> tuple[int, int, int, int, int]:
    """Explaining more for each card nobody read it claims (one must explain a card to
    pay for itself), then with fewer of those, in the order the cards came, choosing
    fewer players, in fewer moves: a move that leaves open whose card it was
    (``unseen_contribute``) claims less than one that picks a player."""
    return (*_explains(h), h.inversions, h.chosen, len(h.moves))


def leader(found: Sequence[Hypothesis], whole: bool = False) -> Hypothesis | None:
    """The hypothesis that leads (``whole``: of those explaining the whole table): the
    only one ranked first. None when another ties with it: the table cannot tell them
    apart, and a wrong guess costs more than a question."""
    tied = rivals([h for h in found if h.whole or not whole])
    # (one that takes a card before a card that came earlier is never journalled: the
    # time a late read adds makes it possible, but only a question may say so; nor one
    # that claims more cards nobody read than it explains)
    return tied[0] if len(tied) == 1 and not tied[0].inversions and \
        tied[0].explained >= tied[0].unseen else None


def unseen_account(game: Game, tied: Sequence[Hypothesis],
                   fields_of: Callable[[Term], dict[str, Any]] = card_fields
                   ) -> Hypothesis | None:
    """Where the hypotheses ranked first together differ in one move only, and there in
    nothing but what no card shows (the step a card was placed at, whose card a back
    was), that move as nobody saw it (its unseen form: ``journal_rewrite.UNSEEN``) and
    the others as they all have them: the move is asked, and play goes on behind it.

    >>> from companion.games import game_class
    >>> from companion.games.base import Header, Player
    >>> game = game_class("pumafiosi").from_header(Header("pumafiosi", (
    ...     Player("Ann", 41), Player("Bob", 35), Player("Cy", 52))))
    >>> for name, card in (("Ann", 13), ("Bob", 27), ("Cy", 5)):
    ...     _ = game.apply({"type": "play", "player": name, "card": card})
    >>> tied = [Hypothesis(({"type": "place", "player": "Ann", "card": 13, "step": step},
    ...                     {"type": "play", "player": "Ann", "card": 20}), 2, 0, 0, True)
    ...         for step in (8, 10)]
    >>> unseen_account(game, tied).moves
    ({'type': 'unseen_place', 'player': 'Ann'}, {'type': 'play', 'player': 'Ann', 'card': 20})
    """
    if len(tied) < 2 or len({len(h.moves) for h in tied}) != 1:
        return None
    moves = [[bare(m) for m in h.moves] for h in tied]
    differ = [i for i, first in enumerate(moves[0]) if any(m[i] != first for m in moves)]
    if len(differ) != 1:
        return None
    at, first = differ[0], moves[0][differ[0]]
    unseen, field = next(((u, f) for u, (kind, f) in UNSEEN.items()
                          if kind == first["type"]), (None, None))
    if unseen is None or any((m[at]["type"], m[at].get(field)) != (first["type"],
                                                                  first.get(field))
                             for m in moves):
        return None
    account = tuple(tied[0].moves[:at]) + ({"type": unseen, field: first[field]},) + \
        tuple(tied[0].moves[at + 1:])
    if not _legal(game, account):
        return None
    # (a card that named the move asked for stands for no move now)
    placed = frozenset.intersection(*(h.placed for h in tied))
    placed = frozenset(p for p in placed if not names(fields_of(p[0]), [m[at] for m in moves]))
    return Hypothesis(account, min(h.explained for h in tied), max(h.inversions for h in tied),
                      tied[0].chosen, all(h.whole for h in tied), tied[0].unseen + 1, placed)


def rivals(found: Sequence[Hypothesis]) -> tuple[Hypothesis, ...]:
    """The hypotheses ranked first together (for the question that names them)."""
    return tuple(h for h in found if _rank(h) == _rank(found[0])) if found else ()
