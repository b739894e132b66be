"""gunicorn's settings for the server as `./dev start`, CI's smoke run and the tests start it
(`gunicorn -c python:scorekeeper.serving`): gunicorn managing uvicorn's workers, which serve
the ASGI application (scorekeeper/asgi.py).

Why ASGI: a request body is read by the event loop as it arrives, so slow or stalled
senders hold a coroutine, not one of a few worker threads (16 clients at 10 bytes/s used to
stall every page); body size and time are bounded in scorekeeper/body_limits.py.
gunicorn restarts a worker that dies; any setting can still be given on the command line
(`--bind`, `--workers`).
"""

import os

wsgi_app = "scorekeeper.asgi:application"
worker_class = "uvicorn_worker.UvicornWorker"
# Two per core: each worker holds half as many open streams, so its full garbage collection
# (which stops all of its requests) is half as long, and its threads share one interpreter
# lock with fewer others. At 2,000 live tables on PostgreSQL, 2 workers x 8 threads went
# over p95 100 ms in three runs of three, 4 x 4 in two of four (bench/RESULTS.md).
workers = int(os.environ.get("WEB_CONCURRENCY", "4"))
bind = [os.environ.get("BIND", "0.0.0.0:8000")]
keepalive = 5  # seconds an idle phone's connection stays open
timeout = 30  # a worker that stops answering its heartbeat is restarted
graceful_timeout = 10
accesslog = os.environ.get("ACCESS_LOG", "-")
