"""A viewer's board is rendered once per version, however many phones ask for it at once."""

import threading
import time

import pytest
from django.core.cache import cache

from scorekeeper import render_once


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def test_phones_asking_at_the_same_moment_share_one_rendering():
    renders = []
    start = threading.Barrier(6)

    def render():
        renders.append(1)
        time.sleep(0.05)  # long enough for every other phone to arrive meanwhile
        return b"board v2"

    answers = []

    def phone():
        start.wait()
        answers.append(render_once.cached("game:t:2:fr:live", 60, render))

    phones = [threading.Thread(target=phone) for _ in range(6)]
    for p in phones:
        p.start()
    for p in phones:
        p.join()
    assert answers == [b"board v2"] * 6
    assert len(renders) == 1


def test_a_later_phone_reads_the_copy_without_rendering():
    render_once.cached("game:t:3:fr:live", 60, lambda: b"board v3")
    assert render_once.cached("game:t:3:fr:live", 60, lambda: pytest.fail("rendered")) == (
        b"board v3"
    )


def test_a_failed_rendering_leaves_the_next_phone_free_to_render():
    def broken():
        raise RuntimeError("template error")

    with pytest.raises(RuntimeError):
        render_once.cached("game:t:4:fr:live", 60, broken)
    assert render_once.cached("game:t:4:fr:live", 60, lambda: b"board v4") == b"board v4"
    assert render_once._rendering == {}
