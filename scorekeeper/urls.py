from django.contrib import admin
from django.urls import include, path

from .views import checker, games, grids, home, pwa, romi, rounds

urlpatterns = [
    path("", home.home, name="home"),
    path("new/", home.game_new, name="game_new"),
    path("g/<str:token>/", games.game_page, name="game"),
    path("g/<str:token>/live/", games.game_board_partial, name="game_live"),
    path("g/<str:token>/hand-value/", games.hand_value, name="hand_value"),
    path("g/<str:token>/share/", games.share, name="share"),
    path("g/<str:token>/share/qr.svg", games.qr_code, name="qr"),
    path("g/<str:token>/share/new-edit-link/", games.regenerate_edit, name="regenerate_edit"),
    path("g/<str:token>/finish/", games.finish, name="finish"),
    path("g/<str:token>/reopen/", games.reopen, name="reopen"),
    path("g/<str:token>/again/", games.play_again, name="play_again"),
    path("g/<str:token>/rounds/", rounds.round_new, name="round_new"),
    path("g/<str:token>/rounds/<int:number>/edit/", rounds.round_edit, name="round_edit"),
    path("g/<str:token>/rounds/<int:number>/delete/", rounds.round_delete, name="round_delete"),
    path("g/<str:token>/history/", rounds.history, name="history"),
    path("g/<str:token>/history/<int:entry_id>/undo/", rounds.history_undo, name="undo"),
    path("g/<str:token>/romi/contracts/", romi.contract_log, name="romi_contract"),
    path(
        "g/<str:token>/romi/contracts/<int:contract_id>/delete/",
        romi.contract_delete,
        name="romi_contract_delete",
    ),
    path("g/<str:token>/romi/finish/", romi.finish, name="romi_finish"),
    path("grids/", grids.blank_grid, name="blank_grid"),
    path("g/<str:token>/grid.pdf", grids.game_pdf, name="game_pdf"),
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
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
