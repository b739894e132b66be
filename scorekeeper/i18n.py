"""The active language as the engine names it ("fr" or "en")."""

from __future__ import annotations

from django.utils.translation import get_language


def lang() -> str:
    return (get_language() or "fr")[:2]
