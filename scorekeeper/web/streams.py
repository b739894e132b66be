"""Whether pages open a stream of the game's versions (nginx holds them when the app
publishes to it, `settings.LIVE_PUBLISH`). Without one (Django's own server) a page is given
no stream's address and polls; a stream refused by a busy server is opened again later."""

from __future__ import annotations

from django.http import HttpRequest

from scorekeeper.records import live


def live_streams(request: HttpRequest) -> dict[str, bool]:
    return {"live_streams": live.publishing()}
