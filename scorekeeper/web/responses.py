"""The one way a refused change is answered: its message, where it shows, and its status.

A service error names the field at fault (or the engine's problems name theirs), so this is
the only place that turns either into form errors. A refused form answers with its honest
status (422, or 409 when another phone changed the game) to htmx and plain requests alike:
the page's htmx config swaps 409 and 422 answers in. A page that answers htmx with a fragment
says so with `Vary: HX-Request`, so no cache serves one for the other.
"""

from __future__ import annotations

from typing import Any

from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from scorekeeper.core.refusals import ServiceError, service_message

REFUSED = 422  # a form the app understood and refuses: its errors are in the page


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (the type views are annotated with)."""

    htmx: HtmxDetails


def add_refusal(form: Form, error: ServiceError) -> None:
    """Put a refusal next to the field it names: each engine problem, else the error itself."""
    if error.problems and hasattr(form, "add_problems"):
        form.add_problems(error.problems)
        return
    form.add_error(error.field if error.field in form.fields else None, service_message(error))


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
