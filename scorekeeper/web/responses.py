"""How a page answers: whole, or to htmx its fragment; back to the game after a change.

A page that answers htmx with a fragment says so with `Vary: HX-Request`, so no cache serves
one for the other. Refusals are answered by `scorekeeper.web.refusals`.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (the type views are annotated with)."""

    htmx: HtmxDetails


def page(
    request: HtmxHttpRequest,
    template: str,
    context: dict[str, Any],
    *,
    fragment: str | None = None,
    status: int = 200,
) -> HttpResponse:
    """The page, or to htmx its `fragment` (a template partial), with the answer's status."""
    name = f"{template}#{fragment}" if request.htmx and fragment else template
    response = render(request, name, context, status=status)
    if fragment:
        patch_vary_headers(response, ("HX-Request",))
    return response


def back_to_game(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """After a change: the game page (htmx follows with a full navigation)."""
    url = reverse("game", args=[token])
    response = HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    patch_vary_headers(response, ("HX-Request",))
    return response
