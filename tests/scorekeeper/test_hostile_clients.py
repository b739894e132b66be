"""Hostile clients against the server as `./dev start` runs it (nginx in front, gunicorn
behind: scorekeeper/server): slow senders stall nothing, bodies are bounded in size and time,
and no log line carries a token."""

from __future__ import annotations

import re
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest
import requests

from tests.servers import app_server

BODY_SECONDS = 3
CONNECTIONS_PER_CLIENT = 40


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    scratch = tmp_path_factory.mktemp("server")
    limits = {
        "REQUEST_BODY_SECONDS": str(BODY_SECONDS),
        "CONNECTIONS_PER_CLIENT": str(CONNECTIONS_PER_CLIENT),
    }
    with app_server(scratch, **limits) as base:
        logs = [scratch / "access.log", scratch / "server.log"]
        yield base, urlparse(base).port, logs


def open_slow_upload(port: int, path: str = "/import/", length: int = 100_000) -> socket.socket:
    """A multipart POST whose headers arrive whole and whose body then trickles."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(
        (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: multipart/form-data; boundary=xx\r\n"
            f"Content-Length: {length}\r\n\r\n--xx\r\n"
        ).encode()
    )
    return sock


def status_of(sock: socket.socket, timeout: float) -> int | None:
    sock.settimeout(timeout)
    try:
        head = sock.recv(64)
    except (TimeoutError, ConnectionError):
        return None
    return int(head.split()[1]) if head.startswith(b"HTTP/1.1 ") else None


def closed_or_status(sock: socket.socket, timeout: float) -> int | str | None:
    """The answer's status, "closed" when the server closed without one, None if neither
    came within `timeout`."""
    sock.settimeout(timeout)
    try:
        head = sock.recv(64)
    except ConnectionError:
        return "closed"
    except TimeoutError:
        return None
    if not head:
        return "closed"
    return int(head.split()[1]) if head.startswith(b"HTTP/1.1 ") else None


def healthz_seconds(base: str) -> float:
    start = time.monotonic()
    urllib.request.urlopen(base + "/healthz", timeout=5).read()
    return time.monotonic() - start


def test_slow_uploads_stall_nothing(server):
    base, port, _log = server
    slow = [open_slow_upload(port) for _ in range(32)]
    stop = threading.Event()

    def trickle():
        while not stop.is_set():
            for sock in slow:
                try:
                    sock.send(b"x")
                except OSError:
                    pass
            time.sleep(0.1)  # 10 bytes a second on each connection

    sender = threading.Thread(target=trickle, daemon=True)
    sender.start()
    try:
        waits = [healthz_seconds(base) for _ in range(10)]
        print(f"/healthz beside 32 slow senders: at most {max(waits) * 1000:.0f} ms")
        # The defect was time-outs (20 s) with 16 slow senders. A busy CI machine may pause
        # one answer for a second, so the bound is on stalls, not on speed.
        assert max(waits) < 3, waits
        assert sorted(waits)[len(waits) // 2] < 0.5, waits
    finally:
        stop.set()
        for sock in slow:
            sock.close()


def test_a_body_that_stops_arriving_is_cut_off(server):
    _base, port, _log = server
    stalled = [open_slow_upload(port) for _ in range(4)]
    started = time.monotonic()
    # nginx closes the connection (its log says 408): the phone's request failed, visibly.
    answers = [closed_or_status(sock, BODY_SECONDS + 5) for sock in stalled]
    for sock in stalled:
        sock.close()
    assert all(answer in (408, "closed") for answer in answers), answers
    assert time.monotonic() - started < BODY_SECONDS + 3


def test_one_address_cannot_hold_every_connection(server):
    base, port, _log = server
    held = [open_slow_upload(port) for _ in range(CONNECTIONS_PER_CLIENT)]
    time.sleep(0.5)  # until nginx has read each one's headers: then it counts them
    try:
        refused = socket.create_connection(("127.0.0.1", port))
        refused.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert status_of(refused, 5) == 429
        refused.close()
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.5)
    assert healthz_seconds(base) < 3  # their connections closed, the address is served again


def test_a_body_larger_than_its_page_takes_is_refused_unread(server):
    base, port, _log = server
    sock = open_slow_upload(port, "/new/", length=199_000_000)  # 100 parts of 1.99 MB
    assert status_of(sock, 5) == 413
    sock.close()
    sock = open_slow_upload(port, "/import/", length=10_000_000)
    assert status_of(sock, 5) == 413
    sock.close()


def test_a_chunked_body_is_counted_as_it_arrives(server):
    base, port, _log = server
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(
        b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"x" * 100_000
    try:
        for _ in range(4):
            sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
    except OSError:
        pass  # the server may close as soon as it refuses
    assert status_of(sock, 5) == 413
    sock.close()


def test_a_chunked_api_request_is_read(server):
    base, port, _log = server
    body = b'{"rules": "rami-contrat", "round": 1, "melds": "7H 7S 7D, 8C 8D 8S"}'
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(
        b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        + b"%x\r\n%s\r\n0\r\n\r\n"
        % (len(body), body)
    )
    sock.settimeout(5)
    answer = b""
    while chunk := sock.recv(65536):
        answer += chunk
    sock.close()
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    assert b'"melds": [["7H", "7S", "7D"' in answer  # the body was read, not taken as empty


def test_no_log_line_carries_a_token(server):
    base, _port, logs = server
    token = "Zq3vK8pLmN2xR7tY5wB1cA"
    paths = [f"/g/{token}/", f"/g/{token}/game.csv", f"/club/{token}/", f"/g/{token}/rounds/"]
    # Spelled otherwise, the app still routes them: a space or slashes before the token, a
    # slash written %2F, a letter in capitals.
    paths += [f"/g/%20{token}/", f"//g//{token}/", f"/g%2F{token}/", f"/G/{token}/"]
    for path in paths:
        try:
            urllib.request.urlopen(base + path, timeout=5)
        except urllib.error.HTTPError as error:
            assert error.code in (403, 404, 405), (path, error.code)
    time.sleep(0.5)  # the access log is written after the answer
    written = "".join(log.read_text() for log in logs)
    assert "/g/…/" in written and "/club/…/" in written
    assert token not in written


def test_an_oversized_upload_gets_a_page_in_words(server):
    base, port, _log = server
    sock = open_slow_upload(port, "/import/", length=10_000_000)
    sock.settimeout(5)
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except (TimeoutError, ConnectionError):
        pass
    sock.close()
    assert answer.startswith(b"HTTP/1.1 413")
    assert b"nothing was read or stored" in answer or b"rien n" in answer


def worker_peaks(scratch_run: str) -> dict[int, int]:
    """Each app worker's peak resident memory (kB), found by its command line."""
    peaks = {}
    for proc in Path("/proc").iterdir():
        try:
            command = (proc / "cmdline").read_bytes()
            if scratch_run.encode() not in command or b"gunicorn" not in command:
                continue
            status = (proc / "status").read_text()
        except OSError:
            continue
        peak = re.search(r"VmHWM:\s+(\d+) kB", status)
        if peak:
            peaks[int(proc.name)] = int(peak.group(1))
    return peaks


@pytest.mark.parametrize("page", ["/import/", "/groups/import/"])
def test_a_file_of_a_million_empty_objects_is_refused_cheaply(server, page):
    base, _port, logs = server
    run = str(logs[0].parent / "run" / "app.sock")
    session = requests.Session()
    form = session.get(base + page).text
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)

    def send(raw: bytes) -> requests.Response:
        return session.post(
            base + page,
            data={"csrfmiddlewaretoken": token},
            files={"document": ("game.json", raw, "application/json")},
            headers={"Referer": base + page},
        )

    for _ in range(4):  # every worker has answered an import once (its modules loaded)
        assert send(b'{"x": 1}').status_code == 422
    before = worker_peaks(run)
    raw = b'{"x":[' + b",".join([b"{}"] * 1_000_000) + b"]}"
    started = time.monotonic()
    answer = send(raw)
    seconds = time.monotonic() - started
    after = worker_peaks(run)
    grown = max(after.get(pid, 0) - before.get(pid, 0) for pid in after)
    print(f"{page}: {len(raw):,} bytes refused in {seconds * 1000:.0f} ms, +{grown // 1024} MB")
    assert answer.status_code == 422 and "objets et listes" in answer.text
    assert seconds < 2  # the figure to read is printed above (target 0.5 s)
    assert grown < 100 * 1024, grown
    assert healthz_seconds(base) < 1
