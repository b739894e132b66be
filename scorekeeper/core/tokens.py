"""Capability tokens: 128 random bits in the URL, only their SHA-256 in the database.

The view token is an HMAC of a random per-game salt under SECRET_KEY, so any edit holder
can be shown it again while the database alone (salt and hashes) opens nothing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from django.conf import settings

TOKEN_BYTES = 16


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_salt() -> str:
    return secrets.token_hex(16)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def derived_token(kind: str, salt: str) -> str:
    """A token of this kind for this salt: shown again to whoever holds the edit link, while
    the database alone (salt and hashes) opens nothing."""
    mac = hmac.new(settings.SECRET_KEY.encode(), f"{kind}:{salt}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:TOKEN_BYTES]).decode().rstrip("=")


def view_token(salt: str) -> str:
    return derived_token("view", salt)


def join_token(salt: str) -> str:
    """The link the players pick their seat from ("Join the table")."""
    return derived_token("join", salt)


def seat_token(salt: str, seat: int, generation: int = 0) -> str:
    """One player's own link, sending that seat's hand and nothing else; a seat given back
    by the scorer gets a new one (its next generation)."""
    return derived_token(f"seat-{seat}" + (f"-{generation}" if generation else ""), salt)


def rotated_token(token: str) -> str:
    """The edit token that replaces `token`: the same for a double tap, unguessable without
    both the old token and SECRET_KEY."""
    mac = hmac.new(settings.SECRET_KEY.encode(), f"edit-rotation:{token}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:TOKEN_BYTES]).decode().rstrip("=")
