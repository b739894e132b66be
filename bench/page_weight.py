"""Page weight of a game page in Chromium, against the production set-up (gunicorn, whitenoise).

Run: .venv/bin/python bench/page_weight.py
Target: the first visit transfers at most 40 KB (HTML, CSS, JS, icons, manifest, worker);
a repeat visit fetches no static file from the network (the service worker's cache serves them).
Bytes are response bodies as the server sent them (gzip where the browser asked for it).
"""

from __future__ import annotations

import time
from collections import defaultdict

from server import configure, prepare, serve

scratch = configure()

import django  # noqa: E402

django.setup()

from scorekeeper import services  # noqa: E402
from tests.browser.conftest import CHROMIUM, FLAGS  # noqa: E402  the tests' own browser

FIRST_VISIT_LIMIT = 40 * 1024  # issue 26: a game page's first visit, compressed


def read_log(path, start: int) -> list[tuple[str, int]]:
    lines = path.read_text().splitlines()[start:]
    out = []
    for line in lines:
        url, _status, size = line.split()
        out.append((url, 0 if size == "-" else int(size)))
    return out


def settle(page, log, seconds: float = 1.5) -> None:
    """Wait until the server has logged nothing new for a while."""
    last, quiet_since = -1, time.monotonic()
    while time.monotonic() - quiet_since < seconds:
        count = len(log.read_text().splitlines()) if log.exists() else 0
        if count != last:
            last, quiet_since = count, time.monotonic()
        page.wait_for_timeout(100)


def kind(url: str) -> str:
    if url.startswith("/static/"):
        return url.rsplit(".", 2)[-2 if url.endswith(".gz") else -1].split(".")[-1]
    return {"/sw.js": "worker", "/manifest.webmanifest": "manifest"}.get(url, "html")


def main() -> None:
    prepare()
    game, edit, _view = services.game_start(
        rules_slug="rami-contrat", names=["Alice", "Bruno", "Chloé", "David"], first_dealer=0
    )
    log = scratch / "access.log"
    from playwright.sync_api import sync_playwright

    with serve(workers=2, access_log=log) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="fr-FR"
        )
        page = context.new_page()
        page.goto(f"{url}/g/{edit}/")
        while not page.evaluate("navigator.serviceWorker.controller !== null"):
            page.wait_for_timeout(100)
        # A phone reads the manifest (and its icons) to offer the install; headless does not.
        context.new_cdp_session(page).send("Page.getAppManifest")
        settle(page, log)
        first = read_log(log, 0)
        mark = len(log.read_text().splitlines())
        page.goto(f"{url}/g/{edit}/")
        settle(page, log)
        repeat = read_log(log, mark)
        browser.close()

    by_kind = defaultdict(int)
    for path, size in first:
        by_kind[kind(path)] += size
    total = sum(size for _path, size in first)
    static_again = sum(size for path, size in repeat if path.startswith("/static/"))
    print("first visit of a game page (bytes sent by the server):")
    for name, size in sorted(by_kind.items(), key=lambda item: -item[1]):
        print(f"  {name:10} {size / 1024:6.1f} KB")
    print(
        f"  {'total':10} {total / 1024:6.1f} KB  ({len(first)} requests)"
        f"  limit {FIRST_VISIT_LIMIT // 1024} KB  ratio {total / FIRST_VISIT_LIMIT:.2f}"
    )
    print("repeat visit:")
    print(
        f"  static files from the network: {static_again} bytes "
        f"({sum(1 for p, _s in repeat if p.startswith('/static/'))} requests)"
    )
    print(
        f"  HTML from the network: {sum(s for p, s in repeat if kind(p) == 'html') / 1024:.1f} KB"
    )
    for path, size in first:
        print(f"    {size:7d}  {path[:70]}")


if __name__ == "__main__":
    main()
