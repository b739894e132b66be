"""Production smoke run: the server as `./dev start` runs it (nginx in front of gunicorn), DEBUG off, whitenoise's collected static files, and
PostgreSQL from DATABASE_URL (a scratch SQLite file without it), through a whole game.

Run: .venv/bin/python .ci/smoke.py    (.ci/run does, against PostgreSQL when one answers)
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from server import configure, prepare, serve  # noqa: E402

configure()

import django  # noqa: E402

django.setup()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


jar = http.cookiejar.CookieJar()
browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)


def call(url, data=None, headers=None):
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    request = urllib.request.Request(url, body, headers or {})
    try:
        with browser.open(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def csrf(html: bytes) -> str:
    return re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1).decode()


def check(condition, what):
    if not condition:
        sys.exit(f"smoke run failed: {what}")
    print(f"ok  {what}")


def main() -> None:
    prepare()
    database = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    with serve(workers=2, as_started=True) as base:
        status, _h, html = call(base + "/")
        check(status == 200 and b'rel="manifest"' in html, f"home page ({database}, DEBUG off)")
        status, _h, html = call(base + "/new/")
        names = {"name_0": "Ana", "name_1": "Ben", "name_2": "Cléo"}
        status, headers, _b = call(
            base + "/new/",
            {"csrfmiddlewaretoken": csrf(html), "rules": "liverpool", "first_dealer": "0", **names},
        )
        check(status == 302 and headers["Location"].startswith("/g/"), "a game is started")
        game = base + headers["Location"]
        first = None
        for number in range(1, 8):
            _s, _h, html = call(game)
            entry = {
                "csrfmiddlewaretoken": csrf(html),
                "went_out": str(number % 3),
                "number": str(number),
                "client_uuid": str(uuid.uuid4()),
                **{f"points_{s}": "5" for s in range(3) if s != number % 3},
            }
            first = first or entry
            status, _h, _b = call(game + "rounds/", entry)
            check(status == 302, f"round {number} is stored")
        status, _h, answer = call(game + "rounds/", first, {"X-Outbox": "1"})
        check(status == 200 and b"already_stored" in answer, "a replayed entry is not stored twice")
        _s, _h, html = call(game, headers={"Accept-Encoding": "identity"})
        check(
            html.count(b"<tr data-round=") == 7 and b"Classement final" in html,
            "the board shows the winner",
        )
        status, headers, pdf = call(game + "grid.pdf")
        check(status == 200 and pdf.startswith(b"%PDF"), "the PDF grid is exported")
        css = re.search(rb'href="(/static/css/app\.[0-9a-f]{12}\.css)"', html)
        check(css is not None, "static URLs carry whitenoise's hashed names")
        status, headers, _b = call(
            base + css.group(1).decode(), headers={"Accept-Encoding": "gzip"}
        )
        check(
            status == 200
            and headers["Content-Encoding"] == "gzip"
            and "immutable" in headers.get("Cache-Control", ""),
            "static files are compressed and immutable",
        )
        status, headers, _b = call(base + "/sw.js")
        check(
            status == 200 and headers["Cache-Control"] == "no-cache",
            "the service worker is served at the root",
        )
        status, _h, body = call(base + "/no-such-page/")
        check(
            status == 404 and b"Traceback" not in body and b"DEBUG" not in body,
            "errors show no debug page",
        )


if __name__ == "__main__":
    main()
