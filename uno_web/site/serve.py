"""``python -m uno_web serve [--host 127.0.0.1] [--port 8000]``: serve the site from the repo root.

A threaded static server with the MIME types Pyodide and PyScript need (``.wasm`` must be
``application/wasm`` or Pyodide 314 hangs while instantiating; ``.mjs`` must be JavaScript or the
browser refuses the module).  Every response carries ``Cache-Control: no-cache`` so an edited
module or a rebuilt vendor directory is revalidated instead of served stale.  Paths with a
component starting with ``.`` (``.git``, ``.venv``) are not served.

Before serving it runs the build (:func:`uno_web.site.vendor.main`), which vendors
``static/vendor/`` if it is incomplete and rebuilds ``static/bundle/uno_web.zip`` (the browser
modules) if it is stale; serving this checkout, it also rebuilds that zip whenever it is
requested after a module changed (:mod:`uno_web.site.bundle`).

The service worker is kept in git as ``static/sw.js`` but belongs at the site root: a tree
without a ``sw.js`` of its own (the checkout) has ``/sw.js`` answered with ``static/sw.js``,
the same bytes ``python -m uno_web.site.assemble`` puts there.  No special header is sent (the
worker's scope is its own directory; GitHub Pages could not send one either).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import socket
import sys
import threading
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from collections.abc import Callable, Iterator
from typing import Any
from pathlib import Path
from urllib.parse import unquote, urlsplit

from uno_web.site import precache

#: Debian's Chromium and the flags this project drives it with (headless, through Python
#: Playwright; ``npx playwright install`` is not used): tests/web and the browser benchmarks.
#: ``--disable-dev-shm-usage`` puts the renderers' shared memory in /tmp rather than /dev/shm,
#: the usual precaution where /dev/shm is small (here even a 4 MB /dev/shm crashed nothing,
#: so it is a precaution, not the known cause of the one CI run whose renderers crashed).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = (
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
)


def launch_chromium(playwright: "object", executable: str = CHROMIUM) -> "object":
    """A headless Chromium from a Playwright instance (``sync_playwright()`` or async)."""
    return playwright.chromium.launch(  # type: ignore[attr-defined]
        executable_path=executable, headless=True, args=list(CHROMIUM_ARGS))

REPO_ROOT = Path(__file__).resolve().parents[2]

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".toml": "application/toml",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".tar": "application/x-tar",
    ".py": "text/plain; charset=utf-8",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files of one directory, correct MIME types, no stale caches, quiet unless asked."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    protocol_version = "HTTP/1.1"

    def guess_type(self, path: str | object) -> str:
        suffix = Path(str(path)).suffix.lower()
        return MIME_TYPES.get(suffix) or super().guess_type(path)  # type: ignore[arg-type]

    def _hidden(self) -> bool:
        parts = unquote(urlsplit(self.path).path).split("/")
        return any(p.startswith(".") and p not in (".", "..") for p in parts)

    def translate_path(self, path: str) -> str:
        """``/sw.js`` is ``static/sw.js`` when the served tree has no ``sw.js`` of its own."""
        translated = super().translate_path(path)
        if unquote(urlsplit(path).path) == "/" + precache.SW_URL and not Path(translated).exists():
            source = Path(self.directory) / precache.SW_SOURCE
            if source.is_file():
                return str(source)
        return translated

    def send_head(self):  # type: ignore[no-untyped-def]
        if self._hidden():
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        self._refresh_bundle()
        self._refresh_precache()
        return super().send_head()

    def _refresh_precache(self) -> None:
        """Serving this checkout: rewrite static/sw-precache.js (the service worker's file list
        and version) when the worker asks for it, after rebuilding a stale bundle, so an edit
        reaches a browser that has the worker on the next update check."""
        from uno_web.site import bundle

        if unquote(urlsplit(self.path).path) != "/" + precache.OUT_NAME:
            return
        if Path(self.directory).resolve() != precache.REPO_ROOT:
            return
        try:
            bundle.ensure()
            if precache.ensure():
                self.log_message("rewrote %s (a precached file changed)", precache.OUT_NAME)
        except (bundle.BundleError, OSError, ValueError) as exc:
            print(f"[serve] could not refresh {precache.OUT_NAME}: {exc}", file=sys.stderr)

    def _refresh_bundle(self) -> None:
        """Serving this checkout: rebuild static/bundle/uno_web.zip first if a module changed
        since it was built, so an edited module reaches the browser on the next reload."""
        from uno_web.site import bundle

        if unquote(urlsplit(self.path).path) != "/" + bundle.BUNDLE_URL.removeprefix("./"):
            return
        if Path(self.directory).resolve() != bundle.REPO_ROOT:
            return
        try:
            if bundle.ensure():
                self.log_message("rebuilt %s (a browser module changed)", bundle.BUNDLE_URL)
        except (bundle.BundleError, OSError) as exc:  # serve the old one; say why
            print(f"[serve] could not rebuild {bundle.BUNDLE_URL}: {exc}", file=sys.stderr)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that goes away mid-download (a closed tab, a page left while Pyodide was
        still coming) is not a fault of the server: say nothing. Anything else is printed as
        the standard library does."""
        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipe, ConnectionReset, ...
            return
        super().handle_error(request, client_address)


def make_server(host: str = "127.0.0.1", port: int = 8000, root: Path = REPO_ROOT,
                quiet: bool = False) -> SiteServer:
    """A bound (not yet serving) server of ``root``; ``port=0`` picks a free port."""
    handler = type("BoundSiteHandler", (SiteHandler,), {"quiet": quiet})
    server_cls: type[SiteServer] = SiteServer
    if ":" in host:
        server_cls = type("SiteServer6", (SiteServer,), {"address_family": socket.AF_INET6})
    return server_cls((host, port), partial(handler, directory=str(root)))


def start_in_thread(host: str = "127.0.0.1", port: int = 0, root: Path = REPO_ROOT,
                    quiet: bool = True) -> tuple[SiteServer, str]:
    """Serve in a daemon thread; return the server (call ``shutdown()``) and its base URL."""
    server = make_server(host, port, root, quiet)
    thread = threading.Thread(target=server.serve_forever, name="uno-web-serve", daemon=True)
    thread.start()
    h, p = server.server_address[:2]
    return server, f"http://{h!s}:{p}/"


@contextlib.contextmanager
def serving(root: Path = REPO_ROOT, build: bool = True) -> Iterator[str]:
    """Build what is missing, serve ``root`` on a free loopback port for the ``with`` block,
    and give its base URL (benchmarks and scripts use this)."""
    from uno_web.site import vendor

    if build and vendor.main([]) != 0:
        raise RuntimeError("the vendor build failed (see above)")
    server, url = start_in_thread("127.0.0.1", 0, root, quiet=True)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()



def run_served(action: Callable[[str], None], root: Path = REPO_ROOT) -> int:
    """Build what is missing, serve ``root``, call ``action(base_url)``; an exit status (1 with
    the message when the build fails).  For the browser benchmarks' ``main``."""
    try:
        with serving(root) as url:
            action(url)
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_web serve",
                                     description="Serve the uno_web site (builds static/vendor first if needed).")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any free port)")
    parser.add_argument("--no-build", action="store_true",
                        help="do not run the build first (static/vendor must already be complete)")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)

    from uno_web.site import vendor

    if args.no_build:
        if not vendor.is_complete():
            print("error: static/vendor is incomplete; run `python -m uno_web build`", file=sys.stderr)
            return 1
    else:
        rc = vendor.main([])
        if rc != 0:
            print("error: the build failed; not serving", file=sys.stderr)
            return rc

    try:
        server = make_server(args.host, args.port, REPO_ROOT, args.quiet)
    except OSError as exc:
        why = "the port is in use" if exc.errno == errno.EADDRINUSE else exc.strerror
        print(f"error: cannot listen on {args.host}:{args.port}: {why}", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    shown = f"[{host!s}]" if ":" in str(host) else str(host)
    print(f"Serving {REPO_ROOT} at http://{shown}:{port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
