"""The one way a refused change is answered: its message, where it shows, and its status.

A service error names the field at fault (or the engine's problems name theirs), so this is
the only place that turns either into form errors. htmx swaps only 2xx answers into the page,
so a refusal it asked for comes back 200 with the form's errors in it; a plain request gets
the real status.
"""

from __future__ import annotations

from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from rules_engine import describe

from ..forms import lang
from ..services import ServiceError


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (the type views are annotated with)."""

    htmx: HtmxDetails


SERVICE_MESSAGES = {
    "game_over": gettext_noop("The game is over: no more rounds."),
    "round_taken": gettext_noop(
        "Another phone entered this round meanwhile; the board now shows it."
    ),
    "round_gap": gettext_noop(
        "An earlier round is missing on the server (deleted from another phone?): "
        "this one was not stored."
    ),
    "uuid_reused": gettext_noop("This entry was already used for different scores."),
    "stale_edit": gettext_noop(
        "This round was changed on another phone meanwhile; the stored values are shown."
    ),
    "not_last_round": gettext_noop("Only the last round can be deleted."),
    "entries_count": gettext_noop("Every player needs a line."),
    "already_undone": gettext_noop("This change was already undone."),
    "changed_since": gettext_noop(
        "This round was changed on another phone after this correction, so undoing it would "
        "lose that change. Both versions are shown; correct the round by hand if needed."
    ),
    "link_replaced": gettext_noop("This link was replaced: ask the table for the new one."),
    "not_last_change": gettext_noop(
        "Another change came after the one shown: nothing was undone. The page shows the latest."
    ),
    "round_gone": gettext_noop("That round no longer exists."),
    "cannot_undo": gettext_noop("This change cannot be undone."),
    "round_invalid": gettext_noop("This change could not be saved."),
    "already_imported": gettext_noop(
        "This game is already on this server (same game identifier): nothing was imported. "
        "Open it from the phone that has it, or ask for its link."
    ),
    "ids_taken": gettext_noop(
        "Some of this game's rounds or contracts are already on this server in another game: "
        "nothing was imported."
    ),
    "club_name_empty": gettext_noop("The group needs a name."),
    "names_repeated": gettext_noop("Each player of the group needs a name of their own."),
    "too_many_members": gettext_noop("A group holds at most %(most)s players."),
    "game_in_club": gettext_noop("This game is already in a group: take it out of that one first."),
    "member_name_taken": gettext_noop(
        "Another player of the group is already called %(name)s: merge the two instead."
    ),
    "merge_same": gettext_noop("Choose two different players of this group."),
    "merge_same_game": gettext_noop(
        "%(first)s and %(second)s sat at the same game: they are two people, not merged."
    ),
    "club_full": gettext_noop("A group holds at most %(most)s games."),
    "club_already_imported": gettext_noop(
        "This group is already on this server (same identifier): nothing was imported."
    ),
}


def service_message(error: ServiceError) -> str:
    """The sentence for a refusal: the app's own, else the engine's for its code."""
    if error.code in SERVICE_MESSAGES:
        text = _(SERVICE_MESSAGES[error.code])
        return text % error.params if error.params else text
    sentence = describe(error.code, error.params, lang())
    return sentence if sentence != error.code else _(SERVICE_MESSAGES["round_invalid"])


def add_refusal(form: Form, error: ServiceError) -> None:
    """Put a refusal next to the field it names: each engine problem, else the error itself."""
    if error.problems and hasattr(form, "add_problems"):
        form.add_problems(error.problems)
        return
    form.add_error(error.field if error.field in form.fields else None, service_message(error))


def refusal_status(request: HtmxHttpRequest, status: int) -> int:
    return 200 if request.htmx else status


def back_to_game(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """After a change: the game page (htmx follows with a full navigation)."""
    url = reverse("game", args=[token])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)
