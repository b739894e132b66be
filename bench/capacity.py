"""Capacity: how many tables this 2-core host serves at p95 <= 100 ms with no error.

A table is one scorer entering a round every 2 minutes and reloading the game page, one PDF
export per game, and three other phones (bench/capacity_users.py): `--mode live` (the live
table) holds each phone's stream of versions open and measures the news's delay from the
save to every phone (p95 <= 1 s too); `--mode polling` polls the live board every 3 s, as
pages did before. The server runs as `./dev start` runs it (gunicorn managing 2 uvicorn
workers, the ASGI app, DEBUG off, collected static files); locust (headless, one process)
plays the tables on the same machine. For each table count the load runs RAMP s, then
WINDOW s are measured; the answer is the largest count within the limits and with zero
failures (doubling, then halving the gap). Also prints the in-process server time of a round
entry and of the edit page for 4 players x 7 rounds of rami-51 (Django's test client).

Live phones join at most JOINS_PER_SECOND (the ramp lengthens with the table count).

Run:  .uv/bin/uv sync --locked --inexact --extra bench
      .venv/bin/python bench/capacity.py                     (scratch SQLite file)
      DATABASE_URL=postgres://postgres@127.0.0.1:5432/rami_capacity .venv/bin/python bench/capacity.py
Options: --app-root DIR serves another checkout with the same load (e.g. a `git worktree` of
an older commit, for before/after); --mode live|polling; --tables 300,400 measures those
counts only (to compare two checkouts run by run on a noisy machine); --in-process-only /
--load-only.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from server import free_port, fresh_postgres_database  # noqa: E402

P95_LIMIT_MS = 100
NEWS_LIMIT_MS = 1000
RAMP = int(os.environ.get("CAPACITY_RAMP", 15))
# Live phones hold a connection each: they join at most this many a second (all of a
# thousand tables' phones joining within 15 s is a burst no evening makes), so the window
# measures the evening, not the doors opening.
JOINS_PER_SECOND = 66
WINDOW = int(os.environ.get("CAPACITY_WINDOW", 40))
VENV_BIN = Path(sys.executable).parent
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def environment(scratch: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DEBUG": "0",
        "STATIC_ROOT": str(scratch / "static"),
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
            [sys.executable, "manage.py", *command, "-v0"], cwd=root, env=env, check=True
        )


def start_server(root: Path, env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    port = free_port()
    server = subprocess.Popen(
        [
            str(VENV_BIN / "gunicorn"),
            "-c",
            "python:scorekeeper.serving",
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "error",
            "--access-logfile",
            "/dev/null",
        ],
        cwd=root,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            requests.get(url + "/healthz", timeout=1)
            return server, url
        except requests.RequestException:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def new_table(url: str) -> tuple[str, str]:
    """A 4-player Liverpool game started through the web form: (edit token, view token)."""
    phone = requests.Session()
    form = phone.get(url + "/new/").text
    started = phone.post(
        url + "/new/",
        {
            "csrfmiddlewaretoken": TOKEN.search(form).group(1),
            "rules": "liverpool",
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


def run_load(url: str, tables: list[tuple[str, str]], scratch: Path, mode: str) -> dict[str, float]:
    """Locust against the server for RAMP + WINDOW s; the stats of the window only."""
    listing = scratch / "tables.json"
    listing.write_text(json.dumps(tables))
    prefix = scratch / f"load-{len(tables)}"
    news_file = scratch / f"news-{len(tables)}.json"
    users = 4 * len(tables)
    scorer, phones = ("LiveScorer", "LiveViewer") if mode == "live" else ("Scorer", "Viewer")
    ramp = max(RAMP, users // JOINS_PER_SECOND) if mode == "live" else RAMP
    began = time.time()
    subprocess.run(
        [
            str(VENV_BIN / "locust"),
            "-f",
            str(HERE / "capacity_users.py"),
            "--headless",
            "--host",
            url,
            "-u",
            str(users),
            "-r",
            str(max(10, users // ramp)),
            "-t",
            f"{ramp + WINDOW}s",
            "--reset-stats",
            "--csv",
            str(prefix),
            "--only-summary",
            "--loglevel",
            "ERROR",
            scorer,
            phones,
        ],
        env={**os.environ, "CAPACITY_TABLES": str(listing), "CAPACITY_NEWS": str(news_file)},
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    with open(f"{prefix}_stats.csv") as handle:
        rows = {row["Name"]: row for row in csv.DictReader(handle)}
    total = rows["Aggregated"]
    by_name = {
        name: float(row["95%"])
        for name, row in rows.items()
        if name != "Aggregated" and row["95%"] != "N/A"  # none of them in the window
    }
    news = []
    if news_file.exists():  # the delays heard within the measured window
        news = sorted(ms for at, ms in json.loads(news_file.read_text()) if at >= began + ramp)
    return {
        "news heard": len(news),
        "news p95": news[int(len(news) * 0.95)] if news else 0.0,
        "tables": len(tables),
        "requests": int(total["Request Count"]),
        "failures": int(total["Failure Count"]),
        "rps": float(total["Requests/s"]),
        "p50": float(total["50%"]),
        "p95": float(total["95%"]),
        **{f"p95 {k}": v for k, v in by_name.items()},
    }


def capacity(root: Path, scratch: Path, fixed: list[int], mode: str) -> None:
    env = environment(scratch)
    prepare(root, env)
    server, url = start_server(root, env)
    tables: list[tuple[str, str]] = []
    results = []

    def measure(count: int) -> bool:
        with ThreadPoolExecutor(4) as pool:
            tables.extend(pool.map(lambda _: new_table(url), range(count - len(tables))))
        result = run_load(url, tables[:count], scratch, mode)
        results.append(result)
        ok = result["failures"] == 0 and result["p95"] <= P95_LIMIT_MS
        news = ""
        if mode == "live":
            ok = ok and result["news heard"] > 0 and result["news p95"] <= NEWS_LIMIT_MS
            news = f", news p95 {result['news p95']:.0f} ms ({result['news heard']} heard)"
        print(
            f"{count:5} tables: {result['rps']:7.1f} req/s, p50 {result['p50']:.0f} ms, "
            f"p95 {result['p95']:.0f} ms{news}, {result['failures']} failures "
            f"-> {'ok' if ok else 'over'}",
            flush=True,
        )
        return ok

    try:
        if fixed:
            ok = [count for count in fixed if measure(count)]
            print(f"within p95 <= {P95_LIMIT_MS} ms and no failure: {ok or 'none'}")
            return
        good, bad = 0, None
        count = int(os.environ.get("CAPACITY_START", 100))
        while bad is None:
            if measure(count):
                good, count = count, count * 2
            else:
                bad = count
        while bad - good > max(25, good // 10):
            middle = (good + bad) // 2
            if measure(middle):
                good = middle
            else:
                bad = middle
    finally:
        server.terminate()
        server.wait(timeout=10)
    best = next((r for r in results if r["tables"] == good), None)
    print(f"capacity: {good} tables (p95 <= {P95_LIMIT_MS} ms, no failure)")
    if best:
        print(json.dumps(best, indent=1))


IN_PROCESS = r"""
import statistics, time
import django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
entries, pages = [], {1: [], 7: []}
for game in range(3):
    # rami-51, open-ended: after 7 deals the page still carries the entry form.
    phone = Client()
    started = phone.post("/new/", {"rules": "rami-51", "first_dealer": "0", "name_0": "Ana",
                                    "name_1": "Ben", "name_2": "Cléo", "name_3": "Dan"})
    edit = started["Location"]
    for number in range(1, 8):
        data = {"went_out": "0", "points_1": str(10 + number), "points_2": "25", "points_3": "40"}
        start = time.perf_counter()
        answer = phone.post(edit + "rounds/", data, HTTP_HX_REQUEST="true")
        entries.append((time.perf_counter() - start) * 1000)
        assert answer.status_code == 200 and b"field-error" not in answer.content
        if number in pages:
            for _ in range(30):
                start = time.perf_counter()
                assert phone.get(edit).status_code == 200
                pages[number].append((time.perf_counter() - start) * 1000)
print(f"round entry (median of 21, 4 players): {statistics.median(entries):.1f} ms")
print(f"edit page after 1 round: {statistics.median(pages[1]):.1f} ms; "
      f"after 7 rounds: {statistics.median(pages[7]):.1f} ms")
"""


def in_process(root: Path, scratch: Path) -> None:
    env = environment(scratch)
    prepare(root, env)
    subprocess.run(
        [sys.executable, "-c", IN_PROCESS],
        cwd=root,
        env={**env, "PYTHONPATH": str(root)},
        check=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app-root", type=Path, default=HERE.parent)
    parser.add_argument("--in-process-only", action="store_true")
    parser.add_argument("--load-only", action="store_true")
    parser.add_argument("--mode", choices=("live", "polling"), default="live")
    parser.add_argument(
        "--tables", default="", help="measure these table counts only, e.g. 300,400 (no search)"
    )
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="rami-capacity-"))
    database = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    print(f"--- {args.app_root.resolve()} on {database}, {args.mode}", flush=True)
    if not args.load_only:
        in_process(args.app_root.resolve(), scratch)
    if not args.in_process_only:
        fixed = [int(n) for n in args.tables.split(",") if n]
        capacity(args.app_root.resolve(), scratch, fixed, args.mode)


if __name__ == "__main__":
    main()
