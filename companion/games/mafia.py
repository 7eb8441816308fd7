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
- ``unseen_contribute`` (the project's move, like Pumafiosi's ``unseen_play``): a card
  went face down on the mission in ``slot`` and nobody saw whose it was (the camera saw
  it lie there, not the hand that brought it). It counts towards the mission like any
  contribution; who added it never changes a score, so the rules only check what they
  can (a mission in progress, not full). Its contributor is ``None`` in
  ``contributions`` until the journal is rewritten with the card named.
- ``unseen_reveal`` (the project's move, like ``unseen_contribute``): the full mission in
  ``slot`` was revealed (the table went on: its card cleared away, a new mission laid in
  its place) and nobody read its faces. It is done with: its slot is free, its characters
  are free, play goes on. Which side it counts for is open (``open_reveals``): it is in
  neither count, Vincenzo cannot adjust it, and once a side has four, the winners are
  named only if the open missions could not have given the other side its fourth first
  (``winners`` is empty until then; ``complete`` follows the counts). The summary lists
  them (``"open"``). Named later, the journal is rewritten (companion.journal_rewrite):
  the reveal in its place.
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
- ``unseen_abort`` (the project's move, like ``unseen_contribute``): the mission in
  progress in ``slot`` was aborted (its card carried off) and nobody saw whose Abort card
  it was. It does all an abort does; who aborted changes nothing later (no count, no
  hand, no skill the rules keep), so the state is the abort's but for
  ``unseen_aborts``, which keeps it (slot and mission as it lay) until the journal is
  rewritten with the abort named (companion.journal_rewrite). The rules check what they
  can: a mission in progress with someone assigned to abort it.
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

The legal moves (``legal_moves``, companion.games.base.Game) come from these domains:
``mission``: each free slot, each mission of the list (in list order), and every
sequence of distinct free characters (none, then one, two, ... in seating order);
``contribute``: each mission in progress that is not full, every player, with no skill
and (while Salvatore's is unused) with it; ``unseen_contribute``: each such mission;
``unseen_reveal``: each full mission in progress; ``unseen_abort``: each mission in
progress with someone assigned; ``reveal``: each full mission in progress, and every
sequence of as many cards as it holds, each a face of the deck's action cards (:func:`revealed_cards`; the rules take
any value of at least 1, but a table shows only these); ``abort`` and ``release``: each
mission in progress and its characters; ``assign``: each mission in progress and the
free characters; ``adjust``: each revealed mission still in its slot, every player,
each delta from -2 to 2 (while Vincenzo's skill is unused); ``reveal_cop``: the players
not revealed yet; ``omerta`` and ``turn``: every player; ``spoke``: while an Omertà is
in force, nobody named, then every player.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from itertools import permutations, product
from types import MappingProxyType
from typing import Mapping, Sequence

from calibration.zone import Zone
from companion.decks import load_deck
from companion.games.base import Game, Header, Outcome, Rule, RuleError, TablePicture, \
    require_player
from companion.games.mafia_deal import COP, MOBSTER, ROLES, side_counts
from companion.games.mafia_missions import Mission, missions_from_options
from companion.games.mafia_moves import (MAX_DELTA, SKILLS, SLOTS, Abort, Adjust, Assign,
                                         Contribute, Omerta, OpenMission, Release, Reveal,
                                         RevealCop, RevealedCard, Spoke, Turn,
                                         UnseenAbort, UnseenContribute, UnseenReveal)
from companion.games.moves import choices, open_places
from companion.games.mafia_outcomes import (COPS, MOBSTERS, CardContributed, CharacterAssigned,
                                            CharacterReleased, CopRevealed, MissionAborted,
                                            MissionAdjusted, MissionFull, MissionOpened,
                                            MissionRevealed, OmertaBroken, OmertaEnded,
                                            OmertaStarted, RevealUnread, SideWon,
                                            TurnPassed)

WINNING_COUNT = 4
SALVATORE, VINCENZO = "Salvatore", "Vincenzo"


@dataclass(frozen=True, slots=True)
class MissionInPlay:
    """A mission card on the table and what lies on it (a value: the engine replaces it)."""

    mission: Mission
    assigned: tuple[str, ...]
    contributions: tuple[str | None, ...] = ()  # who added a face-down card (None: unseen)
    cards: tuple[int, ...] | None = None  # the signed values, once revealed
    adjustment: int = 0
    unread: bool = False   # revealed, its faces not read (``unseen_reveal``)

    @property
    def needed(self) -> int:
        """Contributions still missing (the draw pile's card is on it from the start)."""
        return self.mission.cards - 1 - len(self.contributions)

    @property
    def revealed(self) -> bool:
        """Its cards turned up (read or not): done with."""
        return self.cards is not None or self.unread

    @property
    def total(self) -> int:
        """The revealed total after Vincenzo's adjustment."""
        return sum(self.cards or ()) + self.adjustment

    @property
    def success(self) -> bool:
        return self.cards is not None and self.total >= self.mission.value


# --- the engine -----------------------------------------------------------------------

class Mafia(Game):
    """The state of one game of Mafia; see the module docstring for the readings.

    ``phase`` is "play" until a side has won, then "over"; ``to_act`` is the player whose
    turn the latest ``turn`` move named (None before one); ``scores`` count the missions
    ``{"mobsters": successes, "cops": failures}``; ``winners`` is the winning side.
    What a dashboard shows besides: ``slots`` (slot -> the mission lying there, or None),
    ``in_progress``, ``free_players``, ``omerta`` (whose turn ends the silence),
    ``successes`` and ``failures``, ``revealed_cops``, ``skills_used`` and
    ``unused_missions``.

    >>> from companion.games.base import Header, Player
    >>> game = Mafia.from_header(Header("mafia", (Player("Ann"), Player("Bob"), Player("Cy"))))
    >>> [o.kind for o in game.apply({"type": "mission", "slot": 1, "mission": 1,
    ...                              "assigned": ["Ann", "Bob"]})]
    ['mission_opened']
    >>> game.apply({"type": "turn", "player": "Cy"})
    (TurnPassed(player='Cy'),)
    >>> game.to_act, game.phase, game.scores, game.winners
    ('Cy', 'play', {'mobsters': 0, 'cops': 0}, ())
    >>> try:
    ...     game.apply({"type": "spoke"})
    ... except RuleError as err:
    ...     print(err.code, "|", err)
    no_omerta | spoke: no Omertà is in force, so there is no silence to break
    """

    name = "mafia"
    min_players = 3
    max_players = 8

    def __init__(self, players: Sequence[str], missions: Sequence[Mission],
                 characters: Mapping[str, str] | None = None,
                 roles: Mapping[str, str] | None = None):
        self._players: tuple[str, ...] = tuple(players)
        self._missions: dict[int | str, Mission] = {m.id: m for m in missions}
        self._characters = _checked_characters(self._players, characters or {})
        self._roles = _checked_roles(self._players, roles or {})
        self._slots: dict[int, MissionInPlay | None] = {slot: None for slot in SLOTS}
        self._revealed: list[MissionInPlay] = []  # in reveal order, any still in a slot
        self._aborted: list[MissionInPlay] = []
        self._open: list[tuple[int, MissionInPlay]] = []   # (``open_reveals``)
        self._turn: str | None = None  # whose turn it is, once a ``turn`` said so
        self._omerta: str | None = None  # the player whose next turn ends the silence
        self._revealed_cops: list[str] = []
        self._skills_used: set[str] = set()
        self._unseen: list[tuple[int, MissionInPlay]] = []   # (``unseen_contributions``)
        self._unseen_aborts: list[tuple[int, MissionInPlay]] = []   # (``unseen_aborts``)

    @classmethod
    def from_header(cls, header: Header) -> "Mafia":
        """A new game for the header's players (their ``character`` and ``role`` where
        given) and ``options.missions``."""
        characters = {p.name: p.character for p in header.players if p.character is not None}
        roles = {p.name: p.role for p in header.players if p.role is not None}
        return cls(header.names, missions_from_options(header.options), characters, roles)

    # --- state for the summary and the dashboard ---

    @property
    def players(self) -> tuple[str, ...]:
        """The players in clockwise seating order."""
        return self._players

    @property
    def missions(self) -> Mapping[int | str, Mission]:
        """The mission list by id (read-only)."""
        return MappingProxyType(self._missions)

    @property
    def characters(self) -> dict[str, str]:
        """Player -> character card, where the header gives one."""
        return dict(self._characters)

    @property
    def roles(self) -> dict[str, str]:
        """Player -> "mobster" or "cop", where the header gives one."""
        return dict(self._roles)

    @property
    def slots(self) -> dict[int, MissionInPlay | None]:
        """Slot -> the mission lying there (in progress or revealed), or None."""
        return dict(self._slots)

    @property
    def revealed_missions(self) -> tuple[MissionInPlay, ...]:
        """The revealed missions in reveal order (also those still in a slot)."""
        return tuple(self._revealed)

    @property
    def aborted_missions(self) -> tuple[MissionInPlay, ...]:
        return tuple(self._aborted)

    @property
    def to_act(self) -> str | None:
        """Whose turn it is, once a ``turn`` move said so; None when over."""
        return None if self.complete else self._turn

    @property
    def unseen_contributions(self) -> tuple[tuple[int, MissionInPlay], ...]:
        """The cards nobody saw whose (``unseen_contribute``) in the order they came:
        each with its slot and the mission as it lay then (its name and characters ask
        whose it was). A card named later is a journal rewritten: it folds anew."""
        return tuple(self._unseen)

    @property
    def unseen_aborts(self) -> tuple[tuple[int, MissionInPlay], ...]:
        """The missions aborted by nobody seen (``unseen_abort``), in the order they went,
        each with its slot and the mission as it lay (its characters: who may have)."""
        return tuple(self._unseen_aborts)

    @property
    def open_reveals(self) -> tuple[tuple[int, MissionInPlay], ...]:
        """The missions revealed with faces nobody read (``unseen_reveal``), in the order
        they were done with, each with its slot: which side each counts for is open.

        >>> from companion.games.base import Header, Player
        >>> game = Mafia.from_header(Header("mafia", (Player("Ann"), Player("Bob"),
        ...                                           Player("Cy"))))
        >>> _ = game.apply({"type": "mission", "slot": 1, "mission": 1, "assigned": ["Ann"]})
        >>> while game.in_progress[1].needed:
        ...     _ = game.apply({"type": "contribute", "player": "Ann", "slot": 1})
        >>> game.apply({"type": "unseen_reveal", "slot": 1})[0].kind
        'reveal_unread'
        >>> [(slot, m.mission.id) for slot, m in game.open_reveals], game.scores
        ([(1, 1)], {'mobsters': 0, 'cops': 0})
        >>> game.in_progress, game.summary()["open"]
        ({}, [{'slot': 1, 'mission': 1}])
        """
        return tuple(self._open)

    @property
    def omerta(self) -> str | None:
        """The player whose next turn ends the Omertà in force, or None."""
        return self._omerta

    @property
    def revealed_cops(self) -> tuple[str, ...]:
        return tuple(self._revealed_cops)

    @property
    def skills_used(self) -> frozenset[str]:
        """The characters whose once-a-game skill has been used."""
        return frozenset(self._skills_used)

    @property
    def successes(self) -> int:
        return sum(1 for m in self._revealed if m.success)

    @property
    def failures(self) -> int:
        return len(self._revealed) - self.successes

    @property
    def phase(self) -> str:
        """"play" until a side has won, then "over"."""
        return "over" if self.complete else "play"

    @property
    def scores(self) -> dict[str, int]:
        """The mission counts: ``{"mobsters": successes, "cops": failures}``."""
        successes = self.successes
        return {MOBSTERS: successes, COPS: len(self._revealed) - successes}

    @property
    def winners(self) -> tuple[str, ...]:
        """``("mobsters",)`` or ``("cops",)`` once a side has four, else empty (also
        while the missions revealed unread could have given the other side four first)."""
        winner = self._winner()
        other = self.failures if winner == MOBSTERS else self.successes
        return (winner,) if winner and other + len(self._open) < WINNING_COUNT else ()

    def _winner(self) -> str | None:
        if self.successes >= WINNING_COUNT:
            return MOBSTERS
        if self.failures >= WINNING_COUNT:
            return COPS
        return None

    @property
    def complete(self) -> bool:
        return self._winner() is not None

    @property
    def in_progress(self) -> dict[int, MissionInPlay]:
        """The missions in progress (opened, not yet revealed), by slot."""
        return {s: m for s, m in self._slots.items() if m is not None and not m.revealed}

    @property
    def free_players(self) -> tuple[str, ...]:
        """Characters on no mission in progress, in seating order."""
        busy = {p for m in self.in_progress.values() for p in m.assigned}
        return tuple(p for p in self._players if p not in busy)

    @property
    def used_missions(self) -> set[int | str]:
        on_table = [m for m in self._slots.values() if m is not None]
        done = self._revealed + self._aborted + [m for _, m in self._open]
        return {m.mission.id for m in on_table + done}

    @property
    def unused_missions(self) -> tuple[Mission, ...]:
        used = self.used_missions
        return tuple(m for m in self._missions.values() if m.id not in used)

    def sides(self, cops: Sequence[str] = ()) -> dict[str, str]:
        """Each player's side (``{name: "mobsters" or "cops"}``): from the header's roles
        when every player has one, else from ``cops``, the names the table gives at the end
        (the goal cards are secret until then), checked against the table's number of
        cops, the cops exposed during the game and any role the header gives."""
        if not cops and len(self._roles) == len(self._players):
            return {p: COPS if self._roles[p] == COP else MOBSTERS for p in self._players}
        named = tuple(dict.fromkeys(require_player({"type": "cops", "player": name},
                                                   self._players) for name in cops))
        count = side_counts(len(self._players))[1]
        if len(named) != count:
            raise RuleError("cops_count", players=len(self._players), cops=count, named=named)
        for player in self._players:
            exposed = player in self._revealed_cops
            side = COP if exposed else self._roles.get(player)
            if side is not None and (player in named) != (side == COP):
                raise RuleError("cops_contradict", player=player, role=side, exposed=exposed)
        return {p: COPS if p in named else MOBSTERS for p in self._players}

    def summary(self) -> dict:
        """The spec's summary; with missions revealed unread, ``"open"`` lists each (its
        slot and mission id): the counts leave them out."""
        scores = self.scores
        summary = {"scores": scores, "winners": list(self.winners),
                   "games": [{"scores": dict(scores)}] if self.complete else []}
        if self._open:
            summary["open"] = [{"slot": slot, "mission": m.mission.id} for slot, m in self._open]
        return summary

    # --- moves ---

    def _put(self, slot: int, old: MissionInPlay, new: MissionInPlay) -> None:
        """Replace the mission lying in ``slot`` (and its entry among the revealed)."""
        self._slots[slot] = new
        for i, revealed in enumerate(self._revealed):
            if revealed is old:
                self._revealed[i] = new

    def _check_mission(self, move: OpenMission) -> Mission:
        slot = move.slot
        current = self._slots[slot]
        if current is not None and not current.revealed:
            other = SLOTS[1 - SLOTS.index(slot)]
            both = self._slots[other] is not None and not self._slots[other].revealed
            raise RuleError("slot_busy", slot=slot,
                            mission=current.mission.name, other=None if both else other)
        mission = self._find_mission(move.mission)
        if any(m.mission.id == mission.id for m in self.in_progress.values()):
            raise RuleError("mission_in_progress", mission=mission.name, id=mission.id)
        assigned = move.assigned
        names = []
        for entry in assigned:
            if not isinstance(entry, str) or entry not in self._players:
                raise RuleError("assigned_unknown", value=entry, players=self._players)
            if entry in names:
                raise RuleError("assigned_twice", player=entry)
            names.append(entry)
        free = self.free_players
        busy = [p for p in names if p not in free]
        if busy:
            raise RuleError("assigned_busy", busy=tuple(busy), free=free)
        return mission

    def _mission(self, move: OpenMission, mission: Mission) -> tuple[Outcome, ...]:
        slot, names = move.slot, move.assigned
        opened = MissionInPlay(mission, tuple(names))
        self._slots[slot] = opened
        outcomes: list[Outcome] = [MissionOpened(slot, mission, tuple(names))]
        if opened.needed == 0:
            outcomes.append(MissionFull(slot, mission))
        return tuple(outcomes)

    def _check_contribute(self, move: Contribute | UnseenContribute) -> MissionInPlay:
        unseen = move.type == "unseen_contribute"
        player = None if unseen else require_player(move, self._players)
        slot = move.slot
        skill = None if unseen else move.skill
        target = self._in_progress(slot, move["type"])
        if target.needed == 0:
            raise RuleError("mission_full",
                            slot=slot, mission=target.mission.name, cards=target.mission.cards,
                            move=move["type"])
        if not unseen and skill is None and player not in target.assigned:
            raise RuleError("not_assigned", player=player, slot=slot,
                            mission=target.mission.name, assigned=target.assigned)
        if skill is not None:
            self._check_skill(player, SALVATORE, "contribute")
        return target

    def _contribute(self, move: Contribute | UnseenContribute, target: MissionInPlay
                    ) -> tuple[Outcome, ...]:
        unseen = move.type == "unseen_contribute"
        player, skill = (None, None) if unseen else (move.player, move.skill)
        slot = move.slot
        if skill is not None:
            self._skills_used.add(SALVATORE)
        now = replace(target, contributions=target.contributions + (player,))
        self._put(slot, target, now)
        if unseen:
            self._unseen.append((slot, now))
        outcomes: list[Outcome] = [CardContributed(player, slot, now.mission, now.needed,
                                                   skill)]
        if now.needed == 0:
            outcomes.append(MissionFull(slot, now.mission))
        return tuple(outcomes)

    def _check_reveal(self, move: Reveal) -> MissionInPlay:
        slot = move.slot
        target = self._in_progress(slot, "reveal")
        mission = target.mission
        if target.needed:
            raise RuleError("not_full", slot=slot, mission=mission.name, needed=target.needed)
        cards = move.cards
        if len(cards) != mission.cards:
            raise RuleError("reveal_count", mission=mission.name,
                            cards=mission.cards, revealed=len(cards))
        return target

    def _reveal(self, move: Reveal, target: MissionInPlay) -> tuple[Outcome, ...]:
        slot, mission = move.slot, target.mission
        signed = tuple(_signed_value(card, mission) for card in move.cards)
        now = replace(target, cards=signed)
        self._slots[slot] = now
        self._revealed.append(now)
        outcomes: list[Outcome] = [MissionRevealed(slot, mission, signed, now.total,
                                                   mission.value, now.success,
                                                   self.successes, self.failures)]
        return tuple(outcomes) + self._end_if_won()

    def _check_unseen_reveal(self, move: UnseenReveal) -> MissionInPlay:
        target = self._in_progress(move.slot, "unseen_reveal")
        if target.needed:
            raise RuleError("not_full", slot=move.slot, mission=target.mission.name,
                            needed=target.needed)
        return target

    def _unseen_reveal(self, move: UnseenReveal, target: MissionInPlay
                       ) -> tuple[Outcome, ...]:
        now = replace(target, unread=True)
        self._slots[move.slot] = now
        self._open.append((move.slot, now))
        return (RevealUnread(move.slot, target.mission),)

    def _check_adjust(self, move: Adjust) -> MissionInPlay:
        slot = move.slot
        player = require_player(move, self._players)
        target = self._slots[slot]
        if target is None or target.cards is None:
            raise RuleError("not_revealed", slot=slot,
                            mission=None if target is None else target.mission.name,
                            unread=target is not None and target.unread)
        self._check_skill(player, VINCENZO, "adjust")
        return target

    def _adjust(self, move: Adjust, target: MissionInPlay) -> tuple[Outcome, ...]:
        slot, player, delta = move.slot, move.player, move.delta
        self._skills_used.add(VINCENZO)
        now = replace(target, adjustment=delta)
        self._put(slot, target, now)
        outcome = MissionAdjusted(slot, now.mission, player, delta, now.total,
                                  now.mission.value, now.success,
                                  now.success != target.success, self.successes, self.failures)
        return (outcome,) + self._end_if_won()

    def _check_abort(self, move: Abort) -> MissionInPlay:
        slot = move.slot
        player = require_player(move, self._players)
        target = self._in_progress(slot, "abort")
        if player not in target.assigned:
            raise RuleError("abort_not_assigned", player=player,
                            slot=slot, mission=target.mission.name, assigned=target.assigned)
        return target

    def _abort(self, move: Abort, target: MissionInPlay) -> tuple[Outcome, ...]:
        slot, player = move.slot, move.player
        self._slots[slot] = None
        self._aborted.append(target)
        return (MissionAborted(slot, target.mission, player, 1 + len(target.contributions)),)

    def _check_unseen_abort(self, move: UnseenAbort) -> MissionInPlay:
        target = self._in_progress(move.slot, "unseen_abort")
        if not target.assigned:
            raise RuleError("abort_nobody", slot=move.slot, mission=target.mission.name)
        return target

    def _unseen_abort(self, move: UnseenAbort, target: MissionInPlay
                      ) -> tuple[Outcome, ...]:
        self._slots[move.slot] = None
        self._aborted.append(target)
        self._unseen_aborts.append((move.slot, target))
        return (MissionAborted(move.slot, target.mission, None,
                               1 + len(target.contributions)),)

    def _check_assign(self, move: Assign) -> MissionInPlay:
        slot = move.slot
        player = require_player(move, self._players)
        target = self._in_progress(slot, "assign")
        if player not in self.free_players:
            where = next(s for s, m in self.in_progress.items() if player in m.assigned)
            mission = self._slots[where].mission
            raise RuleError("assign_busy", player=player, slot=where, mission=mission.name)
        return target

    def _assign(self, move: Assign, target: MissionInPlay) -> tuple[Outcome, ...]:
        slot, player = move.slot, move.player
        self._put(slot, target, replace(target, assigned=target.assigned + (player,)))
        return (CharacterAssigned(slot, target.mission, player),)

    def _check_release(self, move: Release) -> MissionInPlay:
        slot = move.slot
        player = require_player(move, self._players)
        target = self._in_progress(slot, "release")
        if player not in target.assigned:
            raise RuleError("release_not_on", player=player, slot=slot,
                            mission=target.mission.name, assigned=target.assigned)
        return target

    def _release(self, move: Release, target: MissionInPlay) -> tuple[Outcome, ...]:
        slot, player = move.slot, move.player
        left = tuple(p for p in target.assigned if p != player)
        self._put(slot, target, replace(target, assigned=left))
        return (CharacterReleased(slot, target.mission, player),)

    def _check_reveal_cop(self, move: RevealCop) -> str:
        player = require_player(move, self._players)
        if player in self._revealed_cops:
            raise RuleError("cop_twice", player=player)
        role = self._roles.get(player)
        if role is not None and role != COP:
            raise RuleError("cop_role", player=player, role=role)
        cops = side_counts(len(self._players))[1]
        if len(self._revealed_cops) >= cops:
            raise RuleError("cop_count",
                            players=len(self._players), cops=cops,
                            revealed=tuple(self._revealed_cops))
        return player

    def _reveal_cop(self, move: RevealCop, player: str) -> tuple[Outcome, ...]:
        self._revealed_cops.append(player)
        return (CopRevealed(player),)

    def _player(self, move: Omerta | Turn) -> str:
        return require_player(move, self._players)

    def _omerta_called(self, move: Omerta, player: str) -> tuple[Outcome, ...]:
        self._omerta = player
        return (OmertaStarted(player),)

    def _check_spoke(self, move: Spoke) -> str | None:
        speaker = (require_player(move, self._players) if move.player is not None else None)
        if self._omerta is None:
            raise RuleError("no_omerta")
        return speaker

    def _spoke(self, move: Spoke, speaker: str | None) -> tuple[Outcome, ...]:
        self._omerta = None
        return (OmertaBroken(speaker),)

    def _turn_passed(self, move: Turn, player: str) -> tuple[Outcome, ...]:
        self._turn = player
        outcomes: list[Outcome] = [TurnPassed(player)]
        if self._omerta == player:
            self._omerta = None
            outcomes.append(OmertaEnded(player))
        return tuple(outcomes)

    def copy(self) -> "Mafia":
        twin = object.__new__(Mafia)
        twin.__dict__.update(self.__dict__)
        # What a move changes in place (missions in play are frozen values); the rest
        # is replaced whole, or never changes.
        twin._slots, twin._revealed = dict(self._slots), list(self._revealed)
        twin._aborted, twin._revealed_cops = list(self._aborted), list(self._revealed_cops)
        twin._skills_used, twin._unseen = set(self._skills_used), list(self._unseen)
        twin._open, twin._unseen_aborts = list(self._open), list(self._unseen_aborts)
        return twin

    # --- the legal moves: the domains ``legal_moves`` searches ---

    def _open_domain(self, fixed):
        """Each free slot, each mission of the list, and every sequence of distinct free
        characters (none first, then one, two, ... in seating order)."""
        for slot in choices(fixed, "slot", SLOTS):
            if slot in self.in_progress:
                continue
            for mission in choices(fixed, "mission", tuple(self._missions)):
                for team in self._teams(fixed):
                    yield OpenMission.trusted(slot, mission, team)

    def _teams(self, fixed):
        free = self.free_players
        places = open_places(fixed, "assigned", free)
        if places is not None:   # (some places asked for, the others open)
            return (team for team in permutations(free, len(places))
                    if all(name in allowed for name, allowed in zip(team, places)))
        if "assigned" in fixed:
            given = fixed["assigned"]
            return (tuple(given),) if isinstance(given, (list, tuple)) else ()
        return (team for size in range(len(free) + 1) for team in permutations(free, size))

    def _open_slots(self, fixed, full: bool | None = None):
        """The slots (fixed or all) with a mission in progress (``full``: that is full,
        or not), and the mission."""
        for slot in choices(fixed, "slot", SLOTS):
            target = self.in_progress.get(slot)
            if target is not None and (full is None or full == (target.needed == 0)):
                yield slot, target

    def _contribute_domain(self, fixed):
        skills = (None,) if SALVATORE in self._skills_used else (None,) + SKILLS
        for slot, _ in self._open_slots(fixed, full=False):
            for player in choices(fixed, "player", self._players):
                for skill in choices(fixed, "skill", skills):
                    yield Contribute.trusted(player, slot, skill)

    def _unseen_contribute_domain(self, fixed):
        for slot, _ in self._open_slots(fixed, full=False):
            yield UnseenContribute.trusted(slot)

    def _unseen_reveal_domain(self, fixed):
        for slot, _ in self._open_slots(fixed, full=True):
            yield UnseenReveal.trusted(slot)

    def _reveal_domain(self, fixed):
        """Each full mission in progress, and its cards: every sequence of as many cards
        as it holds, each a value and colour of the deck's action cards
        (:func:`revealed_cards`, lowest value first, blue before yellow)."""
        for slot, target in self._open_slots(fixed, full=True):
            places = open_places(fixed, "cards", revealed_cards()) if "cards" in fixed \
                else [revealed_cards()] * target.mission.cards
            if places is None:   # (every card asked for)
                try:
                    yield Reveal.parse({"type": "reveal", "slot": slot,
                                        "cards": list(fixed["cards"])})
                except (RuleError, TypeError):
                    pass
                continue
            for cards in product(*places):
                yield Reveal.trusted(slot, cards)

    def _members_domain(self, move_class, fixed, members):
        """A move of (slot, player) on each mission in progress, for ``members(target)``."""
        for slot, target in self._open_slots(fixed):
            for player in choices(fixed, "player", members(target)):
                yield move_class.trusted(slot, player)

    def _abort_domain(self, fixed):
        return self._members_domain(Abort, fixed, lambda target: target.assigned)

    def _unseen_abort_domain(self, fixed):
        for slot, target in self._open_slots(fixed):
            if target.assigned:
                yield UnseenAbort.trusted(slot)

    def _assign_domain(self, fixed):
        return self._members_domain(Assign, fixed, lambda target: self.free_players)

    def _release_domain(self, fixed):
        return self._members_domain(Release, fixed, lambda target: target.assigned)

    def _adjust_domain(self, fixed):
        if VINCENZO in self._skills_used:
            return
        for slot in choices(fixed, "slot", SLOTS):
            target = self._slots[slot]
            if target is None or target.cards is None:
                continue
            for player in choices(fixed, "player", self._players):
                for delta in choices(fixed, "delta", range(-MAX_DELTA, MAX_DELTA + 1)):
                    yield Adjust.trusted(slot, player, delta)

    def _players_domain(self, move_class, fixed, names=None):
        for player in choices(fixed, "player", self._players if names is None else names):
            yield move_class.trusted(player)

    def _reveal_cop_domain(self, fixed):
        return self._players_domain(RevealCop, fixed, tuple(
            p for p in self._players if p not in self._revealed_cops))

    def _omerta_domain(self, fixed):
        return self._players_domain(Omerta, fixed)

    def _spoke_domain(self, fixed):
        if self._omerta is not None:
            yield from self._players_domain(Spoke, fixed, (None,) + self._players)

    def _turn_domain(self, fixed):
        return self._players_domain(Turn, fixed)

    RULES = {
        "mission": Rule(OpenMission, _check_mission, _mission, _open_domain),
        "contribute": Rule(Contribute, _check_contribute, _contribute, _contribute_domain),
        "unseen_contribute": Rule(UnseenContribute, _check_contribute, _contribute,
                                  _unseen_contribute_domain),
        "reveal": Rule(Reveal, _check_reveal, _reveal, _reveal_domain),
        "unseen_reveal": Rule(UnseenReveal, _check_unseen_reveal, _unseen_reveal,
                              _unseen_reveal_domain),
        "abort": Rule(Abort, _check_abort, _abort, _abort_domain),
        "unseen_abort": Rule(UnseenAbort, _check_unseen_abort, _unseen_abort,
                             _unseen_abort_domain),
        "assign": Rule(Assign, _check_assign, _assign, _assign_domain),
        "release": Rule(Release, _check_release, _release, _release_domain),
        "adjust": Rule(Adjust, _check_adjust, _adjust, _adjust_domain),
        "reveal_cop": Rule(RevealCop, _check_reveal_cop, _reveal_cop, _reveal_cop_domain),
        "omerta": Rule(Omerta, _player, _omerta_called, _omerta_domain),
        "spoke": Rule(Spoke, _check_spoke, _spoke, _spoke_domain),
        "turn": Rule(Turn, _player, _turn_passed, _turn_domain),
    }

    # --- checks shared by the moves (they change nothing) ---

    def _in_progress(self, slot: int, kind: str) -> MissionInPlay:
        target = self._slots[slot]
        if target is None:
            raise RuleError("slot_empty", move=kind, slot=slot)
        if target.revealed:
            raise RuleError("mission_revealed", move=kind, slot=slot, mission=target.mission.name)
        return target

    def _find_mission(self, ident: int | str) -> Mission:
        if ident not in self._missions:
            raise RuleError("mission_unknown", mission=ident, known=tuple(self._missions))
        return self._missions[ident]

    def _check_skill(self, player: str, character: str, kind: str) -> None:
        """``player`` may use ``character``'s once-per-game skill now."""
        if character in self._skills_used:
            raise RuleError("skill_used", move=kind, character=character)
        own = self._characters.get(player)
        if own is not None and own.casefold() != character.casefold():
            raise RuleError("skill_not_yours", move=kind, character=character,
                            player=player, own=own)
        holder = next((p for p, c in self._characters.items()
                       if c.casefold() == character.casefold()), None)
        if holder is not None and holder != player:
            raise RuleError("skill_holder", move=kind,
                            character=character, player=player, holder=holder)

    def _end_if_won(self) -> tuple[Outcome, ...]:
        winners = self.winners   # (none named while a mission revealed unread could
        # have given the other side four first)
        return (SideWon(winners[0], self.successes, self.failures),) if winners else ()

    def expected_table(self) -> TablePicture:
        """Each mission in progress in its zone ("mission:S") as "mission ID" with its
        face-down pile ("face down" once per card: the draw pile's and each contribution);
        an empty slot is listed empty. The seats and play zones (hands), and a revealed
        mission's zone (its cards turned up and cleared away), are free."""
        zones, free = [], []
        for slot, target in self.slots.items():
            if target is not None and target.revealed:
                free.append(Zone("mission", slot))
                continue
            cards = () if target is None else \
                (f"mission {target.mission.id}",) + ("face down",) * (1 + len(target.contributions))
            zones.append((Zone("mission", slot), cards))
        return TablePicture(tuple(zones), tuple(free), ("seat", "play"))


@cache
def revealed_cards() -> tuple[RevealedCard, ...]:
    """The faces a revealed card may show: each value and colour of the bundled deck's
    action cards, lowest value first, blue before yellow."""
    faces = {(card.get("value"), card.get("color"))
             for card in load_deck("mafia").of_kind("action")}
    return tuple(RevealedCard.trusted(value, color) for value, color in sorted(faces))


def _signed_value(card, mission: Mission) -> int:
    """A revealed card's count: plus its value in the mission's colour, minus otherwise."""
    return card.value if card.color == mission.color else -card.value


def _checked_characters(players: tuple[str, ...], characters: Mapping[str, str]) -> dict[str, str]:
    seen: dict[str, str] = {}
    for name in players:
        if name not in characters:
            continue
        character = characters[name]
        if not isinstance(character, str) or not character.strip():
            raise RuleError("character_invalid", player=name, value=character)
        key = character.casefold()
        if key in seen:
            raise RuleError("character_twice", players=(seen[key], name), character=character)
        seen[key] = name
    return {name: characters[name] for name in players if name in characters}


def _checked_roles(players: tuple[str, ...], roles: Mapping[str, str]) -> dict[str, str]:
    for name in players:
        if name in roles and roles[name] not in ROLES:
            raise RuleError("role_invalid", player=name, value=roles[name])
    checked = {name: roles[name] for name in players if name in roles}
    counts = dict(zip((MOBSTER, COP), side_counts(len(players))))
    for role, allowed in counts.items():
        given = sum(1 for r in checked.values() if r == role)
        if given > allowed:
            raise RuleError("role_count", players=len(players),
                            role=role, allowed=allowed, given=given)
    return checked
