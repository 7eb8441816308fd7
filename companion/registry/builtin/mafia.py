"""Mafia: missions filled face down, mobsters against cops, and the Omertà."""

from companion.registry import GameSpec
from companion.registry.pieces import Either, OneOf, Pieces, Text, Whole

COLOUR = OneOf("blue", "yellow")
MISSION_ID = Either(Whole(0, 10**6), Text(), called="a whole number or a non-empty text")

SPEC = GameSpec(
    name="mafia",
    title={"en": "Mafia", "vi": "Mafia"},
    pieces=Pieces(
        deck="companion.decks:mafia.toml",
        faces={"action": {"action": Text(), "value": Whole(1, 20), "color": COLOUR},
               "character": {"name": Text()},
               "mission": {"id": MISSION_ID, "name": Text(),
                           "recruits": Whole(1, 8), "cards": Whole(1, 20),
                           "value": Whole(1, 50), "color": COLOUR},
               "goal": {"side": OneOf("mobster", "cop")}},
        anchors={"mission": "mission"},
        unique={"character": ("name",), "mission": ("id",)}),
    engine="companion.games.mafia:Mafia",
    messages="companion.messages.mafia",
    words="companion.manual.mafia",
    view="companion.board.mafia",
    adapter="companion.adapters.mafia:MafiaAdapter",
    director="companion.simulator.mafia:MafiaDirector",
    random_session="companion.games.mafia_random:random_session",
    players=5, teams=True, listens=True)
