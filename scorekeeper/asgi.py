"""The application the server runs (gunicorn with uvicorn's workers, serving.py).

The event loop holds what waits: each open page's stream of versions (live_asgi.py) and
each request's body until the whole of it has arrived (body_limits.BodyLimits). Django then
answers the request through its WSGI handler in a fixed pool of threads per worker
(django_threads.py), and the loop sends the answer. Through Django's own ASGI handler every
request made a thread of its own, opened a new database connection and crossed between the
loop and its threads four times: 2.9 ms of CPU for a cached viewer's board where this takes
0.7 ms, and at 2,000 tables p95 490 ms where this gives 130-160 ms (bench/RESULTS.md).
"""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django_application = get_wsgi_application()  # sets Django up before the app's modules load

from .body_limits import BodyLimits  # noqa: E402
from .django_threads import DjangoThreads  # noqa: E402
from .live_asgi import LiveEvents  # noqa: E402

THREADS = int(os.environ.get("WEB_THREADS", "4"))  # per worker: requests Django answers at once

application = BodyLimits(LiveEvents(DjangoThreads(django_application, THREADS)))

# What the worker loaded to start (Django, the app, the rules) lives as long as it does: kept
# out of the garbage collector's full passes, which otherwise walk all of it while holding
# the interpreter (a round entry spent 0.77 ms collecting, 0.35 ms after this).
gc.collect()
gc.freeze()
