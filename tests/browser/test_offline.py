"""Offline-first: install, reload a game from the cache, rounds kept on the phone and sent once."""

import time
import warnings
from contextlib import contextmanager

import pytest
from django.core.signals import request_started
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.games.selectors import game_board
from scorekeeper.models import Round

from ..scorekeeper.helpers import round_data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Alice", "Bruno", "Chloé"]


def wait_until(page, expression, timeout=15.0):
    """Poll a JS expression (wait_for_function needs eval, which our CSP forbids)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false: {expression}"
        page.wait_for_timeout(100)


def wait_for_db(page, check, timeout=15.0, state=lambda: ""):
    """Poll the database; on time-out, `state()` says what the phone and server were doing.

    It waits through Playwright, not time.sleep: the sync API runs route handlers only while
    the test is inside a Playwright call, so sleeping would hold a routed request forever.
    """
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"the server never got there. {state()}"
        page.wait_for_timeout(100)


# Settles once the network is gone: a request that is not a GET bypasses the worker's cache.
OFFLINE = "fetch('/healthz', {method: 'HEAD', cache: 'no-store'}).then(() => false, () => true)"


def go_offline(page, timeout=10.0):
    """Take the phone's network away, and wait until the page and its service worker both
    find it gone, so that a round entered next is not sent while the emulation settles.
    It does not stop every round getting through (see `network_gone`)."""
    page.context.set_offline(True)
    wait_until(page, OFFLINE, timeout)
    deadline = time.monotonic() + timeout
    for worker in page.context.service_workers:
        try:
            while not worker.evaluate(OFFLINE):
                assert time.monotonic() < deadline, "the service worker still reaches the server"
                page.wait_for_timeout(100)
        except PlaywrightError:
            continue  # a worker that stopped meanwhile sends nothing


class NetworkGone(Exception):
    """A round that reached the server while the phone was offline."""


@contextmanager
def network_gone(page):
    """The phone offline for the block, as a dropped line: a round that reaches the server
    anyway is refused (500, which the outbox keeps for later), and kept in the list this
    yields with where it came from (the page, or the service worker: `/sw.js`). Chromium's
    emulation lets one through now and then: in CI the server once held a round the phone
    still showed as waiting, after the page and its worker had both found the network gone."""
    leaked: list[str] = []

    def refuse(sender, environ=None, **kwargs):
        if environ and environ["REQUEST_METHOD"] == "POST" and "/rounds/" in environ["PATH_INFO"]:
            leaked.append(f"{environ['PATH_INFO']} from {environ.get('HTTP_REFERER', '?')}")
            raise NetworkGone(leaked[-1])

    go_offline(page)
    request_started.connect(refuse, weak=False)
    try:
        yield leaked
    finally:
        request_started.disconnect(refuse)
        page.context.set_offline(False)


def open_controlled(page, url):
    """Open a page and wait until the service worker controls it and keeps a copy of it."""
    page.goto(url)
    wait_until(page, "navigator.serviceWorker.controller !== null")
    wait_until(page, f"caches.open('rami-pages').then(c => c.match('{url}')).then(r => !!r)")


def enter(page, out, points):
    for seat, value in points.items():
        page.locator(f'.hand[data-seat="{seat}"] input.points').fill(value)
    page.locator(f'.hand[data-seat="{out}"] input[name="went_out"]').check()
    page.get_by_role("button", name="Enregistrer la manche").click()


def pending_rows(page):
    return page.locator("table.scores tr.pending")


def enter_offline(page, url, out, points):
    """A round entered with the network gone, kept in the phone's outbox."""
    open_controlled(page, url)
    go_offline(page)
    enter(page, out, points)
    pending_rows(page).first.wait_for()


def test_the_app_is_installable_and_its_worker_controls_the_page(phone, start_game):
    g = start_game("rami-contrat", NAMES)
    open_controlled(phone, g.url)
    cdp = phone.context.new_cdp_session(phone)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["manifest"]["display"] == "kStandalone"
    # Playwright's contexts are incognito windows; nothing else stands in the way.
    errors = {
        e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    }
    assert errors <= {"in-incognito"}
    assert phone.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")


def test_a_game_page_reloads_from_the_cache_offline_and_unknown_pages_get_the_offline_page(
    phone, start_game
):
    g = start_game("rami-contrat", NAMES)
    open_controlled(phone, g.url)
    phone.context.set_offline(True)
    phone.reload()
    phone.get_by_role("heading", name="Manche 1 sur 7").wait_for()
    assert phone.locator("link[rel=stylesheet]").count() == 1
    assert (
        phone.evaluate("getComputedStyle(document.body).marginTop") == "0px"
    )  # the CSS came from the cache
    phone.goto("/grids/")
    phone.get_by_role("heading", name="Pas de connexion").wait_for()
    saved = phone.get_by_role("link", name="Rami Contrat", exact=False)
    saved.first.wait_for()  # the list is read from the cache after the page shows
    assert saved.count() == 1  # the saved game


def cached_copy(url):
    return f"caches.open('rami-pages').then(c => c.match('{url}')).then(r => r ? r.text() : '')"


def test_the_worker_keeps_the_page_without_downloading_it_again(phone, start_game):
    """First visit: the worker keeps the page as it arrived, not a second download; after a
    round, its copy takes the live part the save answered with, without the 'saved' note."""
    g = start_game("rami-contrat", NAMES)
    asked = []

    def seen(sender, environ=None, scope=None, **kwargs):
        path = (environ or {}).get("PATH_INFO") or (scope or {}).get("path")
        if path == g.url:
            asked.append(path)

    request_started.connect(seen, weak=False)
    try:
        open_controlled(phone, g.url)
        first = phone.evaluate(cached_copy(g.url))
        assert "Manche 1 sur 7" in first and "<!--live-->" in first
        enter(phone, 0, {1: "12", 2: "30"})
        phone.get_by_role("heading", name="Manche 2 sur 7").wait_for()
        wait_until(phone, f"{cached_copy(g.url)}.then(t => t.includes('Manche 2 sur 7'))")
        copy = phone.evaluate(cached_copy(g.url))
        assert "data-saved" not in copy and copy.count('id="live"') == 1
    finally:
        request_started.disconnect(seen)
    assert asked == [g.url]  # the page was downloaded once, by the phone itself
    phone.context.set_offline(True)
    phone.reload()
    phone.get_by_role("heading", name="Manche 2 sur 7").wait_for()
    assert phone.locator("table.scores tbody tr[data-round]").count() == 1
    assert phone.locator("[data-saved]").count() == 0


def test_a_game_finished_offline_is_stored_once_when_the_connection_returns(
    phone, browser, live_server, start_game
):
    g = start_game("rami-contrat", NAMES, first_dealer=0)
    page = phone
    open_controlled(page, g.url)
    rounds = [
        (0, {1: "12", 2: "30"}),
        (1, {0: "5", 2: "8"}),
        (2, {0: "40", 1: "4"}),
        (0, {1: "7", 2: "9"}),
        (1, {0: "11", 2: "3"}),
        (2, {0: "2", 1: "60"}),
        (0, {1: "25", 2: "14"}),
    ]
    for number, (out, points) in enumerate(rounds[:3], start=1):
        enter(page, out, points)
        page.get_by_role("heading", name=f"Manche {number + 1} sur 7").wait_for()
    # The network drops in the middle of round 4: the rest of the game is played offline.
    page.locator('.hand[data-seat="1"] input.points').fill("7")
    with network_gone(page) as leaked:
        enter(page, 0, {2: "9"})
        page.get_by_role("heading", name="Manche 5 sur 7").wait_for()
        for out, points in rounds[4:6]:
            enter(page, out, points)
        page.get_by_role("heading", name="Manche 7 sur 7").wait_for()
        assert pending_rows(page).count() == 3
        page.reload()  # still offline: the page comes from the cache, the rounds from the outbox
        page.get_by_role("heading", name="Manche 7 sur 7").wait_for()
        assert pending_rows(page).count() == 3
        assert "en attente" in pending_rows(page).first.inner_text()
        enter(page, *rounds[6])
        page.get_by_text("Toutes les manches de la partie sont saisies").wait_for()
        assert pending_rows(page).count() == 4
        assert Round.objects.count() == 3
    if leaked:  # said in the run's warnings, to find out which sender it was
        warnings.warn(f"rounds that reached the server offline: {leaked}", stacklevel=1)

    wait_for_db(page, lambda: Round.objects.count() == 7)
    page.get_by_role("heading", name="Classement final").wait_for()
    wait_until(page, "document.querySelectorAll('tr.pending').length === 0")
    numbers = list(Round.objects.order_by("number").values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4, 5, 6, 7]
    board = game_board(g.game)
    assert [row.cells[1].score for row in board.rows] == [12, 0, 4, 7, 0, 60, 25]
    assert page.locator("tfoot td.total").all_inner_texts() == [str(t) for t in board.totals]
    # Another phone following the view link sees every round.
    other = browser.new_context(base_url=live_server.url, locale="fr-FR").new_page()
    other.goto(g.view_url)
    assert other.locator("table.scores tbody tr").count() == 7
    other.context.close()


def test_an_answer_lost_on_the_way_back_is_replayed_and_stored_once(phone, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    page = phone
    open_controlled(page, g.url)
    lost = []

    def lose_the_answer(route):
        if not lost:
            lost.append(route.fetch())  # the server stores the round...
            route.abort("connectionreset")  # ...but the phone never hears back
        else:
            route.continue_()

    page.route("**/rounds/", lose_the_answer)
    enter(page, 0, {1: "12"})

    def state():
        answers = [(r.status, r.text()[:300]) for r in lost]
        outbox = page.evaluate("RamiOutbox.list()")
        return (
            f"answers the server gave: {answers}; outbox: {outbox}; rows: {Round.objects.count()}"
        )

    wait_for_db(page, lambda: Round.objects.count() == 1, state=state)
    wait_until(page, "document.querySelectorAll('tr.pending').length === 0")
    page.locator('table.scores tbody tr[data-round="1"]', has_text="12").wait_for()
    assert lost[0].status == 200
    assert Round.objects.count() == 1
    # The same entry replayed again from the outbox is still one row.
    page.evaluate("""async () => {
        const form = document.querySelector('form[data-outbox]');
        const fields = [['went_out', '0'], ['points_1', '12']];
        const uuid = crypto.randomUUID();
        const entry = {uuid, game: document.getElementById('outbox').dataset.game,
          action: form.getAttribute('action'), roundsUrl: form.getAttribute('action'), fields,
          number: 2, created: Date.now(), state: 'pending', names: ['Ana', 'Ben'],
          csrf: form.querySelector('[name=csrfmiddlewaretoken]').value};
        await RamiOutbox.put(entry);
        await RamiOutbox.flush();
        await RamiOutbox.put(entry);
        await RamiOutbox.flush();
    }""")
    assert Round.objects.count() == 2
    assert page.evaluate("RamiOutbox.list().then(l => l.length)") == 0


def test_a_conflicting_offline_entry_shows_both_versions_and_the_user_chooses(phone, start_game):
    g = start_game("liverpool", ["Ana", "Ben", "Cléo", "Dan"])
    page = phone
    enter_offline(page, g.url, 1, {0: "33", 2: "5", 3: "7"})
    # Meanwhile another phone stores round 1 with other values.
    entries, no_winner = round_entries(g, round_data({1: "10", 2: "5", 3: "7"}, out=0))
    services.round_record(game=g.game, entries=entries, no_winner=no_winner, number=1)
    page.context.set_offline(False)
    problem = page.locator(".outbox .problem")
    problem.get_by_role("heading", name="La manche 1 n'a pas été enregistrée").wait_for()
    assert "Un autre téléphone" in problem.inner_text()
    # Players as rows, as on the online panel: every difference on the screen, highlighted.
    head = problem.locator("thead").inner_text()
    assert head.split() == ["Joueur", "Sur", "le", "serveur", "La", "vôtre"]
    rows = problem.locator("tbody tr")
    assert rows.count() == 4
    for name, differs in [("Ana", True), ("Ben", True), ("Cléo", False), ("Dan", False)]:
        row = problem.locator("tbody tr", has_text=name)
        # The outbox renders again as the answers arrive: expect() waits for it to settle.
        expect(row.locator("td").last).to_be_in_viewport()
        assert ("differs" in (row.get_attribute("class") or "")) == differs, name
    assert problem.locator("tbody tr", has_text="Ana").locator("td").all_inner_texts()[1] == "33"
    # Neither choice looks like the default.
    for name in ("Garder la manche enregistrée", "Remplacer la manche enregistrée par la mienne"):
        assert "primary" not in (
            problem.get_by_role("button", name=name).get_attribute("class") or ""
        )
    page.screenshot(path="/tmp/offline-versions.png")
    assert Round.objects.count() == 1
    problem.get_by_role("button", name="Remplacer la manche enregistrée par la mienne").click()
    wait_until(page, "document.querySelectorAll('.outbox .problem').length === 0")
    wait_for_db(page, lambda: game_board(g.game).totals == [33, 0, 5, 7])
    assert Round.objects.count() == 1


CSRF_REFUSALS = []


def recording_csrf_failure(request, reason=""):
    """The app's CSRF failure view, noting each refusal (settings.CSRF_FAILURE_VIEW)."""
    from scorekeeper.web.errors import csrf_failure

    CSRF_REFUSALS.append(reason)
    return csrf_failure(request, reason)


def test_a_stale_csrf_token_is_refreshed_and_the_entry_sent_once(phone, start_game, settings):
    # A path of its own: Django caches the resolved failure view by its dotted path.
    settings.CSRF_FAILURE_VIEW = f"{__name__}.recording_csrf_failure"
    CSRF_REFUSALS.clear()
    refused = CSRF_REFUSALS
    g = start_game("liverpool", ["Ana", "Ben"])
    page = phone
    enter_offline(page, g.url, 0, {1: "8"})
    page.context.clear_cookies()  # the CSRF cookie the page's token belongs to is gone
    page.context.set_offline(False)
    wait_for_db(page, lambda: Round.objects.count() == 1)
    wait_until(page, "document.querySelectorAll('tr.pending').length === 0")
    # The first try was refused (whether the page or the worker's Background Sync sent it),
    # the retry with a fresh token went through, and the round is stored once.
    assert refused
    assert page.evaluate("RamiOutbox.list().then(l => l.length)") == 0
    assert Round.objects.count() == 1
    assert game_board(g.game).totals == [0, 8]


def round_entries(g, data):
    from scorekeeper.games.forms import RoundForm

    board = game_board(g.game)
    form = RoundForm(data, players=board.players, table=board.table)
    assert form.is_valid(), form.errors
    return form.entries(), form.no_winner


def test_a_new_version_takes_over_without_breaking_the_open_game(phone, start_game, monkeypatch):
    from scorekeeper.pwa import shell as pwa

    g = start_game("liverpool", ["Ana", "Ben"])
    page = phone
    open_controlled(page, g.url)
    old = page.evaluate("caches.keys()")
    monkeypatch.setattr(pwa, "version", lambda source: "release2")
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    wait_until(page, "caches.keys().then(k => k.includes('rami-shell-release2'))")
    wait_until(
        page,
        "navigator.serviceWorker.controller.scriptURL.endsWith('/sw.js') && "
        "navigator.serviceWorker.getRegistration().then(r => !r.installing && !r.waiting)",
    )
    # The shell the open page was loaded with stays until the release after.
    assert [name for name in old if name.startswith("rami-shell-")][0] in page.evaluate(
        "caches.keys()"
    )
    enter(page, 0, {1: "12"})
    page.locator('table.scores tbody tr[data-round="1"]', has_text="12").wait_for()
    page.context.set_offline(True)
    page.reload()
    page.get_by_role("heading", name="Manche 2 sur 7").wait_for()
    assert page.evaluate("getComputedStyle(document.body).marginTop") == "0px"
