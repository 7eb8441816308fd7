"""Following the page's event stream as a browser does, for the benchmark and the tests."""

from __future__ import annotations

import json
import urllib.request
from typing import Callable


def follow(url: str, on_state: Callable[[int, dict], bool], timeout: float = 30.0) -> None:
    """Reads ``url``'s server-sent events until ``on_state(version, state)`` returns
    False or the stream ends (``timeout``: the longest wait for a line)."""
    version = 0
    with urllib.request.urlopen(url, timeout=timeout) as stream:
        for raw in stream:
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("id: "):
                version = int(line[4:])
            elif line.startswith("data: "):
                if not on_state(version, json.loads(line[6:])):
                    return
