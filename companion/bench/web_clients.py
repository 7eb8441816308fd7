"""Pages for ``companion bench web``: N event streams followed in this process (apart
from the pipeline's, as phones would be), each state's arrival timed.

``python -m companion.bench.web_clients URL N``: prints "ready" once every stream has its
first state, then, when the server closes the streams, one JSON line: per client the
(version, moves, history length, arrival time) of every state it received.
"""

from __future__ import annotations

import json
import sys
import threading
import time

from companion.web.client import follow


def main(url: str, count: int) -> None:
    received: list[list[tuple[int, int, int, float]]] = [[] for _ in range(count)]
    first = threading.Barrier(count + 1)

    def page(seen: list) -> None:
        def keep(version: int, state: dict) -> bool:
            seen.append((version, state["moves"], len(state["history"]), time.time()))
            if len(seen) == 1:
                first.wait()
            return True
        follow(url, keep, timeout=120)

    threads = [threading.Thread(target=page, args=(seen,), daemon=True) for seen in received]
    for thread in threads:
        thread.start()
    first.wait()
    print("ready", flush=True)
    for thread in threads:
        thread.join()
    print(json.dumps(received), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
