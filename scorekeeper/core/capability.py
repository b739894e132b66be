"""Pages reached by a capability link (/g/<token>/…) stay out of search engines and caches.

The token in the address is the only key to a game: a crawler that found one link must not
index it or follow it to the others, and no shared or disk cache may keep a page or a file
that carries it (`private, no-store`, unless the view chose a private caching of its own,
as the versioned charts do). The headers cover PDFs, JSON, CSV and fragments; the base
template adds the matching <meta name="robots"> to pages. Every answer also says which
browser features the app never uses (Permissions-Policy).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

CAPABILITY_PREFIXES = ("/g/", "/club/", "/j/", "/s/")  # games, groups, players' own links
ROBOTS = "noindex, nofollow"
NO_STORE = "private, no-store"
# Sharing (the share sheet) and copying a link are the app's own; nothing else is asked for.
PERMISSIONS_POLICY = (
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), "
    "midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), "
    "web-share=(self), clipboard-write=(self)"
)


def is_capability_page(path: str) -> bool:
    return path.startswith(CAPABILITY_PREFIXES)


class CapabilityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if is_capability_page(request.path):
            response["X-Robots-Tag"] = ROBOTS
            if "private" not in response.get("Cache-Control", ""):
                response["Cache-Control"] = NO_STORE
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response


def robots(request: HttpRequest) -> dict[str, str]:
    """Template context: the robots meta for capability pages."""
    return {"robots": ROBOTS if is_capability_page(request.path) else ""}
