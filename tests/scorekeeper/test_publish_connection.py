"""The app publishes each change to nginx over a connection each thread keeps open (a new
connection per message cost a socket, a connect and an accept each time); one nginx has
closed since is replaced, and the message still arrives."""

from __future__ import annotations

import os
import socketserver
import threading
from http.server import BaseHTTPRequestHandler

import pytest

from scorekeeper.records import live


class _Publisher(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keeps the connection, as nginx does

    def do_POST(self) -> None:
        length = int(self.headers["Content-Length"])
        self.server.heard.append((self.path, self.rfile.read(length).decode()))  # type: ignore[attr-defined]
        # Closing without saying so: as nginx does once a kept connection was idle too long.
        # Decided before the answer leaves: once it has, the test may change the settings.
        close = self.server.close_after or self.server.close_silently  # type: ignore[attr-defined]
        self.send_response(201)
        self.send_header("Content-Length", "0")
        if self.server.close_after:  # type: ignore[attr-defined]
            self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = close

    def log_message(self, *args) -> None:  # quiet
        pass


class _Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True

    def __init__(self, path: str) -> None:
        super().__init__(path, _Publisher)
        self.heard: list[tuple[str, str]] = []
        self.connections = 0
        self.close_after = False
        self.close_silently = False

    def get_request(self):
        self.connections += 1
        return super().get_request()


@pytest.fixture
def publisher(tmp_path, settings):
    path = str(tmp_path / "publish.sock")
    server = _Server(path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    settings.LIVE_PUBLISH = [f"unix:{path}"]
    live._kept.__dict__.pop("connections", None)
    yield server
    live._kept.__dict__.pop("connections", None)
    server.shutdown()
    server.server_close()


def test_one_thread_publishes_many_messages_on_one_connection(publisher):
    for version in range(1, 6):
        live._send("POST", "game-7", str(version), "version")
    assert [body for _, body in publisher.heard] == ["1", "2", "3", "4", "5"]
    assert publisher.connections == 1


def test_a_connection_the_server_closed_is_replaced_and_the_message_arrives(publisher):
    publisher.close_silently = True
    live._send("POST", "game-7", "1", "version")
    publisher.close_silently = False
    live._send("POST", "game-7", "2", "version")
    assert [body for _, body in publisher.heard] == ["1", "2"]
    assert publisher.connections == 2


def test_a_server_that_closes_after_each_message_gets_each_one(publisher):
    publisher.close_after = True
    for version in range(1, 4):
        live._send("POST", "game-7", str(version), "version")
    assert [body for _, body in publisher.heard] == ["1", "2", "3"]
    assert publisher.connections == 3


def test_a_server_gone_is_logged_and_the_save_goes_on(publisher, caplog):
    publisher.shutdown()
    publisher.server_close()
    os.unlink(publisher.server_address)
    live._send("POST", "game-7", "1", "version")  # no exception: the pages will poll
    assert "could not publish" in caplog.text
