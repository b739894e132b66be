"""Every write goes through the services, one module per thing written: games, rounds, undo,
ROMi RAMi, groups, imports; the history and the group's results are kept by every write.

Scores always come from the game's table (rules_engine); a service validates, stores and
records the change. Callers use `services.<name>`; the names below are the whole API.
"""

from ..refusals import Conflict, ServiceError
from .comings import player_back, player_join, player_leave
from .exchange import AlreadyImported, ClubAlreadyImported, club_import, game_import, games_import
from .games import (
    dealer_fix,
    game_archive,
    game_delete,
    game_finish,
    game_play_again,
    game_regenerate_edit_token,
    game_reopen,
    game_start,
    player_rename,
)
from .groups import (
    club_create,
    club_from_game,
    club_game_start,
    club_rename,
    game_attach,
    game_detach,
    match_members,
    member_merge,
    member_rename,
    play_again,
    seat_renamed,
    seat_taken_over,
)
from .history import bump_version, last_change
from .results import summarise
from .romi import romi_contract_delete, romi_contract_log, romi_finish
from .rounds import RoundSaved, round_correct, round_delete_last, round_record
from .seats import (
    Hand,
    SeatState,
    entries_of,
    hand_send,
    last_hand_saves,
    seat_claim,
    seat_release,
    seat_states,
    seats_close,
    seats_open,
)
from .undo import game_undo_last, history_undo

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
    "club_game_start",
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
    "play_again",
    "player_rename",
    "romi_contract_delete",
    "romi_contract_log",
    "romi_finish",
    "round_correct",
    "round_delete_last",
    "round_record",
    "RoundSaved",
    "seat_renamed",
    "seat_taken_over",
    "summarise",
]
