"""The active language as the engine names it ("fr", "en" or "es")."""

from __future__ import annotations

from django.utils.functional import Promise, lazy
from django.utils.translation import get_language


def lang() -> str:
    return (get_language() or "fr")[:2]


# First letters that take "d’" rather than "de" before a name (a mute h: Hugo, Hélène).
ELIDED = frozenset("AEIOUÉÈÊËÀÂÄÎÏÔÖÛÜŒÆH")


def elide(text: str, name: str) -> str:
    """French reads as French: "Points de Alice" becomes "Points d’Alice" wherever a
    sentence puts "de" before a name that starts with a vowel sound."""
    if lang() != "fr" or not name or name[0].upper() not in ELIDED:
        return text
    return text.replace(f"de {name}", f"d’{name}")


def _named(text: str | Promise, name: str) -> str:
    return elide(str(text) % {"name": name}, name)


# A lazy label naming a player ("Points de Ben", "Points d’Alice"), said in the page's language.
named = lazy(_named, str)
