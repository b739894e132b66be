"""Starting the app as a real server in a test: a free port, and waiting until it answers."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(base: str, process: subprocess.Popen, why: str = "", seconds: int = 30) -> None:
    """Until `base`/healthz answers; fails at once if the server exits, or after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).read()
            return
        except OSError:
            alive = process.poll() is None and time.monotonic() < deadline
            assert alive, why or "the server did not start"
            time.sleep(0.2)
