"""Where the live web page is (``--web``): its address and a QR code to open it on a phone."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from companion.web.qr import qr_lines


class WebLink(Static):
    def show(self, url: str | None) -> None:
        self.display = url is not None
        if url is None:
            return
        text = Text(url + "\n", style="bold")
        text.append("\n".join(qr_lines(url)), style="black on white")
        self.update(text)
