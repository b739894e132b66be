"""Log lines never carry a game's or a group's token: it is the only credential there is.

Every path Django writes to a log (its warnings for 4xx and 5xx answers; nginx logs the
requests, scorekeeper/server) shows `/g/…/` and `/club/…/` instead of the token.
"""

from __future__ import annotations

import logging
import re

# Any spelling the app still routes: slashes doubled, a space before the token, capitals.
TOKEN_IN_PATH = re.compile(r"/+(g|club|j|s)/+[^/\"?#]*", re.IGNORECASE)

# The server's loggers (gunicorn's own, and uvicorn's under its gunicorn worker) and
# Django's, which warn with the request's path on every 4xx and 5xx answer.
LOGGERS = (
    "gunicorn.access",
    "gunicorn.error",
    "django.request",
    "django.server",
    "django.security",
    "django.security.csrf",
)


def redact(text: str) -> str:
    return TOKEN_IN_PATH.sub(lambda m: f"/{m.group(1)}/…", text)


class RedactTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


def install() -> None:
    """Put the filter on each logger and on each of their handlers (a record propagated from
    a child logger passes its ancestors' handlers, not their filters)."""
    redactor = RedactTokens()
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for target in [logger, *logger.handlers]:
            if not any(isinstance(f, RedactTokens) for f in target.filters):
                target.addFilter(redactor)
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, RedactTokens) for f in handler.filters):
            handler.addFilter(redactor)
