"""Where a game's moves put their cards: for each zone of the table, the share of the moves
of a whole game that leave a card lying there, and how many moves a whole game has, from
the sessions that come with the companion (fixtures/: the demo, the recordings' sessions,
the rules' example sessions).

Nothing here knows a game: each session is folded by its own rules engine, and a move's
places are the zones of the rules' picture of the table (``expected_table()``) that hold
more of a card after the move than before (a Pumafiosi ``place`` that bumps cards down
the hierarchy lays cards on several steps; a Pungi ``layout`` a snake on every place; a
move that lays no card, as Mafia's ``turn``, lands nowhere). A move after which the
picture shows none of its cards (the last play of a Pungi round: the round is over and
its cards are off the picture at once) lies in the zone its fields name (a player's play
zone, a step, a slot: companion.table_differences.ZONE_FIELDS), where its type's other
moves were seen to lay their cards. A whole game ends where the
session's summary lists one more finished game (``summary()["games"]``), or where the
session is complete; the moves after a session's last finished game are left out, so
every count is of whole games.

>>> places = move_places("pumafiosi", players=3)
>>> places.players, round(places.per_game)
(3, 40)
>>> round(places.shares["play:1"], 2), round(places.at({"step:10", "step:8"}), 1)
(0.25, 2.4)
>>> move_places("pumafiosi", players=7).players is None   # no 7-player game: any count
True
"""

from __future__ import annotations

import json
from collections import Counter
from contextlib import suppress
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping

from calibration.zone import Zone
from companion.bundled import session_files
from companion.games import game_class
from companion.games.base import move_type
from companion.session.journal import replay_file
from companion.table_differences import ZONE_FIELDS


@dataclass(frozen=True)
class MovePlaces:
    """The moves of ``games`` whole games of ``game`` (``players`` players each; None:
    the sessions' counts differ), by the zones each move leaves a card in:
    ``landings`` holds (zones, how many moves left cards in just those zones)."""

    game: str
    players: int | None
    games: int
    moves: int
    landings: tuple[tuple[frozenset[str], int], ...]

    @property
    def per_game(self) -> float:
        """How many moves a whole game has, on average."""
        return self.moves / self.games

    @property
    def shares(self) -> dict[str, float]:
        """Zone name -> the share of moves that leave a card there (a move laying cards
        in several zones counts in each)."""
        counts: Counter = Counter()
        for zones, count in self.landings:
            for zone in zones:
                counts[zone] += count
        return {zone: counts[zone] / self.moves for zone in sorted(counts)}

    def at(self, zones: Iterable[str]) -> float:
        """How many moves of a whole game leave a card in any of ``zones``."""
        zones = set(zones)
        return sum(count for landed, count in self.landings if landed & zones) / self.games

    def unread(self, read: Mapping[str, float]) -> float:
        """How many moves of a whole game go unread, when a card lying in zone ``z`` is
        read with the chance ``read[z]`` (a zone not named: always read): a move counts
        for the chance that the least read of its zones is not read.

        >>> places = move_places("pumafiosi", players=3)
        >>> round(places.unread({"play:3": 0.5}), 1), places.unread({})
        (5.0, 0.0)
        """
        missed = sum(count * (1.0 - min(read.get(zone, 1.0) for zone in landed))
                     for landed, count in self.landings if landed)
        return missed / self.games


def move_places(game: str, players: int | None = None,
                sessions: Iterable[str | Path] | None = None) -> MovePlaces | None:
    """Where the moves of ``game`` put their cards, from the whole games of ``sessions``
    (default: every session bundled in fixtures/) that play it: those of ``players``
    players where any has a whole game, else all of them. None when no session holds a
    whole game of it.

    >>> move_places("chess") is None
    True
    """
    found = [_session_places(str(path), game)
             for path in (session_files() if sessions is None else sessions)]
    found = [f for f in found if f is not None and f[1]]
    same = [f for f in found if f[0] == players]
    if same:
        found = same
    if not found:
        return None
    counts: Counter = Counter()
    for _, games in found:
        for game_landings in games:
            counts.update(game_landings)
    whole = sum(len(games) for _, games in found)
    seats = {f[0] for f in found}
    return MovePlaces(game, seats.pop() if len(seats) == 1 else None, whole,
                      sum(counts.values()),
                      tuple(sorted(counts.items(), key=lambda item: sorted(item[0]))))


@lru_cache(maxsize=None)
def _session_places(path: str, game: str) -> tuple[int, tuple[tuple[frozenset[str], ...],
                                                               ...]] | None:
    """A session of ``game``: its players, and each whole game's moves as the zones each
    left a card in; None for a session of another game, or one the rules refuse."""
    try:
        with open(path, encoding="utf-8") as file:
            header = json.loads(file.readline())
    except (OSError, ValueError):
        return None
    if not isinstance(header, dict) or header.get("game") != game:
        return None
    replay = replay_file(path)
    if replay.session is None or replay.error is not None:
        return None
    players = replay.session.header.names
    state = game_class(game).from_header(replay.session.header)
    before = state.expected_table()
    moves: list[tuple[str, frozenset[str], frozenset[str]]] = []  # (type, gained, named)
    ends: list[int] = []   # after how many moves each whole game ended
    for move in replay.session.moves:
        state.apply(move)
        after = state.expected_table()
        gained = frozenset(str(zone) for zone, cards in after.zones
                           if Counter(cards) - Counter(before.cards_at(zone) or ()))
        moves.append((move_type(move), gained, _named(move, players)))
        before = after
        if len(moves) > (ends[-1] if ends else 0) and (
                state.complete or len(state.summary().get("games", ())) > len(ends)):
            ends.append(len(moves))
    # A move whose card the rules' picture no longer shows (the last card of a round, the
    # table cleared at once) lies where its fields name, as its type's other moves do.
    kinds: dict[str, set[str]] = {}
    for kind, gained, named in moves:
        kinds.setdefault(kind, set()).update(zone.split(":")[0] for zone in named & gained)
    landings = [gained or frozenset(z for z in named if z.split(":")[0] in kinds[kind])
                for kind, gained, named in moves]
    return len(players), tuple(tuple(landings[start:end])
                               for start, end in zip([0] + ends, ends))


def _named(move: Mapping, players: tuple[str, ...]) -> frozenset[str]:
    """The zones a move's fields name (table_differences.ZONE_FIELDS: a player's play zone,
    a step, a mission slot)."""
    named = set()
    for kind, name in ZONE_FIELDS.items():
        value = move.get(name)
        if name == "player":
            value = players.index(value) + 1 if value in players else None
        if isinstance(value, int) and not isinstance(value, bool):
            with suppress(ValueError):
                named.add(str(Zone(kind, value)))
    return frozenset(named)
