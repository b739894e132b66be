"""Web throughput and latency against the production set-up, compared with a trivial view.

Run: .venv/bin/python bench/web.py                 (scratch SQLite file)
     DATABASE_URL=postgres://postgres@127.0.0.1:5432/rami_bench .venv/bin/python bench/web.py
Needs wrk (Debian: apt-get install wrk). gunicorn runs the same workers for every run:
  baseline    GET /healthz (a Django view that touches nothing: what this stack can reach here)
  scoreboard  GET the view-only page of a finished 8-player, 7-round game (what the other
              phones open), from a phone that has opened it before (session and CSRF cookies)
  edit page   the same game through its edit link (rendered each time: it carries forms)
  round entry POST a round through htmx (CSRF checked, scored by the engine, stored, the live
              board rendered back), each request a new round in one of many games
Baseline and scoreboard run as BENCH_PAIRS (3) alternating pairs; the table shows the pair with
the median ratio. Target: scoreboard / baseline >= 0.5. Figures go to bench/RESULTS.md.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from server import configure, prepare, serve

configure()

import django  # noqa: E402

django.setup()

from rules_engine import Table, get_rules  # noqa: E402
from scorekeeper import services  # noqa: E402
from scorekeeper.games.forms import RoundForm  # noqa: E402
from scorekeeper.models import Round  # noqa: E402

NAMES = ["Alice", "Bruno", "Chloé", "David", "Élodie", "Farid", "Gaëlle", "Hugo"]
WORKERS = int(os.environ.get("BENCH_WORKERS", 2))
THREADS = int(os.environ.get("BENCH_THREADS", 1))  # sync workers: SQLite writers queue best
DURATION = os.environ.get("BENCH_DURATION", "10s")
CONNECTIONS = 8
PAIRS = int(os.environ.get("BENCH_PAIRS", 3))
ENTRY_GAMES = 800

LUA_COMMON = """
wrk.headers["Accept-Encoding"] = "gzip, deflate"

done = function(summary, latency, requests)
  io.write(string.format('RESULT {"requests": %d, "seconds": %f, "p50_ms": %f, "p95_ms": %f, "p99_ms": %f, "errors": %d, "non_2xx": %d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
"""

LUA_POST = """
local counter = 0
local threads = {}
setup = function(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end
local paths = {%(paths)s}
local step = 0
request = function()
  local index = (step * %(threads)d + id) %% #paths + 1
  step = step + 1
  return wrk.format("POST", paths[index], {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Cookie"] = "csrftoken=%(cookie)s",
    ["X-CSRFToken"] = "%(token)s",
    ["HX-Request"] = "true",
  }, "%(body)s")
end
"""


def finished_game() -> tuple[str, str]:
    game, edit, view = services.game_start(rules_slug="liverpool", names=NAMES, first_dealer=0)
    players = list(game.players.all())
    for number in range(1, 8):
        out = number % len(NAMES)
        data = {
            "went_out": str(out),
            **{f"points_{s}": str(5 + s + number) for s in range(8) if s != out},
        }
        form = RoundForm(
            data, players=players, table=Table(get_rules("liverpool"), len(players), 0)
        )
        assert form.is_valid(), form.errors
        services.round_record(game=game, entries=form.entries(), no_winner=False)
    return f"/g/{view}/", f"/g/{edit}/"


def entry_paths() -> list[str]:
    paths = []
    for _ in range(ENTRY_GAMES):
        _game, edit, _view = services.game_start(
            rules_slug="liverpool", names=NAMES, first_dealer=0
        )
        paths.append(f"/g/{edit}/rounds/")
    return paths


def wrk(url: str, script: str) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script + LUA_COMMON)
    out = subprocess.run(
        ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{DURATION}", "-s", f.name, url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    line = next(line for line in out.splitlines() if line.startswith("RESULT "))
    result = json.loads(line.removeprefix("RESULT "))
    result["rps"] = result["requests"] / result["seconds"]
    return result


def main() -> None:
    if not shutil.which("wrk"):
        sys.exit("wrk is missing: apt-get install wrk")
    prepare()
    scoreboard, edit_page = finished_game()
    paths = entry_paths()
    before = Round.objects.count()
    with serve(workers=WORKERS, threads=THREADS) as base:
        with urllib.request.urlopen(base + "/csrf/") as response:
            token = json.load(response)["token"]
            cookie = response.headers["Set-Cookie"].split("csrftoken=")[1].split(";")[0]
        body = "went_out=0&" + "&".join(f"points_{s}=7" for s in range(1, 8))
        post = LUA_POST % {
            "paths": ", ".join(f'"{p}"' for p in paths),
            "threads": 2,
            "cookie": cookie,
            "token": token,
            "body": body,
        }
        # A phone that opened the game before: it sends the cookies it got then (session: its
        # list of games; CSRF: its token, put into the page's forms).
        with urllib.request.urlopen(base + scoreboard) as response:
            jar = "; ".join(c.split(";")[0] for c in response.headers.get_all("Set-Cookie"))
        assert "sessionid=" in jar and "csrftoken=" in jar, jar
        with_cookie = f'wrk.headers["Cookie"] = "{jar}"\n'
        # The machine's speed drifts between runs (a shared VM), so baseline and scoreboard
        # alternate and each pair gives a ratio; the median pair is reported.
        pairs = [
            (wrk(base + "/healthz", ""), wrk(base + scoreboard, with_cookie)) for _ in range(PAIRS)
        ]
        pairs.sort(key=lambda pair: pair[1]["rps"] / pair[0]["rps"])
        baseline, board = pairs[len(pairs) // 2]
        results = {
            "baseline": baseline,
            "scoreboard": board,
            "edit page": wrk(base + edit_page, with_cookie),
            "round entry": wrk(base + paths[0], post),
        }
    stored = Round.objects.count() - before
    database = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    print(
        f"gunicorn {WORKERS} workers x {THREADS} threads, wrk 2 threads {CONNECTIONS} connections {DURATION}, {database}"
    )
    print(
        f"{'':12} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7} {'ratio':>6}"
    )
    base_rps = results["baseline"]["rps"]
    for name, r in results.items():
        print(
            f"{name:12} {r['rps']:8.0f} {r['p50_ms']:8.2f} {r['p95_ms']:8.2f} {r['p99_ms']:8.2f} "
            f"{r['errors'] + r['non_2xx']:7d} {r['rps'] / base_rps:6.2f}"
        )
    print(f"round entries stored: {stored} (wrk completed {results['round entry']['requests']})")
    ratios = ", ".join(
        f"{b['rps']:.0f}/{a['rps']:.0f} = {b['rps'] / a['rps']:.2f}" for a, b in pairs
    )
    print(f"scoreboard / baseline, {PAIRS} alternating pairs: {ratios}")
    ratio = results["scoreboard"]["rps"] / base_rps
    print(f"scoreboard / baseline = {ratio:.2f}, the median pair (target >= 0.5)")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
