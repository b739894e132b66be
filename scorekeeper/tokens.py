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


def view_token(salt: str) -> str:
    mac = hmac.new(settings.SECRET_KEY.encode(), f"view:{salt}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:TOKEN_BYTES]).decode().rstrip("=")


def rotated_token(token: str) -> str:
    """The edit token that replaces `token`: the same for a double tap, unguessable without
    both the old token and SECRET_KEY."""
    mac = hmac.new(settings.SECRET_KEY.encode(), f"edit-rotation:{token}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:TOKEN_BYTES]).decode().rstrip("=")
