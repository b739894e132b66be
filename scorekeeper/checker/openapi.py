"""The JSON API described as OpenAPI 3.1, served at /api/openapi.json.

Rule systems and limits come from the engine and the views, so the document cannot drift
from what the API accepts; the test suite runs schemathesis against it.
"""

from __future__ import annotations

from typing import Any

from rules_engine import HOUSE_RULES, SYSTEMS, Choice, table_for
from scorekeeper.checker.requests import (
    MAX_BODY,
    CheckRequest,
    PenaltyRequest,
    Request,
    SolveRequest,
)

ERROR_CODES = {
    "400": "Bad input: a field of the wrong type or out of its range (bad_field, with "
    "`field`), unknown rules, a card that cannot be read, a hand no table could hold "
    "(hand_too_large, too_many_copies, too_many_jokers), no round said for a contract system "
    "(round_needed) or one out of range, an option the game does not have or a wrong value "
    "(unknown_option, option_not_bool, option_out_of_range, option_not_one_of, "
    "options_conflict, bad_options), a player count the "
    "game does not have (player_count), or not a JSON object. `error` is the CLI's code, "
    "`message` a sentence in `lang`.",
    "404": "unknown_game: `game` names no game on this server.",
    "411": "A chunked body the server could not read (send a Content-Length).",
    "413": f"The body is over {MAX_BODY} bytes.",
    "415": "The body is not `application/json`.",
    "422": "search_too_large: more possibilities than the finder may explore; nothing was "
    "decided (never a wrong verdict). Take out a few cards or jokers.",
}


def _limits_text() -> str:
    lines = []
    for slug, rules in SYSTEMS.items():
        limits = table_for(rules, None).limits()
        lines.append(
            f"{slug}: at most {limits.cards} cards"
            + ("" if rules.romi else f", {limits.copies} of one card, {limits.jokers} jokers")
        )
    return "; ".join(lines)


def _request(model: type[Request]) -> dict[str, Any]:
    """The body's schema is the model's the API decodes it with (api_requests.py)."""
    schema = model.model_json_schema()
    schema.pop("title", None)
    for field in schema["properties"].values():
        field.pop("title", None)
    schema["properties"]["options"]["properties"] = {
        name: _option_schema(rule.choice) for name, rule in HOUSE_RULES.items()
    }
    schema["additionalProperties"] = True  # unknown fields are ignored
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _answers(ok: dict[str, Any], codes: tuple[str, ...]) -> dict[str, Any]:
    error = {"$ref": "#/components/schemas/Error"}
    out = {"200": {"description": "The answer.", "content": {"application/json": {"schema": ok}}}}
    for code in codes:
        out[code] = {
            "description": ERROR_CODES[code],
            "content": {"application/json": {"schema": error}},
        }
    return out


def _option_schema(choice: Choice) -> dict[str, Any]:
    """One house rule's JSON type, from the engine's own description of its values."""
    if choice.kind is bool:
        return {"type": ["boolean", "null"]}
    if choice.values:
        kind = "integer" if choice.kind is int else "string"
        return {"type": [kind, "null"], "enum": [*choice.values, None]}
    return {"type": ["integer", "null"], "minimum": choice.low, "maximum": choice.high}


def document() -> dict[str, Any]:
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
                    "requestBody": _request(CheckRequest),
                    "responses": _answers(check_ok, ("400", "404", "411", "413", "415", "422")),
                }
            },
            "/api/solve": {
                "post": {
                    "operationId": "solve",
                    "summary": "Find a lay-down meeting the contract, or a rami-51 opening (the best one, unless finding the best would take too long).",
                    "requestBody": _request(SolveRequest),
                    "responses": _answers(solve_ok, ("400", "404", "411", "413", "415", "422")),
                }
            },
            "/api/penalty": {
                "post": {
                    "operationId": "penalty",
                    "summary": "Penalty points of the cards left in hand.",
                    "requestBody": _request(PenaltyRequest),
                    "responses": _answers(penalty_ok, ("400", "404", "411", "413", "415")),
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
                        "field": {"type": "string"},
                    },
                }
            }
        },
    }
