"""Static files as phones receive them: our scripts and stylesheet without their comments and
indentation, the page's own scripts as one file, then hashed and compressed by whitenoise.
The sources keep their comments and stay one file a job; DEBUG and the tests serve them as
written, each on its own."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import rcssmin
import rjsmin
from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Only the app's own files: htmx arrives minified and the admin's are not ours.
OWN_SCRIPTS = "js/"
OWN_STYLES = "css/"
# The scripts every page runs after htmx and the outbox (which the service worker also loads
# on its own), in their order. Compressed together they weigh a kilobyte less than apart, and
# a first visit makes three requests fewer.
PAGE_SCRIPTS = (
    "js/app.js",
    "js/new_game.js",
    "js/checker.js",
    "js/share.js",
    "js/provisional.js",
    "js/sync.js",
    "js/saved_pages.js",
    "js/live.js",
    "js/seat.js",
    "js/screen.js",
)
PAGE_BUNDLE = "js/page.js"


def minified(name: str, text: str) -> str:
    return str(rjsmin.jsmin(text) if name.endswith(".js") else rcssmin.cssmin(text))


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    def post_process(
        self, paths: dict[str, Any], dry_run: bool = False, **options: Any
    ) -> Iterator[Any]:
        if not dry_run:
            sent: dict[str, str] = {}
            for name in list(paths):
                own = (name.startswith(OWN_SCRIPTS) and name.endswith(".js")) or (
                    name.startswith(OWN_STYLES) and name.endswith(".css")
                )
                if own:
                    with self.open(name) as source:
                        sent[name] = minified(name, source.read().decode("utf-8"))
                    self.delete(name)
                    self.save(name, ContentFile(sent[name].encode("utf-8")))
                    # Hashed and compressed from the minified copy, not from the source.
                    paths[name] = (self, name)
            if all(name in sent for name in PAGE_SCRIPTS):
                # Each script is its own function: one after the other, they run as apart.
                bundle = ";\n".join(sent[name] for name in PAGE_SCRIPTS)
                if self.exists(PAGE_BUNDLE):
                    self.delete(PAGE_BUNDLE)
                self.save(PAGE_BUNDLE, ContentFile(bundle.encode("utf-8")))
                paths[PAGE_BUNDLE] = (self, PAGE_BUNDLE)
        yield from super().post_process(paths, dry_run, **options)


def page_scripts() -> list[str]:
    """The static names of the scripts a page loads after htmx and the outbox: the collected
    bundle where the server sends collected files, else each source (DEBUG, the tests)."""
    if not settings.DEBUG and isinstance(staticfiles_storage, MinifiedStaticFilesStorage):
        return [PAGE_BUNDLE]
    return list(PAGE_SCRIPTS)
