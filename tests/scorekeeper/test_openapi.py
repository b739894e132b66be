"""The JSON API against its own OpenAPI document, fuzzed by schemathesis: no 5xx, and every
answer has a documented status, content type and shape."""

import json

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis import checks

from scorekeeper.openapi import document

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
def test_every_operation_answers_as_documented(case, app):
    # schemathesis' in-process transport does not inflate gzip, so ask for plain answers.
    case.call_and_validate(app=app, checks=CHECKS, headers={"Accept-Encoding": "identity"})
