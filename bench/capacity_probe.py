"""One more phone outside locust (bench/capacity.py): what a phone sees of the server while
the tables play."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import requests
from capacity_server import TOKEN

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
