"""A recording played on the camera dashboard at the pace it was filmed (``companion demo``).

Its frames go through the live pipeline exactly as a camera's would; the playback keys
steer the frames instead of a list of moves: space pauses them, n runs them until the
camera reads the next move, +/- change the speed. The recording's own session says how
many moves are to come, for the status bar.
"""

from __future__ import annotations

from companion.dashboard.camera_app import CameraTableApp
from companion.dashboard.playback import Playback
from companion.games import Move
from companion.live.recording import Recording, RecordingError
from companion.live.reproduce import recorded_table
from companion.live_table import CAMERA, Played, Table
from companion.said import said, say
from companion.session import Session, replay_file
from vision.frames import PacedSource


class RecordingDemoApp(CameraTableApp):
    """The camera dashboard on a recording's frames, paced by ``source``."""

    def __init__(self, table: Table, *, source: PacedSource, recorded: list[Move], **kwargs):
        super().__init__(table, source=source, **kwargs)
        # The recording's moves, counted off as the camera reads them.
        self.playback = Playback(recorded)

    def _schedule(self) -> None:
        if self.playback.paused:
            self.source.pause()
        else:
            self.source.play(self.playback.speed)

    def _play_one(self) -> None:
        self.source.rush()   # until the camera reads a move (_told pauses again)

    def _told(self, played: Played) -> None:
        super()._told(played)
        if played.by != CAMERA or not played.taken:
            return
        for _ in played.taken:
            if not self.playback.finished:
                self.playback.take()
        if self.playback.paused:
            self.source.pause()

    def stop_playback(self) -> None:
        super().stop_playback()
        self.source.close()

    def frames_ended(self, problems: tuple) -> None:
        if problems:
            self.show_warning(" ".join(say(p, self.lang) for p in problems))
        self.stop_playback()
        self.game_screen.refresh_view()

    def on_unmount(self) -> None:
        self.source.close()   # the worker may wait, paused, for its next frame


def recording_demo(recording: Recording, **kwargs) -> RecordingDemoApp:
    """The app on ``recording``, with a fresh session kept in memory (nothing is written)."""
    table_map, header = recorded_table(recording)
    replay = replay_file(recording.session)
    if replay.error is not None:
        raise RecordingError(said("recording.session_unreadable", session_error=replay.error))
    source = PacedSource(recording.frames, str(recording.video),
                         length=recording.manifest.frames)
    return RecordingDemoApp(Table(Session(header)), source=source, table_map=table_map,
                            recorded=[step.move for step in replay.steps], **kwargs)
