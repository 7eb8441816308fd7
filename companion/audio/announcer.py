"""From what happened at the table to sound: a cue per outcome, spoken text where wanted,
and the microphone told to ignore the app's own sounds; speech heard during an Omertà
turned into a ``spoke`` move."""

from __future__ import annotations

from typing import Callable

from companion.audio.listener import HeardSpeech
from companion.audio.output import SoundOutput
from companion.audio.speech import Speaker
from companion.games.base import Outcome
from companion.i18n import announce, t
from companion.omerta import OmertaTimer

# Outcome kind -> cue (stable kinds keep the audio stage free of every game module).
CUE_FOR = {
    "round_won": "round_won", "card_placed": "placed", "card_dropped": "bumped",
    "penalty_charged": "penalty", "pumafiosi_scored": "game_scored",
    "pungi_scored": "game_scored", "match_won": "match_won", "series_won": "match_won",
    "side_won": "match_won", "omerta_started": "omerta_begins",
    "omerta_ended": "omerta_ends", "omerta_broken": "omerta_broken",
}


class Announcer:
    def __init__(self, output: SoundOutput, speaker: Speaker | None = None):
        self.output = output
        self.speaker = speaker

    def announce(self, outcomes: tuple[Outcome, ...] | list[Outcome]) -> list[str]:
        """Play the cues of one move's outcomes together, slightly staggered (and say
        them); returns the cues played."""
        sounding = [o for o in outcomes if o.kind in CUE_FOR]
        cues = [CUE_FOR[o.kind] for o in sounding]
        if cues:
            self.output.play(*cues)
        if self.speaker is not None and sounding:
            # One utterance: separate ones would be spoken over each other.
            self.speaker.say(" ".join(announce(o, self.speaker.language) for o in sounding))
        return cues

    def warn(self, key: str, **fields) -> None:
        """The warning cue, and the i18n message ``key`` spoken in the speaker's language."""
        self.output.play("warning")
        if self.speaker is not None:
            self.speaker.say(t(self.speaker.language, key, **fields))


def format_clock(seconds: float) -> str:
    minutes, secs = divmod(max(0, int(seconds)), 60)
    return f"{minutes}:{secs:02d}"


class OmertaGuard:
    """Speech heard while an Omertà is in force becomes a ``spoke`` move and a warning.

    ``submit`` hands the move to the game (rules, journal); it is called from the
    microphone's thread, so it must be thread-safe (a queue, usually).
    """

    def __init__(self, timer: OmertaTimer, submit: Callable[[dict], None],
                 warn: Callable[[str], None], lang: str = "en"):
        self.timer = timer
        self.submit = submit
        self.warn = warn
        self.lang = lang             # the warning's language (i18n)
        self.listening_since = 0.0   # session time when the microphone started
        self._reported: tuple[str | None, float] | None = None   # the Omertà already broken

    def on_speech(self, detection: HeardSpeech) -> None:
        # One spoke move per Omertà: more speech before the game has taken the first
        # one in (the timer still shows the silence) is the same break.
        omerta = (self.timer.called_by, self.timer.called_at)
        if not self.timer.in_force or omerta == self._reported:
            return
        self._reported = omerta
        when = self.listening_since + detection.onset_s
        move = {"type": "spoke", "t": round(when, 3)}
        if detection.clip is not None:
            move["clip"] = str(detection.clip)   # an extra field: readers ignore it
        self.submit(move)
        where = (t(self.lang, "warn.listen_back", clip=detection.clip)
                 if detection.clip is not None else "")
        self.warn(t(self.lang, "warn.spoke", clock=format_clock(when), player=omerta[0])
                  + where)
