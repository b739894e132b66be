"""Every write of every area under one name, for scripts, tests and the shell
(`services.round_record(...)`): each area keeps its own services (games, rounds, undo,
ROMi RAMi, seats, groups, imports), and the app's own views import their area's, so imports
only go down. The history and the group's results are kept by every write.

Scores always come from the game's table (rules_engine); a service validates, stores and
records the change. The names below are the whole API.
"""

from scorekeeper.core.refusals import Conflict, ServiceError
from scorekeeper.exchange.services import (
    AlreadyImported,
    ClubAlreadyImported,
    club_import,
    game_import,
    games_import,
)
from scorekeeper.games.results import summarise
from scorekeeper.games.services.comings import player_back, player_join, player_leave
from scorekeeper.games.services.games import (
    dealer_fix,
    game_archive,
    game_delete,
    game_finish,
    game_play_again,
    game_regenerate_edit_token,
    game_reopen,
    game_start,
    player_rename,
    seats_close,
)
from scorekeeper.games.services.history import bump_version, last_change
from scorekeeper.games.services.romi import romi_contract_delete, romi_contract_log, romi_finish
from scorekeeper.games.services.rounds import (
    RoundSaved,
    round_correct,
    round_delete_last,
    round_record,
)
from scorekeeper.games.services.undo import game_undo_last, history_undo
from scorekeeper.groups.services import (
    club_create,
    club_from_game,
    club_rename,
    game_attach,
    game_detach,
    match_members,
    member_merge,
    member_rename,
    seat_taken_over,
)
from scorekeeper.seats.services import (
    Hand,
    SeatState,
    entries_of,
    hand_send,
    last_hand_saves,
    seat_claim,
    seat_release,
    seat_states,
    seats_open,
)

__all__ = [
    "player_back",
    "player_join",
    "player_leave",
    "dealer_fix",
    "Hand",
    "entries_of",
    "hand_send",
    "last_hand_saves",
    "SeatState",
    "seat_claim",
    "seat_release",
    "seat_states",
    "seats_close",
    "seats_open",
    "AlreadyImported",
    "ClubAlreadyImported",
    "Conflict",
    "ServiceError",
    "bump_version",
    "club_create",
    "club_from_game",
    "club_import",
    "club_rename",
    "game_archive",
    "game_attach",
    "game_delete",
    "game_detach",
    "game_finish",
    "game_import",
    "game_play_again",
    "game_regenerate_edit_token",
    "game_reopen",
    "game_start",
    "game_undo_last",
    "games_import",
    "history_undo",
    "last_change",
    "match_members",
    "member_merge",
    "member_rename",
    "player_rename",
    "romi_contract_delete",
    "romi_contract_log",
    "romi_finish",
    "round_correct",
    "round_delete_last",
    "round_record",
    "RoundSaved",
    "seat_taken_over",
    "summarise",
]
