"""The one way a refused change is answered: its message, where it shows, and its status.

A service error names the field at fault (or the engine's problems name theirs), so this is
the only place that turns either into form errors. htmx swaps only 2xx answers into the page,
so a refusal it asked for comes back 200 with the form's errors in it; a plain request gets
the real status.
"""

from __future__ import annotations

from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from ..refusals import ServiceError, service_message


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (the type views are annotated with)."""

    htmx: HtmxDetails


def add_refusal(form: Form, error: ServiceError) -> None:
    """Put a refusal next to the field it names: each engine problem, else the error itself."""
    if error.problems and hasattr(form, "add_problems"):
        form.add_problems(error.problems)
        return
    form.add_error(error.field if error.field in form.fields else None, service_message(error))


def refusal_status(request: HtmxHttpRequest, status: int) -> int:
    return 200 if request.htmx else status


def back_to_game(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """After a change: the game page (htmx follows with a full navigation)."""
    url = reverse("game", args=[token])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)
