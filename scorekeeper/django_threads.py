"""Django answering requests in a fixed pool of threads, for the ASGI server.

The request's body is already whole (body_limits.BodyLimits read it in the event loop), so a
thread never waits on the phone; the thread builds the whole answer (Django's WSGI handler:
middleware, cookies, the request_finished signal) and hands it back once, and the event loop
sends it, however slowly the phone reads. The threads, and their database connections, last.
"""

from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .body_limits import Receive, Scope, Send

Answer = tuple[int, list[tuple[bytes, bytes]], bytes]


def environ_of(scope: Scope, body: bytes) -> dict[str, Any]:
    """The WSGI environment of an ASGI HTTP request (PEP 3333, the ASGI spec's mapping)."""
    server_name, server_port = scope.get("server") or ("localhost", 80)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": scope.get("root_path", "").encode().decode("latin-1"),
        "PATH_INFO": scope["path"].encode().decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server_name),
        "SERVER_PORT": str(server_port or 80),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if scope.get("client"):
        environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = scope["client"][0], str(scope["client"][1])
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        key = name if name in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{name}"
        value = raw_value.decode("latin-1")
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ


def answer_of(app: Callable[..., Iterable[bytes]], environ: dict[str, Any]) -> Answer:
    """Run the WSGI application to the end; its answer as status, headers and body."""
    started: list[Any] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        started[:] = [status, headers]
        return lambda _chunk: None  # the write() callable: Django never uses it

    result = app(environ, start_response)
    try:
        body = b"".join(result)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()  # Django's request_finished: connections back, per CONN_MAX_AGE
    status, headers = started
    raw = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers]
    return int(status.split(" ", 1)[0]), raw, body


class DjangoThreads:
    """ASGI application: each HTTP request answered by `app` (WSGI) in one of `threads`."""

    def __init__(self, app: Callable[..., Iterable[bytes]], threads: int) -> None:
        self.app = app
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="django")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # lifespan: nothing to start or stop
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
                await receive()
                await send({"type": "lifespan.shutdown.complete"})
            return
        message = await receive()  # the whole body, in one message (BodyLimits)
        environ = environ_of(scope, message.get("body", b""))
        loop = asyncio.get_running_loop()
        status, headers, body = await loop.run_in_executor(self.pool, answer_of, self.app, environ)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
