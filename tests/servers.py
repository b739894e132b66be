"""Starting the app as a real server in a test: a free port, and waiting until it answers."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests


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


class Stream:
    """A phone's stream of a game's versions (Server-Sent Events), read event by event."""

    def __init__(self, url: str, **headers: str) -> None:
        self.url, self.headers = url, {"Accept": "text/event-stream", **headers}

    def __enter__(self) -> Stream:
        self.response = requests.get(self.url, stream=True, timeout=10, headers=self.headers)
        assert self.response.status_code == 200, self.response.status_code
        assert self.response.headers["Content-Type"].startswith("text/event-stream")
        self.lines = self.response.iter_lines(chunk_size=1)  # each line as it arrives
        self.last_id = ""  # the last event's id, as a browser sends it back on reconnecting
        return self

    def __exit__(self, *exc: object) -> None:
        self.response.close()

    def next_version(self) -> int:
        """The next version announced (pings skipped); fails after the read time-out."""
        for line in self.lines:
            if line.startswith(b"id: "):
                self.last_id = line[4:].decode()
            if line.startswith(b"data: ") and line[6:].isdigit():
                return int(line[6:])
        raise AssertionError("the stream ended")

    def next_event(self) -> tuple[str, str]:
        """The next event (pings skipped): its name and its data, lines joined as a browser
        joins them; fails after the read time-out."""
        name, data = "message", []
        for line in self.lines:
            if line.startswith(b"event: "):
                name = line[7:].decode()
            elif line.startswith(b"data: ") or line == b"data:":
                data.append(line[6:].decode())
            elif not line and data:
                return name, "\n".join(data)
        raise AssertionError("the stream ended")

    def told_gone(self) -> bool:
        """Whether the next event says the game is gone, and the stream ends after it."""
        for line in self.lines:
            if line.startswith(b"event: "):
                if line != b"event: gone":
                    return False
                return all(not rest.startswith(b"event: ") for rest in self.lines)
        return False

    def ended(self) -> bool:
        """Whether the stream ends before any other event (the server closed it)."""
        return all(not line.startswith(b"event: ") for line in self.lines)


ROOT = Path(__file__).resolve().parents[1]


def server_environment(scratch: Path, **env: str) -> dict[str, str]:
    """What a server of its own needs: DEBUG off, collected static files and a cache of its
    own in `scratch`, and SQLite there unless `env` gives a DATABASE_URL."""
    inherited = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    return {
        **inherited,
        "DEBUG": "0",
        "SQLITE_PATH": str(scratch / "db.sqlite3"),
        "STATIC_ROOT": str(scratch / "static"),
        "PAGE_CACHE_DIR": str(scratch / "pages"),
        "WHITENOISE_USE_FINDERS": "0",
        "ACCESS_LOG": str(scratch / "access.log"),
        **env,
    }


_ready: dict[str, Path] = {}  # this test process's migrated SQLite file and static files


def manage(env: dict[str, str], *command: str) -> None:
    subprocess.run([sys.executable, "manage.py", *command, "-v0"], cwd=ROOT, env=env, check=True)


def _made_once(name: str, setting: str, env: dict[str, str], *command: str) -> Path:
    """`name` in this test process's folder, made by `command` (told where by `setting`) the
    first time it is asked for."""
    if "folder" not in _ready:
        _ready["folder"] = Path(tempfile.mkdtemp(prefix="rami-test-server-"))
        atexit.register(shutil.rmtree, _ready["folder"], ignore_errors=True)
    if name not in _ready:
        path = _ready["folder"] / name
        once = {k: v for k, v in env.items() if k != "DATABASE_URL"}
        manage(once | {setting: str(path)}, *command)
        _ready[name] = path
    return _ready[name]


def collected_static(scratch: Path) -> Path:
    """The static files as `./dev start` collects them (DEBUG off), once per test process."""
    return _made_once(
        "static", "STATIC_ROOT", server_environment(scratch), "collectstatic", "--noinput"
    )


def prepared(env: dict[str, str]) -> None:
    """The server's database migrated and its static files collected, as `./dev start` does.
    Made once per test process and copied (a SQLite file) or shared (the static files, which
    no server writes): migrating and collecting took some 17 s a server, a minute of CI."""
    env["STATIC_ROOT"] = str(_made_once("static", "STATIC_ROOT", env, "collectstatic", "--noinput"))
    if env.get("DATABASE_URL"):
        manage(env, "migrate")
    else:
        shutil.copyfile(_made_once("db.sqlite3", "SQLITE_PATH", env, "migrate"), env["SQLITE_PATH"])


@contextmanager
def app_server(scratch: Path, workers: int = 2, prepare: bool = True, **env: str) -> Iterator[str]:
    """The app as `./dev start` serves it (nginx in front, gunicorn behind:
    `python -m scorekeeper.server`), its run folder and logs in `scratch`; yields its base URL."""
    env = server_environment(scratch, **env)
    if prepare:
        prepared(env)
    port = free_port()
    log = (scratch / "server.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scorekeeper.server",
            "--bind",
            f"127.0.0.1:{port}",
            "--run",
            str(scratch / "run"),
            "--workers",
            str(workers),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process, why=(scratch / "server.log").read_text())
        yield base
    finally:
        process.terminate()
        process.wait(timeout=20)
        log.close()


def csrf(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def start_game(base: str) -> tuple[requests.Session, str, str]:
    """A game of Liverpool for Ana, Ben and Cléo started on a running server; returns the
    scorer's session, the edit and the view paths."""
    scorer = requests.Session()
    form = scorer.get(base + "/new/").text
    names = {"name_0": "Ana", "name_1": "Ben", "name_2": "Cléo"}
    started = scorer.post(
        base + "/new/",
        {"csrfmiddlewaretoken": csrf(form), "rules": "liverpool", "first_dealer": "0", **names},
        headers={"Referer": base + "/new/"},
    )
    edit = urllib.parse.urlparse(started.url).path
    share = scorer.get(base + edit + "share/").text
    view = re.search(r"http://[^\"<]+(/g/[^/\"<]+/)", share).group(1)
    return scorer, edit, view
