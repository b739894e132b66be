"""Shared fixtures: a started game of any system, and its two links."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pytest

from rules_engine import PlayerDeal, TableOptions, get_rules, solver, variant_document
from scorekeeper import services
from scorekeeper.core import tokens
from scorekeeper.models import Game, SeatLink
from scorekeeper.own_games.services import house_game_create

# What reads or writes the suite's database: pytest-django's mark or fixtures (a live server
# included), or the `database` mark (a server started with the suite's DATABASE_URL).
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
    }
)


@pytest.fixture(autouse=True)
def finder_by_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The finder's clock (rules_engine/limits.py) bounds a server's time on any machine;
    the tests ask for its answers, which must not depend on how busy the machine running
    them is: nodes only, and a second for the last resort. test_finder_clock.py sets the
    clock itself; bench/ measures it as the server runs it."""
    monkeypatch.setattr(solver, "SEARCH_SECONDS", None)
    monkeypatch.setattr(solver, "WHY_SECONDS", None)
    monkeypatch.setattr(solver, "FINDER_SECONDS", 1.0)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--database-only",
        action="store_true",
        help="run only the tests that read or write the suite's database (CI's second pass, "
        "on PostgreSQL: the others would give the same answer again)",
    )


def touches_database(item: pytest.Item) -> bool:
    if item.get_closest_marker("django_db") or item.get_closest_marker("database"):
        return True
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--database-only"):
        return
    kept, dropped = [], []
    for item in items:
        (kept if touches_database(item) else dropped).append(item)
    config.hook.pytest_deselected(items=dropped)
    items[:] = kept


@dataclass
class StartedGame:
    game: Game
    edit: str  # the edit token
    view: str  # the view-only token

    @property
    def url(self) -> str:
        return f"/g/{self.edit}/"

    @property
    def view_url(self) -> str:
        return f"/g/{self.view}/"


@pytest.fixture
def start_game(db):
    """start_game("rami-contrat", ["A", "B", "C"], first_dealer=0, options={}) -> StartedGame."""

    def start(slug: str, names: list[str], first_dealer: int = 0, options: dict | None = None):
        chosen = TableOptions.read(get_rules(slug), options or {})
        game, edit, view = services.game_start(
            rules_slug=slug, names=names, first_dealer=first_dealer, options=chosen
        )
        return StartedGame(game, edit, view)

    return start


@pytest.fixture(autouse=True, scope="session")
def plain_static_files():
    """Tests run without collectstatic: serve static files by plain names from the finders.

    Set once for the whole run, not per test: the live server's thread may still answer a
    closing page's last request while a per-test override is undone and done again, and
    then keep the storage of the settings in between (a manifest lookup, a 500).
    """
    from django.conf import settings
    from django.test import override_settings

    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    override = override_settings(STORAGES={**settings.STORAGES, "staticfiles": plain})
    override.enable()
    yield
    override.disable()


class _ServerErrors(logging.Handler):
    """Collects the 5xx answers Django logs (django.request, and django.server for the live
    server the browser tests use)."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        # Both loggers put the answer's status on the record (django.utils.log.log_response).
        status = getattr(record, "status_code", None)
        if status is not None and status >= 500:
            self.seen.append(f"{status}: {record.getMessage()}")


@pytest.fixture(autouse=True)
def no_server_errors(request):
    """Any 5xx answered during a test fails it, unless the test is marked `allow_5xx` (the ones
    that provoke a 503 on purpose)."""
    watcher = _ServerErrors()
    loggers = [logging.getLogger("django.request"), logging.getLogger("django.server")]
    for logger in loggers:
        logger.addHandler(watcher)
    yield
    for logger in loggers:
        logger.removeHandler(watcher)
    if watcher.seen and not request.node.get_closest_marker("allow_5xx"):
        pytest.fail("the server answered 5xx: " + "; ".join(watcher.seen[:5]), pytrace=False)


@pytest.fixture
def page_tour(start_game) -> dict[str, str]:
    """Every kind of page a player meets, by name: games of each kind, mid-game and finished."""
    out = frozenset({"went_out"})
    g = start_game("rami-51", ["Ana", "Ben", "Cléo"], options={"rounds": 5})
    entries = [PlayerDeal(0, None, out), PlayerDeal(12), PlayerDeal(30)]
    services.round_record(game=g.game, entries=entries)
    done = start_game("liverpool", ["Ana", "Ben"])
    for _ in range(7):
        entries = [PlayerDeal(0, None, out), PlayerDeal(9)]
        services.round_record(game=done.game, entries=entries)
    romi = start_game("romi-rami", ["Ana", "Ben"])
    club, club_edit, club_view = services.club_create(name="Jeudi soir", names=["Ana", "Ben"])
    services.game_attach(game=done.game, club=club)
    # "Join the table" open on the game under way, with one hand sent from a player's phone.
    services.seats_open(game=g.game)
    g.game.refresh_from_db()
    services.hand_send(game=g.game, seat=1, number=2, hand=services.Hand(cards="K 7"))
    salt = g.game.seat_salt
    # Ana's seat taken by another phone: the join page shows it taken, the share page lists it.
    SeatLink.objects.filter(game=g.game, seat=0).update(claimed_by="0" * 64)
    services.seats_open(game=done.game)
    done.game.refresh_from_db()
    # Eight at the table, nothing played yet: the tip to join the table, short names.
    eight = ["Marie-Hélène", "Maximilien", "Ana", "Ben", "Cléo", "Dan", "Élodie", "Fanny"]
    big = start_game("liverpool", eight)
    player = romi.game.players.get(seat=1)
    card = {"points": 3, "colour": "H", "combos": [2], "bonus_cards": 0, "joker_used": False}
    contract = services.romi_contract_log(game=romi.game, player=player, **card)
    # People came and went: Ben left after round 1, Élodie sat down for round 2.
    came = start_game("rami-contrat", ["Ana", "Ben", "Cléo", "Dan"])
    deal = [PlayerDeal(0, None, out), PlayerDeal(12), PlayerDeal(30), PlayerDeal(7)]
    services.round_record(game=came.game, entries=deal)
    services.player_leave(game=came.game, seat=1)
    services.player_join(game=came.game, name="Élodie")
    came.game.refresh_from_db()
    deal = [PlayerDeal(5), PlayerDeal(), PlayerDeal(0, None, out), PlayerDeal(9), PlayerDeal(14)]
    services.round_record(game=came.game, entries=deal)
    # A table's own game (Carioca, jokers at 30), and a game of three started from it.
    own_document = variant_document(get_rules("carioca")) | {
        "slug": "carioca-del-jueves",
        "name": {"es": "Carioca del jueves"},
    }
    own_document["values"] = {"ace": 20, "joker": 30}
    house, own_edit = house_game_create(own_document)
    own_game, own_game_edit, _own_view = services.game_start(
        rules_slug="carioca-del-jueves",
        names=["Ana", "Ben", "Cléo"],
        first_dealer=0,
        variant=house.document,
    )
    services.round_record(
        game=own_game, entries=[PlayerDeal(0, None, out), PlayerDeal(50), PlayerDeal(12)]
    )
    return {
        "came and went": came.url,
        "came and went, players": f"{came.url}players/",
        "remove a contract": f"{romi.url}romi/contracts/{contract.pk}/delete/",
        "join the table": f"/j/{tokens.join_token(salt)}/",
        "a player's own page": f"/s/{tokens.seat_token(salt, 1)}/",
        "a player's own page, game over": f"/s/{tokens.seat_token(done.game.seat_salt, 1)}/",
        "a table of eight": big.url,
        "big screen": f"{g.view_url}screen/",
        "big screen, game over": f"{done.view_url}screen/",
        "home": "/",
        "new game": "/new/",
        "game": g.url,
        "view only": g.view_url,
        "finished": done.url,
        "history": f"{g.url}history/",
        "share": f"{g.url}share/",
        "correct": f"{g.url}rounds/1/edit/",
        "delete": f"{g.url}rounds/1/delete/",
        "end the game": f"{g.url}finish/",
        "who dealt": f"{g.url}dealer/",
        "manage": f"{g.url}players/",
        "delete game": f"{g.url}delete/",
        "checker": "/check/?rules=liverpool&round=3&melds=2H+3H&hand=2H+3H+4H+5H",
        "grids": "/grids/",
        "rules": "/rules/",
        "rules of a game": "/rules/rami-contrat-13/",
        "rules of ROMi RAMi": "/rules/romi-rami/",
        "import a game": "/import/",
        "offline": "/offline/",
        "romi": romi.url,
        "new group": "/groups/new/",
        "group": f"/club/{club_edit}/",
        "group view only": f"/club/{club_view}/",
        "group players": f"/club/{club_edit}/players/",
        "group games": f"/club/{club_edit}/games/",
        "group history": f"/club/{club_edit}/history/",
        "import a book": "/groups/import/",
        "build your game": "/own/new/?from=king-rummy",
        "your own game": f"/own/{own_edit}/",
        "a game of your own": f"/g/{own_game_edit}/",
    }
