"""Pungi: snakes laid out by the pungi, taken by the majority animal's players."""

from companion.registry import GameSpec
from companion.registry.pieces import Pieces, Text, Whole

SPEC = GameSpec(
    name="pungi",
    title={"en": "Pungi", "vi": "Pungi"},
    pieces=Pieces(
        deck="companion.decks:pungi.toml",
        faces={"pungi": {}, "snake": {"value": Whole(-20, 20)}, "charmer": {},
               "animal": {"animal": Text(), "value": Whole(1, 10)}},
        counts={"snake": 31, "charmer": 6, "pungi": 1},
        anchors={"pungi": "pungi"},
        unique={"animal": ("animal", "value")}),
    engine="companion.games.pungi:Pungi",
    messages="companion.messages.pungi",
    words="companion.manual.pungi",
    view="companion.board.pungi",
    adapter="companion.adapters.pungi:PungiAdapter",
    director="companion.simulator.pungi:PungiDirector",
    random_session="companion.games.pungi_random:random_session",
    players=4)
