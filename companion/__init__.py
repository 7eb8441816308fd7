"""Table Companion: follows card games on a real table and announces what happens."""

__version__ = "0.1.0"
