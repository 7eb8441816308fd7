"""The dashboard's screens: the game screen, the same for every game (game.py), and the
help (help.py)."""
