"""Game adapters: table changes plus the rules state in, session moves out.

Design. The tracker says what came to rest where (companion.tracker); an adapter turns
that into *readings* ("card 37 in Bob's play zone") and each reading into a move of the
session format, checked on a scratch copy of the rules state: the rules veto impossible
readings (a card already played, a card of another game, the wrong player's turn), which
become warnings, never moves. A reading that is not clear yet (out of turn, a card whose
value is still face down, a mission whose characters are not all there) waits and is
tried again after every change and every move.

The adapter applies nothing itself. ``observe(changes, table, glimpsed)`` returns an
:class:`AdapterResult` (moves in order, warnings, instructions, confirmations); the
caller has the live table take the moves (companion.live_table) and calls
``applied(move, outcomes)`` for each before the next, and does the same for a move typed
by a person or an undo, so a manual correction goes through the same path and the
adapter re-syncs from the session's state. Every frame, ``settle(t, still_since)`` compares the
table with the rules' picture of it (companion.reconcile). Seat N (zones ``seat:N``,
``play:N``) is the N-th player of the session header, in seating order. The loop is
companion.live.reader.TableReader's, the camera pipeline's and the tests' alike.
"""

from __future__ import annotations

from typing import Sequence

from calibration.types import Seat
from companion.adapters.base import Adapter, AdapterResult
from companion.registry import game_spec
from companion.session import Session


def adapter_for(session: Session, seats: Sequence[Seat] = ()) -> Adapter:
    """The adapter of the session's game (its registration's), reading that session at a
    table whose calibration found ``seats``."""
    return game_spec(session.header.game).part("adapter")(session, seats)


__all__ = ["Adapter", "AdapterResult", "adapter_for"]
