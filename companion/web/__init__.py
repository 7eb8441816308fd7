"""The live web page of a game, for phones, a TV and OBS (``--web``)."""
