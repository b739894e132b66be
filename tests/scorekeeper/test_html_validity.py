"""The Nu HTML checker (vnu, the W3C's validator) reports no error on any page."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

VNU = Path(__file__).resolve().parents[2] / ".venv/vnu/node_modules/vnu-jar/build/dist/vnu.jar"


def vnu_errors(files: list[Path]) -> list[str]:
    if not VNU.exists() or not shutil.which("java"):
        if os.environ.get("CI"):
            pytest.fail("the Nu HTML checker is missing: ./dev test installs it with npm")
        pytest.skip("the Nu HTML checker (npm vnu-jar) or java is not installed")
    result = subprocess.run(
        ["java", "-jar", str(VNU), "--errors-only", "--format", "json", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    messages = json.loads(result.stderr or '{"messages": []}')["messages"]
    return [f"{Path(m['url']).name}:{m.get('lastLine')}: {m['message']}" for m in messages]


@pytest.mark.parametrize("language", ["fr", "es"])
def test_every_page_is_valid_html(client, page_tour, tmp_path, language):
    client.get(f"/language/{language}/")
    g_url = page_tour["game"]
    files = []
    for name, url in page_tour.items():
        response = client.get(url)
        assert response.status_code == 200, name
        path = tmp_path / f"{name.replace(' ', '-')}.html"
        path.write_bytes(response.content)
        files.append(path)
    # A refused round: the page with its error messages next to the fields.
    refused = client.post(f"{g_url}rounds/", {"points_1": "x", "cards_2": "ZZ"})
    (tmp_path / "refused.html").write_bytes(refused.content)
    files.append(tmp_path / "refused.html")
    assert vnu_errors(files) == []


def test_the_checker_does_report_an_invalid_page(tmp_path):
    page = tmp_path / "bad.html"
    page.write_text(
        '<!doctype html><html lang="fr"><head><title>x</title></head>'
        '<body><div hx-get="/x">a</div></body></html>'
    )
    assert [error.split(": ", 1)[1] for error in vnu_errors([page])] == [
        "Attribute “hx-get” not allowed on element “div” at this point."
    ]
