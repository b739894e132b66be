"""A game's changes pushed to its open pages: a Server-Sent Events stream of its version.

Django only authorises the stream, through every middleware like any page (hosts, headers):
it answers with `X-Accel-Redirect` to the game's and the link's channels, and nginx's nchan
module then holds the stream (scorekeeper/records/live.py publishes into it). Each event is the
game's new version; the page then fetches what changed (`/live/?v=`). When the stream opens
the page asks once for what changed since the version it shows, so nothing published before
it listened is missed. Where no stream server is in front (Django's own server, the tests'
client) the answer is 204: the browser does not retry, and the page polls.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scorekeeper.core.tokens import token_hash
from scorekeeper.models import Game, SeatLink
from scorekeeper.records import live
from scorekeeper.web.access import MAX_TOKEN, by_token_hash


def game_of(token: str) -> tuple[int, str]:
    """The game an edit, view or seat link opens, and that link's stored hash."""
    if not token or len(token) > MAX_TOKEN:
        raise Http404(_("No game at this address."))
    digest = token_hash(token)
    game_id = Game.objects.filter(by_token_hash(digest)).values_list("pk", flat=True).first()
    if game_id is None:
        game_id = (
            SeatLink.objects.filter(token_hash=digest).values_list("game_id", flat=True).first()
        )
    if game_id is None:
        raise Http404(_("No game at this address."))
    return game_id, digest


@require_GET
def game_events(request: HttpRequest, token: str) -> HttpResponse:
    game_id, digest = game_of(token)
    if not settings.LIVE_PUBLISH:
        return HttpResponse(status=204)
    response = HttpResponse()
    response["X-Accel-Redirect"] = live.stream_path(game_id, digest)
    response["X-Accel-Buffering"] = "no"
    return response
