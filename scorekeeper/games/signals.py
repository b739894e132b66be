"""What a game tells the areas above it, so they follow without games importing them."""

from __future__ import annotations

from django.dispatch import Signal

# A player sat down at a game's table mid-game (inside the write: a receiver's refusal undoes
# the join). Sent with `game` and `player`; the group's book matches them to a member.
player_joined = Signal()

# A game started at a group's table: from the group, or "play again" after one of its games.
# Sent inside the write with `game` and `club`; the book takes the game in (a full book
# refuses, and no game is started).
game_started = Signal()

# A seat's new name, sent inside the write with `game`, `seat` and `replaced` (someone else
# took the seat over): the book matches the seat to its member, or learns the new spelling
# (a name another member has refuses, and the seat keeps its old name).
player_renamed = Signal()
