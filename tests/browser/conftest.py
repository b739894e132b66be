"""Browser fixtures: Debian's Chromium through Playwright, at a phone's viewport."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

# Playwright's sync API runs an event loop in this thread; the test's own ORM reads are safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The app as `./dev start` serves it, one for every browser test that needs it: each
    test makes its own games, and starting a server (nginx, gunicorn) costs 20 s."""
    from tests.servers import app_server

    with app_server(tmp_path_factory.mktemp("browser-server")) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium is missing: ./dev test installs it as root")
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


def phone_context(browser, base_url, width=390, height=844, **options):
    """A phone's browser context (touch, mobile, French unless `locale` says otherwise)."""
    options = {"has_touch": True, "is_mobile": True, "locale": "fr-FR"} | options
    return browser.new_context(
        viewport={"width": width, "height": height}, base_url=base_url, **options
    )


@pytest.fixture
def phone(browser, live_server):
    """A fresh phone-sized page (390x844, touch) on the live server."""
    context = phone_context(browser, live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.console_errors = errors
    yield page
    context.close()


@pytest.fixture
def open_phone(browser, live_server):
    """open_phone(url, width, height, scheme) -> a page at that size, touch, French."""
    contexts = []

    def open_(url, width=390, height=844, scheme="light", locale="fr-FR"):
        context = phone_context(
            browser, live_server.url, width, height, locale=locale, color_scheme=scheme
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(url)
        return page

    yield open_
    for context in contexts:
        context.close()
