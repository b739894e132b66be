"""The installable app: its web app manifest and what the service worker keeps on the phone."""

from __future__ import annotations

import hashlib
from typing import Any

from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from scorekeeper.core.static_storage import page_scripts

# Light and dark felt greens of the stylesheet (--accent) and its page backgrounds (--bg).
THEME_LIGHT, THEME_DARK = "#1f6f43", "#141312"
BACKGROUND_LIGHT = "#f7f5f0"

# The app shell: everything a game page needs besides its own HTML. Whitenoise's hashed names
# make each release a new set of URLs, so an update never mixes old and new files.
SHELL_STATIC = [
    "css/app.css",
    "js/outbox.js",
    "django_htmx/htmx-2.min.js",
    "img/icon.svg",
    "img/icon-192.png",
]


def manifest(lang: str) -> dict[str, Any]:
    with translation.override(lang):
        return {
            "name": _("Rami score keeper"),
            "short_name": _("Rami"),
            "description": _(
                "Scores, contracts and printable grids for rummy games played with real cards."
            ),
            "lang": lang,
            "dir": "ltr",
            "id": "/",
            "start_url": "/?source=pwa",
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "theme_color": THEME_LIGHT,
            "background_color": BACKGROUND_LIGHT,
            "categories": ["games", "utilities"],
            "icons": [
                {
                    "src": static("img/icon-192.png"),
                    "sizes": "192x192",
                    "type": "image/png",
                    "purpose": "any",
                },
                {
                    "src": static("img/icon-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "any",
                },
                {
                    "src": static("img/icon-maskable-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
                {"src": static("img/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            ],
            "shortcuts": [
                {"name": _("New game"), "url": reverse("game_new")},
                {"name": _("Check a lay-down"), "url": reverse("check")},
            ],
        }


def precache() -> list[str]:
    return [static(name) for name in [*SHELL_STATIC, *page_scripts()]] + [reverse("offline")]


def version(template_source: str) -> str:
    """Changes whenever a shell file or the worker's own code changes."""
    digest = hashlib.sha256("\n".join([template_source, *precache()]).encode())
    return digest.hexdigest()[:12]
