"""The production set-up on loopback, for benchmarks and the CI smoke run.

DEBUG off, static files collected and served by whitenoise (hashed, compressed), gunicorn.
Call configure() before django.setup(): it points the app at a scratch SQLite file (or at
DATABASE_URL when set) and a scratch static folder.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


def configure() -> Path:
    scratch = Path(tempfile.mkdtemp(prefix="rami-bench-"))
    os.environ["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
    os.environ["DEBUG"] = "0"
    os.environ["STATIC_ROOT"] = str(scratch / "static")
    os.environ["WHITENOISE_USE_FINDERS"] = "0"
    if not os.environ.get("DATABASE_URL"):
        os.environ["SQLITE_PATH"] = str(scratch / "db.sqlite3")
    sys.path.insert(0, str(ROOT))
    return scratch


def fresh_postgres_database(url: str) -> None:
    """Drop and create the database DATABASE_URL names, so each run starts empty."""
    import psycopg

    parsed = urllib.parse.urlparse(url)
    name = parsed.path.lstrip("/")
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def prepare() -> None:
    """A fresh database, migrated, and static files collected, as a deployment does."""
    from django.core.management import call_command
    from django.db import connection

    if os.environ.get("DATABASE_URL"):
        connection.close()
        fresh_postgres_database(os.environ["DATABASE_URL"])

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serve(
    workers: int = 2,
    threads: int = 1,
    access_log: Path | None = None,
    as_started: bool = False,
    env: dict | None = None,
):
    """The app on 127.0.0.1; yields the base URL and stops the server afterwards.

    `as_started`: the server exactly as `./dev start` runs it (nginx in front of gunicorn,
    `python -m scorekeeper.server`); otherwise gunicorn alone, as the earlier figures were.
    """
    port = free_port()
    env = {**os.environ, **(env or {})}
    if as_started:
        run = Path(tempfile.mkdtemp(prefix="rami-run-"))
        command = [sys.executable, "-m", "scorekeeper.server", "--run", str(run)]
        command += ["--bind", f"127.0.0.1:{port}", "--workers", str(workers)]
        env["ACCESS_LOG"] = str(access_log) if access_log else "off"
    else:
        command = [str(VENV_BIN / "gunicorn"), "scorekeeper.wsgi", "--workers", str(workers)]
        command += ["--threads", str(threads), "--bind", f"127.0.0.1:{port}"]
        command += ["--log-level", "warning"]
    if access_log and not as_started:
        command += [
            "--access-logfile",
            str(access_log),
            "--access-logformat",
            "%(U)s %(s)s %({content-length}o)s",
        ]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/healthz", timeout=1).read()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("gunicorn did not start") from None
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)
