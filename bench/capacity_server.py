"""The server a capacity run measures: a checkout's environment, started as `./dev start`
runs it (or an older checkout's own way), its tables started through the web form, and the
in-process server time of a round entry and of the edit page (bench/capacity.py)."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import requests
from server import free_port, fresh_postgres_database

HERE = Path(__file__).resolve().parent
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def python_of(root: Path) -> str:
    """The Python of checkout `root`: its own environment when it has one (an older
    checkout's dependencies differ), else this one."""
    own = root / ".venv" / "bin" / "python"
    return str(own) if own.exists() and root != HERE.parent else sys.executable


def checkout_of(ref: str, scratch: Path) -> Path:
    """A worktree of commit `ref` with its own locked dependencies (`uv sync --locked`)."""
    path = scratch / "before"
    repo = HERE.parent
    subprocess.run(
        ["git", "worktree", "add", "--detach", "-q", str(path), ref], cwd=repo, check=True
    )
    uv = repo / ".uv" / "bin" / "uv"
    env = {**os.environ, "UV_PYTHON": sys.executable, "UV_PYTHON_DOWNLOADS": "never"}
    env.pop("VIRTUAL_ENV", None)
    subprocess.run([str(uv), "sync", "--locked", "--quiet"], cwd=path, env=env, check=True)
    return path


def environment(scratch: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DEBUG": "0",
        "STATIC_ROOT": str(scratch / "static"),
        "PAGE_CACHE_DIR": str(scratch / "pages"),
        "SECRET_KEY": secrets.token_urlsafe(40),
        "LOG_LEVEL": "ERROR",
    }
    if not env.get("DATABASE_URL"):
        env["SQLITE_PATH"] = str(scratch / "db.sqlite3")
    return env


def prepare(root: Path, env: dict[str, str]) -> None:
    if env.get("DATABASE_URL"):
        fresh_postgres_database(env["DATABASE_URL"])
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run(
            [python_of(root), "manage.py", *command, "-v0"], cwd=root, env=env, check=True
        )


def start_server(root: Path, env: dict[str, str], run: Path) -> tuple[subprocess.Popen, str]:
    """The server as `./dev start` runs it in checkout `root`: nginx in front of gunicorn
    (`python -m scorekeeper.server`), or in an older checkout without it, its gunicorn with
    uvicorn's workers (`scorekeeper.serving`)."""
    port = free_port()
    if (root / "scorekeeper" / "server" / "__main__.py").exists():
        command = [python_of(root), "-m", "scorekeeper.server", "--run", str(run)]
        command += ["--bind", f"127.0.0.1:{port}"]
        # The load comes from one address: the per-address caps are a phone's, not its.
        env = {**env, "STREAMS_PER_CLIENT": "1000000", "CONNECTIONS_PER_CLIENT": "1000000"}
        env |= {"ACCESS_LOG": os.environ.get("CAPACITY_ACCESS_LOG", "off")}
    else:
        gunicorn = str(Path(python_of(root)).with_name("gunicorn"))
        command = [gunicorn, "-c", "python:scorekeeper.serving"]
        command += ["--bind", f"127.0.0.1:{port}", "--log-level", "error"]
        command += ["--access-logfile", "/dev/null"]
    server = subprocess.Popen(command, cwd=root, env={**env, "PYTHONPATH": str(root)})
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            requests.get(url + "/healthz", timeout=1)
            return server, url
        except requests.RequestException:
            time.sleep(0.2)
    raise RuntimeError("the server did not start")


def new_table(url: str, rules: str = "rami-51") -> tuple[str, str]:
    """A 4-player game (Rami 51 unless said: its deals never run out) started through the
    web form: (edit token, view token)."""
    phone = requests.Session()
    form = phone.get(url + "/new/").text
    started = phone.post(
        url + "/new/",
        {
            "csrfmiddlewaretoken": TOKEN.search(form).group(1),
            "rules": rules,
            "first_dealer": "0",
            "name_0": "Ana",
            "name_1": "Ben",
            "name_2": "Cléo",
            "name_3": "Dan",
        },
        headers={"Referer": url + "/new/"},
    )
    edit = urllib.parse.urlparse(started.url).path.split("/")[2]
    share = phone.get(f"{url}/g/{edit}/share/").text
    view = next(v for v in re.findall(r"/g/([^/\"<&]+)/", share) if v != edit)
    return edit, view


IN_PROCESS = r"""
import statistics, time
import django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
entries, pages = [], {1: [], 7: []}
whole = []  # the answer with the round cards and form, as a page without live.js asks
for game in range(4):
    # rami-51, open-ended: after 7 deals the page still carries the entry form.
    phone = Client()
    started = phone.post("/new/", {"rules": "rami-51", "first_dealer": "0", "name_0": "Ana",
                                    "name_1": "Ben", "name_2": "Cléo", "name_3": "Dan"})
    edit = started["Location"]
    for number in range(1, 8):
        data = {"went_out": "0", "points_1": str(10 + number), "points_2": "25", "points_3": "40"}
        kept = game != 3
        start = time.perf_counter()
        answer = phone.post(edit + "rounds/", data, HTTP_HX_REQUEST="true",
                            HTTP_X_KEEP_FORM="1" if kept else "")
        (entries if kept else whole).append((time.perf_counter() - start) * 1000)
        assert answer.status_code == 200 and b"field-error" not in answer.content
        if number in pages and kept:
            for _ in range(30):
                start = time.perf_counter()
                assert phone.get(edit).status_code == 200
                pages[number].append((time.perf_counter() - start) * 1000)
print(f"round entry (median of 21, 4 players): {statistics.median(entries):.1f} ms; "
      f"answered with the round cards and form (7): {statistics.median(whole):.1f} ms")
print(f"edit page after 1 round: {statistics.median(pages[1]):.1f} ms; "
      f"after 7 rounds: {statistics.median(pages[7]):.1f} ms")
"""


def in_process(root: Path, scratch: Path) -> None:
    env = environment(scratch)
    prepare(root, env)
    subprocess.run(
        [python_of(root), "-c", IN_PROCESS],
        cwd=root,
        env={**env, "PYTHONPATH": str(root)},
        check=True,
    )
