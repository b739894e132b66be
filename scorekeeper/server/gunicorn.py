"""gunicorn's settings behind nginx (`gunicorn -c python:scorekeeper.server.gunicorn`).

Sync workers: nginx hands each one a whole request at a time and takes its answer at once,
so a worker never waits on a phone. Each request runs inside Django's request cycle, and a
request stuck past `timeout` gets its worker restarted (a sync worker's heartbeat comes from
its request loop, so it stops while a request is stuck). `max_requests` recycles a worker
now and then, so one that grew (a large import) gives its memory back; loaded before the
fork, with every template compiled (scorekeeper/web/warm.py), a new worker answers its
first request nearly as fast as its hundredth.
"""

import os

from scorekeeper.server.workers import default_workers

wsgi_app = "scorekeeper.wsgi:application"
worker_class = "sync"
preload_app = True  # the app loaded once, before the workers fork (scorekeeper/wsgi.py)
workers = int(os.environ.get("WEB_CONCURRENCY") or default_workers())
timeout = 30
graceful_timeout = 10
max_requests = 5000
max_requests_jitter = 500
accesslog = None  # nginx logs every request (without tokens)
# Its control socket in the run folder the launcher gives (gunicorn's default is one path
# for every instance on the host); without one, none.
if os.environ.get("GUNICORN_CONTROL_SOCKET"):
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]
else:
    control_socket_disable = True
