"""vision: frame sources, markers, detection and the table renderer (no game knowledge)."""
