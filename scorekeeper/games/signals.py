"""What a game tells the areas above it, so they follow without games importing them."""

from __future__ import annotations

from django.dispatch import Signal

# A player sat down at a game's table mid-game (inside the write: a receiver's refusal undoes
# the join). Sent with `game` and `player`; the group's book matches them to a member.
player_joined = Signal()
