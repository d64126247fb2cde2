"""The browser modules of uno_web as one zip with their bytecode: ``static/bundle/uno_web.zip``.

The page imports uno_web **from the zip itself** (``zipimport``), with no unpacking: the page's
JavaScript fetches it early, while Pyodide is still loading (``static/early.js``, for an embed
``static/page.js`` when it starts), and the page's ``<script type="py">`` writes the bytes to
:data:`MOUNT` and puts that path first on ``sys.path`` before it imports ``uno_web``.  Unpacking
it with PyScript's ``[files]`` (``"./*"``, i.e. ``pyodide.unpackArchive``) cost ~75 ms of the
boot: Pyodide unpacks with ``shutil`` and ``zipfile``, and importing those (with ``tempfile``,
``bz2``, ``compression.zstd``, …) was most of it (docs/deployment.md, "Boot time").

The zip holds, for every module of :func:`uno_web.site.manifest.browser_modules`, the source
(tracebacks, ``inspect``) and beside it an *unchecked-hash* pyc (PEP 552) of the same name
(``engine.py`` + ``engine.pyc``: ``zipimport`` looks for ``.pyc`` there, not in
``__pycache__``, and prefers it to the source), compiled by Pyodide's own Python 3.14 under
Node.js (``uno_web/site/pyc.mjs``) with the file names the modules have in the browser
(``/home/pyodide/uno_web.zip/uno_web/…``).  Pyodide ships no bytecode for our code and never
writes any, so without the pycs every boot compiles the sources again.  A pyc that
``zipimport`` rejected would silently be replaced by the source: a module's ``__file__`` then
ends in ``.py`` instead of ``.pyc``, which ``tests/web/test_offline_boot.py`` checks.

One fetch instead of one per module saves ~0.3 s on the boot (43 requests, see
docs/deployment.md "Boot time"); the pycs save the compilation (~0.1-0.15 s).

The zip is a build product (git-ignored), rebuilt whenever it is stale: its comment records a
digest of every shipped source, the Pyodide version and the bundle format, and
:func:`ensure` rebuilds when that digest differs from the tree's.  ``python -m uno_web build``
calls it, and ``python -m uno_web serve`` calls it again whenever the zip is requested, so an
edited module reaches the browser on the next reload.  Entries are sorted and dated 1980-01-01,
the pycs are compiled with ``PYTHONHASHSEED=0``: the same tree gives the same bytes.

    python -m uno_web.site.bundle           # rebuild the bundle if it is stale
    python -m uno_web.site.bundle --check   # exit 1 if it is missing or stale
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path
from typing import Iterator

from uno_web.site import manifest

REPO_ROOT = Path(__file__).resolve().parents[2]
BUNDLE_URL = "./static/bundle/uno_web.zip"  # as static/early.js and page.js fetch it (relative to the page)
BUNDLE_PATH = REPO_ROOT / "static" / "bundle" / "uno_web.zip"
PYODIDE_DIR = REPO_ROOT / "static" / "vendor" / "pyodide"
PYC_SCRIPT = Path(__file__).with_name("pyc.mjs")
MOUNT = "/home/pyodide/uno_web.zip"  # where index.html's Python writes it; first on sys.path
FORMAT = 2  # 1: pycs in __pycache__, unpacked by PyScript; 2: pycs beside the sources, zipimport
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

_thread_lock = threading.Lock()


class BundleError(Exception):
    """A failure with a message meant for the person running the build."""


def _pyodide_version(pyodide_dir: Path) -> str:
    try:
        return str(json.loads((pyodide_dir / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return "?"


def digest(root: Path = REPO_ROOT, pyodide_dir: Path = PYODIDE_DIR) -> str:
    """What the bundle is made of: format, Pyodide version, every shipped path and its bytes."""
    h = hashlib.sha256(f"uno_web bundle {FORMAT} pyodide {_pyodide_version(pyodide_dir)}\n".encode())
    h.update(PYC_SCRIPT.read_bytes())
    for rel in manifest.browser_modules(root):
        data = (root / rel).read_bytes()
        h.update(f"{rel}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def read_info(path: Path = BUNDLE_PATH) -> dict[str, object] | None:
    """The JSON of the zip's comment, or None if the zip is missing or unreadable."""
    try:
        with zipfile.ZipFile(path) as z:
            info = json.loads(z.comment.decode("utf-8"))
    except (OSError, ValueError, zipfile.BadZipFile):
        return None
    return info if isinstance(info, dict) else None


def is_fresh(path: Path = BUNDLE_PATH, root: Path = REPO_ROOT, pyodide_dir: Path = PYODIDE_DIR) -> bool:
    info = read_info(path)
    return info is not None and info.get("digest") == digest(root, pyodide_dir)


def pyc_name(rel: str) -> str:
    """``uno_web/core/cards.py`` -> ``uno_web/core/cards.pyc``: where ``zipimport`` looks."""
    return rel[:-3] + ".pyc"


def compiled_name(rel: str, cache_tag: str) -> str:
    """Where ``pyc.mjs`` writes the pyc of ``rel``: ``uno_web/core/__pycache__/cards.<tag>.pyc``."""
    head, _, name = rel.rpartition("/")
    return f"{head}/__pycache__/{name[:-3]}.{cache_tag}.pyc".lstrip("/")


def compile_pycs(root: Path, pyodide_dir: Path, modules: list[str], out: Path,
                 web_root: str = MOUNT) -> dict[str, object]:
    """Compile ``modules`` (paths relative to ``root``) with Pyodide's Python under Node.js into
    ``out/<dir>/__pycache__/<name>.<tag>.pyc``, with ``web_root/<path>`` as their file names."""
    node = shutil.which("node")
    if node is None:
        raise BundleError("Node.js is needed to compile the browser modules with Pyodide's Python; install it")
    if not (pyodide_dir / "pyodide.mjs").is_file():
        raise BundleError(f"{pyodide_dir}/pyodide.mjs is missing: run `python -m uno_web build`")
    cmd = [node, str(PYC_SCRIPT), str(pyodide_dir), str(root), str(out), web_root, *modules]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-15:])
        raise BundleError(f"compiling the browser modules in Pyodide failed (exit {proc.returncode}):\n{tail}")
    info = json.loads(lines[-1])
    if not isinstance(info, dict) or info.get("files") != len(modules):
        raise BundleError(f"pyc.mjs reported {lines[-1]!r}")
    return info


def build(path: Path = BUNDLE_PATH, root: Path = REPO_ROOT, pyodide_dir: Path = PYODIDE_DIR) -> dict[str, object]:
    """Compile and zip the browser modules; replace ``path`` atomically.  Returns the zip's info."""
    modules = manifest.browser_modules(root)
    if not modules:
        raise BundleError(f"no browser modules under {root / manifest.PACKAGE}")
    want = digest(root, pyodide_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="uno-web-pyc-") as tmp:
        compiled = compile_pycs(root, pyodide_dir, modules, Path(tmp))
        tag = str(compiled["cache_tag"])
        entries: list[tuple[str, bytes]] = []
        for rel in modules:
            entries.append((rel, (root / rel).read_bytes()))
            entries.append((pyc_name(rel), (Path(tmp) / compiled_name(rel, tag)).read_bytes()))
        info = {"format": FORMAT, "digest": want, "pyodide": _pyodide_version(pyodide_dir),
                "python": compiled["python"], "cache_tag": tag, "magic": compiled["magic"],
                "modules": len(modules)}
        with zip_in_place(path, info) as z:
            for name, data in sorted(entries):
                add_file(z, name, data, ZIP_DATE)
    return info


@contextlib.contextmanager
def zip_in_place(path: Path, info: dict[str, object]) -> Iterator[zipfile.ZipFile]:
    """A zip written to a partial file and renamed to ``path`` when complete (readers never see
    half a zip), with ``info`` as its JSON comment (:func:`read_info`)."""
    partial = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with zipfile.ZipFile(partial, "w") as z:
            yield z
            z.comment = json.dumps(info, sort_keys=True).encode("utf-8")
        partial.chmod(0o644)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def add_file(z: zipfile.ZipFile, name: str, data: bytes,
             date: tuple[int, int, int, int, int, int]) -> None:
    """One deflated, world-readable file of a built zip."""
    zi = zipfile.ZipInfo(name, date)
    zi.compress_type = zipfile.ZIP_DEFLATED
    zi.external_attr = 0o644 << 16
    z.writestr(zi, data, compresslevel=9)


@contextlib.contextmanager
def lock(path: Path) -> Iterator[None]:
    """One build at a time: threads of the dev server and processes (pytest-xdist workers)."""
    with _thread_lock:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            yield
            return
        key = hashlib.sha256(str(path).encode()).hexdigest()[:16]
        with open(Path(tempfile.gettempdir()) / f"uno_web-bundle-{key}.lock", "w") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)


def ensure(path: Path = BUNDLE_PATH, root: Path = REPO_ROOT, pyodide_dir: Path = PYODIDE_DIR) -> bool:
    """Rebuild the bundle if it is missing or stale; True if it was rebuilt."""
    if is_fresh(path, root, pyodide_dir):
        return False
    with lock(path):
        if is_fresh(path, root, pyodide_dir):  # another worker built it meanwhile
            return False
        build(path, root, pyodide_dir)
        return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_web.site.bundle", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether the bundle is up to date")
    args = parser.parse_args(argv)
    if args.check:
        ok = is_fresh()
        print(f"{BUNDLE_PATH.relative_to(REPO_ROOT)} is {'up to date' if ok else 'missing or stale'}")
        return 0 if ok else 1
    try:
        rebuilt = ensure()
    except (BundleError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    info = read_info() or {}
    print(f"{BUNDLE_PATH.relative_to(REPO_ROOT)}: {'rebuilt' if rebuilt else 'up to date'} "
          f"({info.get('modules')} modules, {BUNDLE_PATH.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
