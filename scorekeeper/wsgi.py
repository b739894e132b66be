"""The WSGI application gunicorn serves (scorekeeper/server/gunicorn.py loads it once, in its
master, before forking the workers)."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from scorekeeper.web.warm import warm_up

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_wsgi_application()
# Every view's module loaded now, not on each worker's first request (1.7 s here): a worker
# forked from this process answers at once, also when gunicorn replaces one.
get_resolver().check()
# Every template compiled and every language read now too, for the same reason.
warm_up()
# What the app loaded lives as long as the process: kept out of the garbage collector's
# full passes, which would walk all of it (a round entry's collections took half as long).
gc.collect()
gc.freeze()
