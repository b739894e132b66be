"""The JSON API against its own OpenAPI document, fuzzed by schemathesis: no 5xx, and every
answer has a documented status, content type and shape."""

import json

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis import checks

from scorekeeper.checker.openapi import document

schema = schemathesis.openapi.from_dict(document())
CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
]


def test_the_document_is_served_and_names_every_endpoint(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    served = json.loads(response.content)
    assert served["openapi"] == "3.1.0"
    assert set(served["paths"]) == {"/api/check", "/api/solve", "/api/penalty"}
    assert "rami-51: at most 14 cards" in served["info"]["description"]


@pytest.fixture(scope="module")
def app():
    return get_wsgi_application()


@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented(case, app, transactional_db):
    # schemathesis' in-process transport does not inflate gzip, so ask for plain answers.
    case.call_and_validate(app=app, checks=CHECKS, headers={"Accept-Encoding": "identity"})


negative = schemathesis.openapi.from_dict(document())
negative.config.generation.update(modes=[schemathesis.GenerationMode.NEGATIVE])
# A body past the size limit is refused before it is read (413): a refusal too.
negative.config.checks.negative_data_rejection.expected_statuses.append("413")


@negative.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_refuses_what_its_document_forbids(case, app, transactional_db):
    """Data against the document (players 4.5, "abc" or true; no cards; a wrong type) is
    refused with a documented 4xx, never ignored with a 200."""
    case.call_and_validate(
        app=app,
        checks=[checks.not_a_server_error, checks.negative_data_rejection],
        headers={"Accept-Encoding": "identity"},
    )


@pytest.mark.parametrize("players", ["abc", {}, True, 0, -3, 4.5, "4"])
def test_a_player_count_that_is_not_one_is_refused(client, players):
    body = {"rules": "liverpool", "round": 1, "melds": "7H 7S 7D", "players": players}
    response = client.post("/api/check", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "bad_field" and response.json()["field"] == "players"


@pytest.mark.parametrize("path", ["/api/check", "/api/solve", "/api/penalty"])
def test_each_endpoint_says_which_field_it_needs(client, path):
    response = client.post(path, {}, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "bad_field"


@pytest.mark.parametrize("path", ["/api/check", "/api/solve", "/api/penalty"])
def test_deeply_nested_json_is_bad_json_not_a_crash(client, path):
    response = client.post(path, "[" * 9_951, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "bad_json"


def test_a_chunked_body_a_wsgi_server_cannot_pass_on_is_refused_plainly(client):
    response = client.generic(
        "POST",
        "/api/check",
        b"",
        CONTENT_TYPE="application/json",
        HTTP_TRANSFER_ENCODING="chunked",
    )
    assert response.status_code == 411 and response.json()["error"] == "length_required"


def test_every_documented_field_is_read(client):
    document_fields = document()["paths"]["/api/check"]["post"]["requestBody"]["content"][
        "application/json"
    ]["schema"]
    assert document_fields["required"] == ["melds"]
    assert document_fields["properties"]["players"]["anyOf"][0]["maximum"] == 8


def test_the_api_answers_its_errors_in_json(client):
    wrong_method = client.get("/api/check")
    assert wrong_method.status_code == 405 and wrong_method.json()["error"] == "method_not_allowed"
    missing = client.post("/api/nothing", {}, content_type="application/json")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


@pytest.mark.allow_5xx
def test_the_api_500_page_is_json(client, monkeypatch, settings):
    from scorekeeper.checker import views as checker

    def broken(*args, **kwargs):
        raise RuntimeError("a fault")

    monkeypatch.setattr(checker.referee, "check", broken)
    client.raise_request_exception = False
    body = {"rules": "rami-contrat", "round": 1, "melds": "7H 7S 7D"}
    response = client.post("/api/check", body, content_type="application/json")
    assert response.status_code == 500 and response.json()["error"] == "server_error"
