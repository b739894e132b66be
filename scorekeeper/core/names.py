"""One rule for every name the app stores: players, group members and groups, typed or
imported.

A name is NFC-normalised (so "Cléo" typed with a combining accent is the same "Cléo"), its
spaces collapsed, and refused, never truncated, when it holds an invisible or control
character (controls, bidi overrides such as U+202E, zero-width characters: Unicode's "C"
categories) or is longer than the column that keeps it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from scorekeeper.core.refusals import ServiceError
from scorekeeper.models import MAX_NAME


class NameRefused(ServiceError):
    """`name_control`, `name_too_long` (with `most`) or `name_empty`."""


def clean_name(value: str, most: int = MAX_NAME, *, field: str | None = None) -> str:
    """The name as shown and stored; raises NameRefused with the reason."""
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise NameRefused("name_empty", field=field)
    if any(_invisible(ch) for ch in name):
        raise NameRefused("name_control", field=field)
    if len(name) > most:
        raise NameRefused("name_too_long", field=field, most=most)
    return name


def name_key(name: str) -> str:
    """Names match whatever their case, accents' encoding and spacing: "  cléo" is "Cléo"."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def as_exported(name: str, most: int = MAX_NAME) -> str:
    """A name stored before the one rule (decomposed accents, an invisible character) as the
    rule would have stored it, so every stored game still exports to a file the import takes."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", name) if not _invisible(ch))
    return " ".join(kept.split())[:most] or "?"


def _invisible(ch: str) -> bool:
    """Controls, format characters (bidi marks, zero-width), private use: Unicode's "C"."""
    return unicodedata.category(ch).startswith("C")


NAMED = ("name", "names", "members", "players")


def snapshot_exported(snapshot: object, most: int = MAX_NAME) -> object:
    """A history snapshot with each name in it as_exported (recursively, by key)."""
    if isinstance(snapshot, dict):
        out: dict[str, object] = {}
        for key, value in snapshot.items():
            if key in NAMED and isinstance(value, str):
                out[key] = as_exported(value, most)
            elif key in NAMED and isinstance(value, list):
                out[key] = [as_exported(v, most) if isinstance(v, str) else v for v in value]
            else:
                out[key] = snapshot_exported(value, most)
        return out
    if isinstance(snapshot, list):
        return [snapshot_exported(item, most) for item in snapshot]
    return snapshot


# From this many players, the score sheet's header on a phone shows short names.
SHORT_FROM = 5


def short_names(names: Sequence[str], least: int = 3) -> list[str]:
    """Each name cut to the shortest start no other name shares (at least `least` letters),
    so a narrow header tells Marie-Hélène ("Mari") from Maximilien ("Maxi")."""
    keys = [name.casefold() for name in names]
    shorts = []
    for index, name in enumerate(names):
        others = [key for other, key in enumerate(keys) if other != index]
        size = least
        while size < len(name) and any(key[:size] == keys[index][:size] for key in others):
            size += 1
        shorts.append(name[:size])
    return shorts
