"""The ASGI application the server runs (gunicorn with uvicorn's workers, serving.py)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django_application = get_asgi_application()  # sets Django up before the app's modules load

from .body_limits import BodyLimits  # noqa: E402
from .live_asgi import LiveEvents  # noqa: E402

application = BodyLimits(LiveEvents(django_application))
