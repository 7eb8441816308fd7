"""What happens at a Mafia table, as values the replay, dashboard and audio read.

Each outcome is a small frozen, slotted dataclass with a stable ``kind``; ``text()`` says
it in one plain English sentence (companion.messages.mafia words it). Slots are 1 and 2;
sides are "mobsters" and "cops".
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import Outcome
from companion.games.mafia_missions import Mission

MOBSTERS, COPS = "mobsters", "cops"


@dataclass(frozen=True, slots=True)
class MissionOpened(Outcome):
    kind = "mission_opened"

    slot: int
    mission: Mission
    assigned: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardContributed(Outcome):
    kind = "card_contributed"

    player: str | None   # None: a card nobody saw whose (``unseen_contribute``)
    slot: int
    mission: Mission
    needed: int
    skill: str | None


@dataclass(frozen=True, slots=True)
class MissionFull(Outcome):
    kind = "mission_full"

    slot: int
    mission: Mission


@dataclass(frozen=True, slots=True)
class MissionRevealed(Outcome):
    kind = "mission_revealed"

    slot: int
    mission: Mission
    cards: tuple[int, ...]
    total: int
    value: int
    success: bool
    mobsters: int
    cops: int


@dataclass(frozen=True, slots=True)
class RevealUnread(Outcome):
    """A mission's cards were turned up and nobody read them (``unseen_reveal``): it is
    done with, and which side it counts for is open until its faces are named."""

    kind = "reveal_unread"

    slot: int
    mission: Mission


@dataclass(frozen=True, slots=True)
class MissionAdjusted(Outcome):
    kind = "mission_adjusted"

    slot: int
    mission: Mission
    player: str
    delta: int
    total: int
    value: int
    success: bool
    changed: bool
    mobsters: int
    cops: int


@dataclass(frozen=True, slots=True)
class MissionAborted(Outcome):
    kind = "mission_aborted"

    slot: int
    mission: Mission
    player: str | None   # None: aborted by nobody seen (``unseen_abort``)
    discarded: int


@dataclass(frozen=True, slots=True)
class CharacterAssigned(Outcome):
    kind = "character_assigned"

    slot: int
    mission: Mission
    player: str


@dataclass(frozen=True, slots=True)
class CharacterReleased(Outcome):
    kind = "character_released"

    slot: int
    mission: Mission
    player: str


@dataclass(frozen=True, slots=True)
class CopRevealed(Outcome):
    kind = "cop_revealed"

    player: str


@dataclass(frozen=True, slots=True)
class OmertaStarted(Outcome):
    kind = "omerta_started"

    player: str


@dataclass(frozen=True, slots=True)
class OmertaEnded(Outcome):
    kind = "omerta_ended"

    player: str


@dataclass(frozen=True, slots=True)
class OmertaBroken(Outcome):
    kind = "omerta_broken"

    by: str | None


@dataclass(frozen=True, slots=True)
class TurnPassed(Outcome):
    kind = "turn_passed"

    player: str


@dataclass(frozen=True, slots=True)
class SideWon(Outcome):
    kind = "side_won"

    side: str
    mobsters: int
    cops: int
