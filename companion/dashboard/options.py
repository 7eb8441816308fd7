"""The dashboard's command-line options, shared by the commands that open it."""

from __future__ import annotations

from companion.dashboard.feed import CAMERA_VIEWS


def add_camera_view_argument(parser, default: str | None) -> None:
    """``--camera-view``: how the dashboard's camera panel starts (F3 cycles the views)."""
    parser.add_argument("--camera-view", choices=CAMERA_VIEWS, default=default,
                        help="the camera panel: the table's plan drawn from above with the "
                             "cards in their owners' colours, the latest frame with the "
                             "cards outlined, or a text map of which card lies where (F3 "
                             f"cycles them; default {CAMERA_VIEWS[0]})")
