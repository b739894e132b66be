"""Static files as phones receive them: our scripts without their comments, then hashed and
compressed by whitenoise. The sources keep the comments; DEBUG serves them as written."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import rjsmin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Only the app's own scripts: htmx arrives minified and the admin's are not ours.
OWN_SCRIPTS = "js/"


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def post_process(
        self, paths: dict[str, Any], dry_run: bool = False, **options: Any
    ) -> Iterator[Any]:
        if not dry_run:
            for name in list(paths):
                if name.startswith(OWN_SCRIPTS) and name.endswith(".js"):
                    with self.open(name) as source:
                        script = source.read().decode("utf-8")
                    self.delete(name)
                    self.save(name, ContentFile(rjsmin.jsmin(script).encode("utf-8")))
                    # Hashed and compressed from the minified copy, not from the source.
                    paths[name] = (self, name)
        yield from super().post_process(paths, dry_run, **options)
