"""The live web page of a game: a read-only Starlette app, served by uvicorn in a thread.

Every path lies under a random token made per game (``/TOKEN/``: the page,
``/TOKEN/events``: its server-sent events, ``/TOKEN/app.js`` and ``/TOKEN/page.css``);
anything else, a wrong token included, is an empty 404. Nothing can be changed through
it: there are only GETs of the page and its state.

:meth:`WebView.publish` is called from the game's thread (the dashboard, the timer) after
every move: it builds the page state there, from the table as it is at that moment,
and hands it to the server's own event loop, never waiting for it.
"""

from __future__ import annotations

import asyncio
import html
import secrets
import socket
import threading
import time
from pathlib import Path

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response, StreamingResponse
from starlette.routing import Mount, Route

from companion.i18n import LANGS
from companion.inputs import control_character, shown, whole_number
from companion.omerta import OmertaView
from companion.web.hub import Hub
from companion.web.state import PageState, Table

STATIC = Path(__file__).with_name("static")
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",      # the token must not leave in a Referer
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "frame-ancestors *",
}
START_TIMEOUT_S = 10.0


class WebError(Exception):
    """The server cannot start (address in use, unknown host): one line for the user."""


class WebView:
    def __init__(self, host: str = "127.0.0.1", port: int = 0):
        self.host, self.port = host, port
        self.token = secrets.token_urlsafe(16)
        self.builder = PageState()
        self.version = 0
        self.hub: Hub | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    # --- the game's thread ---------------------------------------------------------------
    def publish(self, table: Table, lang: str, omerta: OmertaView | None = None) -> None:
        """The table as it is now, in every language, handed to the server's loop."""
        self.version += 1
        states = {code: self.builder.build(table, code, omerta) for code in LANGS}
        self.loop.call_soon_threadsafe(self.hub.put, self.version, lang, states)

    # --- starting and stopping -------------------------------------------------------------
    def start(self) -> str:
        """Listens (port 0: any free port) and serves in a thread; returns the URL."""
        try:
            sock = socket.create_server((self.host, self.port))
        except OSError as exc:
            raise WebError(f"--web {self.host}:{self.port}: cannot listen there "
                           f"({exc.strerror or exc})") from None
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(self.app(), log_level="warning", access_log=False,
                                lifespan="off", timeout_graceful_shutdown=1)
        self._server = uvicorn.Server(config)
        ready = threading.Event()

        async def serve() -> None:
            self.loop, self.hub = asyncio.get_running_loop(), Hub()
            ready.set()
            await self._server.serve(sockets=[sock])

        self._thread = threading.Thread(target=asyncio.run, args=(serve(),),
                                        name="web", daemon=True)
        self._thread.start()
        if not ready.wait(START_TIMEOUT_S):
            raise WebError("the web server did not start")
        return self.url

    def stop(self) -> None:
        if self._thread is None:
            return
        self.loop.call_soon_threadsafe(self.hub.close)
        self._server.should_exit = True
        self._thread.join(timeout=5)
        self._thread = None

    def server_cpu_s(self) -> float:
        """CPU seconds the server's thread has used (its loop, the encoding, the pages)."""
        return time.clock_gettime(time.pthread_getcpuclockid(self._thread.ident))

    @property
    def url(self) -> str:
        """The page's address as others on the network reach it."""
        return f"http://{public_host(self.host)}:{self.port}/{self.token}/"

    # --- the app (the server's loop) -------------------------------------------------------
    def app(self) -> Starlette:
        def lang_of(request: Request) -> str | None:
            lang = request.query_params.get("lang")
            return lang if lang in LANGS else None

        async def page(request: Request) -> Response:
            lang = lang_of(request)
            latest = self.hub.latest
            state = latest.text(lang) if latest else "null"
            shown = lang or (latest.table_lang if latest else LANGS[0])
            overlay = request.query_params.get("overlay") == "1"
            text = (PAGE.replace("{{lang}}", html.escape(shown))
                    .replace("{{body_class}}", "overlay" if overlay else "")
                    .replace("{{state}}", state.replace("<", "\\u003c")))
            return HTMLResponse(text, headers=HEADERS)

        async def events(request: Request) -> Response:
            return StreamingResponse(self.hub.stream(lang_of(request)),
                                     media_type="text/event-stream",
                                     headers={**HEADERS, "X-Accel-Buffering": "no"})

        def static(name: str, media_type: str) -> Route:
            async def serve(request: Request) -> Response:
                return FileResponse(STATIC / name, media_type=media_type, headers=HEADERS)
            return Route(f"/{name}", serve)

        async def nothing(request: Request, exc: Exception) -> Response:
            return Response(status_code=404)

        routes = [Mount(f"/{self.token}", routes=[
            Route("/", page), Route("/events", events),
            static("app.js", "text/javascript"), static("page.css", "text/css")])]
        return Starlette(routes=routes, exception_handlers={404: nothing, 405: nothing})


PAGE = (STATIC / "index.html").read_text(encoding="utf-8")


def public_host(host: str) -> str:
    """The host in the URL: this machine's address on the network when the server
    listens on every interface (0.0.0.0), else the host given."""
    if host not in ("0.0.0.0", ""):
        return host
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))   # no packet is sent: it only picks a route
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT``, ``HOST`` or ``:PORT`` (``PORT`` alone too); host 127.0.0.1, port 0
    (any free one) when left out."""
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = (text, "0") if whole_number(text) is None else ("", text)
    host = host.strip("[]") or "127.0.0.1"
    number = whole_number(port)   # (ASCII digits: "²".isdigit(), but int("²") fails)
    if number is None or not 0 <= number <= 65535 or control_character(host):
        raise WebError(f"--web {shown(text)}: give HOST:PORT with a port from 0 to 65535 "
                       f"(0: any free port), e.g. --web 0.0.0.0:8080")
    return host, number
