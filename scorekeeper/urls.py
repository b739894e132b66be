from django.contrib import admin
from django.urls import path

from scorekeeper.checker import views as checker
from scorekeeper.exchange import views as exchange
from scorekeeper.games.views import games, home, manage, romi, rounds
from scorekeeper.groups import views as clubs
from scorekeeper.own_games import views as own
from scorekeeper.pwa import views as pwa
from scorekeeper.rules import views as rules
from scorekeeper.seats import events, screen
from scorekeeper.seats import views as seats
from scorekeeper.sheets import views as grids
from scorekeeper.web import errors, language

urlpatterns = [
    path("", home.home, name="home"),
    path("new/", home.game_new, name="game_new"),
    path("g/<str:token>/", games.game_page, name="game"),
    path("g/<str:token>/live/", games.game_board_partial, name="game_live"),
    path("g/<str:token>/events/", events.game_events, name="game_events"),
    path("g/<str:token>/seats/open/", seats.seats_open, name="seats_open"),
    path("g/<str:token>/seats/close/", seats.seats_close, name="seats_close"),
    path("g/<str:token>/seats/last-hand/", seats.last_hand_saves, name="last_hand_saves"),
    path("g/<str:token>/seats/<int:seat>/release/", seats.seat_release, name="seat_release"),
    path("g/<str:token>/screen/", screen.screen, name="screen"),
    path("g/<str:token>/screen/live/", screen.screen_live, name="screen_live"),
    path("j/<str:token>/", seats.join, name="join"),
    path("s/<str:token>/", seats.seat_page, name="seat"),
    path("s/<str:token>/live/", seats.seat_live, name="seat_live"),
    path("s/<str:token>/events/", events.game_events, name="seat_events"),
    path("g/<str:token>/hand-value/", games.hand_value, name="hand_value"),
    path("g/<str:token>/share/", seats.share, name="share"),
    path("g/<str:token>/share/qr.svg", games.qr_code, name="qr"),
    path("g/<str:token>/share/new-edit-link/", games.regenerate_edit, name="regenerate_edit"),
    path("g/<str:token>/finish/", games.finish, name="finish"),
    path("g/<str:token>/reopen/", games.reopen, name="reopen"),
    path("g/<str:token>/dealer/", games.dealer, name="dealer"),
    path("g/<str:token>/again/", games.play_again, name="play_again"),
    path("g/<str:token>/players/", manage.players, name="players"),
    path("g/<str:token>/players/leave/", manage.seat_leave, name="seat_leave"),
    path("g/<str:token>/players/join/", manage.player_join, name="player_join"),
    path("g/<str:token>/archive/", manage.archive, name="archive"),
    path("g/<str:token>/delete/", manage.delete, name="game_delete"),
    path("g/<str:token>/rounds/", rounds.round_new, name="round_new"),
    path("g/<str:token>/rounds/<int:number>/edit/", rounds.round_edit, name="round_edit"),
    path("g/<str:token>/rounds/<int:number>/delete/", rounds.round_delete, name="round_delete"),
    path("g/<str:token>/history/", rounds.history, name="history"),
    path("g/<str:token>/history/<int:entry_id>/undo/", rounds.history_undo, name="undo"),
    path("g/<str:token>/undo-last/", rounds.undo_last, name="undo_last"),
    path("g/<str:token>/romi/contracts/", romi.contract_log, name="romi_contract"),
    path(
        "g/<str:token>/romi/contracts/<int:contract_id>/delete/",
        romi.contract_delete,
        name="romi_contract_delete",
    ),
    path("g/<str:token>/romi/finish/", romi.finish, name="romi_finish"),
    path("grids/", grids.blank_grid, name="blank_grid"),
    path("g/<str:token>/grid.pdf", grids.game_pdf, name="game_pdf"),
    path("g/<str:token>/chart.svg", grids.game_chart, name="game_chart"),
    path("g/<str:token>/game.json", exchange.game_json, name="game_json"),
    path("g/<str:token>/game.csv", exchange.game_csv, name="game_csv"),
    path("import/schema/<slug:kind>.json", exchange.import_schema, name="import_schema"),
    path("groups/new/", clubs.club_new, name="club_new"),
    path("club/<str:token>/", clubs.club_page, name="club"),
    path("club/<str:token>/games/", clubs.club_games, name="club_games"),
    path("club/<str:token>/history/", clubs.club_history, name="club_history"),
    path("club/<str:token>/players/", clubs.club_settings, name="club_settings"),
    path("club/<str:token>/chart/<int:member>.svg", clubs.club_chart, name="club_chart"),
    path("club/<str:token>/book.json", exchange.club_json, name="club_json"),
    path("g/<str:token>/group/", clubs.game_club, name="game_club"),
    path("own/new/", own.choose, name="own_new"),
    path("own/create/", own.create, name="own_create"),
    path("own/upload/", own.upload, name="own_upload"),
    path("own/schema.json", own.schema, name="own_schema"),
    path("own/<str:token>/", own.page, name="own_game"),
    path("own/<str:token>/edit/", own.edit, name="own_edit"),
    path("own/<str:token>/game.toml", own.file, name="own_file"),
    path("own/<str:token>/group/", own.keep_in_group, name="own_group"),
    path("own/<str:token>/grid.pdf", own.grid, name="own_grid"),
    path("own/<str:token>/rules.pdf", own.rules_pdf, name="own_rules_pdf"),
    path("own/<str:token>/qr.svg", own.qr_code, name="own_qr"),
    path("g/<str:token>/rules/", rules.rules_of_game, name="game_rules"),
    path("rules/", rules.index, name="rules_index"),
    path("rules/<str:slug>/", rules.game_rules, name="rules"),
    path("rules/<str:slug>/rules.pdf", rules.rules_pdf, name="rules_pdf"),
    path("check/", checker.check_page, name="check"),
    path("api/check", checker.api_check, name="api_check"),
    path("api/solve", checker.api_solve, name="api_solve"),
    path("api/penalty", checker.api_penalty, name="api_penalty"),
    path("api/openapi.json", checker.api_document, name="api_document"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("csrf/", pwa.csrf_token, name="csrf_token"),
    path("healthz", pwa.health, name="health"),
    path("too-large/", errors.too_large, name="too_large"),
    path("language/<str:code>/", language.switch, name="language"),
    path("admin/", admin.site.urls),
    # One view imports both documents; the address says which.
    path("import/", exchange.import_page, {"kind": "game"}, name="game_import"),
    path("groups/import/", exchange.import_page, {"kind": "book"}, name="club_import"),
]

handler404 = "scorekeeper.web.errors.page_not_found"
handler500 = "scorekeeper.web.errors.server_error"
