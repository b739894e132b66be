"""Rules the code itself keeps: types check, the web app uses the engine's public API only,
and nothing reads or writes a private attribute of Django or of another library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import rules_engine

ROOT = Path(__file__).resolve().parent.parent
WEB = [p for p in (ROOT / "scorekeeper").rglob("*.py") if "migrations" not in p.parts]


def test_mypy_passes_strict_on_the_engine_and_every_web_function_is_typed():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "rules_engine", "scorekeeper"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_web_app_imports_only_the_engines_public_api():
    for path in WEB:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rules_engine"):
                assert node.module == "rules_engine", f"{path.name}: from {node.module}"
                names = {alias.name for alias in node.names}
                assert names <= set(rules_engine.__all__), f"{path.name}: {names}"


def test_no_private_attribute_of_another_library_is_touched():
    """`x._name` on anything but the project's own objects (`self`, its modules) is refused."""
    own = {"self", "cls"}
    for path in [*WEB, *(ROOT / "rules_engine").rglob("*.py")]:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
                if node.attr.startswith("__") and node.attr.endswith("__"):
                    continue  # dunders are public protocol
                if node.attr == "_meta":
                    continue  # Django documents the model _meta API as public
                base = node.value.id if isinstance(node.value, ast.Name) else None
                assert base in own, f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr}"


def _calls(path: Path) -> list[tuple[int, str]]:
    """Each call in a module with the name it calls (`f(...)` or `x.f(...)`)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            out.append((node.lineno, name))
    return out


def test_a_refusal_reaches_the_player_by_one_route():
    """Words: the engine's sentences are asked for in core/refusals.py only (`refusal_words`).
    Answers: a refusal becomes a JSON body, a refusal page or a form's error from a service in
    web/refusals.py only (the error pages use its `problem`); forms put their own fields'
    errors themselves, views never do."""
    words = ROOT / "scorekeeper/core/refusals.py"
    answers = ROOT / "scorekeeper/web/refusals.py"
    error_pages = ROOT / "scorekeeper/web/errors.py"  # CSRF, a busy database: its `problem`
    for path in WEB:
        where = path.relative_to(ROOT)
        view = path.name == "views.py" or path.parent.name == "views"
        for line, name in _calls(path):
            if path != words:
                assert name != "describe", f"{where}:{line}: the engine's words"
            if path != answers:
                assert name != "bad_input", f"{where}:{line}: {name}"
                assert name != "problem" or path == error_pages, f"{where}:{line}: {name}"
                assert name != "JsonResponse" or not _refusal_body(path, line), f"{where}:{line}"
            if view:
                assert name != "add_error", f"{where}:{line}: use web.refusals.add_refusal"


def _refusal_body(path: Path, line: int) -> bool:
    """Whether the JsonResponse at `line` is built with an "error" key by hand."""
    return '"error"' in path.read_text().splitlines()[line - 1]


def test_no_formatter_is_switched_off_but_with_a_reason():
    for path in [*WEB, *(ROOT / "rules_engine").rglob("*.py")]:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert "fmt: skip" not in line and "fmt: off" not in line, f"{path.name}:{number}"


def test_every_dependency_is_locked_with_hashes_and_dev_installs_from_the_lock():
    """A fresh machine installs exactly what was tested: every package of uv.lock, transitive
    ones included, comes with a hash for each of its files, the lock agrees with pyproject's
    pins, and `./dev` refuses to run on a lock that disagrees (`uv sync --locked`)."""
    import tomllib

    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    locked = {p["name"]: p for p in lock["package"]}
    pins = [*project["dependencies"], *sum(project["optional-dependencies"].values(), [])]
    for pin in pins:
        name, version = pin.split("==")
        name = name.split("[")[0].lower().replace("_", "-")
        assert locked[name]["version"] == version, pin
    for package in lock["package"]:
        if package.get("source", {}).get("virtual"):
            continue  # the project itself
        files = [*package.get("wheels", []), *([package["sdist"]] if "sdist" in package else [])]
        assert files, package["name"]
        assert all(f["hash"].startswith("sha256:") for f in files), package["name"]
    dev = (ROOT / "dev").read_text()
    assert "sync --locked" in dev and "pip install -e" not in dev
