"""What an adapter (or the reconciler behind it) makes of the table: moves and sentences.

Its own module, below both companion.adapters and companion.reconcile, so each can build
one without importing the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games import Move


@dataclass(frozen=True)
class AdapterResult:
    """What the table changes mean: moves to apply in order, and sentences for people."""

    moves: tuple[Move, ...] = ()
    warnings: tuple[str, ...] = ()       # something on the table disagrees with the rules
    instructions: tuple[str, ...] = ()   # what the players should do with their cards
    confirmations: tuple[str, ...] = ()  # an instruction done: the table matches again

    def __add__(self, other: "AdapterResult") -> "AdapterResult":
        return AdapterResult(self.moves + other.moves, self.warnings + other.warnings,
                             self.instructions + other.instructions,
                             self.confirmations + other.confirmations)
