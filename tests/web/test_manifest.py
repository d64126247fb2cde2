"""The browser gets every browser module of uno_web, and nothing else (no browser needed).

The page gets one zip, static/bundle/uno_web.zip (uno_web/site/bundle.py), fetched by
static/early.js and imported by index.html's Python with zipimport: every module of
uno_web.site.manifest.browser_modules() with its unchecked-hash pyc beside it, compiled by
Pyodide's own Python.  tests/web/test_offline_boot.py then imports every module inside Pyodide
and checks that zipimport used every pyc.
"""

from __future__ import annotations

import _imp
import html
import json
import re
import zipfile
from pathlib import Path

import pytest

from uno_web.site import bundle, manifest, stdlib, vendor

REPO_ROOT = Path(__file__).resolve().parents[2]


def _config(page: Path = REPO_ROOT / "index.html") -> dict[str, object]:
    """The PyScript config of a page, inline JSON (``<script type="py" config='…'>``);
    index.html's is pyscript.toml, written in by the build."""
    found = re.findall(r"<script type=\"py\" config='([^']*)'>", page.read_text(encoding="utf-8"))
    assert len(found) == 1, f"{page.name}: expected one <script type=\"py\" config='{{json}}'>"
    config = json.loads(html.unescape(found[0]))
    assert isinstance(config, dict)
    if page.name == "index.html":
        import tomllib

        with (REPO_ROOT / "pyscript.toml").open("rb") as f:
            assert config == tomllib.load(f), "index.html's config is not pyscript.toml: run the build"
        config.pop("name", None)
    return config


@pytest.fixture(scope="module")
def built() -> zipfile.ZipFile:
    """The bundle as `python -m uno_web build` leaves it (vendors and rebuilds what is missing)."""
    assert vendor.main([]) == 0, "`python -m uno_web build` failed (see its output above)"
    assert bundle.is_fresh(), "the bundle is stale right after the build"
    with zipfile.ZipFile(bundle.BUNDLE_PATH) as z:
        yield z


def _py_code(page: Path = REPO_ROOT / "index.html") -> str:
    found = re.findall(r"<script type=\"py\"[^>]*>(.*?)</script>", page.read_text(encoding="utf-8"), re.S)
    assert len(found) == 1
    return found[0]


def test_page_imports_the_bundle_from_the_zip_and_nothing_else() -> None:
    # no [files]: PyScript would unpack a zip with shutil + zipfile (~75 ms of imports)
    assert "files" not in _config(), "index.html's config fetches files: the bundle is fetched by static/early.js"
    assert bundle.BUNDLE_PATH == REPO_ROOT / bundle.BUNDLE_URL.removeprefix("./")
    early = (REPO_ROOT / "static" / "early.js").read_text(encoding="utf-8")
    assert f'fetch("{bundle.BUNDLE_URL}"' in early, "static/early.js does not fetch the bundle"
    assert "window.unoWebBundle()" in (REPO_ROOT / "static" / "page.js").read_text(encoding="utf-8"), (
        "an embed must start the bundle's fetch when it starts Python")
    code = _py_code()
    # written to MOUNT and first on sys.path before anything of uno_web is imported
    head = code[:code.index("from uno_web")]
    assert f'"{bundle.MOUNT}"' in head and "unoWebBundle()" in head and "sys.path.insert(0, " in head, code


def test_every_browser_module_is_in_the_bundle_with_its_pyc(built: zipfile.ZipFile) -> None:
    info = json.loads(built.comment)
    expected = set(manifest.browser_modules(REPO_ROOT))
    tag = info["cache_tag"]
    assert tag == "cpython-314" and info["python"].startswith("3.14."), info
    names = set(built.namelist())
    missing = sorted(expected - names)
    assert not missing, f"browser modules missing from the bundle: {missing}"
    missing_pyc = sorted(m for m in expected if bundle.pyc_name(m) not in names)
    assert not missing_pyc, f"browser modules without bytecode in the bundle: {missing_pyc}"
    assert bundle.pyc_name("uno_web/core/cards.py") == "uno_web/core/cards.pyc"  # where zipimport looks
    extra = sorted(names - expected - {bundle.pyc_name(m) for m in expected})
    assert not extra, f"the bundle ships files that are not browser modules: {extra}"
    assert info["modules"] == len(expected)


def test_each_pyc_is_an_unchecked_hash_pyc_of_the_shipped_source(built: zipfile.ZipFile) -> None:
    info = json.loads(built.comment)
    magic = bytes.fromhex(info["magic"])
    key = int.from_bytes(magic, "little")  # importlib's _RAW_MAGIC_NUMBER: the siphash key
    for rel in manifest.browser_modules(REPO_ROOT):
        source = built.read(rel)
        assert source == (REPO_ROOT / rel).read_bytes(), f"{rel}: the bundle has an old copy"
        pyc = built.read(bundle.pyc_name(rel))
        assert pyc[:4] == magic, f"{rel}: pyc magic {pyc[:4].hex()} is not Pyodide's {magic.hex()}"
        assert int.from_bytes(pyc[4:8], "little") == 0b01, f"{rel}: not an unchecked-hash pyc"
        assert pyc[8:16] == _imp.source_hash(key, source), f"{rel}: the pyc was not compiled from this source"


def test_bundle_is_reproducible_and_goes_stale_when_a_module_changes(tmp_path: Path, built: zipfile.ZipFile) -> None:
    assert bundle.digest() == json.loads(built.comment)["digest"]
    for rel in ("uno_web/__init__.py", "uno_web/core/a.py", "uno_web/site/vendor.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    first = bundle.digest(tmp_path)
    assert bundle.digest(tmp_path) == first
    (tmp_path / "uno_web/site/vendor.py").write_text("x = 2\n")  # not shipped: no change
    assert bundle.digest(tmp_path) == first
    (tmp_path / "uno_web/core/a.py").write_text("x = 2\n")
    assert bundle.digest(tmp_path) != first
    (tmp_path / "uno_web/core/a.py").write_text("x = 1\n")
    (tmp_path / "uno_web/core/b.py").write_text("")
    assert bundle.digest(tmp_path) != first


def test_cli_only_code_is_not_shipped(built: zipfile.ZipFile) -> None:
    shipped = [n for n in built.namelist() if n.endswith(".py")]
    assert "uno_web/__init__.py" in shipped and "uno_web/web/boot.py" in shipped
    assert not [p for p in shipped if p.startswith("uno_web/site/") or p.endswith(("__main__.py", "/cli.py"))]


def test_config_points_at_local_vendor_only() -> None:
    data = _config()
    # the vendored Pyodide with the build's standard library (uno_web/site/stdlib.py)
    assert data["interpreter"] == "./static/interpreter.mjs"
    wrapper = (REPO_ROOT / "static" / "interpreter.mjs").read_text(encoding="utf-8")
    assert 'from "./vendor/pyodide/pyodide.mjs"' in wrapper
    assert '"bundle/python_stdlib.zip"' in wrapper and '"vendor/pyodide/"' in wrapper
    assert f"./static/{'bundle/python_stdlib.zip'}" == stdlib.STDLIB_URL
    assert data["packages_cache"] == "passthrough"
    # no package at boot: pydantic is loaded after ready (uno_web/web/controller.py)
    assert "packages" not in data, data.get("packages")
    text = (REPO_ROOT / "index.html").read_text(encoding="utf-8") + (
        REPO_ROOT / "static" / "page.js").read_text(encoding="utf-8")
    assert "http://" not in text and "https://" not in text
    # the preloads of index.html name files the vendored PyScript has
    for href in re.findall(r'"(\./static/vendor/pyscript/[^"]+)"', text):
        assert (REPO_ROOT / href.removeprefix("./")).is_file(), f"index.html preloads a missing {href}"
    # the page that imports every shipped module in the browser test boots the same way, with
    # pydantic loaded up front (some edge modules import it; the table never does), and
    # imports the bundle the same way
    pages = Path(__file__).parent / "pages"
    every = _config(pages / "import_all.html")
    assert every.pop("packages") == ["pydantic"] and every == data
    assert f'"{bundle.MOUNT}"' in _py_code(pages / "import_all.html")


def test_browser_module_selection(tmp_path: Path) -> None:
    (tmp_path / "uno_web" / "core").mkdir(parents=True)
    (tmp_path / "uno_web" / "site").mkdir()
    (tmp_path / "uno_web" / "web" / "sub").mkdir(parents=True)
    for rel in ("uno_web/__init__.py", "uno_web/__main__.py", "uno_web/core/a.py", "uno_web/site/vendor.py",
                "uno_web/web/sub/b.py", "uno_web/web/cli.py"):
        (tmp_path / rel).write_text("x = 1\n")
    (tmp_path / "uno_web" / "core" / "tool.py").write_text("# uno_web: cli-only\n")
    assert manifest.browser_modules(tmp_path) == [
        "uno_web/__init__.py", "uno_web/core/a.py", "uno_web/web/sub/b.py"]


def test_the_standard_library_has_bytecode_for_every_boot_module() -> None:
    """static/bundle/python_stdlib.zip: the vendored zip, every entry as it was, plus an
    unchecked-hash pyc of Pyodide's Python beside each module of stdlib.BOOT_MODULES."""
    assert vendor.main([]) == 0
    with zipfile.ZipFile(stdlib.SOURCE_PATH) as src, zipfile.ZipFile(stdlib.STDLIB_PATH) as built:
        names = set(src.namelist())
        assert len(stdlib.BOOT_MODULES) > 100 and len(set(stdlib.BOOT_MODULES)) == len(stdlib.BOOT_MODULES)
        assert not [m for m in stdlib.BOOT_MODULES if stdlib.module_path(m, names) is None]
        assert "asyncio" in stdlib.BOOT_MODULES and "json" in stdlib.BOOT_MODULES
        info = json.loads(built.comment)
        assert info["digest"] == stdlib.digest(), "stale: run `python -m uno_web build`"
        magic = bytes.fromhex(info["magic"])
        key = int.from_bytes(magic, "little")
        for entry in src.infolist():
            assert built.read(entry.filename) == src.read(entry), entry.filename
        extra = set(built.namelist()) - names
        wanted = {bundle.pyc_name(str(stdlib.module_path(m, names))) for m in stdlib.BOOT_MODULES}
        assert extra == wanted
        for name in sorted(wanted):
            pyc, source = built.read(name), built.read(name[:-1])
            assert pyc[:4] == magic and int.from_bytes(pyc[4:8], "little") == 0b01, name
            assert pyc[8:16] == _imp.source_hash(key, source), name
