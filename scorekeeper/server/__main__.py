"""Start the app as phones reach it: nginx in front, gunicorn behind, both stopped together.

    python -m scorekeeper.server [--bind 0.0.0.0:8000] [--run DIR] [--workers N]

Writes nginx's configuration into the run folder (its sockets, temporary files and pid live
there too, so several servers run side by side), checks it, starts gunicorn on a socket in
that folder, then nginx on `--bind`. The app publishes each game's new version to nginx's
publishing socket (`LIVE_PUBLISH`). Settings from the environment:

| variable | default | meaning |
|---|---|---|
| `WEB_CONCURRENCY` | cores + 1 (SQLite), 2 × cores + 1 (PostgreSQL) | gunicorn's workers (one request at a time each; `workers.py` says why) |
| `APP_QUEUE` | 20 × cores | requests inside the app or waiting for it (about half a second of work under load); past it, 503 at once |
| `STREAMS_PER_CLIENT` | 64 | open pages' streams one address may hold (429 past it) |
| `CONNECTIONS_PER_CLIENT` | 256 | connections one address may hold (429 past it) |
| `REQUEST_BODY_SECONDS` | 10 | a body that stops arriving this long is cut off (408) |
| `ACCESS_LOG` | standard output | where nginx logs each request, tokens left out (`off`) |
| `NCHAN_REDIS_URL` | none | nginx servers sharing streams through this Redis |
| `PUBLISH_LISTEN` | the run folder's socket | where nginx takes the versions to publish |
| `LIVE_PUBLISH` | this nginx | every publishing address the app sends versions to |
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

from scorekeeper.server.workers import default_workers

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = Path(__file__).with_name("nginx.conf")
NCHAN_MODULES = (
    "/usr/lib/nginx/modules/ngx_nchan_module.so",
    "/usr/share/nginx/modules/ngx_nchan_module.so",
)
NGINX = os.environ.get("NGINX", "nginx")
OPEN_FILES = 65536
CORES = os.cpu_count() or 1


MOST_PER_ADDRESS = 65535  # nginx's largest limit_conn


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    if not value:
        return default
    if not value.isdigit():
        raise SystemExit(f"{name} must be a whole number, not {value!r}")
    return int(value)


def nginx_listen(bind: str) -> str:
    """nginx's `listen` for gunicorn-style addresses: `0.0.0.0:8000`, `:8000`, `unix:/path`."""
    if bind.startswith(":"):
        return bind[1:]
    return bind


def own_headers() -> str:
    """The headers of nginx's own answers (busy, too many, too slow): those the app gives
    every answer, with a policy that allows nothing, as they show only text."""
    from scorekeeper.core.capability import NO_STORE, PERMISSIONS_POLICY

    headers = {
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
        "Permissions-Policy": PERMISSIONS_POLICY,
        "Referrer-Policy": "same-origin",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cache-Control": NO_STORE,
    }
    return "".join(f'add_header {name} "{value}" always;\n' for name, value in headers.items())


def open_files() -> int:
    """As many open files as nginx may have: 65,536, or the hard limit it cannot pass (a
    container's, or a user's; `ulimit -Hn` says)."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return OPEN_FILES if hard == resource.RLIM_INFINITY else min(OPEN_FILES, hard)


def upload_limits() -> tuple[int, int]:
    """Twice the largest file of each import page: a file somewhat too large still reaches
    its page, which says so beside the field; past that nginx refuses it unread."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    django.setup()
    from scorekeeper.exchange.book_files import MAX_BOOK_BYTES
    from scorekeeper.records.documents import MAX_BYTES

    return 2 * MAX_BYTES, 2 * MAX_BOOK_BYTES


def nginx_config(run: Path, bind: str, workers: int, publish_listen: str) -> str:
    import_bytes, book_bytes = upload_limits()
    files = open_files()
    # nginx's workers cost nothing while their streams wait; four of them hold four times
    # the open files one process may (20,000 on a host here), which the streams need.
    nginx_workers = env_int("NGINX_WORKERS", max(CORES, 4))
    redis = os.environ.get("NCHAN_REDIS_URL", "")
    module = next((path for path in NCHAN_MODULES if Path(path).exists()), None)
    access_log = os.environ.get("ACCESS_LOG", "/dev/stdout")
    values = {
        "load_nchan": f"load_module {module};" if module else "",
        # As root, nginx's workers would switch to `nobody`, who cannot reach the run folder.
        "user": "user root;" if os.geteuid() == 0 else "",
        "nginx_workers": str(nginx_workers),
        "open_files": str(files),
        "connections": str(max(files - 256, 512)),
        "run": str(run),
        "error_log": os.environ.get("NGINX_ERROR_LOG", "stderr"),
        "access_log": access_log if access_log == "off" else f"{access_log} app",
        "body_seconds": str(env_int("REQUEST_BODY_SECONDS", 10)),
        "app_seconds": "60",
        # A short queue: past the app's limit, a phone told "busy, try again in 2 s" at once
        # fares better than one kept waiting its turn for seconds (bench/RESULTS.md). What
        # the app gets through in half a second depends on its cores, not its workers.
        "app_queue": str(env_int("APP_QUEUE", 20 * CORES)),
        "listen": nginx_listen(bind),
        "connections_per_client": str(
            min(env_int("CONNECTIONS_PER_CLIENT", 256), MOST_PER_ADDRESS)
        ),
        "streams_per_client": str(min(env_int("STREAMS_PER_CLIENT", 64), MOST_PER_ADDRESS)),
        "import_bytes": str(import_bytes),
        "book_bytes": str(book_bytes),
        "publish_listen": nginx_listen(publish_listen),
        "nchan_redis": f'nchan_redis_url "{redis}"; nchan_use_redis on;' if redis else "",
    }
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], TEMPLATE.read_text())


def publish_address(listen: str) -> str:
    """The app's address for nginx's publishing `listen`."""
    if listen.startswith("unix:"):
        return listen
    host, _, port = listen.rpartition(":")
    return f"http://{host if host not in ('', '0.0.0.0', '*') else '127.0.0.1'}:{port}"


def wait_for(path: Path, process: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("gunicorn did not start")
        time.sleep(0.05)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bind", default=os.environ.get("BIND", "0.0.0.0:8000"))
    parser.add_argument("--run", default=os.environ.get("RUN_DIR", str(ROOT / ".run")))
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()

    run = Path(args.run).resolve()
    (run / "temp").mkdir(parents=True, exist_ok=True)
    for stale in ("app.sock", "publish.sock", "gunicorn.ctl"):
        (run / stale).unlink(missing_ok=True)
    workers = args.workers or env_int("WEB_CONCURRENCY", default_workers())
    publish_listen = os.environ.get("PUBLISH_LISTEN") or f"unix:{run}/publish.sock"
    config = run / "nginx.conf"
    config.write_text(nginx_config(run, args.bind, workers, publish_listen))
    (run / "own_headers.conf").write_text(own_headers())
    nginx = [NGINX, "-p", str(run), "-c", str(config), "-e", "stderr"]
    subprocess.run([*nginx, "-t", "-q"], check=True)

    publish = [publish_address(publish_listen)]
    publish += [a for a in os.environ.get("LIVE_PUBLISH", "").split(",") if a.strip()]
    env = {
        **os.environ,
        "WEB_CONCURRENCY": str(workers),
        "LIVE_PUBLISH": ",".join(dict.fromkeys(publish)),
        "GUNICORN_CONTROL_SOCKET": str(run / "gunicorn.ctl"),
    }
    gunicorn_bin = Path(sys.executable).with_name("gunicorn")
    app = subprocess.Popen(
        [
            str(gunicorn_bin),
            "-c",
            "python:scorekeeper.server.gunicorn",
            "--bind",
            f"unix:{run}/app.sock",
        ],
        cwd=ROOT,
        env=env,
    )
    wait_for(run / "app.sock", app)
    proxy = subprocess.Popen(nginx, cwd=ROOT, env=env)
    processes = [proxy, app]

    def stop(signum: int = signal.SIGTERM, _frame: object = None) -> None:
        for process in processes:
            if process.poll() is None:
                # nginx's SIGQUIT lets open requests finish; gunicorn's SIGTERM does too.
                process.send_signal(signal.SIGQUIT if process is proxy else signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        while all(process.poll() is None for process in processes):
            time.sleep(0.2)
    finally:
        stop()
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
    return next(p.returncode for p in processes if p.returncode is not None) or 0


if __name__ == "__main__":
    sys.exit(main())
