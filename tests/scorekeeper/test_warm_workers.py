"""A server process prepares before it forks its workers what each would prepare on its own
first request (scorekeeper/web/warm.py): a worker gunicorn starts or recycles answers its
first pages nearly as fast as its hundredth."""

from contextlib import contextmanager
from unittest import mock

from django.forms.renderers import get_default_renderer
from django.template import engines
from django.template.loaders.filesystem import Loader

from scorekeeper.web.warm import template_names, warm_up


def forget_compiled_templates() -> None:
    """As in a process that never rendered a page (other tests in this one did)."""
    for engine in [*engines.all(), get_default_renderer().engine]:
        for loader in engine.engine.template_loaders:
            loader.reset()


@contextmanager
def templates_read():
    """The names of the template files read from disk meanwhile."""
    read: list[str] = []
    real = Loader.get_contents

    def reading(loader, origin):
        read.append(origin.template_name)
        return real(loader, origin)

    with mock.patch.object(Loader, "get_contents", reading):
        yield read


def test_every_template_of_the_project_is_found_by_the_name_views_load():
    names = template_names()
    assert {"base.html", "games/game.html", "games/_scoreboard.html"} <= set(names)
    assert not [name for name in names if name.startswith("/") or "\\" in name]


def test_after_the_warm_up_no_page_reads_a_template_file(client, page_tour):
    forget_compiled_templates()
    assert warm_up() == len(template_names())
    with templates_read() as read:
        for name, url in page_tour.items():
            assert client.get(url).status_code in (200, 302), name
    assert read == []


def test_without_the_warm_up_the_first_page_reads_its_templates(client, page_tour):
    """The test above would pass vacuously if pages read no files at all."""
    forget_compiled_templates()
    with templates_read() as read:
        assert client.get(page_tour["game"]).status_code == 200
    assert "games/game.html" in read
