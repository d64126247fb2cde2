"""Offline and installable (issue 14, point 3): the web app manifest and the service worker.

The shared ``page`` fixture blocks service workers (``service_workers="block"``), so these
tests open their own contexts with ``service_workers="allow"`` and their own servers, which
they shut down to go offline.  Every request is recorded (Chromium reports the worker's own
requests to the context's routes too); none may leave the origin.

Two ways the site is served:

- ``pages``: as GitHub Pages serves it: ``python -m uno_web.site.assemble`` into a SUB-PATH
  (``www/uno/``) of a plain ``http.server.SimpleHTTPRequestHandler`` (the ``.wasm`` type, no
  special header: no ``Service-Worker-Allowed``), opened at ``http://127.0.0.1:PORT/uno/``;
- ``checkout``: ``python -m uno_web serve``'s server of the checkout (``/sw.js`` answered
  with ``static/sw.js``), as for local play and the other browser tests.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from uno_web.site import assemble, precache, serve, vendor

from conftest import READY_TIMEOUT_MS, REPO_ROOT, _wait_ready
from test_assemble import copy_source

pytestmark = pytest.mark.browser

QUERY = "?hands=R3+G4%2CY7&top=Y2&bots=still"
POSITION = "index.html" + QUERY

# waits until the worker is active and controls the page; false if it does not control it yet
CONTROLLED = """async () => {
  const reg = await navigator.serviceWorker.ready;
  return !!(reg.active && navigator.serviceWorker.controller);
}"""
REGISTRATION = """async () => {
  const reg = await navigator.serviceWorker.ready;
  return [reg.scope, reg.active.scriptURL];
}"""


@pytest.fixture(scope="module")
def built() -> None:
    if vendor.main([]) != 0:
        pytest.fail("`python -m uno_web build` failed", pytrace=False)


class PlainHandler(SimpleHTTPRequestHandler):
    """The standard library's static server with nothing added but the types a static host
    sends (GitHub Pages does): no Cache-Control, no Service-Worker-Allowed."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


def start_plain(root: Path) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(PlainHandler, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="plain-static", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def stop(server: ThreadingHTTPServer) -> None:
    server.shutdown()
    server.server_close()


class Recorder:
    """A context that allows service workers and records requests, errors and foreign URLs."""

    def __init__(self, browser: Any, base: str) -> None:
        self.base = base
        self.requests: list[str] = []
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.offline = False
        self.refused: list[str] = []
        self.context = browser.new_context(base_url=base, service_workers="allow")
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _route(self, route: Any) -> None:
        url = route.request.url
        self.requests.append(url)
        if not url.startswith(self.base) and not url.startswith(("data:", "blob:")):
            self.foreign.append(url)
            route.abort("blockedbyclient")
        elif self.offline:  # the network is cut: nothing may reach the server
            self.refused.append(url)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    def controlled(self) -> None:
        """Wait until the worker, registered once the page is ready, has installed (filled its
        cache), activated and claimed this page: no reload needed."""
        self.page.wait_for_function("!!navigator.serviceWorker.controller", timeout=READY_TIMEOUT_MS, polling=200)
        assert self.page.evaluate(CONTROLLED), "the service worker does not control the page"

    def cache_names(self) -> list[str]:
        """The worker's caches (not the page's memory snapshot, "uno_web.snapshot", which the
        page makes once ready and idle: tests/web/test_snapshot_browser.py)."""
        return sorted(n for n in self.page.evaluate("async () => await caches.keys()") if n != "uno_web.snapshot")

    def cached_urls(self, name: str) -> list[str]:
        return sorted(self.page.evaluate(
            "async name => (await (await caches.open(name)).keys()).map(r => r.url)", name))

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def recorder_factory(browser: Any) -> Iterator[Any]:
    made: list[Recorder] = []

    def make(base: str) -> Recorder:
        made.append(Recorder(browser, base))
        return made[-1]

    yield make
    for r in made:
        r.close()


@pytest.mark.parametrize("where", ["pages", "checkout"])
def test_plays_offline_after_one_visit(built: None, recorder_factory: Any, tmp_path: Path, where: str) -> None:
    if where == "pages":
        site_root = assemble.assemble(tmp_path / "www" / "uno").out
        server, origin = start_plain(tmp_path / "www")
        prefix, first = "uno/", "uno/" + QUERY  # the site's directory URL, with a position
    else:
        site_root = REPO_ROOT
        server, origin = serve.start_in_thread("127.0.0.1", 0, REPO_ROOT, quiet=True)
        prefix, first = "", POSITION
    root = origin + prefix
    try:
        rec = recorder_factory(origin)
        rec.page.goto(first)
        _wait_ready(rec.page)
        rec.controlled()
        # (read now: serving the checkout, the list is rewritten when the worker asks for it)
        data = precache.read(site_root)
        files: list[str] = data["files"]  # type: ignore[assignment]
        # the worker sits at the site root and its scope is the site (no header needed)
        assert rec.page.evaluate(REGISTRATION) == [root, root + precache.SW_URL]
        assert rec.cache_names() == [f"uno_web-{data['version']}"]
        assert rec.cached_urls(f"uno_web-{data['version']}") == sorted(root + f for f in files)
        # the worker's own requests reach the routes (no page loads the tutorial), so "no request
        # left the origin" covers them too
        assert root + "static/tutorial.html" in rec.requests
        # every file the pages asked for while online is precached
        asked = {urlsplit(u).path.removeprefix(urlsplit(root).path) for u in rec.requests}
        extra = asked - set(files) - {"", precache.SW_URL, precache.OUT_NAME}
        assert not extra, f"loaded but not precached: {sorted(extra)}"
    finally:
        stop(server)
    # the server is gone, the browser is offline, and any request that still reaches the network
    # layer is refused and recorded
    rec.offline = True
    rec.context.set_offline(True)
    rec.requests.clear()
    rec.page.reload()
    _wait_ready(rec.page)
    assert rec.page.get_attribute("body", "data-ready") == "1"
    assert not rec.page.query_selector(".py-error")
    rec.page.locator("[data-testid=hand] [data-card='G4']").first.click()
    rec.page.wait_for_selector("[data-testid=validator-entry][data-code=E_NO_MATCH]", timeout=30_000)
    assert rec.refused == [], f"requests reached the network while offline: {rec.refused}"
    assert rec.foreign == [] and rec.errors == [], (rec.foreign, rec.errors)
    # the tutorial, a page in static/, opens offline too
    response = rec.page.goto(prefix + "static/tutorial.html", wait_until="domcontentloaded")
    assert response is not None and response.ok and response.from_service_worker
    assert rec.page.locator("h1").first.inner_text() == "Five tricky UNO rules"
    assert rec.refused == [], f"requests reached the network while offline: {rec.refused}"


def test_new_build_replaces_the_cache(built: None, recorder_factory: Any, tmp_path: Path) -> None:
    """A new deploy of the Pages site under its sub-path: a changed file gives a new version;
    reloading online installs the new worker, which activates and deletes the old cache."""
    src = tmp_path / "src"
    src.mkdir()
    copy_source(src)
    out = tmp_path / "www" / "uno"
    old = assemble.assemble(out, src).version
    server, origin = start_plain(tmp_path / "www")
    root = origin + "uno/"
    try:
        rec = recorder_factory(origin)
        rec.page.goto("uno/" + QUERY)
        _wait_ready(rec.page)
        rec.controlled()
        assert rec.cache_names() == [f"uno_web-{old}"]
        # a new deploy: a changed stylesheet gives a new version
        css = src / "static" / "puzzle.css"
        css.write_text(css.read_text(encoding="utf-8") + "\n/* deploy 2 */\n", encoding="utf-8")
        new = assemble.assemble(out, src).version
        assert new != old
        for _ in range(2):
            rec.page.reload()
            _wait_ready(rec.page)
        deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
        while rec.cache_names() != [f"uno_web-{new}"] and time.monotonic() < deadline:
            time.sleep(0.25)  # the new worker installs (fills its cache) and activates
        assert rec.cache_names() == [f"uno_web-{new}"]
        assert rec.page.evaluate(REGISTRATION) == [root, root + precache.SW_URL]
        css_now = rec.page.evaluate(
            "async name => (await (await (await caches.open(name)).match('static/puzzle.css')).text())",
            f"uno_web-{new}")
        assert "deploy 2" in css_now
        # the next visit is served by the new worker from the new cache
        rec.page.reload()
        _wait_ready(rec.page)
        assert rec.page.evaluate(CONTROLLED)
        assert "deploy 2" in rec.page.evaluate(
            "async () => (await (await fetch('static/puzzle.css')).text())")
        assert rec.foreign == [], rec.foreign
        assert rec.errors == [], rec.errors
    finally:
        stop(server)


def test_manifest_is_valid_and_its_icons_exist(built: None) -> None:
    text = (REPO_ROOT / "static" / "manifest.webmanifest").read_text(encoding="utf-8")
    manifest = json.loads(text)
    for key in ("name", "short_name", "start_url", "scope", "display", "theme_color", "background_color", "icons"):
        assert manifest.get(key), key
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#0b6e3b" and manifest["background_color"] == "#063d21"
    # relative, so that a project site under a sub-path (GitHub Pages) works
    for key in ("start_url", "scope", "id"):
        assert not manifest[key].startswith(("/", "http")), key
    base = REPO_ROOT / "static"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        path = (base / icon["src"]).resolve()
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            head = path.read_bytes()[:24]
            assert head[:8] == b"\x89PNG\r\n\x1a\n"
            w, h = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
            assert f"{w}x{h}" == icon["sizes"], icon["src"]
    html = (REPO_ROOT / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./static/manifest.webmanifest">' in html
    assert '<meta name="theme-color" content="#0b6e3b">' in html
    # everything the precache lists exists, and the page's own files are in it
    files = precache.files()
    assert all((REPO_ROOT / f).is_file() for f in files)
    for must in ("index.html", "pyscript.toml", "static/table.css", "static/tutorial.html",
                 "static/bundle/uno_web.zip", "static/register-sw.js", "static/manifest.webmanifest",
                 "static/vendor/pyodide/pyodide.mjs", "static/vendor/pyodide/pyodide.asm.mjs",
                 "static/vendor/pyodide/pyodide.asm.wasm", "static/bundle/python_stdlib.zip",
                 "static/interpreter.mjs",
                 "static/vendor/pyodide/pyodide-lock.json", "static/vendor/pyscript/core.js",
                 "static/vendor/pyscript/core.css", "static/vendor/morphdom/morphdom-umd.min.js"):
        assert must in files, must
    assert sum(f.endswith(".whl") for f in files) == len(vendor.WHEELS)


# a cached file replaced by garbage, through the Cache Storage API (what a page script, a
# browser extension or a damaged disk can do to it)
SPOIL = """async ([cache, name]) => {
  await (await caches.open(cache)).put(name, new Response('garbage', {headers: {'content-type': 'application/zip'}}));
}"""
CACHED_SHA256 = """async ([cache, name]) => {
  const body = await (await (await caches.open(cache)).match(name)).arrayBuffer();
  return Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', body)),
                    b => b.toString(16).padStart(2, '0')).join('');
}"""


@pytest.mark.parametrize("name", ["static/bundle/uno_web.zip", "static/vendor/pyodide/pyodide.asm.wasm"])
def test_a_damaged_cache_entry_is_fetched_again(built: None, recorder_factory: Any, name: str) -> None:
    """The worker serves a cached file only if its bytes match the build's hash
    (static/sw-precache.js); a damaged entry is fetched again and put back, so the page boots
    on the next load and every load after it."""
    server, origin = serve.start_in_thread("127.0.0.1", 0, REPO_ROOT, quiet=True)
    try:
        rec = recorder_factory(origin)
        rec.page.goto(POSITION)
        _wait_ready(rec.page)
        rec.controlled()
        data = precache.read(REPO_ROOT)
        cache = f"uno_web-{data['version']}"
        want = data["sha256"][name]  # type: ignore[index]
        assert rec.page.evaluate(CACHED_SHA256, [cache, name]) == want
        rec.page.evaluate(SPOIL, [cache, name])
        assert rec.page.evaluate(CACHED_SHA256, [cache, name]) != want
        for _ in range(2):
            rec.page.reload()
            _wait_ready(rec.page)
            assert rec.page.evaluate(CONTROLLED)
            assert not rec.page.query_selector(".py-error")
        rec.page.locator("[data-testid=hand] [data-card='G4']").first.click()
        rec.page.wait_for_selector("[data-testid=validator-entry][data-code=E_NO_MATCH]", timeout=30_000)
        # healed: the cache holds the build's bytes again
        assert rec.page.evaluate(CACHED_SHA256, [cache, name]) == want
        assert rec.foreign == [] and rec.errors == [], (rec.foreign, rec.errors)
    finally:
        stop(server)
