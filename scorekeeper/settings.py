"""Settings: SQLite by default so a checkout just works; DATABASE_URL switches to PostgreSQL."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off", ""}:
        return False
    raise ValueError(f"{name} must be a boolean, not {value!r}")


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def local_secret_key() -> str:
    # A key made once per checkout and kept out of git: safe for local use without setup.
    path = BASE_DIR / ".secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


def database_from_url(url: str) -> dict[str, Any]:
    config = dj_database_url.parse(
        url,
        # gunicorn's sync workers answer one request at a time: each keeps one connection
        # (WEB_CONCURRENCY of them in all), checked before the first query of a request.
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", 600)),
        conn_health_checks=env_bool("DB_HEALTH_CHECKS", True),
    )
    if config["ENGINE"] != "django.db.backends.postgresql":
        raise ValueError(f"DATABASE_URL {url.split(':')[0]!r} is not supported (use postgres://)")
    if env_bool("DB_PREPARED", True):
        # Server-side parameters, so a query run 5 times on a connection becomes a prepared
        # statement: PostgreSQL then skips parsing and planning (a quarter of a short query's
        # time here). Poolers in transaction mode that cannot follow them: DB_PREPARED=0.
        config["OPTIONS"] = {
            **config.get("OPTIONS", {}),
            "server_side_binding": True,
            "prepare_threshold": 5,
        }
    return dict(config)


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY") or local_secret_key()
# At a kitchen table the phones reach the host by its LAN address, which we cannot know.
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "*")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "scorekeeper",
    # The areas of the web app, each with its templates beside its views (models stay in
    # scorekeeper, whose migrations hold them all).
    "scorekeeper.web",
    "scorekeeper.games",
    "scorekeeper.seats",
    "scorekeeper.groups",
    "scorekeeper.exchange",
    "scorekeeper.sheets",
    "scorekeeper.rules",
    "scorekeeper.own_games",
    "scorekeeper.checker",
    "scorekeeper.pwa",
]

MIDDLEWARE = [
    # First, so their headers reach every answer, static files (whitenoise's) included.
    "scorekeeper.core.capability.CapabilityHeadersMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "scorekeeper.web.middleware.DatabaseBusyMiddleware",
]
CSRF_FAILURE_VIEW = "scorekeeper.web.errors.csrf_failure"

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scorekeeper.core.capability.robots",
                "scorekeeper.web.streams.live_streams",
            ],
        },
    }
]

if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": database_from_url(os.environ["DATABASE_URL"])}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", BASE_DIR / "db.sqlite3"),
            # Opening the file and setting WAL on every request cost more than the page.
            "CONN_MAX_AGE": 600,
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": {
                # WAL lets the view-only phones read while one phone writes; IMMEDIATE takes
                # the write lock up front so two writers queue instead of failing mid-way.
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
            # Tests use a real file, not shared-cache memory, so threads and the live server
            # lock the way production does (busy timeout, WAL) instead of failing at once.
            "TEST": {"NAME": os.environ.get("SQLITE_TEST_PATH", str(BASE_DIR / "test-db.sqlite3"))},
        }
    }

# The cache holds rendered view-only pages keyed by game version, so a stale page is never
# served. With REDIS_URL, app instances share Redis; else the workers of one machine share
# files (Django's file cache): a version is then rendered once for all of them, where a
# memory cache per process rendered it again in each worker a viewer asked.
CACHES: dict[str, dict[str, object]]
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "rami"),
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ.get("PAGE_CACHE_DIR", str(BASE_DIR / ".page-cache")),
            # Copies are read within seconds of their version, and each write lists the
            # folder (4 ms at 2,000 files, 1 ms at 500): a third is dropped at 500.
            "OPTIONS": {"MAX_ENTRIES": 500},
        }
    }

# Where each game's new version is published for its open pages (nginx's nchan, set by
# scorekeeper/server): `unix:/path` or `http://host:port`, comma-separated. Empty (Django's
# own server): no streams, the pages poll.
LIVE_PUBLISH = env_list("LIVE_PUBLISH", "")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "fr"
# Each language named in its own words: the switch offers them to someone who reads them.
LANGUAGES = [("fr", "Français"), ("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365  # the language chosen stays with the phone
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Paris")
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "scorekeeper.core.static_storage.MinifiedStaticFilesStorage"},
}
# Tests and DEBUG runs need no collectstatic; whitenoise then serves from the finders.
WHITENOISE_USE_FINDERS = DEBUG or env_bool("WHITENOISE_USE_FINDERS", False)

SESSION_COOKIE_AGE = 60 * 60 * 24 * 365  # a device keeps its list of games for a year
# The session only holds the device's own list of games and recent names: a signed cookie
# keeps it on the device, costs no database query per page, and leaves instances stateless.
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"  # the game's capability token is in its URL
X_FRAME_OPTIONS = "DENY"

if env_bool("PRODUCTION", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # Load balancers probe the health check over plain HTTP inside the network.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Uploads (an exported game at most): a larger file is skipped as it arrives, a body larger
# than its page takes is refused unread (body_limits.py), and a form carries one file.
DATA_UPLOAD_MAX_NUMBER_FILES = 1
FILE_UPLOAD_HANDLERS = [
    "scorekeeper.exchange.uploads.BoundedUpload",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
