"""Every answer of the server as `./dev start` runs it carries the app's headers, those nginx
gives itself included (a stream, a body too large, too many connections, the app too busy),
and a server past what it can serve answers 503 at once with Retry-After instead of
queueing every phone."""

from __future__ import annotations

import re
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlparse

import pytest
import requests

from tests.servers import Stream, app_server, start_game

EVERY_ANSWER = (
    "Content-Security-Policy",
    "Permissions-Policy",
    "Referrer-Policy",
    "X-Content-Type-Options",
    "X-Frame-Options",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # One worker, one request inside it at a time: the app is easily made too busy.
    limits = {"APP_QUEUE": "1", "STREAMS_PER_CLIENT": "3"}
    with app_server(tmp_path_factory.mktemp("answers"), workers=1, **limits) as base:
        yield base


def assert_headers(headers, what: str) -> None:
    missing = [name for name in EVERY_ANSWER if not headers.get(name)]
    assert not missing, f"{what}: {missing}"
    assert "camera=()" in headers["Permissions-Policy"], what


def test_pages_files_and_errors_carry_the_headers(server):
    scorer, edit, view = start_game(server)
    home = requests.get(server + "/", timeout=5)
    static = re.search(r'href="(/static/css/[^"]+)"', home.text).group(1)
    for path in (
        "/",
        edit,
        view,
        view + "live/?v=0",
        "/no-such-page/",
        static,
        "/api/openapi.json",
    ):
        answer = requests.get(server + path, timeout=5)
        assert_headers(answer.headers, f"{path} ({answer.status_code})")


def test_pages_reach_the_phone_compressed(server):
    _scorer, edit, view = start_game(server)
    for path in (edit, view, "/"):
        zipped = requests.get(server + path, headers={"Accept-Encoding": "gzip"}, timeout=5)
        assert zipped.headers["Content-Encoding"] == "gzip", path
        assert "Accept-Encoding" in zipped.headers["Vary"], path


def test_a_stream_carries_the_headers_of_the_answer_that_authorised_it(server):
    _scorer, _edit, view = start_game(server)
    with Stream(server + view + "events/") as stream:
        assert_headers(stream.response.headers, "stream")
        assert stream.response.headers["X-Robots-Tag"] == "noindex, nofollow"
        assert stream.response.headers["Cache-Control"] == "private, no-store"


def opened_stream(url: str, seconds: float = 5) -> Stream:
    """A stream opened, waiting while a stream an earlier test closed is still counted
    against this address (nginx frees its place once it sees the connection closed)."""
    deadline = time.monotonic() + seconds
    while True:
        stream = Stream(url)
        try:
            return stream.__enter__()
        except AssertionError:
            stream.response.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_nginx_refusals_carry_the_headers(server):
    too_large = requests.post(
        server + "/api/check",
        data=b"{" + b" " * 20_000 + b"}",
        headers={"Content-Type": "application/json"},
        timeout=5,
    )
    assert too_large.status_code == 413 and too_large.json()["error"] == "too_large"
    assert_headers(too_large.headers, "API body too large")

    upload = requests.post(server + "/new/", data=b"x" * 300_000, timeout=5)
    assert upload.status_code == 413 and "nothing was read" in upload.text.replace(
        "rien n", "nothing was read"
    )
    assert_headers(upload.headers, "form body too large")

    _scorer, _edit, view = start_game(server)
    streams = [opened_stream(server + view + "events/") for _ in range(3)]
    try:
        one_more = requests.get(
            server + view + "events/", headers={"Accept": "text/event-stream"}, timeout=5
        )
        assert one_more.status_code == 429
        assert_headers(one_more.headers, "too many streams")
    finally:
        for stream in streams:
            stream.__exit__()


# A page, and the API (whose location sets error pages of its own, and so must repeat
# those of the server it would otherwise inherit).
BUSY_PATHS = ["/grids/?players=8&copies=4", "/api/openapi.json"]


def test_a_busy_app_sheds_at_once_with_retry_after(server):
    port = urlparse(server).port
    answers: list[tuple[str, int, float, dict]] = []

    def fetch(n: int) -> None:
        path = BUSY_PATHS[n % 2]
        started = time.monotonic()
        answer = requests.get(server + path, timeout=30)
        answers.append((path, answer.status_code, time.monotonic() - started, answer.headers))

    with ThreadPoolExecutor(12) as pool:
        list(pool.map(fetch, range(48)))
    statuses = sorted((path, status) for path, status, _s, _h in answers)
    shed = [(p, s, h) for p, status, s, h in answers if status == 503]
    served = [status for _p, status, _s, _h in answers if status == 200]
    assert served and {p for p, _s, _h in shed} == set(BUSY_PATHS), statuses
    for path, seconds, headers in shed:
        assert headers["Retry-After"] == "2", path
        assert_headers(headers, f"busy: {path}")
        assert seconds < 1  # told at once, not after waiting its turn
    with socket.create_connection(("127.0.0.1", port)):
        pass
    assert requests.get(server + "/healthz", timeout=5).status_code == 200
