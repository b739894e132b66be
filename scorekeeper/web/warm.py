"""What a server process prepares once, before gunicorn forks its workers: every template
compiled, every language's catalogue, formats and URL names read, the static files'
manifest loaded, the modules a first request imports.

Django does each of these lazily, on the first request that needs it, in each process. A
worker that gunicorn starts (or recycles, every few thousand requests) then spent 50-180 ms
of CPU on its first pages instead of 10-20, and under load three workers recycling close
together queued enough requests for nginx to shed some (503)."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any, cast

import django.forms
from django.apps import apps
from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.db import DEFAULT_DB_ALIAS, connections
from django.forms.renderers import get_default_renderer
from django.template import engines
from django.urls import reverse
from django.utils import formats, translation
from django.utils.module_loading import import_string

from rules_engine import load_highs


def template_settings() -> list[dict[str, Any]]:
    return cast(list[dict[str, Any]], settings.TEMPLATES)


def files_in(folders: list[Path]) -> list[str]:
    return sorted(
        {
            path.relative_to(folder).as_posix()
            for folder in folders
            if folder.is_dir()
            for path in folder.rglob("*")
            if path.is_file()
        }
    )


def template_names() -> list[str]:
    """Every template of the project's own folders and apps, by the name views load it by."""
    folders = [Path(folder) for config in template_settings() for folder in config["DIRS"]]
    folders += [
        Path(config.path) / "templates"
        for config in apps.get_app_configs()
        if config.name.startswith("scorekeeper")
    ]
    return files_in(folders)


def widget_template_names() -> list[str]:
    """The templates Django's form renderer draws fields with (its own engine)."""
    return files_in([Path(django.forms.__file__).parent / "templates"])


def warm_up() -> int:
    """Prepare what every worker would prepare on its own; the number of templates compiled."""
    names = template_names()
    for engine in engines.all():
        for name in names:
            engine.get_template(name)  # the cached loader keeps it, forked with the process
    renderer = get_default_renderer()
    for name in widget_template_names():
        renderer.get_template(name)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Score sheet")
            formats.get_format("DECIMAL_SEPARATOR")
            reverse("home")  # the resolver fills its names for reverse() once per language
    staticfiles_storage.url  # noqa: B018 (the lazy storage reads its manifest once)
    # What the first request imports: the context processors, the messages' and sessions'
    # classes, the database's SQL compiler (its module only: no connection is opened here,
    # since a connection must not cross the fork).
    for config in template_settings():
        for processor in config.get("OPTIONS", {}).get("context_processors", []):
            import_string(processor)
    import_string(settings.MESSAGE_STORAGE)
    import_string(settings.SESSION_SERIALIZER)
    import_module(connections[DEFAULT_DB_ALIAS].ops.compiler_module)
    load_highs()  # the finder's last resort (rules_engine/program.py): 0.6-1.7 s to import
    return len(names)
