"""The JSON API described as OpenAPI 3.1, served at /api/openapi.json.

Rule systems and limits come from the engine and the views, so the document cannot drift
from what the API accepts; the test suite runs schemathesis against it.
"""

from __future__ import annotations

from rules_engine import CHOICES, SYSTEMS, Choice, hand_limits

from .views.checker import MAX_BODY

ERROR_CODES = {
    "400": "Bad input: unknown rules, a card that cannot be read, a hand no table could hold "
    "(hand_too_large, too_many_copies, too_many_jokers), no round said for a contract system "
    "(round_needed) or one out of range, an option the game does not have or a wrong value "
    "(unknown_option, option_not_bool, option_out_of_range, option_not_one_of, "
    "options_conflict, bad_options), a player count the "
    "game does not have (player_count), or not a JSON object. `error` is the CLI's code, "
    "`message` a sentence in `lang`.",
    "413": f"The body is over {MAX_BODY} bytes.",
    "415": "The body is not `application/json`.",
    "422": "search_too_large: more possibilities than the finder may explore; nothing was "
    "decided (never a wrong verdict). Take out a few cards or jokers.",
}


def _limits_text() -> str:
    lines = []
    for slug, rules in SYSTEMS.items():
        limits = hand_limits(rules)
        lines.append(
            f"{slug}: at most {limits.cards} cards"
            + ("" if rules.romi else f", {limits.copies} of one card, {limits.jokers} jokers")
        )
    return "; ".join(lines)


def _string(description: str, **extra) -> dict:
    return {"type": "string", "description": description, **extra}


def _request(properties: dict) -> dict:
    return {
        "required": True,
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "properties": properties,
                    "additionalProperties": True,
                }
            }
        },
    }


def _answers(ok: dict, codes: tuple[str, ...]) -> dict:
    error = {"$ref": "#/components/schemas/Error"}
    out = {"200": {"description": "The answer.", "content": {"application/json": {"schema": ok}}}}
    for code in codes:
        out[code] = {
            "description": ERROR_CODES[code],
            "content": {"application/json": {"schema": error}},
        }
    return out


def _option_schema(choice: Choice) -> dict:
    """One house rule's JSON type, from the engine's own description of its values."""
    if choice.kind is bool:
        return {"type": ["boolean", "null"]}
    if choice.values:
        kind = "integer" if choice.kind is int else "string"
        return {"type": [kind, "null"], "enum": [*choice.values, None]}
    return {"type": ["integer", "null"], "minimum": choice.low, "maximum": choice.high}


def document() -> dict:
    slugs = list(SYSTEMS)
    rules = {
        "type": "string",
        "enum": slugs,
        "default": "rami-contrat",
        "description": "The rule system (`python -m rules_engine rules` lists them).",
    }
    lang = {"type": "string", "enum": ["fr", "en"], "description": "Language of the messages."}
    round_ = {
        "description": "The round whose contract applies (1-7; needed by the contract "
        "systems), or `opening` for rami-51.",
        "oneOf": [
            {"type": "integer", "minimum": 1, "maximum": 7},
            {"type": "string", "enum": ["opening"]},
        ],
    }
    players = {
        "type": "integer",
        "minimum": min(r.players[0] for r in SYSTEMS.values()),
        "maximum": max(r.players[1] for r in SYSTEMS.values()),
        "description": "Players at the table: its decks and jokers then bound the cards "
        "(without it, the most the game ever has).",
    }
    options = {
        "type": "object",
        "description": "The table's options; each game offers its own: "
        + "; ".join(f"{r.slug}: {', '.join(r.options)}" for r in SYSTEMS.values() if r.options)
        + ".",
        "properties": {name: _option_schema(choice) for name, choice in CHOICES.items()},
    }
    table = {"players": players, "options": options}
    meld_list = {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}
    texts = {"type": "array", "items": {"type": "string"}}
    check_ok = {
        "type": "object",
        "required": ["valid", "errors", "melds", "lines"],
        "properties": {
            "valid": {"type": "boolean"},
            "errors": texts,
            "melds": meld_list,
            "lines": texts,
            "points": {"type": "integer"},
            "pure_run": {"type": "boolean"},
            "contract": {"type": "string"},
            "bonus_kept": {"type": "integer"},
        },
    }
    solve_ok = {
        "type": "object",
        "required": ["found", "melds", "errors"],
        "properties": {
            "found": {"type": "boolean"},
            "melds": meld_list,
            "errors": texts,
            "points": {"type": "integer"},
        },
    }
    penalty_ok = {
        "type": "object",
        "required": ["points"],
        "properties": {"points": {"type": "integer"}},
    }
    notation = "Cards as `7H`, `10♠`, `JK` (joker), `JK=9H` (a pinned joker); melds apart with `|`."
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Rami score keeper: meld checker API",
            "version": "1",
            "description": "Check a lay-down, find one, count a hand. Pure computations: no "
            "state, no cookies, JSON only. Limits: " + _limits_text() + ".",
        },
        "paths": {
            "/api/check": {
                "post": {
                    "operationId": "check",
                    "summary": "Does this lay-down meet the round's contract (or rami-51's opening)?",
                    "requestBody": _request(
                        {
                            "rules": rules,
                            "round": round_,
                            "opening": {"type": "boolean"},
                            "melds": _string(notation + " ROMi RAMi: value cards `3H`, `5Y`."),
                            "contract": _string("ROMi RAMi requirements, e.g. `pair+run3`."),
                            "joker": {
                                "type": "boolean",
                                "description": "ROMi RAMi: use the joker token.",
                            },
                            "bonus": _string(
                                "ROMi RAMi: the contract's bonus colour (H, D, C, Y)."
                            ),
                            "lang": lang,
                            **table,
                        }
                    ),
                    "responses": _answers(check_ok, ("400", "413", "415", "422")),
                }
            },
            "/api/solve": {
                "post": {
                    "operationId": "solve",
                    "summary": "Find a lay-down meeting the contract, or the best rami-51 opening.",
                    "requestBody": _request(
                        {
                            "rules": rules,
                            "round": round_,
                            "opening": {"type": "boolean"},
                            "hand": _string(notation),
                            "lang": lang,
                            **table,
                        }
                    ),
                    "responses": _answers(solve_ok, ("400", "413", "415", "422")),
                }
            },
            "/api/penalty": {
                "post": {
                    "operationId": "penalty",
                    "summary": "Penalty points of the cards left in hand (suits optional: `A K K 7 JK`).",
                    "requestBody": _request(
                        {"rules": rules, "cards": _string(notation), "lang": lang, **table}
                    ),
                    "responses": _answers(penalty_ok, ("400", "413", "415")),
                }
            },
        },
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error", "message"],
                    "properties": {
                        "error": {"type": "string"},
                        "message": {"type": "string"},
                        "token": {"type": "string"},
                        "position": {"type": "integer"},
                    },
                }
            }
        },
    }
