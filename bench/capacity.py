"""Capacity: how many tables this 2-core host serves at p95 <= 100 ms with no error.

A table is one scorer entering a round every 2 minutes, one PDF export per game (7 rounds),
and three other phones (bench/capacity_users.py); its game is Rami 51, whose deals never run
out, so that however long the ramp a scorer never enters a round into a finished game
(Liverpool's 7 rounds ended mid-run at 4,000 tables, and every round after was refused).
`--mode live` (the live table) holds every phone's stream of versions open, the scorer's
too, and measures the news's delay from the save to every phone (p95 <= 1 s too); `--mode
polling` is the app before it: phones poll the live board every 3 s and the scorer's page is
downloaded again after each round. The server runs as `./dev start` runs it (gunicorn
managing 4 uvicorn workers, the ASGI app, DEBUG off, collected static files); locust
(headless, one process) plays the tables on the same machine, and one more phone outside
locust (`probe`) measures pages and writes as a phone sees them. For each table count the
load runs RAMP s on new games (live phones: until the last has joined, then SETTLE s more),
then WINDOW s are measured; the answer is the largest count
within the limits (locust's p95 and the phone's) and with zero failures (doubling, then
halving the gap). Each run also reports the CPU the workers and locust used in the window (%
of one core) and the machine's (% of all cores). Also prints the in-process server time of a
round entry and of the edit page for 4 players x 7 rounds of rami-51 (Django's test client).

Live phones join at most JOINS_PER_SECOND (the ramp lengthens with the table count).

Run:  .uv/bin/uv sync --locked --inexact --extra bench
      .venv/bin/python bench/capacity.py                     (scratch SQLite file)
      DATABASE_URL=postgres://postgres@127.0.0.1:5432/rami_capacity .venv/bin/python bench/capacity.py
Options: --mode live (the default), polling, or polling,live (both, one after the other, each
on a server of its own started from an empty database: before and after in one run); --tables 300,400 measures those counts only
(to compare two checkouts run by run on a noisy machine; per mode: polling=300,400/live=2000),
CAPACITY_START=N starts the search at N; --app-root DIR serves another checkout with the same load (e.g. a `git worktree` of an
older commit); --gc-trace; --in-process-only / --load-only.
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from analyze import analysed  # noqa: E402
from server import free_port, fresh_postgres_database  # noqa: E402

P95_LIMIT_MS = 100
NEWS_LIMIT_MS = 1000
RAMP = int(os.environ.get("CAPACITY_RAMP", 15))
# Live phones hold a connection each: they join at most this many a second (all of a
# thousand tables' phones joining within 15 s is a burst no evening makes), so the window
# measures the evening, not the doors opening. Each join is a page, a stream and a look at
# what changed: at 66 a second (the earlier figure) joining alone took more than the two
# cores, and its backlog ran into the window; 30 lets the doors close before it opens.
JOINS_PER_SECOND = int(os.environ.get("CAPACITY_JOINS", 30))
WINDOW = int(os.environ.get("CAPACITY_WINDOW", 40))
# After the last phone joins, the window waits this long: past 4,000 tables the joins' own
# backlog (a page, a stream and a look at what changed, 30 a second, on top of the tables
# already playing) ran into the window, which then measured the doors, not the evening.
SETTLE = int(os.environ.get("CAPACITY_SETTLE", 60))
# Locust's processes: one holds at most 20,000 open files here (4 streams a table), so at
# least one per 3,000 tables (CAPACITY_LOAD_PROCESSES sets it).
TABLES_PER_LOAD_PROCESS = 3000
VENV_BIN = Path(sys.executable).parent
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


PROBE_TABLES = 8  # tables of the probe's own, outside the load (Rami 51: deals never run out)
PROBE_PAUSE = 0.4  # seconds between two of the probe's rounds


def probe(url: str, tables: list[tuple[str, str]], seconds: float) -> dict[str, list[float]]:
    """One more phone, outside locust: what a phone sees of the server while the tables
    play. One request at a time on tables of its own: the edit page, a round entry, the
    viewers' live part of the new version (the copy the save made), and one PDF per 7
    rounds. Locust plays 8,000 phones in one process on the same two cores; under load its
    own scheduling adds tens of milliseconds to what it measures, which this phone does not.
    A request that fails or takes over 30 s is noted under "failed"."""
    times: dict[str, list[float]] = {}
    phone = requests.Session()

    def timed(name: str, method: str, path: str, **options) -> requests.Response:
        start = time.perf_counter()
        try:
            response = phone.request(method, url + path, timeout=30, **options)
            response.raise_for_status()
        except requests.RequestException:
            times.setdefault("failed", []).append(0.0)
            raise
        times.setdefault(name, []).append((time.perf_counter() - start) * 1000)
        return response

    end = time.monotonic() + seconds
    rounds = 0
    while time.monotonic() < end:
        try:
            play_a_round(timed, url, *tables[rounds % len(tables)], rounds)
        except requests.RequestException:
            pass
        rounds += 1
        time.sleep(PROBE_PAUSE)
    return times


def play_a_round(
    timed: Callable[..., requests.Response], url: str, edit: str, view: str, rounds: int
) -> None:
    """The probe's round at one of its tables: page, round entry, live part, PDF."""
    page = timed("game page (edit)", "GET", f"/g/{edit}/").text
    version = re.search(r'data-version="(\d+)"', page).group(1)
    hands = {f"points_{seat}": str(5 + seat) for seat in range(1, 4)}
    timed(
        "round entry",
        "POST",
        f"/g/{edit}/rounds/",
        data={"csrfmiddlewaretoken": TOKEN.search(page).group(1), "went_out": "0", **hands},
        # As the scorer's page asks (live.js): its own round cards and form are kept.
        headers={"HX-Request": "true", "X-Keep-Form": "1", "Referer": f"{url}/g/{edit}/"},
    )
    timed("live fetch", "GET", f"/g/{view}/live/?v={version}")
    if rounds % 7 == 6:
        timed("PDF export", "GET", f"/g/{edit}/grid.pdf")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] if ordered else 0.0


def cpu_seconds(pids: list[int]) -> list[float]:
    """Each process's CPU time so far (user + system), from /proc, with that of its children
    that ended (a worker gunicorn replaced counts in its master's)."""
    ticks = os.sysconf("SC_CLK_TCK")
    seconds = []
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            seconds.append(sum(int(field) for field in fields[11:15]) / ticks)
        except (OSError, IndexError, ValueError):
            seconds.append(0.0)
    return seconds


def cpu_by_kind(server: int) -> dict[str, float]:
    """The server's CPU time so far, by kind of process (nginx, the app)."""
    spent: dict[str, float] = {}
    pids = descendants_of(server)
    for pid, seconds in zip(pids, cpu_seconds(pids), strict=True):
        spent[kind_of(pid)] = spent.get(kind_of(pid), 0.0) + seconds
    return spent


def machine_seconds() -> tuple[float, float]:
    """The machine's busy and idle CPU time so far, every core together (/proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return (sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK"), idle / os.sysconf("SC_CLK_TCK")


def children_of(pid: int) -> list[int]:
    """A process's children (gunicorn's workers, locust's load processes)."""
    try:
        return [
            int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        ]
    except OSError:
        return []


def descendants_of(pid: int) -> list[int]:
    """Every process under `pid` (nginx's and gunicorn's masters and workers)."""
    found = []
    for child in children_of(pid):
        found += [child, *descendants_of(child)]
    return found


def kind_of(pid: int) -> str:
    """What a server process is, as the CPU report groups them."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return "gone"
    return "nginx" if command.startswith(b"nginx") else "app"


def run_load(
    url: str,
    tables: list[tuple[str, str]],
    scratch: Path,
    mode: str,
    probe_tables: list[tuple[str, str]],
    server: int,
) -> dict[str, Any]:
    """Locust against the server for RAMP + WINDOW s; the stats of the window only, and the
    CPU the server's processes (by kind) and locust used in it."""
    listing = scratch / "tables.json"
    listing.write_text(json.dumps(tables))
    prefix = scratch / f"load-{len(tables)}"
    news_file = scratch / f"news-{mode}-{len(tables)}-{secrets.token_hex(4)}.json"
    users = 4 * len(tables)
    processes = int(
        os.environ.get("CAPACITY_LOAD_PROCESSES") or -(-len(tables) // TABLES_PER_LOAD_PROCESS)
    )
    scorer, phones = ("LiveScorer", "LiveViewer") if mode == "live" else ("Scorer", "Viewer")
    ramp = max(RAMP, users // JOINS_PER_SECOND) if mode == "live" else RAMP
    began = time.time()
    probed: dict[str, list[float]] = {}
    settle = SETTLE if mode == "live" else 0
    window = (began + ramp + settle, began + ramp + settle + WINDOW)
    cpu: dict[str, float] = {}

    def probe_the_window() -> None:
        time.sleep(ramp + settle)
        pids = [locust.pid, *children_of(locust.pid)]
        start, machine, server_start = cpu_seconds(pids), machine_seconds(), cpu_by_kind(server)
        probed.update(probe(url, probe_tables, WINDOW - 2))
        spent = [b - a for a, b in zip(start, cpu_seconds(pids), strict=True)]
        busy, idle = (b - a for a, b in zip(machine, machine_seconds(), strict=True))
        elapsed = WINDOW - 2
        for kind, seconds in cpu_by_kind(server).items():
            if kind != "gone":
                cpu[f"cpu {kind}"] = 100 * (seconds - server_start.get(kind, 0.0)) / elapsed
        cpu["cpu locust"] = 100 * sum(spent) / elapsed
        cpu["cpu machine"] = 100 * busy / (busy + idle)  # of all the cores together

    locust = subprocess.Popen(
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
            f"{ramp + settle + WINDOW}s",
            "--reset-stats",
            "--csv",
            str(prefix),
            "--only-summary",
            *(["--processes", str(processes)] if processes > 1 else []),
            "--loglevel",
            "ERROR",
            scorer,
            phones,
        ],
        env={
            **os.environ,
            "CAPACITY_TABLES": str(listing),
            "CAPACITY_NEWS": str(news_file),
            "CAPACITY_RESET_AT": str(window[0]),
        },
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    prober = threading.Thread(target=probe_the_window, daemon=True)
    prober.start()
    locust.wait()
    prober.join()  # its requests give up after 30 s
    with open(f"{prefix}_stats.csv") as handle:
        rows = {row["Name"]: row for row in csv.DictReader(handle)}
    total = rows["Aggregated"]
    by_name = {
        name: float(row["95%"])
        for name, row in rows.items()
        if name != "Aggregated" and row["95%"] != "N/A"  # none of them in the window
    }
    news = []
    for heard in news_file.parent.glob(news_file.name + ".*"):  # one file per load process
        pairs = [json.loads(line) for line in heard.read_text().splitlines() if line]
        news += [ms for at, ms in pairs if window[0] <= at <= window[1]]
    news.sort()
    phone_failures = len(probed.pop("failed", []))
    return {
        "window": window,
        "phone failures": phone_failures,
        "news heard": len(news),
        "news p95": news[int(len(news) * 0.95)] if news else 0.0,
        "tables": len(tables),
        "requests": int(total["Request Count"]),
        "failures": int(total["Failure Count"]),
        "rps": float(total["Requests/s"]),
        "p50": float(total["50%"]),
        "p95": float(total["95%"]),
        **{f"p95 {k}": v for k, v in by_name.items()},
        "phone p95": p95([ms for values in probed.values() for ms in values]),
        "phone requests": sum(len(values) for values in probed.values()),
        **{f"phone p95 {k}": p95(v) for k, v in probed.items()},
        **cpu,
    }


def collections_in(trace: Path, window: tuple[float, float]) -> dict[str, float]:
    """The workers' garbage collections within the window (bench/gc_trace): how many full
    ones and the longest pauses, full and young (young ones under 5 ms are not noted), and the
    CPU the longest full one used (less than its pause: the worker waited for a core)."""
    full: list[tuple[float, float]] = []  # (pause, CPU) in ms
    young: list[float] = []
    lines = trace.read_text().splitlines() if trace.exists() else []
    for line in lines:
        _pid, at, generation, ms, cpu_ms = line.split()
        if window[0] <= float(at) <= window[1]:
            if generation == "2":
                full.append((float(ms), float(cpu_ms)))
            else:
                young.append(float(ms))
    longest = max(full, default=(0.0, 0.0))
    return {
        "full collections": len(full),
        "longest full ms": longest[0],
        "longest full cpu ms": longest[1],
        "longest young ms": max(young, default=0.0),
    }


def capacity(
    root: Path, scratch: Path, fixed: dict[str, list[int]], modes: list[str], gc_trace: bool
) -> None:
    for mode in modes:  # each on a server of its own, from an empty database
        print(f"- {mode}", flush=True)
        folder = scratch / mode
        folder.mkdir()
        env = environment(folder)
        prepare(root, env)
        if gc_trace:  # only the server: Python loads bench/gc_trace/sitecustomize.py at start
            python_path = [str(HERE / "gc_trace"), env.get("PYTHONPATH", "")]
            env = {
                **env,
                "GC_TRACE": str(folder / "gc.txt"),
                "PYTHONPATH": os.pathsep.join(python_path),
            }
        server, url = start_server(root, env, folder / "run")
        try:
            with analysed(env.get("DATABASE_URL", "")):
                probe_tables = [new_table(url) for _ in range(PROBE_TABLES)]
                run = functools.partial(measure, url, server, folder, mode, probe_tables)
                search(fixed.get(mode, []), lambda count, run=run: run(count, gc_trace))
        finally:
            server.terminate()
            server.wait(timeout=30)


def measure(
    url: str,
    server: subprocess.Popen,
    scratch: Path,
    mode: str,
    probe_tables: list[tuple[str, str]],
    count: int,
    gc_trace: bool,
) -> dict[str, Any]:
    """One run of `count` tables, each a new game (a game of Liverpool ends after 7 rounds:
    tables kept from run to run would end theirs during a search)."""
    with ThreadPoolExecutor(4) as pool:
        tables = list(pool.map(lambda _: new_table(url), range(count)))
    result = run_load(url, tables, scratch, mode, probe_tables, server.pid)
    if gc_trace:
        result.update(collections_in(scratch / "gc.txt", result["window"]))
    # Within the limits by both measures: locust's (every request of the load, cheap cached
    # ones included) and the probe's (pages and writes only, as a phone sees them).
    ok = result["failures"] == 0 == result["phone failures"] and result["p95"] <= P95_LIMIT_MS
    ok = ok and 0 < result["phone p95"] <= P95_LIMIT_MS
    news = ""
    if mode == "live":
        ok = ok and result["news heard"] > 0 and result["news p95"] <= NEWS_LIMIT_MS
        news = f", news p95 {result['news p95']:.0f} ms ({result['news heard']} heard)"
    result["ok"] = ok
    phone = ", ".join(f"{k[10:]} {v:.0f}" for k, v in result.items() if k.startswith("phone p95 "))
    kinds = ", ".join(f"{k[4:]} {v:.0f}" for k, v in result.items() if k.startswith("p95 "))
    pauses = ""
    if gc_trace:
        pauses = (
            f"; GC in the window: {result['full collections']} full (longest "
            f"{result['longest full ms']:.0f} ms, CPU {result['longest full cpu ms']:.0f} ms), "
            f"longest other {result['longest young ms']:.0f} ms"
        )
    cpu = ", ".join(f"{k[4:]} {v:.0f}%" for k, v in result.items() if k.startswith("cpu "))
    print(
        f"{count:5} tables: {result['rps']:7.1f} req/s; a phone's p95 "
        f"{result['phone p95']:.0f} ms ({phone}; {result['phone requests']} requests); "
        f"locust's p50 {result['p50']:.0f} ms, p95 {result['p95']:.0f} ms ({kinds}){news}, "
        f"{result['failures']} failures ({result['phone failures']} of the phone's)"
        f"{pauses}; CPU: {cpu} -> {'ok' if ok else 'over'}",
        flush=True,
    )
    return result


def search(fixed: list[int], measure_count: Callable[[int], dict[str, Any]]) -> None:
    """The counts asked, or the largest count within the limits (doubling, then halving the
    gap from CAPACITY_START)."""
    if fixed:
        ok = [count for count in fixed if measure_count(count)["ok"]]
        print(f"p95 <= {P95_LIMIT_MS} ms (locust's, a phone's), no failure: {ok or 'none'}")
        return
    results: dict[int, dict[str, Any]] = {}
    good, bad = 0, None
    count = int(os.environ.get("CAPACITY_START", 100))
    while bad is None:
        results[count] = measure_count(count)
        if results[count]["ok"]:
            good, count = count, count * 2
        else:
            bad = count
    while bad - good > max(25, good // 10):
        middle = (good + bad) // 2
        results[middle] = measure_count(middle)
        if results[middle]["ok"]:
            good = middle
        else:
            bad = middle
    print(f"capacity: {good} tables (p95 <= {P95_LIMIT_MS} ms, no failure)")
    if good in results:
        print(json.dumps({k: v for k, v in results[good].items() if k != "window"}, indent=1))


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


def counts_asked(tables: str, mode: str) -> list[int]:
    """The counts `--tables` asks of a mode: "300,400" (every mode) or
    "polling=300,400/live=2000"."""
    for part in tables.split("/"):
        name, _, counts = part.rpartition("=")
        if name in ("", mode):
            return [int(n) for n in counts.split(",") if n]
    return []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app-root", type=Path, default=HERE.parent)
    parser.add_argument(
        "--before",
        default="",
        help="a commit to measure first, the same way, in a worktree of its own (before/after)",
    )
    parser.add_argument("--in-process-only", action="store_true")
    parser.add_argument("--load-only", action="store_true")
    parser.add_argument(
        "--gc-trace",
        action="store_true",
        help="time the workers' garbage collections (bench/gc_trace) and report the window's",
    )
    parser.add_argument(
        "--mode",
        default="live",
        help="live, polling, or both one after the other on the same server: polling,live",
    )
    parser.add_argument(
        "--tables",
        default="",
        help="measure these table counts only, e.g. 300,400 (no search); per mode: "
        "polling=300,400/live=2000,2500",
    )
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="rami-capacity-"))
    database = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    roots = [args.app_root.resolve()]
    if args.before:
        roots.insert(0, checkout_of(args.before, scratch))
    modes = args.mode.split(",")
    if not set(modes) <= {"live", "polling"}:
        parser.error("--mode: live, polling or polling,live")
    fixed = {mode: counts_asked(args.tables, mode) for mode in ("live", "polling")}
    try:
        for number, root in enumerate(roots):
            label = f"before ({args.before})" if args.before and number == 0 else "this checkout"
            print(f"--- {label}: {root} on {database}", flush=True)
            folder = scratch / f"run-{number}"
            folder.mkdir()
            if not args.load_only:
                in_process(root, folder)
            if not args.in_process_only:
                capacity(root, folder, fixed, modes, args.gc_trace)
    finally:
        if args.before:
            subprocess.run(["git", "worktree", "remove", "--force", str(roots[0])], cwd=HERE.parent)


if __name__ == "__main__":
    main()
