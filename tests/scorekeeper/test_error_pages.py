"""Our own error pages: in the phone's language, in the app's look, with the way home."""

import pytest

from .helpers import texts


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "title", "home"),
    [("en", "Nothing at this address", "Home page"), ("fr", "Rien à cette adresse", "Accueil")],
)
def test_an_unknown_address_gets_our_404_page(client, language, title, home):
    client.get(f"/language/{language}/")
    for path in ("/no-such-page/", "/g/not-a-token/", "/club/not-a-token/"):
        response = client.get(path)
        assert response.status_code == 404, path
        page = response.content.decode()
        assert texts(page, "h1") == [title], path
        assert '<meta name="viewport"' in page
        assert home in texts(page, "a")


@pytest.mark.django_db
@pytest.mark.allow_5xx
def test_a_fault_gets_our_500_page(client, monkeypatch):
    from scorekeeper.games.views import home

    def broken(*args, **kwargs):
        raise RuntimeError("a fault")

    monkeypatch.setattr(home, "render", broken)
    client.raise_request_exception = False
    client.get("/language/en/")
    response = client.get("/")
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()
