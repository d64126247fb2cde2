"""The deployable site (``python -m uno_web.site.assemble OUT_DIR``): what it holds, where the
service worker sits, and that every file the pages name is in it (no browser needed)."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from uno_web.site import assemble, precache, vendor

REPO_ROOT = Path(__file__).resolve().parents[2]
SITE = "http://site.test/uno/"  # a project site under a sub-path, as on GitHub Pages


@pytest.fixture(scope="module")
def built() -> None:
    if vendor.main([]) != 0:
        pytest.fail("`python -m uno_web build` failed", pytrace=False)


def copy_source(root: Path) -> None:
    """A checkout's site in ``root``: its own small files, the large built directories as
    symlinks (the tests change the small files)."""
    for name in ("index.html", "pyscript.toml"):
        shutil.copy2(REPO_ROOT / name, root / name)
    shutil.copytree(REPO_ROOT / "static", root / "static", ignore=shutil.ignore_patterns("vendor", "bundle"))
    for name in ("vendor", "bundle"):
        (root / "static" / name).symlink_to(REPO_ROOT / "static" / name, target_is_directory=True)


@pytest.fixture(scope="module")
def site(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[assemble.Assembled]:
    yield assemble.assemble(tmp_path_factory.mktemp("www") / "uno")


def test_layout(site: assemble.Assembled) -> None:
    out = site.out
    names = set(site.files)
    listed = precache.read(REPO_ROOT)["files"]
    # the precached files, the worker at the root, its list, the licences, .nojekyll; nothing else
    extras = {precache.SW_URL, precache.OUT_NAME, assemble.MARKER, "static/vendor/morphdom/LICENSE",
              "static/vendor/trystero/LICENSE"}
    assert names == set(listed) | extras  # type: ignore[arg-type]
    assert (out / precache.SW_URL).read_bytes() == (REPO_ROOT / precache.SW_SOURCE).read_bytes()
    assert (out / precache.OUT_NAME).read_bytes() == (REPO_ROOT / precache.OUT_NAME).read_bytes()
    assert site.version == precache.read(REPO_ROOT)["version"] == precache.version(out)
    for name in names:
        assert not name.endswith((".map", ".d.ts")), name
        assert not (out / name).is_symlink(), name
    for absent in ("static/sw.js", "static/bare.html", "static/bare-nopkg.html", "static/vendor/STAMP.json",
                   "static/vendor/pyodide/pyodide.js", "static/vendor/pyodide/console.html",
                   "static/vendor/pyodide/python_stdlib.zip"):  # the page loads the build's copy
        assert absent not in names, absent
    for must in ("index.html", "pyscript.toml", "static/tutorial.html", "static/register-sw.js",
                 "static/manifest.webmanifest", "static/bundle/uno_web.zip",
                 "static/interpreter.mjs", "static/bundle/python_stdlib.zip",
                 "static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyscript/core.js",
                 "static/room.html", "static/room.js", "static/vendor/trystero/torrent.mjs",
                 "static/vendor/trystero/core/index.mjs", "static/vendor/qrcode/qrcode.mjs"):
        assert must in names, must
    # the pydantic wheels stay precached (the page may load them after it is ready)
    assert sum(n.endswith(".whl") for n in names) == len(vendor.WHEELS)
    assert site.size == sum((out / n).stat().st_size for n in names)


def test_worker_finds_its_list_from_the_root() -> None:
    """sw.js at the site root imports the list by a path that is right from there, and the
    registration script resolves the worker and its scope against its own URL."""
    worker = (REPO_ROOT / precache.SW_SOURCE).read_text(encoding="utf-8")
    imported = re.findall(r'importScripts\("([^"]+)"\)', worker)
    assert [urljoin(SITE + precache.SW_URL, u) for u in imported] == [SITE + precache.OUT_NAME]
    register = (REPO_ROOT / "static" / "register-sw.js").read_text(encoding="utf-8")
    assert 'new URL("../sw.js", here)' in register and 'new URL("../", here)' in register
    assert urljoin(SITE + "static/register-sw.js", "../sw.js") == SITE + precache.SW_URL


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in ("src", "href") and value:
                self.refs.append(value)


def _local(page_url: str, ref: str) -> str | None:
    """The site path a page's reference points to, or None if it leaves the site or is no file."""
    if ref.startswith(("data:", "#", "mailto:", "javascript:")):
        return None
    url = urlsplit(urljoin(page_url, ref))
    if not url.geturl().startswith(SITE):
        return None
    path = url.path[len(urlsplit(SITE).path):]
    return path or "index.html"


def test_every_file_a_page_names_is_in_the_site(site: assemble.Assembled) -> None:
    names = set(site.files)
    pages = ["index.html", *(n for n in names if n.startswith("static/") and n.endswith(".html"))]
    for page in pages:
        parser = _Refs()
        parser.feed((site.out / page).read_text(encoding="utf-8"))
        for ref in parser.refs:
            path = _local(SITE + page, ref)
            assert path is None or path in names, f"{page} names {ref}, not in the site"
    # scripts that add files by name (PyScript's core, the config, the preloads)
    for script in (n for n in names if re.fullmatch(r"static/[^/]+\.js", n)):
        for ref in re.findall(r'"(\./(?:static/)?[\w./-]+\.\w+)"', (site.out / script).read_text(encoding="utf-8")):
            # resolved as the page at the root resolves it (register-sw.js resolves its own)
            path = _local(SITE, ref)
            assert path is None or path in names | {"static/register-sw.js"}, f"{script} names {ref}"


def test_reassembling_replaces_the_site(built: None, tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    copy_source(src)
    out = tmp_path / "www" / "uno"
    first = assemble.assemble(out, src)
    (out / "stale.txt").write_text("left from an older deploy")
    css = src / "static" / "puzzle.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n/* deploy 2 */\n", encoding="utf-8")
    second = assemble.assemble(out, src)
    assert second.version != first.version
    assert not (out / "stale.txt").exists()
    assert "deploy 2" in (out / "static" / "puzzle.css").read_text(encoding="utf-8")
    assert precache.read(out)["version"] == second.version == precache.version(out)
    assert not any(p.name.startswith(".uno.") for p in out.parent.iterdir())  # no staging left


def test_refuses_to_replace_what_is_not_a_site(built: None, tmp_path: Path) -> None:
    keep = tmp_path / "notes"
    keep.mkdir()
    (keep / "mine.txt").write_text("do not delete")
    with pytest.raises(assemble.AssembleError, match="not an earlier assembly"):
        assemble.assemble(keep)
    assert (keep / "mine.txt").read_text() == "do not delete"
    for inside in (REPO_ROOT, REPO_ROOT.parent, REPO_ROOT / "static" / "site"):
        with pytest.raises(assemble.AssembleError, match="source tree"):
            assemble.assemble(inside)


def test_cli_needs_a_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(vendor, "is_complete", lambda *a, **k: False)
    assert assemble.main([str(tmp_path / "site")]) == 1
    assert "python -m uno_web build" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def _py_config(page: Path) -> dict[str, object]:
    found = re.search(r"<script type=\"py\" config='([^']+)'>(.*?)</script>", page.read_text(encoding="utf-8"), re.S)
    assert found, page
    config: dict[str, object] = json.loads(found.group(1))
    config["__code__"] = found.group(2)
    return config


def test_benchmark_floor_boots_as_the_page_does(tmp_path: Path) -> None:
    """bench/bench_boot.py's floor of a repeat visit is the page's own start without the table:
    static/early.js first in <head>, the page's interpreter and config but its name, and a
    Python that only marks the page ready; it loads nothing else (no style sheet, no script)."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("bench_boot", REPO_ROOT / "bench" / "bench_boot.py")
    assert spec is not None and spec.loader is not None
    bench_boot = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_boot", bench_boot)  # (its dataclasses look their module up)
    spec.loader.exec_module(bench_boot)
    floor_page = tmp_path / "floor.html"
    floor_page.write_text(bench_boot.FLOOR_HTML, encoding="utf-8")
    floor, page = _py_config(floor_page), _py_config(REPO_ROOT / "index.html")
    code = str(floor.pop("__code__"))
    page.pop("__code__")
    assert {k: v for k, v in floor.items() if k != "name"} == {k: v for k, v in page.items() if k != "name"}
    assert code.rstrip().endswith('js.document.body.dataset.ready = "1"') and "uno_web" not in code
    sources = re.findall(r'(?:src|href)="([^"]+)"', bench_boot.FLOOR_HTML)
    assert sources == ["data:,", "./static/early.js"], sources


def test_benchmark_baselines_differ_only_by_the_packages() -> None:
    """bench/bench_boot.py's baselines: static/bare-nopkg.html is static/bare.html without its
    packages (same vendored PyScript and Pyodide, same ready marker)."""
    bare = _py_config(REPO_ROOT / "static" / "bare.html")
    nopkg = _py_config(REPO_ROOT / "static" / "bare-nopkg.html")
    assert bare.pop("packages") == ["pydantic"] and "packages" not in nopkg
    code_bare, code_nopkg = str(bare.pop("__code__")), str(nopkg.pop("__code__"))
    assert bare == nopkg
    for code in (code_bare, code_nopkg):
        assert 'document.body.dataset.readyMs = str(round(window.performance.now()))' in code
        assert code.rstrip().endswith('document.body.dataset.ready = "1"')
    assert "pydantic" not in code_nopkg
