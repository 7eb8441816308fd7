"""A session: the header, the moves in force, and the game state folded from them.

``undo`` lives here, once for every game: it drops the latest move in force and folds
the game again from the header, so an engine never has to know how to go backwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.games import Game, Header, Move, Outcome, Player, RuleError, game_class
from companion.games.base import FORMAT, move_type
from companion.inputs import control_character
from companion.names import name_key


@dataclass(frozen=True)
class MoveUndone(Outcome):
    kind = "move_undone"

    move: Mapping[str, Any]


def describe_move(move: Move) -> str:
    """The move as an English sentence, the one the command line shows."""
    from companion.i18n import describe_move as say

    return say(move, "en")


def parse_header(obj: Any) -> Header:
    """Check line 1 of a session file and turn it into a Header (RuleError if wrong).

    >>> header = parse_header({"format": "companion-session/1", "game": "pungi",
    ...                        "players": [{"name": "Ann"}, {"name": "Bob"}]})
    >>> header.game, header.names
    ('pungi', ('Ann', 'Bob'))
    >>> parse_header({"format": "companion-session/1", "game": "pungi",
    ...               "players": [{"name": "Ann"}]})
    Traceback (most recent call last):
    ...
    companion.games.base.RuleError: pungi is for 2-6 players, not 1
    """
    if not isinstance(obj, dict):
        raise RuleError("header_not_object")
    if obj.get("format") != FORMAT:
        raise RuleError("header_format", value=obj.get("format"), format=FORMAT)
    game = obj.get("game")
    if not isinstance(game, str):
        raise RuleError("header_no_game")
    cls = game_class(game)
    raw_players = obj.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise RuleError("header_no_players")
    players = []
    for i, entry in enumerate(raw_players, 1):
        if not isinstance(entry, dict):
            raise RuleError("header_player_not_object", number=i)
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RuleError("header_player_name", number=i)
        control = control_character(name)
        if control is not None:   # (a terminal would obey it: clear the screen, recolour)
            raise RuleError("header_name_control", number=i, character=control)
        age = entry.get("age")
        if age is not None and (isinstance(age, bool) or not isinstance(age, (int, float))):
            raise RuleError("header_age", player=name, value=age)
        extras = {}
        for key in ("character", "role"):
            value = entry.get(key)
            if value is not None and not isinstance(value, str):
                raise RuleError("header_player_text", player=name, field=key, value=value)
            extras[key] = value
        players.append(Player(name, age, **extras))
    seen: dict[str, str] = {}
    for player in players:
        key = name_key(player.name)
        if key in seen:
            # Names are typed without case or accents: these two could not be told apart.
            raise RuleError("header_names_twice", names=(seen[key], player.name))
        seen[key] = player.name
    if not cls.min_players <= len(players) <= cls.max_players:
        raise RuleError("player_count", game=game, low=cls.min_players,
                        high=cls.max_players, players=len(players))
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise RuleError("header_options")
    return Header(game, tuple(players), options)


class Session:
    """A game in progress; ``apply`` takes any move of the format, ``undo`` included.

    >>> session = Session(parse_header({"format": "companion-session/1", "game": "mafia",
    ...                                 "players": [{"name": n} for n in ("Ann", "Bob", "Cy")]}))
    >>> session.apply({"type": "turn", "player": "Bob"})
    (TurnPassed(player='Bob'),)
    >>> session.apply({"type": "undo"})[0].text()
    "Undone: Bob's turn"
    >>> session.game.to_act is None, session.moves
    (True, [])
    >>> session.summary()
    {'game': 'mafia', 'complete': False, 'scores': {'mobsters': 0, 'cops': 0}, 'winners': [], 'games': []}
    """

    def __init__(self, header: Header):
        self.header = header
        self._cls = game_class(header.game)
        self.game: Game = self._cls.from_header(header)
        self.moves: list[Move] = []

    def apply(self, move: Move) -> tuple[Outcome, ...]:
        if type(move) is not dict and not isinstance(move, Mapping):
            raise RuleError("move_not_object")
        kind = move_type(move)
        if kind == "undo":
            if not self.moves:
                raise RuleError("nothing_to_undo")
            taken = self.moves[-1]
            self.game = self._fold(self.moves[:-1])
            self.moves.pop()
            return (MoveUndone(taken),)
        outcomes = self.game.apply(move)
        self.moves.append(move)
        return outcomes

    def _fold(self, moves: list[Move]) -> Game:
        game = self._cls.from_header(self.header)
        for move in moves:
            game.apply(move)
        return game

    @property
    def complete(self) -> bool:
        return self.game.complete

    def summary(self) -> dict:
        return {"game": self.header.game, "complete": self.game.complete,
                **self.game.summary()}
