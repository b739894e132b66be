"""Django answered in a pool of threads behind the event loop (scorekeeper/django_threads.py):
the request reaches Django as a WSGI request would, the answer comes back whole, and the
threads last from one request to the next."""

from __future__ import annotations

import asyncio
import json
import threading
from concurrent.futures import ThreadPoolExecutor

from django.core.wsgi import get_wsgi_application

from scorekeeper.body_limits import BodyLimits
from scorekeeper.django_threads import DjangoThreads, environ_of


def scope(method: str, path: str, query: bytes = b"", headers=()) -> dict:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "root_path": "",
        "query_string": query,
        "http_version": "1.1",
        "scheme": "http",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 51000),
        "headers": [(b"host", b"127.0.0.1:8000"), *headers],
    }


def call(app, request: dict, chunks=(b"",)) -> tuple[int, dict[bytes, bytes], bytes]:
    """Run one request through the ASGI app; the body arrives in `chunks`."""
    sent: list[dict] = []

    async def run() -> None:
        incoming = [
            {"type": "http.request", "body": chunk, "more_body": i < len(chunks) - 1}
            for i, chunk in enumerate(chunks)
        ]

        async def receive() -> dict:
            if incoming:
                return incoming.pop(0)
            await asyncio.sleep(3600)  # the phone stays until the answer is sent
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        await app(request, receive, send)

    # In a thread of its own: Playwright's sync API may hold an event loop in this one.
    with ThreadPoolExecutor(1) as loop_thread:
        loop_thread.submit(asyncio.run, run()).result()
    start, *bodies = sent
    return start["status"], dict(start["headers"]), b"".join(m.get("body", b"") for m in bodies)


def test_the_environment_follows_the_asgi_mapping():
    environ = environ_of(
        scope(
            "POST",
            "/api/check",
            b"lang=en",
            [
                (b"content-type", b"application/json"),
                (b"content-length", b"2"),
                (b"accept", b"text/html"),
                (b"accept", b"*/*"),
            ],
        ),
        b"{}",
    )
    assert environ["REQUEST_METHOD"] == "POST" and environ["PATH_INFO"] == "/api/check"
    assert environ["QUERY_STRING"] == "lang=en"
    assert environ["CONTENT_TYPE"] == "application/json" and environ["CONTENT_LENGTH"] == "2"
    assert environ["HTTP_ACCEPT"] == "text/html,*/*"  # repeated headers join, as in WSGI
    assert environ["REMOTE_ADDR"] == "127.0.0.1" and environ["SERVER_PORT"] == "8000"
    assert environ["wsgi.input"].read() == b"{}"


def test_a_chunked_body_reaches_django_with_its_length():
    app = BodyLimits(DjangoThreads(get_wsgi_application(), 2))
    body = json.dumps({"rules": "rami-contrat", "round": 1, "melds": "7H 7S 7D, 8C 8D 8S"})
    request = scope(
        "POST",
        "/api/check",
        headers=[(b"content-type", b"application/json"), (b"transfer-encoding", b"chunked")],
    )
    status, headers, answer = call(app, request, [body[:20].encode(), body[20:].encode()])
    assert status == 200, answer
    assert headers[b"content-type"] == b"application/json"
    assert json.loads(answer)["melds"][0][:3] == ["7H", "7S", "7D"]  # read whole, not as empty


def test_the_answer_carries_its_cookies_and_headers():
    app = DjangoThreads(get_wsgi_application(), 2)
    status, headers, answer = call(app, scope("GET", "/healthz"))
    assert (status, answer) == (200, b"ok")
    assert headers[b"x-content-type-options"] == b"nosniff"
    status, headers, _answer = call(app, scope("GET", "/language/en/", b"next=/"))
    assert status in (301, 302) and b"django_language=en" in headers[b"set-cookie"]


def test_the_threads_last_from_one_request_to_the_next():
    app = DjangoThreads(get_wsgi_application(), 1)
    threads = set()
    for _ in range(3):
        app.pool.submit(lambda: threads.add(threading.get_ident())).result()
        assert call(app, scope("GET", "/healthz"))[0] == 200
    assert len(threads) == 1
