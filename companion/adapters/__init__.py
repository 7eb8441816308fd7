"""Game adapters: table changes plus the rules state in, session moves out.

Design. The tracker says what came to rest where (companion.tracker); an adapter turns
that into *readings* ("card 37 in Bob's play zone") and each reading into a move of the
session format, checked on a scratch copy of the rules state: the rules veto impossible
readings (a card already played, a card of another game, the wrong player's turn), which
become warnings, never moves. A reading that is not clear yet (out of turn, a card whose
value is still face down, a mission whose characters are not all there) waits and is
tried again after every change and every move.

The adapter applies nothing itself. ``observe(changes, table)`` returns an
:class:`AdapterResult` (moves in order, warnings, instructions, confirmations); the
caller applies the moves to the Session (and journal) and calls ``applied(move,
outcomes)`` for each, and does the same for a move typed by a person or an undo, so a
manual correction goes through the same path and the adapter re-syncs from the session's
state (``run_moves`` does this loop). Seat N (zones ``seat:N``, ``play:N``) is the N-th
player of the session header, in seating order.

Per frame, the camera pipeline does::

    changes = tracker.update(table_map.locate(detection), detection.timestamp)
    if changes:
        result = adapter.observe(changes, tracker.table, tracker.glimpsed)
        done = run_moves(session, adapter, result,
                         record=lambda move, outcomes: journal.append(move))
        # done.moves were applied and journalled; show done.warnings/instructions
    # every frame: the table against the rules' picture of it (companion.reconcile):
    done = run_moves(session, adapter, adapter.settle(detection.timestamp), record=...)
    # show adapter.question and adapter.standing while they last
    # a move typed by a person: outcomes = session.apply(move); journal it; then
    # run_moves(session, adapter, adapter.applied(move, outcomes), record=...)
"""

from __future__ import annotations

from companion.adapters.base import Adapter, AdapterResult, run_moves
from companion.session import Session

_ADAPTERS = {
    "pumafiosi": ("companion.adapters.pumafiosi", "PumafiosiAdapter"),
    "pungi": ("companion.adapters.pungi", "PungiAdapter"),
    "mafia": ("companion.adapters.mafia", "MafiaAdapter"),
}


def adapter_for(session: Session) -> Adapter:
    """The adapter of the session's game, reading that session."""
    from importlib import import_module

    module, name = _ADAPTERS[session.header.game]
    return getattr(import_module(module), name)(session)


__all__ = ["Adapter", "AdapterResult", "adapter_for", "run_moves"]
