"""Where an imported document is at fault, said as players say it: `rounds[1].hands[1].points`
becomes "round 2, Ben's points" (the names read from the document where it gives them)."""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorekeeper.core.i18n import elide

STEP = re.compile(r"([a-z_]+)((?:\[\d+\])*)$")

# A field on its own ("the first dealer"), or after a place ("round 2, number").
FIELDS = {
    "file": gettext_noop("the file"),
    "format": gettext_noop("the format"),
    "version": gettext_noop("the format's version"),
    "uuid": gettext_noop("the identifier"),
    "rules": gettext_noop("the game"),
    "options": gettext_noop("the house rules"),
    "players": gettext_noop("the players"),
    "first_dealer": gettext_noop("the first dealer"),
    "redeals": gettext_noop("the dealers corrected"),
    "created_at": gettext_noop("the date it began"),
    "finished_at": gettext_noop("the date it ended"),
    "archived_at": gettext_noop("the date it was archived"),
    "rounds": gettext_noop("the rounds"),
    "romi": gettext_noop("the ROMi RAMi sheet"),
    "contracts": gettext_noop("the contract cards"),
    "trophies": gettext_noop("the trophies"),
    "history": gettext_noop("the history"),
    "members": gettext_noop("the members"),
    "games": gettext_noop("the games"),
    "name": gettext_noop("the name"),
    "aliases": gettext_noop("the other spellings"),
    "number": gettext_noop("the number"),
    "no_winner": gettext_noop("the “no winner” mark"),
    "hands": gettext_noop("the scores"),
    "scores": gettext_noop("the scores"),
    "seat": gettext_noop("the seat"),
    "cards": gettext_noop("the cards"),
    "points": gettext_noop("the points"),
    "hand_points": gettext_noop("the points"),
    "score": gettext_noop("the score"),
    "facts": gettext_noop("the marks"),
    "colour": gettext_noop("the colour"),
    "combos": gettext_noop("the combos"),
    "bonus_cards": gettext_noop("the bonus cards"),
    "joker_used": gettext_noop("the joker"),
    "symbol": gettext_noop("the symbol"),
    "at": gettext_noop("the date"),
    "action": gettext_noop("the kind of change"),
    "round": gettext_noop("the round"),
    "before": gettext_noop("before"),
    "after": gettext_noop("after"),
    "undone": gettext_noop("the “undone” mark"),
    "sent_by": gettext_noop("the seat whose phone sent the last hand"),
    "game": gettext_noop("the game"),
    "started": gettext_noop("the date it began"),
}
# One item of a list, numbered from 1 ("round 2"); lists of seats name the player instead.
ITEMS = {
    "rounds": gettext_noop("round %(n)d"),
    "redeals": gettext_noop("dealer correction %(n)d"),
    "contracts": gettext_noop("contract card %(n)d"),
    "trophies": gettext_noop("trophy %(n)d"),
    "history": gettext_noop("change %(n)d in the history"),
    "games": gettext_noop("game %(n)d"),
    "aliases": gettext_noop("spelling %(n)d"),
    "facts": gettext_noop("mark %(n)d"),
    "combos": gettext_noop("combo %(n)d"),
    "members": gettext_noop("member %(n)d"),
    "names": gettext_noop("name %(n)d"),
}
SEATS = {"players", "hands", "scores"}  # indexed by seat: the player's name says which
# A player's own field, last in the place: "Ben's points" ("les points de Ben").
OWNED = {
    "cards": gettext_noop("%(name)s's cards"),
    "points": gettext_noop("%(name)s's points"),
    "hand_points": gettext_noop("%(name)s's points"),
    "score": gettext_noop("%(name)s's score"),
    "facts": gettext_noop("%(name)s's marks"),
    "seat": gettext_noop("%(name)s's seat"),
    "name": gettext_noop("%(name)s's name"),
}


def document_names(raw: bytes) -> list[list[str]]:
    """The players' names a document gives, per game (one list for a game, one per game of a
    book), read leniently: a name that is not text stays unknown."""
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested past what Python reads
        return []
    if not isinstance(document, dict):
        return []
    games = document.get("games")
    if isinstance(games, list):
        found = [g.get("game") if isinstance(g, dict) else None for g in games]
    else:
        found = [document]
    return [_names(game) for game in found]


def _names(game: Any) -> list[str]:
    players = game.get("players") if isinstance(game, dict) else None
    if not isinstance(players, list):
        return []
    return [
        p["name"] if isinstance(p, dict) and isinstance(p.get("name"), str) else "" for p in players
    ]


def _player(names: list[str], seat: int) -> str:
    name = names[seat] if seat < len(names) else ""
    return name or _("player %(n)d") % {"n": seat + 1}


def place_in_words(where: str, names: list[list[str]]) -> str:
    """`rounds[1].hands[1].points` as "round 2, Ben's points"; a step it does not know is
    kept as written."""
    game_names = names[0] if len(names) == 1 else []
    said: list[str] = []
    steps = where.split(".")
    for i, step in enumerate(steps):
        match = STEP.match(step)
        if match is None:
            said.append(step)
            continue
        field, indexes = match.group(1), [int(n) for n in re.findall(r"\d+", match.group(2))]
        if not indexes:
            if field == "game" and i and steps[i - 1].startswith("games["):
                continue  # "game 2" has said it
            said.append(_(FIELDS[field]) if field in FIELDS else field)
            continue
        index = indexes[0]
        if field == "games":
            game_names = names[index] if index < len(names) else []
        if field in SEATS:
            who = _player(game_names, index)
            following = steps[i + 1] if i + 1 < len(steps) else None
            if following in OWNED and i + 2 == len(steps):
                said.append(elide(_(OWNED[following]) % {"name": who}, who))
                break
            said.append(who)
        elif field in ITEMS:
            said.append(_(ITEMS[field]) % {"n": index + 1})
        else:
            said.append(step)
    return ", ".join(said)
