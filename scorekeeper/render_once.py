"""A cached page rendered once however many phones ask for it at the same moment.

When a round lands, every viewer of the game hears the news in the same instant and asks for
the new version's live board together: without this, each of them found the cache empty and
rendered the same board (the capacity bench saw nearly every viewer's fetch render). Here the
first asker in this process renders; the others wait for it and read its copy.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.core.cache import cache

_guard = threading.Lock()
_rendering: dict[str, threading.Lock] = {}


def cached[T](key: str, seconds: int, render: Callable[[], T]) -> T:
    """`cache[key]`, made by `render()` by one thread of this process when it is missing."""
    found = cache.get(key)
    if found is not None:
        return found
    with _guard:
        lock = _rendering.setdefault(key, threading.Lock())
    try:
        with lock:
            found = cache.get(key)  # the thread that held the lock may have made it
            if found is None:
                found = render()
                cache.set(key, found, seconds)
            return found
    finally:
        with _guard:
            # Later askers find the copy in the cache; one that missed it makes a new lock.
            if _rendering.get(key) is lock:
                del _rendering[key]
