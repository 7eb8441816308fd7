"""The status bar: the camera's health (or "camera off"), its question and warnings (said
in the table's language), and the playback state."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from companion.dashboard.feed import CameraStatus
from companion.i18n import t
from companion.said import say


def status_text(camera: CameraStatus | None, playback: str, lang: str) -> Text:
    text = Text()
    if camera is None:
        text.append(t(lang, "status.camera_off"), style="bold")
    else:
        text.append(t(lang, "status.camera", fps=camera.fps, cards=camera.cards_seen),
                    style="bold")
        text.append("  ")
        if camera.question:   # first: a typed answer settles it
            text.append(f"? {say(camera.question, lang)}", style="bold reverse")
            text.append("  ")
        if camera.warnings:
            text.append(" · ".join(say(w, lang) for w in camera.warnings),
                        style="bold yellow")
        else:
            text.append(t(lang, "status.no_warnings"))
    if playback:
        text.append("   │   ")
        text.append(playback)
    return text


class StatusBar(Static):
    _shown: Text | None = None

    def show(self, camera: CameraStatus | None, playback: str, lang: str) -> None:
        text = status_text(camera, playback, lang)
        if text != self._shown:   # a new frame with the same news draws nothing
            self._shown = text
            self.update(text, layout=False)
