from django.contrib import admin

from scorekeeper.models import (
    Game,
    HistoryEntry,
    Player,
    RomiContract,
    RomiTrophy,
    Round,
    RoundScore,
)


class PlayerInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Player
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["id", "rules_slug", "created_at", "finished_at", "version"]
    list_filter = ["rules_slug"]
    readonly_fields = ["edit_token_hash", "view_token_hash"]
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "game", "seat"]
    search_fields = ["name"]


class RoundScoreInline(admin.TabularInline):  # type: ignore[type-arg]
    model = RoundScore
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["game", "number", "no_winner", "updated_at"]
    inlines = [RoundScoreInline]


admin.site.register(HistoryEntry)
admin.site.register(RomiContract)
admin.site.register(RomiTrophy)
