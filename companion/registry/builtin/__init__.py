"""The bundled games' registrations, one module each (its ``SPEC``): companion.registry
lists this package to find them."""

# The bundled games in the order they came: their decks, sticker sheets and the cards
# command's choices are listed so (a module not named here comes after, by name).
ORDER = ("pumafiosi", "pungi", "mafia")
