"""Pumafiosi: the second-highest card wins the round and climbs the Pumafia hierarchy."""

from companion.registry import GameSpec
from companion.registry.pieces import OneOf, Pieces, Whole

SPEC = GameSpec(
    name="pumafiosi",
    title={"en": "Pumafiosi", "vi": "Pumafiosi"},
    pieces=Pieces(
        deck="companion.decks:pumafiosi.toml",
        faces={"pumafioso": {"value": Whole(1, 55)},
               "hierarchy": {"step": Whole(-3, 10)},
               "item": {"item": OneOf("machine_gun", "vest", "notebook", "ring"),
                        "set": Whole(1, 5)}},
        anchors={"hierarchy": "step:{step}"},
        optional={"item": "items"},
        unique={"pumafioso": ("value",), "hierarchy": ("step",), "item": ("item", "set")}),
    engine="companion.games.pumafiosi:Pumafiosi",
    messages="companion.messages.pumafiosi",
    words="companion.manual.pumafiosi",
    view="companion.board.pumafiosi",
    adapter="companion.adapters.pumafiosi:PumafiosiAdapter",
    director="companion.simulator.pumafiosi:PumafiosiDirector",
    random_session="companion.games.pumafiosi_random:random_session",
    players=3)
