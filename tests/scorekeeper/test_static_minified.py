"""Phones receive our scripts without comments; what they receive still parses and runs."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))
NODE = shutil.which("node")


def node_parses(path: Path) -> None:
    checked = subprocess.run([NODE, "--check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, f"{path.name}: {checked.stderr}"


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("static")
    env = {**os.environ, "DEBUG": "0", "STATIC_ROOT": str(root), "SECRET_KEY": "x" * 50}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return root


def hashed(collected: Path, name: str) -> Path:
    manifest = json.loads((collected / "staticfiles.json").read_text())
    return collected / manifest["paths"][name]


def test_every_script_is_collected_without_its_comments_and_smaller(collected):
    for source in SCRIPTS:
        sent = hashed(collected, f"js/{source.name}").read_text()
        assert len(sent) < 0.9 * len(source.read_text()), source.name
        assert "\n//" not in sent and "/* " not in sent, source.name


def test_the_compressed_copies_are_of_the_minified_script(collected):
    import gzip

    for source in SCRIPTS:
        sent = hashed(collected, f"js/{source.name}")
        packed = sent.with_name(sent.name + ".gz")
        assert gzip.decompress(packed.read_bytes()) == sent.read_bytes(), source.name


@pytest.mark.skipif(NODE is None, reason="node is needed to parse the scripts")
def test_every_collected_script_still_parses(collected):
    for source in SCRIPTS:
        node_parses(hashed(collected, f"js/{source.name}"))


@pytest.mark.skipif(NODE is None, reason="node is needed to parse the scripts")
def test_the_service_worker_is_sent_minified_and_parses(client, tmp_path):
    response = client.get("/sw.js")
    body = response.content.decode()
    assert "// Service worker" not in body and "importScripts(" in body
    worker = tmp_path / "sw.js"
    worker.write_text(body)
    node_parses(worker)
