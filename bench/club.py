"""A group's page and statistics for a large book: 500 finished games of Liverpool, 7 deals,
6 players (21,000 deal scores), read in-process the way a request reads them.

Run: .venv/bin/python bench/club.py [games]   (scratch SQLite in memory; set DATABASE_URL for
PostgreSQL). Prints the queries and time of: the first read after all 500 games changed (every
game summed up again), a read with the book up to date (median of 20), a read after one game
changed, one player's chart, and the book's export and import.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
os.environ.setdefault("SQLITE_PATH", ":memory:")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.core.files.uploadedfile import SimpleUploadedFile  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from rules_engine import PlayerDeal, read_table  # noqa: E402
from scorekeeper import services  # noqa: E402
from scorekeeper.models import Club, Game, GameResult, Player, Round, RoundScore  # noqa: E402

RULES, PLAYERS, DEALS = "liverpool", 6, 7


def seed(games: int, players: int = PLAYERS, rng_seed: int = 1) -> tuple[str, str]:
    """A group of `players` with `games` finished games; returns its edit and view tokens."""
    rng = random.Random(rng_seed)
    names = ["Ana", "Ben", "Cléo", "Dan", "Eva", "Fred", "Gus", "Hugo"][:players]
    club, edit, view = services.club_create(name="Jeudi soir", names=names)
    members = list(club.members.all())
    by_name = {m.name: m for m in members}
    table = read_table(RULES, players)
    now = timezone.now()
    for index in range(games):
        game, _edit, _view = services.game_start(
            rules_slug=RULES, names=names, first_dealer=index % players
        )
        rounds = Round.objects.bulk_create(Round(game=game, number=n) for n in range(1, DEALS + 1))
        seats = list(game.players.all())
        scores = []
        for round_ in rounds:
            out = rng.randrange(players)
            hands = [
                PlayerDeal(0, None, frozenset({"went_out"}))
                if seat == out
                else PlayerDeal(rng.randrange(3, 90))
                for seat in range(players)
            ]
            for player, hand, score in zip(
                seats, hands, table.score(round_.number, hands), strict=True
            ):
                scores.append(
                    RoundScore(
                        round=round_,
                        player=player,
                        hand_points=hand.hand,
                        facts=sorted(hand.facts),
                        score=score,
                    )
                )
        RoundScore.objects.bulk_create(scores)
        for player in seats:
            player.member = by_name[player.name]
        Player.objects.bulk_update(seats, ["member"])
        Game.objects.filter(pk=game.pk).update(
            club=club,
            finished_at=now,
            created_at=now - timedelta(days=2 * (games - index)),
            version=1,
        )
    return edit, view


def timed(client: Client, url: str) -> tuple[float, int]:
    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        response = client.get(url)
        elapsed = (time.perf_counter() - start) * 1000
    assert response.status_code == 200, response.status_code
    return elapsed, len(queries)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    edit, _view = seed(games)
    print(f"seeded {games} games in {time.perf_counter() - started:.1f} s")
    client = Client()
    url = f"/club/{edit}/"
    ms, n = timed(client, url)
    print(f"first read, all {games} games summed up: {ms:.0f} ms, {n} queries")
    runs = [timed(client, url) for _ in range(20)]
    print(
        f"group page, book up to date: median {statistics.median(r[0] for r in runs):.1f} ms, "
        f"{runs[0][1]} queries"
    )
    filtered = [timed(client, url + "?period=year&players=6&a=1&b=2") for _ in range(20)]
    print(
        f"group page, filtered + head-to-head: median "
        f"{statistics.median(r[0] for r in filtered):.1f} ms, {filtered[0][1]} queries"
    )
    game = Game.objects.order_by("-created_at").first()
    services.bump_version(game)
    ms, n = timed(client, url)
    print(f"after one game changed: {ms:.1f} ms, {n} queries")
    member = GameResult.objects.filter(game=game).values_list("player__member_id", flat=True)[0]
    charts = [timed(client, f"{url}chart/{member}.svg") for _ in range(10)]
    print(
        f"one player's chart: median {statistics.median(r[0] for r in charts):.1f} ms, "
        f"{charts[0][1]} queries"
    )
    ms, n = timed(client, url + "book.json")
    book = client.get(url + "book.json").content
    print(f"book export: {ms:.0f} ms, {n} queries, {len(book) / 1e6:.1f} MB")
    Club.objects.all().delete()
    Game.objects.all().delete()
    upload = SimpleUploadedFile("book.json", book, "application/json")
    start = time.perf_counter()
    response = client.post("/groups/import/", {"document": upload})
    assert response.status_code == 302, response.status_code
    print(f"book import (every game re-scored, summed up): {time.perf_counter() - start:.1f} s")
    ms, n = timed(client, response["Location"])
    print(f"group page right after the import: {ms:.1f} ms, {n} queries")


if __name__ == "__main__":
    main()
