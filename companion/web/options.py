"""The ``--web [HOST:PORT]`` option of play, demo and timer, and the server it starts."""

from __future__ import annotations

from companion.cli import CommandError

DEFAULT = "127.0.0.1:0"


def add_web_argument(parser) -> None:
    parser.add_argument(
        "--web", nargs="?", const=DEFAULT, metavar="HOST:PORT",
        help="also show the game live on a web page (phones, a TV, OBS with ?overlay=1): "
             "its address carries a random token and is shown with a QR code; it listens "
             "on 127.0.0.1 and any free port unless HOST:PORT says otherwise (0.0.0.0:8080: "
             "the whole network, port 8080)")


def start_web(args):
    """The started WebView for ``--web``, or None without it."""
    if args.web is None:
        return None
    from companion.web.server import WebError, WebView, parse_address

    try:
        view = WebView(*parse_address(args.web))
        view.start()
    except WebError as exc:
        raise CommandError(str(exc)) from None
    return view
