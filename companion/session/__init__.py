"""Session files: the journal every part of the companion reads and writes."""

from companion.session.journal import (AppliedMove, Journal, JournalInUse, Replay,
                                       SessionFileError, replay_file, replay_text)
from companion.session.session import MoveUndone, Session, parse_header

__all__ = ["AppliedMove", "Journal", "JournalInUse", "MoveUndone", "Replay", "Session",
           "SessionFileError", "parse_header", "replay_file", "replay_text"]
