"""The language switch: a plain link, so pages without a form (the view-only page) need no
CSRF token and every visitor of a game version can be sent the same cached bytes.

A GET that sets a cookie: the worst a forged link can do is show the visitor the other
language, which the same link puts right.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET

LANGS = {code for code, _name in settings.LANGUAGES}


@require_GET
def switch(request: HttpRequest, code: str) -> HttpResponse:
    if code not in LANGS:
        raise Http404
    target = request.GET.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    response = redirect(target if safe and target else "home")
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=False,
    )
    return response
