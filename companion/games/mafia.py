"""Mafia: two missions in progress, face-down contributions, four successes or failures.

The engine follows the session format's moves (spec/session-format.md, Mafia). Readings
the spec and rulebook leave open, fixed here:

- Slots. A slot is free when it is empty or holds a revealed mission. A revealed mission
  stays in its slot (so Vincenzo can still ``adjust`` it) until a new ``mission`` opens
  there; an aborted mission leaves its slot empty at once. Opening a mission in a slot
  whose mission is still in progress is an error (two missions are in progress at most).
- Mission cards. A ``mission`` names an id of the mission list (ids are compared
  exactly: 1 and "1" are different ids). The spec sets no limit on using a mission card
  again, and a table with a short custom list needs to, so a card may open again once it
  is no longer in progress; it cannot be in progress in both slots at once.
- Recruits. ``assigned`` names distinct players who are not on the other mission in
  progress (the characters of a revealed mission are free again). How many is the
  table's business: the card's recruit count is what the dealing helper draws
  (companion.games.mafia_deal), but the rulebook lets a mission begin "as is" and Backup
  knows "no maximum or minimum", so any number is accepted, none included.
- Contributions. A mission holds the draw pile's card from the start, so it is full
  after ``cards - 1`` contributions. Only an assigned player contributes, unless the
  move says ``"skill": "salvatore"``: that skill (any mission, assigned or not) is used
  once per game, and its use is counted even when Salvatore is on the mission.
- Reveal. Only a full mission in progress; exactly ``cards`` cards, each a whole
  ``value`` of at least 1 and a ``color`` "blue" or "yellow". Same colour as the
  mission: plus its value, otherwise minus. Success when the total reaches the value.
  The side's count changes at the reveal; four successes or four failures end the game
  at once (so no ``adjust`` can follow a game-ending reveal).
- Adjust. Vincenzo's skill, once per game, ``delta`` a whole number from -2 to 2 (0
  included, as the spec's range says), on the mission revealed in that slot as long as
  it still lies there: it need not be the very next move. It may turn a failure into a
  success or back; the counts follow, and a fourth success or failure ends the game.
- Abort. Only a mission in progress (full or not, not revealed), and only by a player
  assigned to it (the Abort card and Peppe's skill both say "the mission you are
  assigned to"). Its cards are discarded; it counts for neither side.
- Assign (Backup, the entering half of Exchange) needs a player who is on no mission in
  progress; release needs a player on that mission. Both only on a mission in progress.
  An Exchange is written as its releases, then its assigns.
- Turns. ``turn`` may name any player (trunks and skipped turns break the circle) and
  is never required; other moves are not tied to whose turn it is, since skills and
  Omertà talk happen out of turn.
- Omertà. ``omerta`` starts a silence that ends at the next ``turn`` of its player; an
  ``omerta`` while one is in force replaces it (the silence now lasts until play comes
  back to the newer player). ``spoke`` breaks the silence in force, with or without the
  speaker's name; with none in force it is an error.
- Characters and roles. A header player may carry ``character`` and ``role``
  ("mobster"/"cop"). Characters are distinct; roles never exceed the rulebook's counts
  for the table. Where given they are checked: only Salvatore uses the salvatore skill,
  only Vincenzo adjusts, only a cop reveals. Where not given, anyone may, and only what
  can be checked is: each skill once per game, each cop revealed once, and no more
  revealed cops than the table has cops.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from companion.games.base import (Game, Header, Move, Outcome, RuleError, json_repr,
                                  move_type, require, require_player)
from companion.games.base import TablePicture
from companion.games.mafia_deal import COP, MOBSTER, ROLES, side_counts
from companion.games.mafia_missions import COLORS, Mission, missions_from_options

SLOTS = (1, 2)
WINNING_COUNT = 4
MAX_DELTA = 2
SALVATORE, VINCENZO = "Salvatore", "Vincenzo"
MOBSTERS, COPS = "mobsters", "cops"


@dataclass(slots=True)
class MissionInPlay:
    """A mission card on the table and what lies on it."""

    mission: Mission
    assigned: list[str]
    contributions: list[str] = field(default_factory=list)  # who added a face-down card
    cards: tuple[int, ...] | None = None  # the signed values, once revealed
    adjustment: int = 0

    @property
    def needed(self) -> int:
        """Contributions still missing (the draw pile's card is on it from the start)."""
        return self.mission.cards - 1 - len(self.contributions)

    @property
    def revealed(self) -> bool:
        return self.cards is not None

    @property
    def total(self) -> int:
        """The revealed total after Vincenzo's adjustment."""
        return sum(self.cards or ()) + self.adjustment

    @property
    def success(self) -> bool:
        return self.revealed and self.total >= self.mission.value


def _label(slot: int, mission: Mission) -> str:
    return f"{mission.name} (slot {slot})"


def _names(players: Sequence[str]) -> str:
    return ", ".join(players) if players else "nobody"


def _score_text(mobsters: int, cops: int) -> str:
    return f"Missions: mobsters {mobsters}, cops {cops}."


# --- outcomes -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MissionOpened(Outcome):
    slot: int
    mission: Mission
    assigned: tuple[str, ...]

    def text(self) -> str:
        m = self.mission
        return (f"Mission {m.name} opens in slot {self.slot} (${m.value} {m.color}, "
                f"{m.cards} cards): {_names(self.assigned)} assigned.")


@dataclass(frozen=True, slots=True)
class CardContributed(Outcome):
    player: str
    slot: int
    mission: Mission
    needed: int
    skill: str | None

    def text(self) -> str:
        how = " using Salvatore's skill" if self.skill else ""
        left = f"; {self.needed} more needed" if self.needed else ""
        return f"{self.player} adds a card to {_label(self.slot, self.mission)}{how}{left}."


@dataclass(frozen=True, slots=True)
class MissionFull(Outcome):
    slot: int
    mission: Mission

    def text(self) -> str:
        return f"{_label(self.slot, self.mission)} is full: its cards can be revealed."


@dataclass(frozen=True, slots=True)
class MissionRevealed(Outcome):
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
        return (f"{_label(self.slot, self.mission)} revealed: {sums} = ${self.total} of "
                f"${self.value}: {verdict}. {_score_text(self.mobsters, self.cops)}")


@dataclass(frozen=True, slots=True)
class MissionAdjusted(Outcome):
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
        return (f"{self.player} (Vincenzo) changes {_label(self.slot, self.mission)} by "
                f"{self.delta:+d}: ${self.total} of ${self.value}, {now}. "
                f"{_score_text(self.mobsters, self.cops)}")


@dataclass(frozen=True, slots=True)
class MissionAborted(Outcome):
    slot: int
    mission: Mission
    player: str
    discarded: int

    def text(self) -> str:
        return (f"{self.player} aborts {_label(self.slot, self.mission)}: its {self.discarded} "
                f"card{'s' if self.discarded != 1 else ''} are discarded; it counts for "
                f"neither side.")


@dataclass(frozen=True, slots=True)
class CharacterAssigned(Outcome):
    slot: int
    mission: Mission
    player: str

    def text(self) -> str:
        return f"{self.player} joins {_label(self.slot, self.mission)}."


@dataclass(frozen=True, slots=True)
class CharacterReleased(Outcome):
    slot: int
    mission: Mission
    player: str

    def text(self) -> str:
        return f"{self.player} leaves {_label(self.slot, self.mission)}."


@dataclass(frozen=True, slots=True)
class CopRevealed(Outcome):
    player: str

    def text(self) -> str:
        return f"{self.player} reveals being a cop."


@dataclass(frozen=True, slots=True)
class OmertaStarted(Outcome):
    player: str

    def text(self) -> str:
        return f"Omertà: {self.player} calls for silence until play comes back to them."


@dataclass(frozen=True, slots=True)
class OmertaEnded(Outcome):
    player: str

    def text(self) -> str:
        return f"The Omertà is over: play came back to {self.player}."


@dataclass(frozen=True, slots=True)
class OmertaBroken(Outcome):
    by: str | None

    def text(self) -> str:
        who = self.by or "Someone"
        return f"{who} spoke during the Omertà: the silence is broken."


@dataclass(frozen=True, slots=True)
class TurnPassed(Outcome):
    player: str

    def text(self) -> str:
        return f"{self.player}'s turn."


@dataclass(frozen=True, slots=True)
class SideWon(Outcome):
    side: str
    mobsters: int
    cops: int

    def text(self) -> str:
        how = ("completed four missions" if self.side == MOBSTERS
               else "sabotaged four missions")
        return f"The {self.side} win: they {how}. {_score_text(self.mobsters, self.cops)}"


# --- the engine -----------------------------------------------------------------------

class Mafia(Game):
    """The state of one game of Mafia; see the module docstring for the readings.

    What a dashboard shows: ``slots`` (slot -> the mission lying there, or None),
    ``in_progress``, ``free_players``, ``turn``, ``omerta`` (whose turn ends the silence),
    ``successes`` and ``failures``, ``revealed_cops``, ``skills_used``, ``unused_missions``
    and ``winner``.
    """

    name = "mafia"
    min_players = 3
    max_players = 8

    def __init__(self, players: Sequence[str], missions: Sequence[Mission],
                 characters: Mapping[str, str] | None = None,
                 roles: Mapping[str, str] | None = None):
        self.players: tuple[str, ...] = tuple(players)
        self.missions: dict[int | str, Mission] = {m.id: m for m in missions}
        self.characters: dict[str, str] = _checked_characters(self.players, characters or {})
        self.roles: dict[str, str] = _checked_roles(self.players, roles or {})
        self.slots: dict[int, MissionInPlay | None] = {slot: None for slot in SLOTS}
        self.revealed_missions: list[MissionInPlay] = []  # in reveal order, any still in a slot
        self.aborted_missions: list[MissionInPlay] = []
        self.turn: str | None = None  # whose turn it is, once a ``turn`` said so
        self.omerta: str | None = None  # the player whose next turn ends the silence
        self.revealed_cops: list[str] = []
        self.skills_used: set[str] = set()

    @classmethod
    def from_header(cls, header: Header) -> "Mafia":
        # Header players carry ``character`` and ``role`` only where the header parser
        # keeps them; the engine checks them whenever they are there.
        characters = {p.name: c for p in header.players
                      if (c := getattr(p, "character", None)) is not None}
        roles = {p.name: r for p in header.players if (r := getattr(p, "role", None)) is not None}
        return cls(header.names, missions_from_options(header.options), characters, roles)

    # --- state for the summary and the dashboard ---

    @property
    def successes(self) -> int:
        return sum(1 for m in self.revealed_missions if m.success)

    @property
    def failures(self) -> int:
        return len(self.revealed_missions) - self.successes

    @property
    def winner(self) -> str | None:
        if self.successes >= WINNING_COUNT:
            return MOBSTERS
        if self.failures >= WINNING_COUNT:
            return COPS
        return None

    @property
    def complete(self) -> bool:
        return self.winner is not None

    @property
    def in_progress(self) -> dict[int, MissionInPlay]:
        """The missions in progress (opened, not yet revealed), by slot."""
        return {s: m for s, m in self.slots.items() if m is not None and not m.revealed}

    @property
    def free_players(self) -> tuple[str, ...]:
        """Characters on no mission in progress, in seating order."""
        busy = {p for m in self.in_progress.values() for p in m.assigned}
        return tuple(p for p in self.players if p not in busy)

    @property
    def used_missions(self) -> set[int | str]:
        on_table = [m for m in self.slots.values() if m is not None]
        return {m.mission.id for m in on_table + self.revealed_missions + self.aborted_missions}

    @property
    def unused_missions(self) -> tuple[Mission, ...]:
        used = self.used_missions
        return tuple(m for m in self.missions.values() if m.id not in used)

    def summary(self) -> dict:
        scores = {MOBSTERS: self.successes, COPS: self.failures}
        winner = self.winner
        return {"scores": scores,
                "winners": [winner] if winner else [],
                "games": [{"scores": dict(scores)}] if winner else []}

    # --- moves ---

    def apply(self, move: Move) -> tuple[Outcome, ...]:
        kind = move_type(move)
        handler = self._HANDLERS.get(kind)
        if handler is None:
            raise RuleError(f"unknown move type {kind!r} for mafia "
                            f"(known: {', '.join(self._HANDLERS)}, undo)")
        if self.complete:
            raise RuleError(f"{kind}: the game is over (the {self.winner} won); "
                            "only undo is possible now")
        return handler(self, move)

    def _mission(self, move: Move) -> tuple[Outcome, ...]:
        slot = self._slot(move)
        current = self.slots[slot]
        if current is not None and not current.revealed:
            other = SLOTS[1 - SLOTS.index(slot)]
            hint = ("two missions are already in progress; reveal or abort one first"
                    if self.slots[other] is not None and not self.slots[other].revealed
                    else f"slot {other} is free")
            raise RuleError(f"mission: slot {slot} already holds {current.mission.name}, "
                            f"still in progress ({hint})")
        mission = self._find_mission(require(move, "mission", (int, str)))
        if any(m.mission.id == mission.id for m in self.in_progress.values()):
            raise RuleError(f"mission: {mission.name} (id {json_repr(mission.id)}) is "
                            f"already in progress in the other slot")
        assigned = require(move, "assigned", list)
        names = []
        for entry in assigned:
            if not isinstance(entry, str) or entry not in self.players:
                raise RuleError(f"mission: {json_repr(entry)} in \"assigned\" is not a player "
                                f"(players: {', '.join(self.players)})")
            if entry in names:
                raise RuleError(f"mission: {entry} is assigned twice")
            names.append(entry)
        free = self.free_players
        busy = [p for p in names if p not in free]
        if busy:
            raise RuleError(f"mission: {_names(busy)} {'is' if len(busy) == 1 else 'are'} "
                            f"already on the other mission in progress; only free characters "
                            f"are recruited ({_names(free)})")
        opened = MissionInPlay(mission, names)
        self.slots[slot] = opened
        outcomes: list[Outcome] = [MissionOpened(slot, mission, tuple(names))]
        if opened.needed == 0:
            outcomes.append(MissionFull(slot, mission))
        return tuple(outcomes)

    def _contribute(self, move: Move) -> tuple[Outcome, ...]:
        player = require_player(move, self.players)
        slot = self._slot(move)
        skill = require(move, "skill", str, optional=True)
        if skill is not None and skill != "salvatore":
            raise RuleError(f'contribute: "skill" can only be "salvatore" (put a card on any '
                            f'mission), not {json_repr(skill)}')
        target = self._in_progress(slot, "contribute")
        if target.needed == 0:
            raise RuleError(f"contribute: {_label(slot, target.mission)} is full "
                            f"({target.mission.cards} cards with the draw pile's); reveal it")
        if skill is None and player not in target.assigned:
            raise RuleError(f"contribute: {player} is not assigned to "
                            f"{_label(slot, target.mission)}; only its characters "
                            f"({_names(target.assigned)}) add cards, unless Salvatore uses "
                            f"his skill")
        if skill is not None:
            self._check_skill(player, SALVATORE, "contribute")
            self.skills_used.add(SALVATORE)
        target.contributions.append(player)
        outcomes: list[Outcome] = [CardContributed(player, slot, target.mission, target.needed,
                                                   skill)]
        if target.needed == 0:
            outcomes.append(MissionFull(slot, target.mission))
        return tuple(outcomes)

    def _reveal(self, move: Move) -> tuple[Outcome, ...]:
        slot = self._slot(move)
        target = self._in_progress(slot, "reveal")
        mission = target.mission
        if target.needed:
            raise RuleError(f"reveal: {_label(slot, mission)} is not full yet: "
                            f"{target.needed} more card{'s' if target.needed != 1 else ''} "
                            f"needed before it is revealed")
        cards = require(move, "cards", list)
        if len(cards) != mission.cards:
            raise RuleError(f"reveal: {mission.name} holds {mission.cards} cards, but "
                            f"{len(cards)} were revealed")
        signed = tuple(_signed_value(i, card, mission) for i, card in enumerate(cards, 1))
        target.cards = signed
        self.revealed_missions.append(target)
        outcomes: list[Outcome] = [MissionRevealed(slot, mission, signed, target.total,
                                                   mission.value, target.success,
                                                   self.successes, self.failures)]
        return tuple(outcomes) + self._end_if_won()

    def _adjust(self, move: Move) -> tuple[Outcome, ...]:
        slot = self._slot(move)
        player = require_player(move, self.players)
        delta = require(move, "delta", int)
        if not -MAX_DELTA <= delta <= MAX_DELTA:
            raise RuleError(f"adjust: Vincenzo changes a total by at most ${MAX_DELTA}: "
                            f"delta must be from -{MAX_DELTA} to {MAX_DELTA}, not {delta}")
        target = self.slots[slot]
        if target is None or not target.revealed:
            what = ("is empty" if target is None
                    else f"holds {target.mission.name}, not revealed yet")
            raise RuleError(f"adjust: slot {slot} {what}; Vincenzo adjusts a revealed mission")
        self._check_skill(player, VINCENZO, "adjust")
        was_success = target.success
        self.skills_used.add(VINCENZO)
        target.adjustment = delta
        outcome = MissionAdjusted(slot, target.mission, player, delta, target.total,
                                  target.mission.value, target.success,
                                  target.success != was_success, self.successes, self.failures)
        return (outcome,) + self._end_if_won()

    def _abort(self, move: Move) -> tuple[Outcome, ...]:
        slot = self._slot(move)
        player = require_player(move, self.players)
        target = self._in_progress(slot, "abort")
        if player not in target.assigned:
            raise RuleError(f"abort: {player} is not assigned to {_label(slot, target.mission)}; "
                            f"only its characters ({_names(target.assigned)}) can abort it")
        self.slots[slot] = None
        self.aborted_missions.append(target)
        return (MissionAborted(slot, target.mission, player, 1 + len(target.contributions)),)

    def _assign(self, move: Move) -> tuple[Outcome, ...]:
        slot = self._slot(move)
        player = require_player(move, self.players)
        target = self._in_progress(slot, "assign")
        if player not in self.free_players:
            where = next(s for s, m in self.in_progress.items() if player in m.assigned)
            raise RuleError(f"assign: {player} is already on "
                            f"{_label(where, self.slots[where].mission)}; release them first")
        target.assigned.append(player)
        return (CharacterAssigned(slot, target.mission, player),)

    def _release(self, move: Move) -> tuple[Outcome, ...]:
        slot = self._slot(move)
        player = require_player(move, self.players)
        target = self._in_progress(slot, "release")
        if player not in target.assigned:
            raise RuleError(f"release: {player} is not on {_label(slot, target.mission)} "
                            f"(its characters: {_names(target.assigned)})")
        target.assigned.remove(player)
        return (CharacterReleased(slot, target.mission, player),)

    def _reveal_cop(self, move: Move) -> tuple[Outcome, ...]:
        player = require_player(move, self.players)
        if player in self.revealed_cops:
            raise RuleError(f"reveal_cop: {player} has already revealed being a cop")
        role = self.roles.get(player)
        if role is not None and role != COP:
            raise RuleError(f"reveal_cop: only a cop may reveal, and {player} is a {role}")
        cops = side_counts(len(self.players))[1]
        if len(self.revealed_cops) >= cops:
            raise RuleError(f"reveal_cop: a table of {len(self.players)} has {cops} "
                            f"cop{'s' if cops != 1 else ''}, and "
                            f"{_names(self.revealed_cops)} already revealed")
        self.revealed_cops.append(player)
        return (CopRevealed(player),)

    def _omerta(self, move: Move) -> tuple[Outcome, ...]:
        player = require_player(move, self.players)
        self.omerta = player
        return (OmertaStarted(player),)

    def _spoke(self, move: Move) -> tuple[Outcome, ...]:
        speaker = (require_player(move, self.players) if "player" in move else None)
        if self.omerta is None:
            raise RuleError("spoke: no Omertà is in force, so there is no silence to break")
        self.omerta = None
        return (OmertaBroken(speaker),)

    def _turn(self, move: Move) -> tuple[Outcome, ...]:
        player = require_player(move, self.players)
        self.turn = player
        outcomes: list[Outcome] = [TurnPassed(player)]
        if self.omerta == player:
            self.omerta = None
            outcomes.append(OmertaEnded(player))
        return tuple(outcomes)

    _HANDLERS: dict[str, Callable[["Mafia", Move], tuple[Outcome, ...]]] = {
        "mission": _mission, "contribute": _contribute, "reveal": _reveal, "abort": _abort,
        "assign": _assign, "release": _release, "adjust": _adjust, "reveal_cop": _reveal_cop,
        "omerta": _omerta, "spoke": _spoke, "turn": _turn,
    }

    # --- checks shared by the moves (they change nothing) ---

    def _slot(self, move: Move) -> int:
        slot = require(move, "slot", int)
        if slot not in SLOTS:
            raise RuleError(f"{move['type']}: \"slot\" must be 1 or 2 (two missions are in "
                            f"progress at most), not {slot}")
        return slot

    def _in_progress(self, slot: int, kind: str) -> MissionInPlay:
        target = self.slots[slot]
        if target is None:
            raise RuleError(f"{kind}: slot {slot} has no mission; open one with a "
                            f"\"mission\" move first")
        if target.revealed:
            raise RuleError(f"{kind}: {_label(slot, target.mission)} has already been revealed")
        return target

    def _find_mission(self, ident: int | str) -> Mission:
        if ident not in self.missions:
            known = ", ".join(json_repr(i) for i in self.missions)
            raise RuleError(f"mission: there is no mission with id {json_repr(ident)} "
                            f"(ids: {known})")
        return self.missions[ident]

    def _check_skill(self, player: str, character: str, kind: str) -> None:
        """``player`` may use ``character``'s once-per-game skill now."""
        if character in self.skills_used:
            raise RuleError(f"{kind}: {character}'s skill has already been used; "
                            f"a skill is used once per game")
        own = self.characters.get(player)
        if own is not None and own.casefold() != character.casefold():
            raise RuleError(f"{kind}: only {character} has this skill, and {player} "
                            f"plays {own}")
        holder = next((p for p, c in self.characters.items()
                       if c.casefold() == character.casefold()), None)
        if holder is not None and holder != player:
            raise RuleError(f"{kind}: only {character} has this skill, and {holder} "
                            f"plays {character}, not {player}")

    def _end_if_won(self) -> tuple[Outcome, ...]:
        winner = self.winner
        return (SideWon(winner, self.successes, self.failures),) if winner else ()

    def expected_table(self) -> TablePicture:
        """Each mission in progress in its zone ("mission:S") as "mission ID" with its
        face-down pile ("face down" once per card: the draw pile's and each contribution);
        an empty slot is listed empty. The seats and play zones (hands), and a revealed
        mission's zone (its cards turned up and cleared away), are free."""
        zones, free = [], ["seat:", "play:"]
        for slot, target in self.slots.items():
            if target is not None and target.revealed:
                free.append(f"mission:{slot}")
                continue
            cards = () if target is None else \
                (f"mission {target.mission.id}",) + ("face down",) * (1 + len(target.contributions))
            zones.append((f"mission:{slot}", cards))
        return TablePicture(tuple(zones), tuple(free))


def _signed_value(number: int, card: object, mission: Mission) -> int:
    """A revealed card's count: plus its value in the mission's colour, minus otherwise."""
    if not isinstance(card, dict):
        raise RuleError(f'reveal: card {number} must be {{"value", "color"}}, '
                        f'not {json_repr(card)}')
    value = card.get("value")
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RuleError(f'reveal: card {number}\'s "value" must be a whole number of dollars '
                        f'(at least 1), not {json_repr(value)}')
    color = card.get("color")
    if color not in COLORS:
        raise RuleError(f'reveal: card {number}\'s "color" must be "blue" or "yellow", '
                        f'not {json_repr(color)}')
    return value if color == mission.color else -value


def _checked_characters(players: tuple[str, ...], characters: Mapping[str, str]) -> dict[str, str]:
    seen: dict[str, str] = {}
    for name in players:
        if name not in characters:
            continue
        character = characters[name]
        if not isinstance(character, str) or not character.strip():
            raise RuleError(f"{name}'s character must be a non-empty text, "
                            f"not {json_repr(character)}")
        key = character.casefold()
        if key in seen:
            raise RuleError(f"{seen[key]} and {name} both play {character}; "
                            f"each character card is dealt once")
        seen[key] = name
    return {name: characters[name] for name in players if name in characters}


def _checked_roles(players: tuple[str, ...], roles: Mapping[str, str]) -> dict[str, str]:
    for name in players:
        if name in roles and roles[name] not in ROLES:
            raise RuleError(f'{name}\'s role must be "mobster" or "cop", '
                            f"not {json_repr(roles[name])}")
    checked = {name: roles[name] for name in players if name in roles}
    counts = dict(zip((MOBSTER, COP), side_counts(len(players))))
    for role, allowed in counts.items():
        given = sum(1 for r in checked.values() if r == role)
        if given > allowed:
            raise RuleError(f"a table of {len(players)} has {allowed} {role} goal "
                            f"card{'s' if allowed != 1 else ''}, but the header gives "
                            f"{given} players the role {role}")
    return checked
