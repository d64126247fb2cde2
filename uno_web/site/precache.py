"""The service worker's precache list and build version: ``static/sw-precache.js``.

The build (``python -m uno_web build``) writes it after vendoring and the bundle; it is
git-ignored.  The worker, ``static/sw.js`` in git, is served from the **site root** as
``sw.js`` (``python -m uno_web.site.assemble`` copies it there, ``python -m uno_web serve``
answers ``/sw.js`` with it), so that its scope, the site root, needs no
``Service-Worker-Allowed`` header (GitHub Pages cannot send one).  From there it loads this file
with ``importScripts("./static/sw-precache.js")``; it sets
``self.UNO_PRECACHE = {"version": …, "files": [...], "sha256": {...}}``: every file the site's
pages load, as URLs relative to the site root, the SHA-256 of each (the worker checks what it
serves against it and fetches the file again when a cached copy does not match), and a version
that is a hash of their contents and of the worker.  A deploy that changes any of them changes this file, so the browser installs the new
worker, which fills a new cache ``uno_web-<version>`` and deletes the old ones when it activates
(docs/deployment.md, "Offline and installable").

The worker and this file are not in the list: the browser keeps a worker's script and the
scripts it imports with the registration, outside the Cache Storage, and fetches them itself on
each update check (never through the worker).

    python -m uno_web.site.precache          # write it
    python -m uno_web.site.precache --check  # exit 1 if missing or stale
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import struct
import sys
import threading
import zlib
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
OUT_NAME = "static/sw-precache.js"
#: The worker's source, in git (the top level of the tree holds no file of the site but
#: index.html, embed.html and pyscript.toml) ...
SW_SOURCE = "static/sw.js"
#: ... and where it is served: the site root, so that its scope is the whole site.
SW_URL = "sw.js"

#: Files at the top of the site and in static/ (globs, relative to the root).
TOP = ("index.html", "embed.html", "pyscript.toml", "static/*.css", "static/*.html", "static/*.js",
       "static/manifest.webmanifest", "static/icons/*", "static/bundle/uno_web.zip",
       "static/interpreter.mjs", "static/snapshot-worker.mjs", "static/bundle/python_stdlib.zip",
       "static/stdlib-later.zip")
#: Matched by TOP but not precached: the worker and its list (kept by the browser with the
#: registration), and the boot benchmark's baseline pages (bench/bench_boot.py).
TOP_SKIP = frozenset({SW_SOURCE, OUT_NAME, "static/bare.html", "static/bare-nopkg.html"})
#: Under static/vendor/: everything except what no page loads.
VENDOR_SKIP_SUFFIXES = (".map", ".d.ts", ".md")
#: Licence files of the vendored packages: shipped in the assembled site, never loaded.
VENDOR_LICENCES = frozenset({"LICENSE", "LICENSE.txt", "LICENCE", "COPYING"})
VENDOR_SKIP_NAMES = VENDOR_LICENCES | frozenset({
    "STAMP.json", "package.json",
    "console.html", "console-v2.html",   # Pyodide's demo consoles
    "pyodide.js",                        # the UMD build; the page imports pyodide.mjs
    "service-worker.js",                 # PyScript's own (empty) worker for its sync mode
    "python_stdlib.zip",                 # the page loads the build's copy, static/bundle/ (stdlib.py)
})


def files(root: Path = REPO_ROOT) -> list[str]:
    """The precached files, relative to ``root`` (the checkout or an assembled site), sorted."""
    found: set[str] = set()
    for pattern in TOP:
        found.update(p.relative_to(root).as_posix() for p in root.glob(pattern)
                     if p.is_file() and not p.name.endswith(".tmp"))
    found -= TOP_SKIP
    vendor = root / "static" / "vendor"
    for p in vendor.rglob("*"):
        if p.is_file() and p.name not in VENDOR_SKIP_NAMES and not p.name.endswith(VENDOR_SKIP_SUFFIXES):
            found.add(p.relative_to(root).as_posix())
    return sorted(found)


def worker_path(root: Path = REPO_ROOT) -> Path:
    """The worker's file in ``root``: ``sw.js`` in an assembled site, ``static/sw.js`` in the
    checkout (the same bytes)."""
    served = root / SW_URL
    return served if served.is_file() else root / SW_SOURCE


def version(root: Path = REPO_ROOT, names: list[str] | None = None) -> str:
    """A hash of every precached file's path and contents, and of the worker itself (under its
    served name, so the checkout and a site assembled from it have the same version)."""
    h = hashlib.sha256()
    paths = [(name, root / name) for name in (names if names is not None else files(root))]
    for name, path in [*paths, (SW_URL, worker_path(root))]:
        if not path.is_file():
            continue
        h.update(name.encode() + b"\0")
        with path.open("rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
        h.update(b"\0")
    return h.hexdigest()[:16]


def digests(root: Path = REPO_ROOT, names: list[str] | None = None) -> dict[str, str]:
    """The SHA-256 (hex) of each precached file: the build's manifest of hashes, against which
    the worker checks every cached response before serving it (a cache entry damaged or
    replaced in the browser is fetched again instead of breaking every later load)."""
    out = {}
    for name in (names if names is not None else files(root)):
        h = hashlib.sha256()
        with (root / name).open("rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
        out[name] = h.hexdigest()
    return out


def render(root: Path = REPO_ROOT) -> str:
    names = files(root)
    data = {"version": version(root, names), "files": names, "sha256": digests(root, names)}
    return ("// Generated by `python -m uno_web build` (uno_web/site/precache.py); do not edit, not in git.\n"
            f"self.UNO_PRECACHE = {json.dumps(data, indent=1)};\n")


def ensure(root: Path = REPO_ROOT) -> bool:
    """Write ``static/sw-precache.js`` if it is missing or differs; True if it was written."""
    out = root / OUT_NAME
    text = render(root)
    if out.is_file() and out.read_text(encoding="utf-8") == text:
        return False
    _write_atomically(out, text.encode("utf-8"))
    return True


def _write_atomically(out: Path, data: bytes) -> None:
    """Write through a temporary file of this process and thread (concurrent builds, test
    workers and the server may write the same file), then rename it into place."""
    tmp = out.with_name(f"{out.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    try:
        tmp.write_bytes(data)
        tmp.replace(out)
    finally:
        tmp.unlink(missing_ok=True)


def read(root: Path = REPO_ROOT) -> dict[str, object]:
    """The version and file list written in ``static/sw-precache.js``."""
    text = (root / OUT_NAME).read_text(encoding="utf-8")
    data: dict[str, object] = json.loads(text[text.index("{"):text.rindex("}") + 1])
    return data


# ---------------------------------------------------------------------------------------------
# the icons: static/icons/icon.svg drawn into PNGs (pure Python, no image library)

ICON_DIR = "static/icons"
ICONS = {"icon-192.png": 192, "icon-512.png": 512, "icon-maskable-512.png": 512}
_FELT, _WHITE, _INK = (0x0B, 0x6E, 0x3B), (255, 255, 255), (0x1D, 0x1D, 0x1F)
_QUADRANTS = ((0xD7, 0x26, 0x00), (0x09, 0x56, 0xBF), (0xEC, 0xD4, 0x07), (0x37, 0x97, 0x11))


def _round_rect_distance(x: float, y: float, cx: float, cy: float, hw: float, hh: float, r: float) -> float:
    qx, qy = abs(x - cx) - hw + r, abs(y - cy) - hh + r
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def _pixel(x: float, y: float, px: float) -> tuple[int, int, int]:
    """The colour at (x, y) in units of the 512-px drawing of icon.svg; ``px`` = units per pixel."""
    def cov(d: float) -> float:
        return min(1.0, max(0.0, 0.5 - d / px))

    def mix(a: tuple[float, ...], b: tuple[int, ...], t: float) -> tuple[float, ...]:
        return tuple(p + (q - p) * t for p, q in zip(a, b))

    c: tuple[float, ...] = _FELT
    outer = _round_rect_distance(x, y, 256, 256, 112.64, 158.72, 25.6)
    if outer > px:
        return _FELT
    c = mix(c, _WHITE, cov(outer))
    c = mix(c, _INK, cov(_round_rect_distance(x, y, 256, 256, 97.28, 143.36, 15.36)))
    dx, dy = x - 256, y - 256
    lx, ly = dx * _COS + dy * _SIN, -dx * _SIN + dy * _COS  # rotate(-30) undone
    rx, ry = 87.04, 133.12
    f = (lx / rx) ** 2 + (ly / ry) ** 2 - 1
    grad = math.hypot(2 * lx / rx ** 2, 2 * ly / ry ** 2) or 1.0
    d = f / grad
    if d < 4 + px:
        c = mix(c, _WHITE, cov(d - 4))
        c = mix(c, _QUADRANTS[(lx >= 0) + 2 * (ly >= 0)], cov(d + 4))
    return tuple(round(v) for v in c)  # type: ignore[return-value]


_COS, _SIN = math.cos(math.radians(-30)), math.sin(math.radians(-30))


def draw_png(size: int) -> bytes:
    """icon.svg as a ``size``-pixel RGB PNG."""
    px = 512 / size
    rows = bytearray()
    for j in range(size):
        rows.append(0)
        y = (j + 0.5) * px
        for i in range(size):
            rows.extend(_pixel((i + 0.5) * px, y, px))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def ensure_icons(root: Path = REPO_ROOT) -> list[str]:
    """Draw the PNG icons that are missing or older than this module; the names drawn."""
    made = []
    stamp = Path(__file__).stat().st_mtime
    for name, size in ICONS.items():
        out = root / ICON_DIR / name
        if out.is_file() and out.stat().st_mtime >= stamp:
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        _write_atomically(out, draw_png(size))
        made.append(name)
    return made


def build(root: Path = REPO_ROOT) -> str:
    """The build step: the icons, then ``static/sw-precache.js``; a line for the log."""
    made = ensure_icons(root)
    written = ensure(root)
    data = read(root)
    return (f"{OUT_NAME}: {'written' if written else 'up to date'} (version {data['version']}, "
            f"{len(data['files'])} files){'; drew ' + ', '.join(made) if made else ''}")  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_web.site.precache", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether it is up to date")
    args = parser.parse_args(argv)
    out = REPO_ROOT / OUT_NAME
    if args.check:
        ok = out.is_file() and out.read_text(encoding="utf-8") == render()
        print(f"{OUT_NAME} is {'up to date' if ok else 'missing or stale'}")
        return 0 if ok else 1
    print(build())
    return 0


if __name__ == "__main__":
    sys.exit(main())
