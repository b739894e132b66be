"""Locust users for bench/capacity.py: the people around one table.

A table is one scorer (enters a round every 2 minutes, then reloads the game page; exports
the PDF once per 7 rounds) and three viewers (each polls the live board every 3 s, as the view page's
script does). Tables come from the JSON file CAPACITY_TABLES names: [[edit, view], ...].
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re

import gevent
from locust import FastHttpUser, between, constant, task

TABLES = json.loads(open(os.environ["CAPACITY_TABLES"]).read())
_scorer_seats = itertools.cycle(TABLES)
_viewer_seats = itertools.cycle([t for t in TABLES for _ in range(3)])
VERSION = re.compile(r'data-version="(\d+)"')
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
ROUND_EVERY = 120  # seconds between two rounds at one table


class Scorer(FastHttpUser):
    weight = 1
    wait_time = constant(ROUND_EVERY)

    def on_start(self) -> None:
        self.edit, _view = next(_scorer_seats)
        # Tables are not in step: each scorer's first round comes at a random moment.
        gevent.sleep(random.uniform(0, ROUND_EVERY))
        self.reload()

    def reload(self) -> None:
        page = self.client.get(f"/g/{self.edit}/", name="game page (edit)").text
        self.token = TOKEN.search(page).group(1)

    @task
    def enter_a_round(self) -> None:
        hands = {f"points_{seat}": str(random.randint(5, 60)) for seat in range(1, 4)}
        with self.client.post(
            f"/g/{self.edit}/rounds/",
            data={"csrfmiddlewaretoken": self.token, "went_out": "0", **hands},
            headers={"HX-Request": "true", "Referer": f"{self.host}/g/{self.edit}/"},
            name="round entry",
            catch_response=True,
        ) as response:
            if response.status_code != 200 or "field-error" in response.text:
                response.failure(f"round not stored: {response.status_code}")
        self.reload()
        # One PDF export per game of 7 rounds, on average.
        if random.random() < 1 / 7:
            self.client.get(f"/g/{self.edit}/grid.pdf", name="PDF export")


class Viewer(FastHttpUser):
    weight = 3
    wait_time = between(2.9, 3.1)

    def on_start(self) -> None:
        _edit, self.view = next(_viewer_seats)
        page = self.client.get(f"/g/{self.view}/", name="view page").text
        self.version = VERSION.search(page).group(1)

    @task
    def poll(self) -> None:
        with self.client.get(
            f"/g/{self.view}/live/?v={self.version}", name="live poll", catch_response=True
        ) as response:
            if response.status_code == 200:
                self.version = VERSION.search(response.text).group(1)
            elif response.status_code != 204:
                response.failure(f"poll answered {response.status_code}")
