"""pyscript.toml ships every browser module of uno_web, and nothing else (no browser needed)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from uno_web.site import manifest

REPO_ROOT = Path(__file__).resolve().parents[2]


def _files_table() -> dict[str, str]:
    data = tomllib.loads((REPO_ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    files = data.get("files")
    assert isinstance(files, dict), "pyscript.toml has no [files] table"
    return files


def _norm(p: str) -> str:
    return p.removeprefix("./")


def test_every_browser_module_is_shipped() -> None:
    shipped = {_norm(k) for k in _files_table()}
    expected = set(manifest.browser_modules(REPO_ROOT))
    missing = sorted(expected - shipped)
    assert not missing, (
        "these browser modules are missing from pyscript.toml [files]; run "
        f"`python -m uno_web build` (or `python -m uno_web.site.manifest`): {missing}"
    )


def test_every_shipped_file_exists_and_is_a_browser_module() -> None:
    files = _files_table()
    expected = set(manifest.browser_modules(REPO_ROOT))
    for url, dest in files.items():
        assert _norm(url) == _norm(dest), f"{url} is copied to a different path {dest}"
        assert (REPO_ROOT / _norm(url)).is_file(), f"pyscript.toml ships {url}, which does not exist (404 at boot)"
        assert _norm(url) in expected, f"pyscript.toml ships {url}, which is not a browser module"


def test_cli_only_code_is_not_shipped() -> None:
    shipped = [_norm(k) for k in _files_table()]
    assert "uno_web/__init__.py" in shipped
    assert not [p for p in shipped if p.startswith("uno_web/site/") or p.endswith("__main__.py")]


def test_config_points_at_local_vendor_only() -> None:
    data = tomllib.loads((REPO_ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert data["interpreter"] == "./static/vendor/pyodide/pyodide.mjs"
    assert data["packages_cache"] == "passthrough"
    assert "pydantic" in data["packages"]
    html = (REPO_ROOT / "index.html").read_text(encoding="utf-8")
    assert "http://" not in html and "https://" not in html


def test_regeneration_is_stable_and_replaces_only_the_block(tmp_path: Path) -> None:
    (tmp_path / "uno_web" / "core").mkdir(parents=True)
    (tmp_path / "uno_web" / "site").mkdir()
    (tmp_path / "uno_web" / "web" / "sub").mkdir(parents=True)
    for rel in ("uno_web/__init__.py", "uno_web/__main__.py", "uno_web/core/a.py", "uno_web/site/vendor.py",
                "uno_web/web/sub/b.py", "uno_web/web/cli.py"):
        (tmp_path / rel).write_text("x = 1\n")
    (tmp_path / "uno_web" / "core" / "tool.py").write_text("# uno_web: cli-only\n")
    assert manifest.browser_modules(tmp_path) == [
        "uno_web/__init__.py", "uno_web/core/a.py", "uno_web/web/sub/b.py"]

    toml = tmp_path / "pyscript.toml"
    toml.write_text('name = "x"\npackages = ["pydantic"]\n')
    assert manifest.write(toml, tmp_path) is True
    first = toml.read_text()
    assert manifest.write(toml, tmp_path) is False
    assert tomllib.loads(first)["files"] == {
        f"./{m}": f"./{m}" for m in manifest.browser_modules(tmp_path)}
    (tmp_path / "uno_web" / "core" / "new.py").write_text("")
    assert manifest.write(toml, tmp_path) is True
    text = toml.read_text()
    assert text.startswith('name = "x"\npackages = ["pydantic"]\n')
    assert text.count(manifest.BEGIN) == 1
    assert "./uno_web/core/new.py" in tomllib.loads(text)["files"]


def test_hand_written_files_table_is_refused() -> None:
    with pytest.raises(ValueError):
        manifest.updated_toml('[files]\n"./a.py" = "./a.py"\n', ["uno_web/__init__.py"])
