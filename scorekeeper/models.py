"""Games, seated players, rounds and their scores, the change history, ROMi RAMi sheets,
and the groups (clubs) of friends who play together, with what each game adds to their book."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rules_engine import SYSTEMS, AnyTable, RuleSystem, get_rules, read_table, stored_variant

MAX_NAME = 40
MAX_CLUB_NAME = 60


class Club(models.Model):
    """Friends who play together: their games and the players matched across them.

    Called a group on screen; `Club` in code, as `Group` is Django's and `Table` the engine's.
    Reached by capability links like a game's (only token hashes are stored).
    """

    uuid = models.UUIDField(default=uuid.uuid4, editable=False, unique=True)
    name = models.CharField(_("name"), max_length=MAX_CLUB_NAME)
    edit_token_hash = models.CharField(max_length=64, unique=True)
    view_token_hash = models.CharField(max_length=64, unique=True)
    view_salt = models.CharField(max_length=32)
    created_at = models.DateTimeField(default=timezone.now)
    version = models.PositiveIntegerField(default=0)  # bumped on every change of the group

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    """A person of the group; a game's seats are matched to members by name."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    uuid = models.UUIDField(default=uuid.uuid4, editable=False, unique=True)
    name = models.CharField(max_length=MAX_NAME)
    # Other spellings that mean this member (names merged in, former names): matched too.
    aliases = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="one_member_per_name")]

    def __str__(self) -> str:
        return self.name


class ClubEvent(models.Model):
    """The group's own history: members added, renamed, merged; games attached or taken out."""

    class Action(models.TextChoices):
        CREATED = "created", _("group created")
        RENAMED_GROUP = "renamed_group", _("group renamed")
        MEMBER_ADDED = "member_added", _("player added")
        MEMBER_RENAMED = "member_renamed", _("player renamed")
        MERGED = "merged", _("players merged")
        ATTACHED = "attached", _("game added")
        DETACHED = "detached", _("game taken out")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    at = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=20, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]


class HouseGame(models.Model):
    """A table's own game: a variant document it built from a system or a preset, reached by
    capability links like a game's. A game started from it keeps a frozen copy
    (`Game.variant`), so editing it later never changes a game or a group's book."""

    uuid = models.UUIDField(default=uuid.uuid4, editable=False, unique=True)
    # The whole variant (format 1), nothing left to `extends`: rules_engine.read_document.
    document = models.JSONField()
    edit_token_hash = models.CharField(max_length=64, unique=True)
    view_salt = models.CharField(max_length=32)  # the share link is derived from it
    view_token_hash = models.CharField(max_length=64, unique=True)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="house_games"
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return str(self.document.get("slug", self.pk))


class Game(models.Model):
    # The game's identity across servers: an exported game imported twice is one game.
    uuid = models.UUIDField(default=uuid.uuid4, editable=False, unique=True)
    # A built-in system's slug, or the slug of the table's own variant (`variant`); no
    # choices here, so that a new preset or a table's own game needs no migration.
    rules_slug = models.CharField(_("rules"), max_length=40)
    options = models.JSONField(default=dict, blank=True)  # TableOptions.stored()
    # A table's own game: its variant document, frozen when the game started (null for the
    # built-in systems, read by `rules_slug`).
    variant = models.JSONField(null=True, blank=True)
    seats = models.PositiveSmallIntegerField(default=0)  # players at the table, fixed at start
    first_dealer = models.PositiveSmallIntegerField(default=0)
    # Capability tokens are never stored, only their SHA-256: a database leak gives no access.
    edit_token_hash = models.CharField(max_length=64, unique=True)
    view_token_hash = models.CharField(max_length=64, unique=True)
    view_salt = models.CharField(max_length=32)
    created_at = models.DateTimeField(default=timezone.now)  # or as an import says
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    previous_game = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next_games"
    )
    version = models.PositiveIntegerField(default=0)  # bumped on every change; viewers poll it
    archived_at = models.DateTimeField(null=True, blank=True)  # kept, but out of "My games"
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    # "Join the table": the players' own links (SeatLink) and the one they pick a seat from,
    # derived from this salt ("" until the table opens them); a new edit link closes them.
    seat_salt = models.CharField(max_length=32, blank=True, default="")
    join_token_hash = models.CharField(max_length=64, null=True, blank=True, unique=True)
    # The table's choice: the last hand sent saves the round (else the scorer saves it).
    last_hand_saves = models.BooleanField(default=False)
    # Rounds dealt out of turn, as the table corrected them: [[round, seat], ...] (the deal
    # passes on from there; the rounds before keep their dealer).
    redeals = models.JSONField(default=list, blank=True)
    # When players came and went: [[first round, last round or null], ...] one per seat, or
    # [] while everyone has sat since the start (Table.sittings).
    sittings = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.rules_slug} #{self.pk}"

    @property
    def rules(self) -> str | RuleSystem:
        """A built-in system's slug, or the rules of this game's own frozen variant."""
        return stored_variant(self.variant) if self.variant else self.rules_slug

    @property
    def name(self) -> str:
        """The game's name in the page's language."""
        rules = self.rules
        if isinstance(rules, str):
            if rules not in SYSTEMS:
                return rules  # a system this server no longer knows still shows its slug
            rules = get_rules(rules)
        return rules.name.get(get_language()[:2], rules.name["fr"])

    @cached_property
    def table(self) -> AnyTable:
        """The engine's view of this game: rules, seats, first dealer and options (a
        `RomiTable` for ROMi RAMi, a `Table` for the games scored by deals)."""
        return read_table(
            self.rules,
            self.seats,
            self.first_dealer,
            self.options,
            self.redeals,
            self.sittings,
        )


class Player(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()  # clockwise round the table from 0
    name = models.CharField(max_length=MAX_NAME)
    # Who this is in the game's group, when it has one.
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )

    class Meta:
        ordering = ["seat"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat")]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    no_winner = models.BooleanField(default=False)
    client_uuid = models.UUIDField(null=True, blank=True, unique=True)
    # What the phone first sent under that UUID, so a replay is recognised even after the round
    # was corrected since (its scores changed, the entry did not).
    entry_digest = models.CharField(max_length=64, blank=True, default="")
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of game {self.game_id}"


class RoundScore(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="scores")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="scores")
    hand_points = models.IntegerField(null=True, blank=True)  # as typed
    cards = models.CharField(max_length=300, blank=True)  # as picked, in card notation
    facts = models.JSONField(default=list, blank=True)
    score = models.IntegerField()  # what the rules engine made of it

    class Meta:
        ordering = ["player__seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_score_per_player")
        ]


class HistoryEntry(models.Model):
    class Action(models.TextChoices):
        ADDED = "added", _("round entered")
        EDITED = "edited", _("round corrected")
        DELETED = "deleted", _("round deleted")
        RESTORED = "restored", _("round restored")
        CONTRACT = "contract", _("contract logged")
        CONTRACT_DELETED = "contract_deleted", _("contract removed")
        FINISHED = "finished", _("game finished")
        REOPENED = "reopened", _("game reopened")
        TOKEN = "token", _("edit link replaced")
        RENAMED = "renamed", _("player renamed")
        REPLACED = "replaced", _("player replaced")
        ARCHIVED = "archived", _("game archived")
        UNARCHIVED = "unarchived", _("game taken out of the archive")
        DEALER = "dealer", _("dealer corrected")
        LEFT = "left", _("player left the table")
        JOINED = "joined", _("player joined the table")
        CAME_BACK = "came_back", _("player came back")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="history")
    # When it happened: now, or the moment an imported game's document says.
    at = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=20, choices=Action.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)  # snapshot to show and to undo
    after = models.JSONField(null=True, blank=True)
    undone = models.BooleanField(default=False)
    # The seat whose own phone sent the hand that saved this round ("the last hand saves").
    sent_by = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "history entries"


class RomiContract(models.Model):
    """A contract card a player completed in ROMi RAMi."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="romi_contracts")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="romi_contracts")
    points = models.PositiveSmallIntegerField()
    colour = models.CharField(max_length=1)
    combos = models.CharField(max_length=20)  # combo symbols, e.g. "2,2"
    bonus_cards = models.PositiveSmallIntegerField(default=0)
    joker_used = models.BooleanField(default=False)
    client_uuid = models.UUIDField(null=True, blank=True, unique=True)
    created_at = models.DateTimeField(default=timezone.now)  # or as an import says

    class Meta:
        ordering = ["created_at", "pk"]


class SeatLink(models.Model):
    """A player's own link: it sends that seat's hand for the round being played, and opens
    nothing else of the game (only its SHA-256 is stored, as for the other links)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_links")
    seat = models.PositiveSmallIntegerField()
    token_hash = models.CharField(max_length=64, unique=True)
    # The phone that took this seat from the join page (SHA-256 of its own random key): the
    # join page gives the seat's link to that phone only. Empty: the seat is free.
    claimed_by = models.CharField(max_length=64, blank=True, default="")
    # Raised each time the scorer gives the seat back: the link changes, the old one is dead.
    generation = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_link_a_seat")]


class ProposedHand(models.Model):
    """A hand a player sent from their own phone for the round being played, waiting for the
    round to be saved (then it is gone); sent again, it replaces the one before."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="proposed_hands")
    number = models.PositiveIntegerField()  # the round it is for
    seat = models.PositiveSmallIntegerField()
    points = models.CharField(max_length=200, blank=True)  # as typed: "12+11+7"
    cards = models.CharField(max_length=300, blank=True)  # as tapped: "K 7 JK"
    went_out = models.BooleanField(default=False)
    laid_nothing = models.BooleanField(default=False)
    sent_at = models.DateTimeField(auto_now=True)
    client_uuid = models.UUIDField(null=True, blank=True, unique=True)  # the phone's sending
    # Why the round could not be saved with this hand, in each language ({} when nothing).
    problem = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number", "seat"], name="one_hand_a_seat")
        ]


class RomiTrophy(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="romi_trophies")
    symbol = models.CharField(max_length=1)  # H D C Y or 2 3 4 5
    points = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["pk"]


class GameResult(models.Model):
    """What one player's game adds to the group's book (rules_engine.SeatRecord), kept so
    statistics over hundreds of games read a row per player and game.

    Computed from the game at `version`, stored by the services each time the game changes
    (services.results).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="results")
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="result")
    version = models.PositiveIntegerField()
    finished = models.BooleanField()
    total = models.IntegerField()
    rank = models.PositiveSmallIntegerField()
    deals = models.PositiveSmallIntegerField(default=0)
    deal_points = models.IntegerField(default=0)
    best_deal = models.IntegerField(null=True, blank=True)
    gone_out = models.PositiveSmallIntegerField(default=0)
    rami_secs = models.PositiveSmallIntegerField(default=0)
    laid_nothing = models.PositiveSmallIntegerField(default=0)
    deepest_deficit = models.PositiveIntegerField(default=0)
    # Contract games: the points of round 1, 2, ... as "0,15,30" (read by the thousand, so
    # split rather than decoded as JSON).
    contract_points = models.CharField(max_length=200, blank=True, default="")
