"""Capacity: how many tables this 2-core host serves at p95 <= 100 ms with no error.

A table is one scorer entering a round every 2 minutes, one PDF export per game (7 rounds),
and three other phones (bench/capacity_users.py); its game is Rami 51, whose deals never run
out, so that however long the ramp a scorer never enters a round into a finished game
(Liverpool's 7 rounds ended mid-run at 4,000 tables, and every round after was refused).
`--mode live` (the live table) holds every phone's stream of versions open, the scorer's
too, and measures the news's delay from the save to every phone (p95 <= 1 s too); `--mode
polling` is the app before it: phones poll the live board every 3 s and the scorer's page is
downloaded again after each round. The server runs as `./dev start` runs it (nginx with
nchan in front of gunicorn's sync workers, DEBUG off, collected static files); locust
(headless; one process per 3,000 tables, one locust user a table) plays the tables on the
same machine, and one more phone outside locust (`probe`) measures pages and writes as a
phone sees them. For each table count the load runs RAMP s on new games (live phones: until
the last has joined, then SETTLE s more), then WINDOW s are measured; the answer is the
largest count within the limits (locust's p95 and the phone's) and with zero failures
(doubling, then halving the gap). Each run also reports the CPU the workers and locust used
in the window (% of one core) and the machine's (% of all cores). Also prints the
in-process server time of a round entry and of the edit page for 4 players x 7 rounds of
rami-51 (Django's test client).

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
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from analyze import analysed  # noqa: E402
from capacity_probe import PROBE_TABLES, p95, probe  # noqa: E402
from capacity_server import (  # noqa: E402
    checkout_of,
    environment,
    in_process,
    new_table,
    prepare,
    start_server,
)
from measures import (  # noqa: E402
    children_of,
    collections_in,
    cpu_by_kind,
    cpu_seconds,
    machine_seconds,
)

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
    phones = 4 * len(tables)
    processes = int(
        os.environ.get("CAPACITY_LOAD_PROCESSES") or -(-len(tables) // TABLES_PER_LOAD_PROCESS)
    )
    table = "LiveTable" if mode == "live" else "Table"  # a locust user a table, its 4 phones
    ramp = max(RAMP, phones // JOINS_PER_SECOND) if mode == "live" else RAMP
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
            str(len(tables)),
            "-r",
            f"{len(tables) / ramp:.3f}",
            "-t",
            f"{ramp + settle + WINDOW}s",
            "--reset-stats",
            "--csv",
            str(prefix),
            "--only-summary",
            *(["--processes", str(processes)] if processes > 1 else []),
            "--loglevel",
            "ERROR",
            table,
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


def most_tables() -> int:
    """The most live tables one load generator can play against one address: every phone
    holds a stream, each on a port of its own from the local range (28,232 by default). At
    8,000 tables (32,000 phones) the load ran out of them ("Cannot assign requested
    address") as the ramp ended, and no phone reached the server in the window; 6,500
    (26,000) ran (2026-11-28). A twentieth of the range stays for pages and writes."""
    try:
        low, high = map(int, Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    except (OSError, ValueError):
        low, high = 32768, 60999
    return (high - low + 1) * 19 // 20 // 4


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
    most = most_tables()
    if any(count > most for count in fixed["live"]):
        parser.error(f"--tables: at most {most:,} live tables from this machine's ports")
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
