"""What happens at a Mafia table, as values the replay, dashboard and audio read.

Each outcome is a small frozen, slotted dataclass with a stable ``kind``; ``text()`` says
it in one plain English sentence. Slots are 1 and 2; sides are "mobsters" and "cops".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.games.base import Outcome
from companion.games.mafia_missions import Mission

MOBSTERS, COPS = "mobsters", "cops"


def mission_label(slot: int, mission: Mission) -> str:
    return f"{mission.name} (slot {slot})"


def names_or_nobody(players: Sequence[str]) -> str:
    return ", ".join(players) if players else "nobody"


def _score_text(mobsters: int, cops: int) -> str:
    return f"Missions: mobsters {mobsters}, cops {cops}."


@dataclass(frozen=True, slots=True)
class MissionOpened(Outcome):
    kind = "mission_opened"

    slot: int
    mission: Mission
    assigned: tuple[str, ...]

    def text(self) -> str:
        m = self.mission
        return (f"Mission {m.name} opens in slot {self.slot} (${m.value} {m.color}, "
                f"{m.cards} cards): {names_or_nobody(self.assigned)} assigned.")


@dataclass(frozen=True, slots=True)
class CardContributed(Outcome):
    kind = "card_contributed"

    player: str | None   # None: a card nobody saw whose (``unseen_contribute``)
    slot: int
    mission: Mission
    needed: int
    skill: str | None

    def text(self) -> str:
        how = " using Salvatore's skill" if self.skill else ""
        left = f"; {self.needed} more needed" if self.needed else ""
        who = self.player if self.player is not None else "Someone (not seen who)"
        return f"{who} adds a card to {mission_label(self.slot, self.mission)}{how}{left}."


@dataclass(frozen=True, slots=True)
class MissionFull(Outcome):
    kind = "mission_full"

    slot: int
    mission: Mission

    def text(self) -> str:
        return f"{mission_label(self.slot, self.mission)} is full: its cards can be revealed."


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

    def text(self) -> str:
        sums = " ".join(f"{v:+d}" for v in self.cards)
        verdict = "success for the mobsters" if self.success else "failure: the cops sabotaged it"
        return (f"{mission_label(self.slot, self.mission)} revealed: {sums} = ${self.total} of "
                f"${self.value}: {verdict}. {_score_text(self.mobsters, self.cops)}")


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

    def text(self) -> str:
        verdict = "a success" if self.success else "a failure"
        now = f"now {verdict}" if self.changed else f"still {verdict}"
        return (f"{self.player} (Vincenzo) changes {mission_label(self.slot, self.mission)} by "
                f"{self.delta:+d}: ${self.total} of ${self.value}, {now}. "
                f"{_score_text(self.mobsters, self.cops)}")


@dataclass(frozen=True, slots=True)
class MissionAborted(Outcome):
    kind = "mission_aborted"

    slot: int
    mission: Mission
    player: str
    discarded: int

    def text(self) -> str:
        return (f"{self.player} aborts {mission_label(self.slot, self.mission)}: its {self.discarded} "
                f"card{'s' if self.discarded != 1 else ''} are discarded; it counts for "
                f"neither side.")


@dataclass(frozen=True, slots=True)
class CharacterAssigned(Outcome):
    kind = "character_assigned"

    slot: int
    mission: Mission
    player: str

    def text(self) -> str:
        return f"{self.player} joins {mission_label(self.slot, self.mission)}."


@dataclass(frozen=True, slots=True)
class CharacterReleased(Outcome):
    kind = "character_released"

    slot: int
    mission: Mission
    player: str

    def text(self) -> str:
        return f"{self.player} leaves {mission_label(self.slot, self.mission)}."


@dataclass(frozen=True, slots=True)
class CopRevealed(Outcome):
    kind = "cop_revealed"

    player: str

    def text(self) -> str:
        return f"{self.player} reveals being a cop."


@dataclass(frozen=True, slots=True)
class OmertaStarted(Outcome):
    kind = "omerta_started"

    player: str

    def text(self) -> str:
        return f"Omertà: {self.player} calls for silence until play comes back to them."


@dataclass(frozen=True, slots=True)
class OmertaEnded(Outcome):
    kind = "omerta_ended"

    player: str

    def text(self) -> str:
        return f"The Omertà is over: play came back to {self.player}."


@dataclass(frozen=True, slots=True)
class OmertaBroken(Outcome):
    kind = "omerta_broken"

    by: str | None

    def text(self) -> str:
        who = self.by or "Someone"
        return f"{who} spoke during the Omertà: the silence is broken."


@dataclass(frozen=True, slots=True)
class TurnPassed(Outcome):
    kind = "turn_passed"

    player: str

    def text(self) -> str:
        return f"{self.player}'s turn."


@dataclass(frozen=True, slots=True)
class SideWon(Outcome):
    kind = "side_won"

    side: str
    mobsters: int
    cops: int

    def text(self) -> str:
        how = ("completed four missions" if self.side == MOBSTERS
               else "sabotaged four missions")
        return f"The {self.side} win: they {how}. {_score_text(self.mobsters, self.cops)}"
