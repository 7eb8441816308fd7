"""The duel's one registration: everything the game brings, named once. Named in
COMPANION_GAMES=tests.toygame.game, this module is imported when the registry is first
asked; no shared module names the duel."""

from companion.registry import GameSpec
from companion.registry.pieces import OneOf, Pieces, Whole

SPEC = GameSpec(
    name="duel",
    title={"en": "Duel", "vi": "Song đấu"},
    pieces=Pieces(
        deck="tests.toygame:duel.toml",
        faces={"blade": {"value": Whole(1, 5), "colour": OneOf("red", "blue")}},
        counts={"blade": 10},
        unique={"blade": ("value", "colour")}),
    engine="tests.toygame.engine:Duel",
    messages="tests.toygame.messages",
    words="tests.toygame.words",
    view="tests.toygame.view",
    adapter="tests.toygame.adapter:DuelAdapter",
    director="tests.toygame.director:DuelDirector",
    random_session="tests.toygame.random_session:random_session",
    players=2)
