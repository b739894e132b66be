"""Phones receive our scripts without comments; what they receive still parses and runs."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.servers import collected_static

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))
NODE = shutil.which("node")


def node_parses(path: Path) -> None:
    checked = subprocess.run([NODE, "--check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, f"{path.name}: {checked.stderr}"


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> Path:
    """Collected as `./dev start` does (shared with this test process's servers)."""
    return collected_static(tmp_path_factory.mktemp("static"))


def hashed(collected: Path, name: str) -> Path:
    manifest = json.loads((collected / "staticfiles.json").read_text())
    return collected / manifest["paths"][name]


def test_every_script_is_collected_without_its_comments_and_smaller(collected):
    for source in SCRIPTS:
        sent = hashed(collected, f"js/{source.name}").read_text()
        assert len(sent) < 0.9 * len(source.read_text()), source.name
        assert "\n//" not in sent and "/* " not in sent, source.name


def test_the_compressed_copies_are_of_the_minified_script(collected):
    import gzip

    for source in SCRIPTS:
        sent = hashed(collected, f"js/{source.name}")
        packed = sent.with_name(sent.name + ".gz")
        assert gzip.decompress(packed.read_bytes()) == sent.read_bytes(), source.name


@pytest.mark.skipif(NODE is None, reason="node is needed to parse the scripts")
def test_every_collected_script_still_parses(collected):
    for source in SCRIPTS:
        node_parses(hashed(collected, f"js/{source.name}"))


def test_the_page_scripts_are_collected_as_one_file_in_their_order(collected):
    from scorekeeper.core.static_storage import PAGE_BUNDLE, PAGE_SCRIPTS

    bundle = hashed(collected, PAGE_BUNDLE).read_text()
    parts = [hashed(collected, name).read_text() for name in PAGE_SCRIPTS]
    assert bundle == ";\n".join(parts)
    assert "js/outbox.js" not in PAGE_SCRIPTS  # the service worker loads it on its own
    brotli = pytest.importorskip("brotli")
    packed = hashed(collected, PAGE_BUNDLE).with_name(hashed(collected, PAGE_BUNDLE).name + ".br")
    apart = sum(len(brotli.compress(part.encode())) for part in parts)
    assert len(packed.read_bytes()) < apart - 512  # together, at least half a kilobyte less


@pytest.mark.skipif(NODE is None, reason="node is needed to parse the scripts")
def test_the_bundle_still_parses(collected):
    from scorekeeper.core.static_storage import PAGE_BUNDLE

    node_parses(hashed(collected, PAGE_BUNDLE))


def test_the_stylesheet_is_collected_without_comments_and_keeps_every_rule(collected):
    import re

    source = (ROOT / "static" / "css" / "app.css").read_text()
    sent = hashed(collected, "css/app.css").read_text()
    assert "/*" not in sent and len(sent) < 0.85 * len(source)
    without_comments = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    assert sent.count("{") == without_comments.count("{")  # every rule and block kept


def test_pages_load_the_bundle_once_collected_and_each_source_in_debug(settings):
    from django.test import override_settings

    from scorekeeper.core.static_storage import PAGE_BUNDLE, PAGE_SCRIPTS, page_scripts

    minified = {"BACKEND": "scorekeeper.core.static_storage.MinifiedStaticFilesStorage"}
    with override_settings(STORAGES={**settings.STORAGES, "staticfiles": minified}):
        with override_settings(DEBUG=False):
            assert page_scripts() == [PAGE_BUNDLE]
        with override_settings(DEBUG=True):  # runserver and DEBUG serve the sources
            assert page_scripts() == list(PAGE_SCRIPTS)
    assert page_scripts() == list(PAGE_SCRIPTS)  # the tests' plain storage (tests/conftest.py)


def test_the_worker_keeps_every_script_the_page_loads(client):
    from scorekeeper.core.static_storage import page_scripts
    from scorekeeper.pwa import shell as pwa

    kept = pwa.precache()
    for name in ["js/outbox.js", "django_htmx/htmx-2.min.js", *page_scripts()]:
        assert any(url.endswith(name) for url in kept), name
    page = client.get("/").content.decode()
    for url in kept:
        if url.endswith(".js"):
            assert f'src="{url}"' in page, url


@pytest.mark.skipif(NODE is None, reason="node is needed to parse the scripts")
def test_the_service_worker_is_sent_minified_and_parses(client, tmp_path):
    response = client.get("/sw.js")
    body = response.content.decode()
    assert "// Service worker" not in body and "importScripts(" in body
    worker = tmp_path / "sw.js"
    worker.write_text(body)
    node_parses(worker)
