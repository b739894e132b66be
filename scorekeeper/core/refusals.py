"""A request the rules or the game's state refuse, and the one sentence each refusal gets.

Services raise ServiceError with a code (and the engine's problems, each naming its seat and
field); the engine refuses with its own coded errors. `refusal_words` is the one place either
becomes a sentence; `scorekeeper.web.refusals` is the one place a sentence becomes an answer
(a form's errors, a page's alert, a JSON body, a hand's note kept for its phone).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rules_engine import Problem, describe
from scorekeeper.core.i18n import lang


class ServiceError(Exception):
    """A request the rules or the game's state refuse.

    `problems` are the engine's, each naming its seat and field; `field` names the one input
    at fault when the refusal is about a single field (None: the request as a whole).
    """

    def __init__(
        self,
        code: str,
        problems: list[Problem] | None = None,
        field: str | None = None,
        **params: Any,
    ) -> None:
        super().__init__(code)
        self.code = code
        self.problems = problems or []
        self.field = field
        self.params = params

    @classmethod
    def of(cls, problem: Problem) -> ServiceError:
        """The refusal of one problem the engine found, with its field and words' values."""
        error = cls(problem.code, field=problem.field)
        error.params = dict(problem.params)
        return error


class Conflict(ServiceError):
    """The write is based on something that changed meanwhile (another phone, a replay)."""


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
    "edit_overtaken": gettext_noop(
        "This round was changed on another phone meanwhile. The stored values are shown "
        "above; submit again to replace them with yours."
    ),
    "delete_unconfirmed": gettext_noop("Tick the box to confirm."),
    "fields_marked": gettext_noop("Check the fields marked in red."),
    "grid_too_tall": gettext_noop(
        "%(n)d grids of this game do not fit one sheet with rows tall enough to write in and "
        "text of 6 points or more: choose fewer grids per sheet, fewer deals or the other "
        "orientation."
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
    "history_full": gettext_noop(
        "This game has reached its limit of %(most)s corrections and other changes (its "
        "rounds aside): finish it, then play again to go on with a new game."
    ),
    "romi_full": gettext_noop("A game holds at most %(most)s contracts."),
    "romi_colour": gettext_noop("Choose the contract's bonus colour."),
    "romi_combos": gettext_noop("Write the combo sizes shown on the card, e.g. 2,2 or 3."),
    "romi_points": gettext_noop("A contract card shows from 0 to %(most)s points."),
    "romi_bonus_cards": gettext_noop("A player keeps from 0 to %(most)s bonus cards."),
    "romi_trophies": gettext_noop("Enter the points of exactly the %(count)s trophies in play."),
    "hand_twice": gettext_noop("Send the points or the cards, not both."),
    "hand_laid_nothing": gettext_noop("You laid nothing: leave the hand empty."),
    "hand_points": gettext_noop("Your points: %(words)s"),
    "hand_cards": gettext_noop("Your cards: %(words)s"),
    "went_out_none": gettext_noop(
        "Every hand is in, but nobody went out: whoever did sends their hand again with ★."
    ),
    "went_out_many": gettext_noop(
        "Every hand is in, but more than one player went out: check your ★ and send again."
    ),
    "contract_player_gone": gettext_noop(
        "The player of this contract has been renamed or replaced since: log it again."
    ),
    "romi_comings": gettext_noop(
        "In ROMi RAMi, the players of a game stay the same from start to finish."
    ),
    "back_too_late": gettext_noop(
        "%(name)s left after round %(number)s and rounds were played since without them: "
        "they can join again under another name (their first seat keeps its total)."
    ),
    "late_start_unknown": gettext_noop("Choose where the new player's total starts."),
    "romi_no_rounds": gettext_noop("ROMi RAMi has no rounds to enter: log contracts instead."),
    "no_rounds": gettext_noop("No round has been played yet: there is nothing to finish."),
    "contract_gone": gettext_noop("That contract was already removed on another phone."),
    "club_name_empty": gettext_noop("The group needs a name."),
    "name_empty": gettext_noop("A player needs a name."),
    "name_taken": gettext_noop("Another player already has this name."),
    "no_such_seat": gettext_noop("There is no such seat in this game."),
    "no_such_round": gettext_noop("There is no such round in this game."),
    "hand_late": gettext_noop(
        "Round %(number)s was saved before your hand arrived: what was stored for you is "
        "shown below. Your form is now for the next round."
    ),
    "round_moved_on": gettext_noop(
        "Round %(number)s was saved meanwhile: nothing was changed. Round %(playing)s is "
        "being played now; say again who dealt it, if needed."
    ),
    "seat_taken": gettext_noop(
        "Another phone already took %(name)s's seat. If that is a mistake, the scorer can "
        "give it back from the Share page."
    ),
    "seat_one_a_phone": gettext_noop(
        "This phone already sits at %(name)s's seat: one seat a phone. To send another "
        "player's hand, use their own phone, or let the scorer enter it."
    ),
    "name_control": gettext_noop(
        "A name cannot contain control or invisible characters (line breaks, direction "
        "marks, zero-width spaces)."
    ),
    "name_too_long": gettext_noop("A name has at most %(most)s characters."),
    "names_repeated": gettext_noop("Each player of the group needs a name of their own."),
    "too_many_members": gettext_noop("A group holds at most %(most)s players."),
    "game_in_club": gettext_noop("This game is already in a group: take it out of that one first."),
    "member_name_taken": gettext_noop(
        "Another player of the group is already called %(name)s: merge the two instead."
    ),
    "member_gone": gettext_noop(
        "This player of the group was merged or changed on another phone meanwhile: nothing "
        "was saved. The page shows the group as it is now."
    ),
    "merge_unchosen": gettext_noop("Choose two players of this group."),
    "merge_same": gettext_noop("Choose two different players of this group."),
    "merge_same_game": gettext_noop(
        "%(first)s and %(second)s sat at the same game: they are two people, not merged."
    ),
    "club_full": gettext_noop("A group holds at most %(most)s games."),
    # An import's file, at its place in the players' words and as written in the file; the
    # rules' own sentence is quoted, not forced after "should be".
    "malformed": gettext_noop(
        "This file cannot be imported: %(place)s should be %(what)s (in the file: %(where)s)."
    ),
    "malformed_rule": gettext_noop(
        "This file cannot be imported: %(place)s: %(what)s (in the file: %(where)s)"
    ),
    "club_already_imported": gettext_noop(
        "This group is already on this server (same identifier): nothing was imported."
    ),
}


class Coded(Protocol):
    """What the engine refuses with: a RulesError, an OptionError or one of a DealError's
    problems, each a code and its parameters."""

    @property
    def code(self) -> str: ...

    @property
    def params(self) -> Mapping[str, Any]: ...


def refusal_words(refusal: ServiceError | Coded) -> str:
    """The sentence for a refusal in the page's language: the app's own for its code, else
    the engine's (a DealError says each of its problems). The one place the web app asks the
    engine for words."""
    service = isinstance(refusal, ServiceError)
    if service and refusal.code in SERVICE_MESSAGES:
        text = _(SERVICE_MESSAGES[refusal.code])
        return text % refusal.params if refusal.params else text
    problems = getattr(refusal, "problems", None)
    if problems:
        return " ".join(refusal_words(problem) for problem in problems)
    sentence = describe(refusal.code, refusal.params, lang())
    if service and sentence == refusal.code:  # no words for it: say only that nothing changed
        return _(SERVICE_MESSAGES["round_invalid"])
    return sentence


def kept(refusal: ServiceError | Coded) -> dict[str, str]:
    """A refusal kept for a phone that reads it later (a hand the round could not take), in
    every language the app speaks: the phone may read it in another one."""
    said: dict[str, str] = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            said[code] = refusal_words(refusal)[:500]
    return said


def kept_words(said: Mapping[str, str] | None, language: str | None = None) -> str:
    """A kept refusal in the page's language, or `language` ("" when there is none)."""
    return (said or {}).get(language or lang(), "")
