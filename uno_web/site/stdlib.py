"""Pyodide's standard library with bytecode for what the page imports: ``static/bundle/python_stdlib.zip``.

The npm package of Pyodide 314 ships ``python_stdlib.zip`` with **sources only** (559 modules, no
pyc), so every boot compiles every standard-library module it imports from source: Pyodide's own
start (``asyncio``, ``pathlib``, ``zipfile``, ``inspect``, …), PyScript's, then ours, some 150
modules, before the page can be ready.  Under Node.js ``loadPyodide`` took 5.4-6.5 s with the
sources and 1.8-3.3 s with compiled modules on this machine (2026-11-24, loaded); in Chromium the
page was ready in 3.2 s instead of 5.2 s (docs/deployment.md, "Boot time").

This build step copies the vendored zip and adds, beside the source of every module of
:data:`BOOT_MODULES`, an *unchecked-hash* pyc (PEP 552) compiled by Pyodide's own Python under
Node.js (``uno_web/site/pyc.mjs``, file names ``/lib/python314.zip/…`` as Pyodide mounts it):
``zipimport`` prefers the pyc and never reads the source (tracebacks still show it).  Only the
modules imported at boot get one: all 559 would add 4.5 MB to the first visit, these add ~1.6 MB.
The page's Pyodide loads it instead of the vendored one: ``pyscript.toml``'s ``interpreter`` is
``static/interpreter.mjs``, the vendored ``pyodide.mjs`` with ``stdLibURL`` set (PyScript passes
no such option itself).  The bare pages of ``bench/bench_boot.py`` keep the vendored one.

:data:`BOOT_MODULES` is what a page had imported when it was ready (with the modules
``warm_up`` imports after it); ``tests/web/test_offline_boot.py`` fails, naming them, when the
page imports a standard-library module from source before it is ready, and
``tests/web/test_manifest.py`` when a name is not in the vendored zip.  Rebuilt (~20 s) when the
vendored zip, this list or the compiler changes (the zip's comment records a digest).

    python -m uno_web.site.stdlib           # rebuild if stale
    python -m uno_web.site.stdlib --check   # exit 1 if missing or stale
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import zipfile
from pathlib import Path

from uno_web.site import bundle

REPO_ROOT = Path(__file__).resolve().parents[2]
SOURCE_PATH = REPO_ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
STDLIB_URL = "./static/bundle/python_stdlib.zip"  # relative to the page (static/interpreter.mjs)
STDLIB_PATH = REPO_ROOT / STDLIB_URL.removeprefix("./")
MOUNT = "/lib/python314.zip"  # where Pyodide puts the standard library (on sys.path)
FORMAT = 1

#: The standard-library modules a page has imported when it is ready (Pyodide 314.0.7,
#: PyScript 0.7.31, uno_web's first screen); measured in Chromium, checked by
#: tests/web/test_offline_boot.py.
BOOT_MODULES: tuple[str, ...] = tuple("""
    __future__ _collections_abc _colorize _opcode_metadata _py_warnings _pyodide
    _pyodide._base _pyodide._core_docs _pyodide._future_helper _pyodide._importhook
    _pyodide.docs_argspec _pyodide.docstring _pyodide.jsbind _sitebuiltins _ssl _weakrefset
    abc annotationlib ast asyncio asyncio.base_events asyncio.base_futures
    asyncio.base_subprocess asyncio.base_tasks asyncio.constants asyncio.coroutines
    asyncio.events asyncio.exceptions asyncio.format_helpers asyncio.futures asyncio.graph
    asyncio.locks asyncio.log asyncio.mixins asyncio.protocols asyncio.queues
    asyncio.runners asyncio.selector_events asyncio.sslproto asyncio.staggered
    asyncio.streams asyncio.subprocess asyncio.taskgroups asyncio.tasks asyncio.threads
    asyncio.timeouts asyncio.transports asyncio.trsock asyncio.unix_events base64 bisect bz2
    codecs codeop collections compression compression._common compression._common._streams
    compression.zstd compression.zstd._zstdfile concurrent concurrent.futures
    concurrent.futures._base contextlib contextvars copy copyreg dataclasses dis encodings
    encodings.aliases encodings.utf_8 enum fnmatch functools genericpath glob hashlib heapq
    hmac html html.entities importlib importlib._abc importlib._bootstrap
    importlib._bootstrap_external importlib.abc importlib.machinery importlib.util inspect
    io ipaddress json json.decoder json.encoder json.scanner keyword linecache locale
    logging lzma ntpath opcode operator os pathlib pathlib._os posixpath pyodide
    pyodide._package_loader pyodide._state pyodide.code pyodide.common pyodide.ffi
    pyodide.webloop random re re._casefix re._compiler re._constants re._parser reprlib
    secrets selectors shutil signal site socket ssl stat string struct subprocess tempfile textwrap
    threading token tokenize traceback types typing urllib urllib.parse warnings weakref
    zipfile zipfile._path zipfile._path.glob zipimport
""".split())


class StdlibError(Exception):
    """A failure with a message meant for the person running the build."""


def module_path(name: str, names: set[str]) -> str | None:
    """The zip entry of module ``name`` (``a.b`` -> ``a/b.py`` or ``a/b/__init__.py``)."""
    base = name.replace(".", "/")
    for rel in (base + ".py", base + "/__init__.py"):
        if rel in names:
            return rel
    return None


def digest(source: Path = SOURCE_PATH) -> str:
    h = hashlib.sha256(f"uno_web stdlib {FORMAT}\n".encode())
    h.update(bundle.PYC_SCRIPT.read_bytes())
    h.update(" ".join(BOOT_MODULES).encode())
    h.update(source.read_bytes())
    return h.hexdigest()


def read_info(path: Path = STDLIB_PATH) -> dict[str, object] | None:
    """The JSON of the zip's comment, or None (as the modules' bundle reads its own)."""
    return bundle.read_info(path)


def is_fresh(path: Path = STDLIB_PATH, source: Path = SOURCE_PATH) -> bool:
    info = read_info(path)
    try:
        return info is not None and info.get("digest") == digest(source)
    except OSError:
        return False


def build(path: Path = STDLIB_PATH, source: Path = SOURCE_PATH,
          pyodide_dir: Path = bundle.PYODIDE_DIR) -> dict[str, object]:
    """Copy ``source`` with the pycs of :data:`BOOT_MODULES` added; replace ``path`` atomically."""
    want = digest(source)
    with zipfile.ZipFile(source) as src:
        names = set(src.namelist())
        missing = [m for m in BOOT_MODULES if module_path(m, names) is None]
        if missing:
            raise StdlibError(f"not in {source.name}: {', '.join(missing)}")
        rels = sorted({str(module_path(m, names)) for m in BOOT_MODULES})
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="uno-web-stdlib-") as tmp:
            root, out = Path(tmp) / "src", Path(tmp) / "out"
            out.mkdir()
            for rel in rels:
                (root / rel).parent.mkdir(parents=True, exist_ok=True)
                (root / rel).write_bytes(src.read(rel))
            compiled = bundle.compile_pycs(root, pyodide_dir, rels, out, web_root=MOUNT)
            tag = str(compiled["cache_tag"])
            info = {"format": FORMAT, "digest": want, "python": compiled["python"],
                    "magic": compiled["magic"], "cache_tag": tag, "pycs": len(rels)}
            with bundle.zip_in_place(path, info) as z:
                for entry in src.infolist():
                    z.writestr(entry, src.read(entry), compress_type=entry.compress_type)
                    if entry.filename in rels:
                        data = (out / bundle.compiled_name(entry.filename, tag)).read_bytes()
                        bundle.add_file(z, bundle.pyc_name(entry.filename), data, entry.date_time)
    return info


def ensure(path: Path = STDLIB_PATH, source: Path = SOURCE_PATH) -> bool:
    """Rebuild if missing or stale; True if rebuilt."""
    if is_fresh(path, source):
        return False
    with bundle.lock(path):
        if is_fresh(path, source):
            return False
        build(path, source)
        return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_web.site.stdlib", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether it is up to date")
    args = parser.parse_args(argv)
    rel = STDLIB_PATH.relative_to(REPO_ROOT)
    if args.check:
        ok = is_fresh()
        print(f"{rel} is {'up to date' if ok else 'missing or stale'}")
        return 0 if ok else 1
    try:
        rebuilt = ensure()
    except (StdlibError, bundle.BundleError, OSError, zipfile.BadZipFile) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"{rel}: {'rebuilt' if rebuilt else 'up to date'} ({len(BOOT_MODULES)} modules with bytecode, "
          f"{STDLIB_PATH.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
