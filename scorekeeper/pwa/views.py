"""Served from the site root for the installable app: manifest, service worker, offline page."""

from __future__ import annotations

import json

import rjsmin
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import get_template
from django.urls import reverse
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import conditional_page, require_GET

from scorekeeper.core.i18n import lang
from scorekeeper.pwa import shell as pwa

LANGS = {code for code, _name in settings.LANGUAGES}


@require_GET
@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> HttpResponse:
    wanted = request.GET.get("lang", "")
    body = json.dumps(pwa.manifest(wanted if wanted in LANGS else lang()), ensure_ascii=False)
    return HttpResponse(body, content_type="application/manifest+json")


@require_GET
@cache_control(no_cache=True)
@conditional_page
def service_worker(request: HttpRequest) -> HttpResponse:
    # At the root so its scope is the whole site; no-cache so a release is seen at once.
    template = get_template("pwa/sw.js")
    context = {
        "version": "",
        "precache": json.dumps(pwa.precache()),
        "offline_url": json.dumps(reverse("offline")),
        "static_prefix": json.dumps(settings.STATIC_URL),
    }
    # The version is a digest of the worker as served without it: any change of its code
    # or of a file it precaches makes a new one.
    context["version"] = pwa.version(template.render(context))
    # Sent without its comments, as the other scripts are once collected.
    response = HttpResponse(rjsmin.jsmin(template.render(context)), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "pwa/offline.html")


@require_GET
@never_cache
def csrf_token(request: HttpRequest) -> JsonResponse:
    """A fresh CSRF token for an outbox replay whose page copy holds a stale one."""
    return JsonResponse({"token": get_token(request)})


@require_GET
@never_cache
def health(request: HttpRequest) -> HttpResponse:
    """For load balancers and the benchmarks' baseline: answers without touching the database."""
    return HttpResponse("ok", content_type="text/plain")
