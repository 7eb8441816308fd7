"""A network camera stand-in for tests: multipart JPEG frames over HTTP on 127.0.0.1.

There is no USB camera here; an MJPEG stream opened with cv2.VideoCapture(url) arrives
at the served pace with no frame count, like a real one.
"""

from __future__ import annotations

import http.server
import threading
import time
from contextlib import contextmanager
from typing import Iterator, Sequence

import cv2
import numpy as np


@contextmanager
def mjpeg_stream(images: Sequence[np.ndarray], pace_s: float = 0.0) -> Iterator[str]:
    """Serve ``images`` as one MJPEG stream, one every ``pace_s``; yields its URL."""
    frames = [cv2.imencode(".jpg", image)[1].tobytes() for image in images]

    class Camera(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=frame")
            self.end_headers()
            try:
                for jpeg in frames:
                    self.wfile.write(b"--frame\r\nContent-Type: image/jpeg\r\n"
                                     + f"Content-Length: {len(jpeg)}\r\n\r\n".encode()
                                     + jpeg + b"\r\n")
                    if pace_s:
                        time.sleep(pace_s)
            except (BrokenPipeError, ConnectionResetError):
                pass   # the reader has what it wanted

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Camera)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/stream.mjpg"
    finally:
        server.shutdown()
        server.server_close()
