"""Production details: plain-HTTP health checks, capability pages kept out of search engines."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
from django.test import Client
client = Client()
print(client.get("/healthz").status_code, client.get("/grids/").status_code)
"""


def test_with_production_settings_the_health_check_answers_plain_http(tmp_path):
    env = {
        **os.environ,
        "PRODUCTION": "1",
        "DEBUG": "0",
        "ALLOWED_HOSTS": "testserver",
        "SECRET_KEY": "x" * 50,
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
    }
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    # The health check is served over HTTP; every other page still moves to HTTPS.
    assert result.stdout.split() == ["200", "301"]


def test_capability_pages_carry_noindex_in_header_and_meta(client, start_game):
    g = start_game("liverpool", ["Ana", "Ben"])
    for url in (g.url, g.view_url, f"{g.url}history/", f"{g.url}grid.pdf"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["X-Robots-Tag"] == "noindex, nofollow", url
        if response["Content-Type"].startswith("text/html"):
            assert '<meta name="robots" content="noindex, nofollow">' in response.content.decode()
        assert response["Referrer-Policy"] == "same-origin"


def test_the_home_page_may_be_indexed(client):
    response = client.get("/")
    assert "X-Robots-Tag" not in response
    assert 'name="robots"' not in response.content.decode()
