"""Rewriting the journal: one earlier move replaced, the moves after it again unchanged.

The journal is append-only, so a rewrite is journalled as ``undo`` back to the move, the
move as it should have been, and every later move again exactly as it was (typed ones
included: they are re-journalled, never changed). The reconciler's correction uses it for
one of its last few moves; naming an unseen move (a Pumafiosi or Pungi card nobody read, a
place nobody saw, whose a Mafia card nobody saw coming was, the faces of a Mafia mission
revealed unread, who aborted a Mafia mission nobody saw aborted: ``named``) uses it however far
back the move lies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.games import Game, Move, Outcome, RuleError, game_class
from companion.games.base import TablePicture


@dataclass(frozen=True)
class Rewrite:
    moves: tuple[Move, ...]                     # undo x back, the move, the later ones
    outcomes: tuple[tuple[Outcome, ...], ...]   # what the move and each later one did
    game: Game                                  # the state after them
    before_last: TablePicture                   # the table expected before the last


def fold(session, moves: Sequence[Move]) -> Game:
    """The session's game after these moves (a scratch state: nothing journalled)."""
    game = game_class(session.header.game).from_header(session.header)
    for move in moves:
        game.apply(move)
    return game


def bare(move: Move) -> dict:
    """The move without its time stamp (the caller stamps it when journalled)."""
    return {k: v for k, v in move.items() if k != "t"}


def rewrite(session, back: int, move: Move, base: Game | None = None) -> Rewrite:
    """The session's ``back``-th last move replaced by ``move``, the later moves again;
    ``base``: the game before that move, if the caller has it (it is not changed).
    RuleError when the rules refuse any of them."""
    moves = session.moves
    later = [bare(m) for m in moves[len(moves) - back + 1:]]
    game = base.copy() if base is not None else fold(session, moves[:-back])
    redone = [bare(move)] + later
    outcomes = [game.apply(m) for m in redone[:-1]]
    before_last = game.expected_table()
    outcomes.append(game.apply(redone[-1]))
    return Rewrite(({"type": "undo"},) * back + tuple(redone), tuple(outcomes), game,
                   before_last)


UNSEEN = {"unseen_play": ("play", "player"), "unseen_place": ("place", "player"),
          "unseen_contribute": ("contribute", "slot"), "unseen_reveal": ("reveal", "slot"),
          "unseen_abort": ("abort", "slot")}
"""Each unseen move type of the journal: the move it stands for, and the field they share
(the player whose card nobody read, the slot of the mission whose card nobody saw, whose
faces nobody read, or whose aborter nobody saw)."""

def named(session, move: Move, latest: bool = False) -> tuple[Move, ...]:
    """An unseen move named: the journal's moves that put ``move`` (the move as it
    happened: a play with its card, a place, a contribution) in place of the first unseen
    move it stands for (``UNSEEN``: the same player's, or slot's; ``latest``: the last),
    the later moves again. RuleError when there is none, or the rules refuse it there.

    >>> from companion.session import Session, parse_header
    >>> session = Session(parse_header({"format": "companion-session/1", "game": "pungi",
    ...     "players": [{"name": "Ann"}, {"name": "Bob"}], "options": {}}))
    >>> for move in ({"type": "layout", "cards": [5, -2]},
    ...              {"type": "unseen_play", "player": "Ann"},
    ...              {"type": "play", "player": "Bob", "animal": "duck", "value": 3}):
    ...     _ = session.apply(move)
    >>> for move in named(session, {"type": "play", "player": "Ann", "animal": "mouse",
    ...                             "value": 4}):
    ...     print(move)
    {'type': 'undo'}
    {'type': 'undo'}
    {'type': 'play', 'player': 'Ann', 'animal': 'mouse', 'value': 4}
    {'type': 'play', 'player': 'Bob', 'animal': 'duck', 'value': 3}
    """
    kind = move.get("type")
    unseen, field = next((u, f) for u, (k, f) in UNSEEN.items() if k == kind)
    found = moves_where(session, unseen, field, move.get(field))
    if not found:
        fields = {**bare(move), "move": kind}
        del fields["type"]
        if kind == "place":
            raise RuleError("no_unseen_place", **fields)
        if kind == "contribute":
            raise RuleError("no_unseen_contribution", **fields)
        if kind == "reveal":
            raise RuleError("no_unseen_reveal", slot=move.get("slot"))
        if kind == "abort":
            raise RuleError("no_unseen_abort", slot=move.get("slot"))
        raise RuleError("no_unseen", **fields)
    return _named(session, found[-1] if latest else found[0], move)


def named_unseen(session, player: str, card: int, latest: bool = False
                 ) -> tuple[Move, ...]:
    """An unseen Pumafiosi play named with its ``card`` (``named``)."""
    return named(session, {"type": "play", "player": player, "card": card}, latest)


def named_place(session, player: str, card: int, step: int) -> tuple[Move, ...]:
    """A Pumafiosi place nobody saw, named: ``player``'s place of ``card`` at ``step``
    (``named``: drops and all)."""
    return named(session, {"type": "place", "player": player, "card": card, "step": step})


def named_contribution(session, player: str, slot: int, skill: str | None = None
                       ) -> tuple[Move, ...]:
    """A Mafia card nobody saw whose, named: ``player``'s contribution to ``slot`` (with
    Salvatore's ``skill``, if given; ``named``: RuleError for a player not on that
    mission)."""
    return named(session, {"type": "contribute", "player": player, "slot": slot,
                           **({"skill": skill} if skill else {})})


def named_abort(session, player: str, slot: int, latest: bool = False
                ) -> tuple[Move, ...]:
    """A Mafia mission aborted where nobody saw whose Abort card it was, named:
    ``player``'s abort of the mission in ``slot`` (``named``: RuleError for a player not
    on that mission)."""
    return named(session, {"type": "abort", "slot": slot, "player": player}, latest)


def moves_where(session, kind: str, field: str, value) -> list[int]:
    """Where the journal has moves of ``kind`` whose ``field`` is ``value``."""
    return [i for i, m in enumerate(session.moves)
            if m.get("type") == kind and m.get(field) == value]


def _named(session, index: int, move: Move) -> tuple[Move, ...]:
    """The journal's ``index``-th move replaced by ``move``, the later moves again."""
    return rewrite(session, len(session.moves) - index, move).moves
