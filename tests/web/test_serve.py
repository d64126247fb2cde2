"""The static server's MIME types and headers, and the vendor stamp (no browser needed)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from uno_web.site import precache, serve, vendor


@pytest.fixture(scope="module")
def tree_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("site")
    for name in ("a.wasm", "a.mjs", "a.js", "a.json", "a.toml", "a.whl", "a.zip", "a.py", "a.css", "a.svg",
                 "index.html"):
        (root / name).write_bytes(b"x")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("secret")
    (root / "static").mkdir()
    (root / "static" / "sw.js").write_text("// the worker")
    server, url = serve.start_in_thread("127.0.0.1", 0, root, quiet=True)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    ("name", "mime"),
    [
        ("a.wasm", "application/wasm"),
        ("a.mjs", "text/javascript"),
        ("a.js", "text/javascript"),
        ("a.json", "application/json"),
        ("a.toml", "application/toml"),
        ("a.whl", "application/zip"),
        ("a.zip", "application/zip"),
        ("a.py", "text/plain"),
        ("a.css", "text/css"),
        ("a.svg", "image/svg+xml"),
        ("index.html", "text/html"),
    ],
)
def test_mime_types(tree_url: str, name: str, mime: str) -> None:
    with urllib.request.urlopen(tree_url + name, timeout=10) as resp:
        assert resp.status == 200
        assert resp.headers["Content-Type"].split(";")[0] == mime
        assert resp.headers["Cache-Control"] == "no-cache"


def test_dot_paths_are_not_served(tree_url: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as exc:
        urllib.request.urlopen(tree_url + ".git/config", timeout=10)
    assert exc.value.code == 404


def test_worker_is_served_from_the_root_without_special_headers(tree_url: str) -> None:
    """/sw.js is static/sw.js (the checkout has no top-level sw.js): its scope is the site
    root with no Service-Worker-Allowed header, as on GitHub Pages, which cannot send one."""
    for path in ("sw.js", "static/sw.js"):
        with urllib.request.urlopen(tree_url + path, timeout=10) as resp:
            assert resp.read() == b"// the worker"
            assert resp.headers["Content-Type"].split(";")[0] == "text/javascript"
            assert resp.headers["Service-Worker-Allowed"] is None
    assert precache.SW_URL == "sw.js" and precache.SW_SOURCE == "static/sw.js"


def test_a_sites_own_worker_wins(tmp_path: Path) -> None:
    """An assembled site (its own sw.js at the root) is served as it is."""
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "sw.js").write_text("// source")
    (tmp_path / "sw.js").write_text("// assembled")
    server, url = serve.start_in_thread("127.0.0.1", 0, tmp_path, quiet=True)
    try:
        with urllib.request.urlopen(url + "sw.js", timeout=10) as resp:
            assert resp.read() == b"// assembled"
    finally:
        server.shutdown()
        server.server_close()


def test_stamp_must_match_pins_and_files(tmp_path: Path) -> None:
    assert not vendor.is_complete(tmp_path)
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.mjs").write_text("js")
    stamp = {**vendor.expected_stamp(), "files": {"pyodide/pyodide.mjs": 2}}
    (tmp_path / vendor.STAMP_NAME).write_text(json.dumps(stamp))
    assert vendor.is_complete(tmp_path)
    (tmp_path / "pyodide" / "pyodide.mjs").write_text("changed")
    assert not vendor.is_complete(tmp_path)
    (tmp_path / "pyodide" / "pyodide.mjs").write_text("js")
    (tmp_path / vendor.STAMP_NAME).write_text(json.dumps({**stamp, "pyodide": "0.0.0"}))
    assert not vendor.is_complete(tmp_path)


def test_a_browser_that_goes_away_is_not_reported(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A closed tab mid-download (BrokenPipe, ConnectionReset) prints nothing; any other
    error in a request is still printed with its traceback."""
    server = serve.make_server("127.0.0.1", 0, tmp_path, quiet=True)
    try:
        for gone in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset")):
            try:
                raise gone
            except ConnectionError:
                server.handle_error(None, ("127.0.0.1", 1))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a real fault")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "ValueError: a real fault" in capsys.readouterr().err
    finally:
        server.server_close()
