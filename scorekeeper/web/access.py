"""Finding a game from its capability token, and the device's own list of games."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from rules_engine import Table, dealt
from scorekeeper.core.tokens import token_hash, view_token
from scorekeeper.models import Club, Game, HouseGame

MAX_TOKEN = 64
MY_GAMES = "my_games"
MY_GAMES_KEPT = 50
MY_CLUBS = "my_clubs"
MY_HOUSE_GAMES = "my_house_games"
RECENT_NAMES = "recent_names"


@dataclass
class Access:
    game: Game
    token: str
    can_edit: bool


def by_token_hash(digest: str) -> Q:
    """The game whose edit or view token has this hash (both columns unique, so indexed)."""
    return Q(edit_token_hash=digest) | Q(view_token_hash=digest)


def game_by_token_hash(digest: str) -> Game | None:
    return Game.objects.filter(by_token_hash(digest)).first()


def game_version(token: str) -> int | None:
    """The version of the game this token opens (None: no such game), read alone: a page
    asking whether anything changed needs no more than this."""
    if not token or len(token) > MAX_TOKEN:
        return None
    found = Game.objects.filter(by_token_hash(token_hash(token))).values_list("version")
    row = found.first()
    return None if row is None else int(row[0])


def game_access(token: str) -> Access:
    """The game this token opens and whether it may edit; 404 alike for any wrong token."""
    if not token or len(token) > MAX_TOKEN:
        raise Http404(_("No game at this address."))
    digest = token_hash(token)
    game = game_by_token_hash(digest)
    if game is None:
        raise Http404(_("No game at this address."))
    return Access(game, token, game.edit_token_hash == digest)


def dealt_table(game: Game, refusal: str = "") -> Table:
    """The table of a game played deal by deal, for the pages only such games have (a round
    to enter, players who come and go, hands sent from phones, the big screen): the one place
    that asks. ROMi RAMi's game answers 404 with `refusal`, the words of why."""
    table = game.table
    if not dealt(table):
        raise Http404(refusal)
    return table


def edit_access(token: str) -> Access:
    """Like game_access, but a view-only link is refused (403) wherever the game would change."""
    access = game_access(token)
    if not access.can_edit:
        raise PermissionDenied(_("This link can only view the game."))
    return access


def remember_game(request: HttpRequest, token: str) -> None:
    """Newest first; the device keeps the tokens it has opened."""
    games = request.session.get(MY_GAMES, [])
    if games[:1] != [token]:  # no session write when a phone reloads the same game
        request.session[MY_GAMES] = [token, *(t for t in games if t != token)][:MY_GAMES_KEPT]


def forget_game(request: HttpRequest, token: str) -> None:
    request.session[MY_GAMES] = [t for t in request.session.get(MY_GAMES, []) if t != token]


def my_games(request: HttpRequest) -> list[Access]:
    """The games this phone opened, newest first: two queries however many (games, players)."""
    tokens = [t for t in request.session.get(MY_GAMES, []) if t and len(t) <= MAX_TOKEN]
    digests = {token: token_hash(token) for token in tokens}
    wanted = list(digests.values())
    games = Game.objects.filter(
        Q(edit_token_hash__in=wanted) | Q(view_token_hash__in=wanted)
    ).prefetch_related("players")
    by_hash = {}
    for game in games:
        by_hash[game.edit_token_hash] = game
        by_hash[game.view_token_hash] = game
    found = []
    for token, digest in digests.items():
        opened = by_hash.get(digest)
        if opened is not None:  # a deleted game, or a replaced edit link, is left out
            found.append(Access(opened, token, opened.edit_token_hash == digest))
    return found


def remember_names(request: HttpRequest, names: list[str]) -> None:
    recent = [n for n in request.session.get(RECENT_NAMES, []) if n not in names]
    request.session[RECENT_NAMES] = [*names, *recent][:20]


@dataclass
class ClubAccess:
    club: Club
    token: str
    can_edit: bool


def club_access(token: str) -> ClubAccess:
    """The group this token opens and whether it may edit; 404 alike for any wrong token."""
    if not token or len(token) > MAX_TOKEN:
        raise Http404(_("No group at this address."))
    digest = token_hash(token)
    club = Club.objects.filter(Q(edit_token_hash=digest) | Q(view_token_hash=digest)).first()
    if club is None:
        raise Http404(_("No group at this address."))
    return ClubAccess(club, token, club.edit_token_hash == digest)


def club_edit_access(token: str) -> ClubAccess:
    access = club_access(token)
    if not access.can_edit:
        raise PermissionDenied(_("This link can only view the group."))
    return access


def remember_club(request: HttpRequest, token: str) -> None:
    clubs = request.session.get(MY_CLUBS, [])
    if clubs[:1] != [token]:
        request.session[MY_CLUBS] = [token, *(t for t in clubs if t != token)][:MY_GAMES_KEPT]


def my_clubs(request: HttpRequest) -> list[ClubAccess]:
    """The groups this phone opened, newest first, in one query."""
    tokens = [t for t in request.session.get(MY_CLUBS, []) if t and len(t) <= MAX_TOKEN]
    digests = {token: token_hash(token) for token in tokens}
    wanted = list(digests.values())
    by_hash = {}
    for club in Club.objects.filter(Q(edit_token_hash__in=wanted) | Q(view_token_hash__in=wanted)):
        by_hash[club.edit_token_hash] = club
        by_hash[club.view_token_hash] = club
    return [
        ClubAccess(by_hash[digest], token, by_hash[digest].edit_token_hash == digest)
        for token, digest in digests.items()
        if digest in by_hash
    ]


def game_links(request: HttpRequest, games: Sequence[Game]) -> list[tuple[Game, str]]:
    """The token to open each game with from this phone: its edit link when the phone has
    it, else the view-only link (any holder of the group may look at its games)."""
    held = {
        token_hash(t): t for t in request.session.get(MY_GAMES, []) if t and len(t) <= MAX_TOKEN
    }
    return [(game, held.get(game.edit_token_hash) or view_token(game.view_salt)) for game in games]


@dataclass(frozen=True)
class HouseGameAccess:
    house: HouseGame
    token: str
    can_edit: bool

    @property
    def share_token(self) -> str:
        """The link that shows the game, prints it and starts games with it."""
        return view_token(self.house.view_salt)


def house_game_access(token: str) -> HouseGameAccess:
    """The table's own game this token opens and whether it may edit; 404 alike for any
    wrong token."""
    if not token or len(token) > MAX_TOKEN:
        raise Http404(_("No game at this address."))
    digest = token_hash(token)
    house = HouseGame.objects.filter(Q(edit_token_hash=digest) | Q(view_token_hash=digest)).first()
    if house is None:
        raise Http404(_("No game at this address."))
    return HouseGameAccess(house, token, house.edit_token_hash == digest)


def house_game_edit_access(token: str) -> HouseGameAccess:
    access = house_game_access(token)
    if not access.can_edit:
        raise PermissionDenied(_("This link can only show this game: copy it to change it."))
    return access


def remember_house_game(request: HttpRequest, token: str) -> None:
    kept = request.session.get(MY_HOUSE_GAMES, [])
    if kept[:1] != [token]:
        request.session[MY_HOUSE_GAMES] = [token, *(t for t in kept if t != token)][:MY_GAMES_KEPT]


def my_house_games(request: HttpRequest) -> list[HouseGameAccess]:
    """The own games this phone made or opened, newest first, in one query."""
    tokens = [t for t in request.session.get(MY_HOUSE_GAMES, []) if t and len(t) <= MAX_TOKEN]
    digests = {token: token_hash(token) for token in tokens}
    wanted = list(digests.values())
    by_hash = {}
    found = HouseGame.objects.filter(Q(edit_token_hash__in=wanted) | Q(view_token_hash__in=wanted))
    for house in found:
        by_hash[house.edit_token_hash] = house
        by_hash[house.view_token_hash] = house
    return [
        HouseGameAccess(by_hash[digest], token, by_hash[digest].edit_token_hash == digest)
        for token, digest in digests.items()
        if digest in by_hash
    ]
