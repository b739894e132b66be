"""A busy server refuses a page's stream (503, Retry-After): the page asks once what changed
and opens its stream again later, each time twice as late, instead of asking every 3 s for
as long as it stays open (which kept a server that sheds as busy as it was). Once a stream
opens, the news shows as it does for every phone. On the server as `./dev start` runs it."""

from __future__ import annotations

import time

import pytest

from .conftest import phone_context
from .test_live_table import enter_round, start_game

pytestmark = pytest.mark.browser


def test_a_refused_stream_is_opened_again_later_each_time_then_hears_the_news(browser, server):
    scorer_context = phone_context(browser, server)
    scorer = scorer_context.new_page()
    scorer.set_default_timeout(10_000)
    edit, view = start_game(scorer)

    context = phone_context(browser, server)
    refused: list[float] = []

    def busy(route):
        refused.append(time.monotonic())
        route.fulfill(status=503, headers={"Retry-After": "2"}, body="busy")

    context.route("**/events/", busy)
    viewer = context.new_page()
    viewer.set_default_timeout(10_000)
    asked: list[float] = []
    viewer.on("request", lambda r: asked.append(time.monotonic()) if "/live/" in r.url else None)
    viewer.goto(view)
    viewer.wait_for_timeout(6_500)  # refused at once, within 2 s, then within 4 s more

    gaps = [b - a for a, b in zip(refused, refused[1:], strict=False)]
    assert len(refused) >= 3, gaps  # opened again, not given up for polling
    assert 0.9 <= gaps[0] <= 2.5 and 1.9 <= gaps[1] <= 4.5, gaps  # within 2 s, then 4 s
    # What changed is asked once after each refusal, never every 3 s besides.
    assert len(asked) <= len(refused), (asked, refused)

    context.unroute("**/events/")
    enter_round(scorer, ["0", "12", "7"])
    # The next opening (within the last wait, at most 8 s) hears the round.
    viewer.locator('#live[data-version="1"]').wait_for(timeout=20_000)
    assert "12" in viewer.inner_text("#live")
    context.close()
    scorer_context.close()
