"""Where the live web page is (``--web``): its address on the dashboard, and on F4 a QR
code to open it with a phone (a screen of its own: the code needs more rows than a
panel beside the board has)."""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

from companion.i18n import t
from companion.qr import qr_lines


class WebPage(Protocol):
    """The live web page as the dashboard sees it (companion.web.server.WebView): where it
    is, and what it is given after every move and language switch."""

    url: str

    def publish(self, table: Any, lang: str, omerta: Any = None) -> None: ...


class WebLink(Static):
    def show(self, url: str | None, lang: str) -> None:
        self.display = url is not None
        if url is not None:
            text = Text(url, style="bold")
            text.append("\n" + t(lang, "web.qr_key"), style="italic")
            self.update(text)


class QrScreen(ModalScreen):
    """The page's address and its QR code, dark on light; F4, Esc or q closes it."""

    BINDINGS = [Binding("f4,escape,q", "dismiss", "close", priority=True)]

    def __init__(self, url: str, lang: str):
        super().__init__()
        self.url, self.lang = url, lang

    def compose(self) -> ComposeResult:
        text = Text(t(self.lang, "web.scan") + "\n", style="bold")
        text.append(self.url + "\n\n", style="bold")
        text.append("\n".join(qr_lines(self.url)), style="black on white")
        yield Static(text, id="qr")
