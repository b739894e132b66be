"""What publishing a change to nginx costs the app: a new connection per message (the app
until 2026-11-27) against the connection each thread keeps (scorekeeper/records/live.py).

Run: .venv/bin/python bench/publish.py
Starts the server as `./dev start` does (one worker) in a scratch folder, then sends 2,000
rounds' messages (a version and a 12 KB board each) both ways, twice, from this process, and
prints this process's CPU and the wall time per message.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

from tests.servers import app_server  # noqa: E402

ROUNDS = 2_000
BOARD = "x" * 12_000


def main() -> None:
    scratch = Path(tempfile.mkdtemp(prefix="publish-"))
    with app_server(scratch, workers=1):
        import django

        django.setup()
        from django.conf import settings

        from scorekeeper.records import live

        settings.LIVE_PUBLISH = [f"unix:{scratch / 'run' / 'publish.sock'}"]

        def each_new(method: str, channel: str, body: str = "", event: str = "") -> None:
            headers = {"Content-Type": "text/plain; charset=utf-8", "X-EventSource-Event": event}
            for address in settings.LIVE_PUBLISH:
                connection = live._connection(address)
                try:
                    connection.request(method, f"/channel/{channel}", body.encode(), headers)
                    connection.getresponse().read()
                finally:
                    connection.close()

        ways = [("a new connection each", each_new), ("a kept connection", live._send)] * 2
        for name, send in ways:
            cpu, wall = time.process_time(), time.perf_counter()
            for i in range(ROUNDS):
                send("POST", f"link-{i % 50}", BOARD, "board")
                send("POST", f"game-{i % 50}", str(i), "version")
            cpu = (time.process_time() - cpu) / (2 * ROUNDS) * 1e6
            wall = (time.perf_counter() - wall) / (2 * ROUNDS) * 1e6
            print(f"{name:24} {cpu:5.0f} us of the app's CPU, {wall:5.0f} us wall per message")


if __name__ == "__main__":
    main()
