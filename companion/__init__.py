"""Table Companion: follows card games on a real table and announces what happens."""

__version__ = "0.1.0"
# The environment variable naming a folder of edited deck files (companion.decks).
DECKS_ENV = "COMPANION_DECKS"
