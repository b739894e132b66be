"""The installable app: manifest, service worker at the root, offline page."""

from django.contrib.staticfiles import finders

from scorekeeper.pwa import shell as pwa


def test_every_page_links_the_manifest_in_its_language(client):
    html = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=fr">' in html
    assert 'name="theme-color" content="#141312" media="(prefers-color-scheme: dark)"' in html


def test_the_manifest_meets_the_install_criteria(client):
    response = client.get("/manifest.webmanifest?lang=fr")
    manifest = response.json()
    assert response["Content-Type"] == "application/manifest+json"
    assert manifest["name"] == "Feuille de score Rami"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"].startswith("/")
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_the_manifest_speaks_english_too(client):
    assert client.get("/manifest.webmanifest?lang=en").json()["name"] == "Rami score keeper"


def test_every_icon_the_manifest_lists_exists(client):
    for icon in client.get("/manifest.webmanifest").json()["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_the_service_worker_is_served_from_the_root_and_never_cached(client):
    response = client.get("/sw.js")
    body = response.content.decode()
    assert response["Content-Type"] == "text/javascript"
    assert response["Cache-Control"] == "no-cache"
    for url in pwa.precache():
        assert f'"{url}"' in body
    assert "/offline/" in body


def test_the_worker_changes_when_the_shell_changes(settings):
    before = pwa.version("worker")
    settings.STATIC_URL = "/static/v2/"
    assert pwa.version("worker") != before


def test_the_offline_page_explains_what_still_works(client):
    html = client.get("/offline/").content.decode()
    assert "Pas de connexion" in html
    assert "data-saved-pages" in html
