"""Posting a round the way the form does; phones acting at the same moment."""

from __future__ import annotations

import threading
from html.parser import HTMLParser


def round_data(points: dict[int, str] | None = None, out: int | str | None = None, **extra) -> dict:
    data = {f"points_{seat}": value for seat, value in (points or {}).items()}
    if out is not None:
        data["went_out"] = str(out)
    data.update({k: str(v) for k, v in extra.items()})
    return data


def totals(game) -> list[int]:
    from scorekeeper.games.selectors import game_board

    return game_board(game).totals


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Texts(HTMLParser):
    """Text inside every element of a tag (and, if given, a class) — never attribute values."""

    def __init__(self, tag: str, css_class: str | None) -> None:
        super().__init__(convert_charrefs=True)
        self.tag, self.css_class = tag, css_class
        self.depth = 0  # open elements inside the current match
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        if self.depth:
            self.depth += 1
            return
        classes = (dict(attrs).get("class") or "").split()
        if tag == self.tag and (self.css_class is None or self.css_class in classes):
            self.depth = 1
            self.found.append("")

    def handle_endtag(self, tag):
        if self.depth and tag not in VOID:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.found[-1] += data


def texts(html: str, tag: str, css_class: str | None = None) -> list[str]:
    """The text of each `<tag class="… css_class …">`, stripped: where a test looks for a
    name or a value, so a short string can never match inside a random token elsewhere."""
    parser = _Texts(tag, css_class)
    parser.feed(html)
    return [" ".join(text.split()) for text in parser.found]


def visible_text(html: str) -> str:
    """All text nodes of the body, outside scripts: tokens live only in attributes."""
    body = texts(html, "main") or texts(html, "body")
    return " ".join(body)


def log_contract(game, player, **facts):
    """A ROMi RAMi contract card logged through the service (3 points, hearts, one pair)."""
    from scorekeeper import services

    card = {"points": 3, "colour": "H", "combos": [2], "bonus_cards": 0, "joker_used": False}
    return services.romi_contract_log(game=game, player=player, **(card | facts))


def csv_rows(response) -> list[list[str]]:
    """A CSV download read back as a spreadsheet would: its BOM says UTF-8, and the separator
    is the one the file uses."""
    import csv
    import io

    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff"), "no byte-order mark: a spreadsheet would misread accents"
    text = text[1:]
    header = text.splitlines()[0]
    separator = ";" if header.count(";") > header.count(",") else ","
    return list(csv.reader(io.StringIO(text), delimiter=separator))


def at_once(*requests):
    """Run each `request(client)` in its own thread, released together; their responses."""
    from django.db import connection
    from django.test import Client

    barrier = threading.Barrier(len(requests))
    answers = [None] * len(requests)

    def run(index, request):
        try:
            barrier.wait()
            answers[index] = request(Client(raise_request_exception=False))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers
