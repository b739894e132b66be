"""Pages reached by a capability link (/g/<token>/…) stay out of search engines.

The token in the address is the only key to a game: a crawler that found one link must not
index it or follow it to the others. The header covers PDFs and fragments; the base template
adds the matching <meta name="robots"> to pages.
"""

from __future__ import annotations

CAPABILITY_PREFIXES = ("/g/", "/club/")  # games' links, groups' links
ROBOTS = "noindex, nofollow"


def is_capability_page(path: str) -> bool:
    return path.startswith(CAPABILITY_PREFIXES)


class NoIndexMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if is_capability_page(request.path):
            response["X-Robots-Tag"] = ROBOTS
        return response


def robots(request) -> dict:
    """Template context: the robots meta for capability pages."""
    return {"robots": ROBOTS if is_capability_page(request.path) else ""}
