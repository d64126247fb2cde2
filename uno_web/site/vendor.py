"""``python -m uno_web build``: vendor Pyodide, PyScript and the pydantic wheels into ``static/vendor/``.

The site never loads anything from a CDN: everything the browser needs is fetched here, once, from
the package registries with their ordinary clients (``npm pack`` for npm, ``pip download`` for
PyPI), checked against pinned hashes and laid out as::

    static/vendor/pyodide/     the `pyodide` npm package (pyodide.mjs, .asm.wasm, stdlib zip,
                               pyodide-lock.json) + the pydantic wheels, beside pyodide.mjs
    static/vendor/pyscript/    `@pyscript/core` dist/ (core.js, core.css, chunks; no .map files)
    static/vendor/morphdom/    `morphdom` (the region updates of the table keep unchanged elements)
    static/vendor/trystero/    `@trystero-p2p/core` (core/) and `@trystero-p2p/torrent`
                               (torrent.mjs, its bare import made relative): the rooms' transport
    static/vendor/qrcode/      `qrcode-generator` (qrcode.mjs): the room link's QR code
    static/vendor/STAMP.json   versions + file list; present only when the build is complete

Pyodide's ``pyodide-lock.json`` names older pydantic wheels that the npm package does not contain
(the npm package carries no wheels at all), so their entries are rewritten to the vendored ones.
The build is idempotent: when the stamp matches these pins and every listed file is there, it
does nothing.  It then rebuilds ``static/bundle/uno_web.zip`` (the browser modules of uno_web and
their bytecode, :mod:`uno_web.site.bundle`) if any module changed.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, cast

from uno_web.site import bundle

REPO_ROOT = Path(__file__).resolve().parents[2]
VENDOR_DIR = REPO_ROOT / "static" / "vendor"
STAMP_NAME = "STAMP.json"

PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
MORPHDOM_VERSION = "2.7.8"
MORPHDOM_INTEGRITY = (
    "sha512-D/fR4xgGUyVRbdMGU6Nejea1RFzYxYtyurG4Fbv2Fi/daKlWKuXGLOdXtl+3eIwL110cI2hz1ZojGICjjFLgTg=="
)
# The room's transport (docs/rooms-browser.md): Trystero's BitTorrent-tracker strategy.  The npm
# `trystero` package is only deprecation shims now; the code is these two packages' dist/*.mjs.
TRYSTERO_VERSION = "0.25.4"
TRYSTERO_TORRENT_INTEGRITY = (
    "sha512-HjC1V9+70j2fhqK26BzDhjJM5A5toLGLgGgS/jZAq+7ufA8HxUHRE4qPU8kn1Wu0E0K7cMGzpWcMCcbVB7AzZA=="
)
TRYSTERO_CORE_INTEGRITY = (
    "sha512-ehvSL1FqW962XyEctXngeDF/IOM1bWmfCKBNR4vwmVa0JGfM0+dlY4TEzSEGghYp3qqGCrpFIVTxdvlBUGVO6Q=="
)
# The room link's QR code, drawn in the page.
QRCODE_VERSION = "2.0.4"
QRCODE_INTEGRITY = (
    "sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g=="
)
PYSCRIPT_VERSION = "0.7.31"
PYSCRIPT_INTEGRITY = (
    "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ=="
)
# Pyodide 314's ABI: the platform tag of its compiled wheels and its Python.
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_PYTHON = "3.14"
# Environment used to evaluate wheel dependency markers for the browser.
PYODIDE_MARKER_ENV = {
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}


@dataclass(frozen=True)
class Wheel:
    name: str  # canonical (PEP 503) project name, the key in pyodide-lock.json
    version: str
    filename: str
    sha256: str


# pydantic 2.14.3 and its whole dependency closure (Requires-Dist without extras).
WHEELS: tuple[Wheel, ...] = (
    Wheel("pydantic", "2.14.3", "pydantic-2.14.3-py3-none-any.whl",
          "3f7b347782ab7e4cf4c798496ae3a82787d9f21ec12676a9c564355eeef8daa8"),
    Wheel("pydantic-core", "2.50.4", f"pydantic_core-2.50.4-cp314-cp314-{PYODIDE_PLATFORM}.whl",
          "e6da138a1ecc1341c8b788a5ee822670b03788e1f5decf7af9d461de6e508b8e"),
    Wheel("typing-extensions", "4.16.0", "typing_extensions-4.16.0-py3-none-any.whl",
          "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8"),
    Wheel("annotated-types", "0.8.0", "annotated_types-0.8.0-py3-none-any.whl",
          "f072f4d804ea359e4eaf198b1af7a8b0943881a87f31bb764f8bf219bb9419e0"),
    Wheel("typing-inspection", "0.4.5", "typing_inspection-0.4.5-py3-none-any.whl",
          "bc210535442b39e1bf2805e0c7a17dfd6a4ace760c84c7f7d16245d23a6b1c39"),
)


class BuildError(Exception):
    """A failure with a message meant for the person running the build."""


def _log(msg: str) -> None:
    print(f"[vendor] {msg}", flush=True)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def expected_stamp() -> dict[str, object]:
    return {
        "format": 1,
        "pyodide": PYODIDE_VERSION,
        "pyscript": PYSCRIPT_VERSION,
        "morphdom": MORPHDOM_VERSION,
        "trystero": TRYSTERO_VERSION,
        "trystero_patches": sorted({name for name, _file, _old, _new in TRYSTERO_PATCHES}),
        "qrcode": QRCODE_VERSION,
        "wheels": {w.name: w.version for w in WHEELS},
    }


# ---------------------------------------------------------------------------------------------
# completeness


def read_stamp(vendor_dir: Path = VENDOR_DIR) -> dict[str, object] | None:
    try:
        data = json.loads((vendor_dir / STAMP_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def is_complete(vendor_dir: Path = VENDOR_DIR) -> bool:
    """True when the stamp matches the pins and every file it lists exists with its size."""
    stamp = read_stamp(vendor_dir)
    if stamp is None:
        return False
    if any(stamp.get(k) != v for k, v in expected_stamp().items()):
        return False
    files = stamp.get("files")
    if not isinstance(files, dict) or not files:
        return False
    for rel, size in files.items():
        path = vendor_dir / rel
        try:
            if path.stat().st_size != size:
                return False
        except OSError:
            return False
    return True


# ---------------------------------------------------------------------------------------------
# helpers


def _run(cmd: list[str], cwd: Path) -> str:
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError as exc:
        raise BuildError(f"`{cmd[0]}` was not found: {exc.strerror}") from None
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-15:])
        raise BuildError(f"`{' '.join(cmd)}` failed (exit {proc.returncode}):\n{tail}")
    return proc.stdout


def sri_sha512(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_pack(spec: str, integrity: str, workdir: Path) -> Path:
    """``npm pack spec`` into ``workdir``; return the extracted ``package/`` directory."""
    if shutil.which("npm") is None:
        raise BuildError("npm is needed to fetch Pyodide and PyScript from the npm registry; install Node.js/npm")
    _log(f"npm pack {spec}")
    out = _run(["npm", "pack", spec, "--silent", "--pack-destination", str(workdir)], cwd=workdir)
    names = [line.strip() for line in out.splitlines() if line.strip().endswith(".tgz")]
    if not names:
        raise BuildError(f"`npm pack {spec}` did not report a tarball")
    tgz = workdir / names[-1]
    got = sri_sha512(tgz)
    if got != integrity:
        raise BuildError(f"{tgz.name}: integrity mismatch (expected {integrity}, got {got})")
    dest = workdir / tgz.name.removesuffix(".tgz")
    dest.mkdir()
    with tarfile.open(tgz) as tar:
        tar.extractall(dest, filter="data")
    pkg = dest / "package"
    if not pkg.is_dir():
        raise BuildError(f"{tgz.name} has no package/ directory")
    return pkg


def _copy_tree(src: Path, dst: Path, skip_suffixes: tuple[str, ...] = ()) -> int:
    count = 0
    for path in sorted(src.rglob("*")):
        if path.is_dir() or path.name.endswith(skip_suffixes):
            continue
        target = dst / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        count += 1
    return count


# ---------------------------------------------------------------------------------------------
# the three parts


def vendor_pyodide(workdir: Path, out: Path) -> None:
    pkg = npm_pack(f"pyodide@{PYODIDE_VERSION}", PYODIDE_INTEGRITY, workdir)
    version = json.loads((pkg / "package.json").read_text(encoding="utf-8")).get("version")
    if version != PYODIDE_VERSION:
        raise BuildError(f"npm served pyodide {version}, expected {PYODIDE_VERSION}")
    for needed in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        if not (pkg / needed).is_file():
            raise BuildError(f"the pyodide {PYODIDE_VERSION} npm package has no {needed}")
    n = _copy_tree(pkg, out / "pyodide")
    _log(f"pyodide {PYODIDE_VERSION}: {n} files -> static/vendor/pyodide/")


def vendor_pyscript(workdir: Path, out: Path) -> None:
    pkg = npm_pack(f"@pyscript/core@{PYSCRIPT_VERSION}", PYSCRIPT_INTEGRITY, workdir)
    dist = pkg / "dist"
    if not (dist / "core.js").is_file() or not (dist / "core.css").is_file():
        raise BuildError(f"@pyscript/core {PYSCRIPT_VERSION} has no dist/core.js or dist/core.css")
    n = _copy_tree(dist, out / "pyscript", skip_suffixes=(".map",))
    _log(f"@pyscript/core {PYSCRIPT_VERSION}: {n} files -> static/vendor/pyscript/")


def vendor_morphdom(workdir: Path, out: Path) -> None:
    """morphdom: the page updates a region by morphing its DOM into the new HTML, so elements
    that stay (the button under the pointer, the focused card) are kept, not replaced."""
    pkg = npm_pack(f"morphdom@{MORPHDOM_VERSION}", MORPHDOM_INTEGRITY, workdir)
    src = pkg / "dist" / "morphdom-umd.min.js"
    if not src.is_file():
        raise BuildError(f"morphdom {MORPHDOM_VERSION} has no dist/morphdom-umd.min.js")
    (out / "morphdom").mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, out / "morphdom" / src.name)
    shutil.copy2(pkg / "LICENSE", out / "morphdom" / "LICENSE")
    _log(f"morphdom {MORPHDOM_VERSION} -> static/vendor/morphdom/")


TRYSTERO_CORE_IMPORT = 'from "@trystero-p2p/core"'

# Edits to Trystero's core, applied to the published files (each must match exactly once, or the
# build stops): (name, file under dist/, text, replacement).
#  - "ready-after-restart": a room-level handshake between two browsers completes when each has
#    received the other's "ready".  When one side's handshake timed out (a page busy for 10 s:
#    a loaded machine, a slow phone) while the other's completed, the first drops its side of
#    the room and runs the handshake again, but the other, already active, ignored every later
#    "ready" and never sent its own again: the pair stayed half-joined for good (one saw the
#    other, the other never did; docs/rooms-browser.md, "Finding the host").  With the edit an
#    active side answers a "ready" with one marked "ack" (never an "ack" with another, so two
#    active sides do not answer each other for ever).
TRYSTERO_PATCHES: tuple[tuple[str, str, str, str], ...] = (
    ("ready-after-restart", "handshake.mjs",
     """		receiveHandshakeReady: (id) => {
			const state = peerStates[id];
			if (!state || state.isActive) return;""",
     """		receiveHandshakeReady: (id, data) => {
			const state = peerStates[id];
			if (!state) return;
			if (state.isActive) {
				if (data !== "ack") sendHandshakeReady("ack", id).catch(() => {});
				return;
			}"""),
    ("ready-after-restart", "room.mjs",
     "handshakeReadyAction.onMessage((_, id) => handshakeManager?.receiveHandshakeReady(id));",
     "handshakeReadyAction.onMessage((data, id) => handshakeManager?.receiveHandshakeReady(id, data));"),
)


def patch_trystero(core_dir: Path) -> None:
    """Apply TRYSTERO_PATCHES to the copied ``dist`` files in ``core_dir``."""
    for name, rel, old, new in TRYSTERO_PATCHES:
        path = core_dir / rel
        text = path.read_text(encoding="utf-8")
        if text.count(old) != 1:
            raise BuildError(f"@trystero-p2p/core {TRYSTERO_VERSION}: the edit {name!r} does not apply to "
                             f"{rel} (its text is not there exactly once); review it against this version")
        path.write_text(text.replace(old, new), encoding="utf-8")


def vendor_trystero(workdir: Path, out: Path) -> None:
    """Trystero's core and its torrent strategy as plain ES modules in one folder: the strategy's
    one bare import of the core is rewritten to the relative path, so no bundler or import map
    is needed (static/room.js imports ``./vendor/trystero/torrent.mjs``)."""
    dest = out / "trystero"
    core = npm_pack(f"@trystero-p2p/core@{TRYSTERO_VERSION}", TRYSTERO_CORE_INTEGRITY, workdir)
    _copy_tree(core / "dist", dest / "core", skip_suffixes=(".map", ".d.mts"))
    shutil.copy2(core / "LICENSE", dest / "LICENSE")
    if not (dest / "core" / "index.mjs").is_file():
        raise BuildError(f"@trystero-p2p/core {TRYSTERO_VERSION} has no dist/index.mjs")
    patch_trystero(dest / "core")
    torrent = npm_pack(f"@trystero-p2p/torrent@{TRYSTERO_VERSION}", TRYSTERO_TORRENT_INTEGRITY, workdir)
    text = (torrent / "dist" / "index.mjs").read_text(encoding="utf-8")
    if text.count(TRYSTERO_CORE_IMPORT) != 1 or re.search(r'from "(?!\.)(?!@trystero-p2p/core")', text):
        raise BuildError(f"@trystero-p2p/torrent {TRYSTERO_VERSION}: expected exactly one bare import, of the core")
    (dest / "torrent.mjs").write_text(text.replace(TRYSTERO_CORE_IMPORT, 'from "./core/index.mjs"'),
                                      encoding="utf-8")
    _log(f"trystero {TRYSTERO_VERSION} -> static/vendor/trystero/")


def vendor_qrcode(workdir: Path, out: Path) -> None:
    """qrcode-generator: the room link as a QR code, drawn in the page (no image fetched)."""
    pkg = npm_pack(f"qrcode-generator@{QRCODE_VERSION}", QRCODE_INTEGRITY, workdir)
    src = pkg / "dist" / "qrcode.mjs"
    if not src.is_file():
        raise BuildError(f"qrcode-generator {QRCODE_VERSION} has no dist/qrcode.mjs")
    (out / "qrcode").mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, out / "qrcode" / "qrcode.mjs")  # its MIT licence is in the file's header
    _log(f"qrcode-generator {QRCODE_VERSION} -> static/vendor/qrcode/")


def _wheel_metadata(path: Path) -> tuple[list[str], list[str]]:
    """(top-level import names, Requires-Dist lines) of a wheel."""
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        meta_name = next((n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")), None)
        if meta_name is None:
            raise BuildError(f"{path.name} has no .dist-info/METADATA")
        meta = zf.read(meta_name).decode("utf-8", "replace")
    imports: set[str] = set()
    for n in names:
        top = n.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in n:
            imports.add(top)
        elif n.endswith(".py"):
            imports.add(n[:-3])
        elif ".cpython-" in n and n.endswith(".so"):
            imports.add(n.split(".", 1)[0])
    header = meta.split("\n\n", 1)[0]
    requires = [line.split(":", 1)[1].strip() for line in header.splitlines() if line.startswith("Requires-Dist:")]
    return sorted(i for i in imports if i.isidentifier()), requires


def _browser_depends(requires: list[str]) -> list[str]:
    """Canonical names of the requirements that apply in Pyodide (no extras)."""
    try:
        from packaging.requirements import Requirement
    except ImportError:  # pragma: no cover - packaging ships with pip/pytest; be lenient without it
        Requirement = None  # type: ignore[assignment,misc]
    deps: list[str] = []
    for line in requires:
        if Requirement is not None:
            req = Requirement(line)
            if req.marker is not None and not req.marker.evaluate(dict(PYODIDE_MARKER_ENV)):
                continue
            deps.append(canonical(req.name))
        else:
            spec, _, marker = line.partition(";")
            if "extra" in marker:
                continue
            deps.append(canonical(re.split(r"[\s\[<>=!~(]", spec.strip(), maxsplit=1)[0]))
    return sorted(set(deps))


def _check_versions(requires: dict[str, list[str]]) -> None:
    """Each vendored wheel's requirements must be met by the vendored versions."""
    try:
        from packaging.requirements import Requirement
    except ImportError:  # pragma: no cover
        return
    pinned = {w.name: w.version for w in WHEELS}
    for owner, lines in requires.items():
        for line in lines:
            req = Requirement(line)
            if req.marker is not None and not req.marker.evaluate(dict(PYODIDE_MARKER_ENV)):
                continue
            name = canonical(req.name)
            if name in pinned and not req.specifier.contains(pinned[name], prereleases=True):
                raise BuildError(f"{owner} requires {line!r} but {name} {pinned[name]} is pinned")


def vendor_wheels(workdir: Path, out: Path) -> None:
    pyodide_dir = out / "pyodide"
    dl = workdir / "wheels"
    dl.mkdir()
    for w in WHEELS:
        _log(f"pip download {w.name}=={w.version}")
        _run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
             "--no-deps", "--only-binary=:all:", "--platform", PYODIDE_PLATFORM,
             "--python-version", PYODIDE_PYTHON, "--dest", str(dl), f"{w.name}=={w.version}"],
            cwd=workdir,
        )
        path = dl / w.filename
        if not path.is_file():
            got = ", ".join(sorted(p.name for p in dl.glob("*.whl")))
            raise BuildError(f"pip did not produce {w.filename} (have: {got})")
        digest = _sha256(path)
        if digest != w.sha256:
            raise BuildError(f"{w.filename}: sha256 mismatch (expected {w.sha256}, got {digest})")

    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages: dict[str, dict[str, object]] = lock["packages"]
    requires_by_wheel: dict[str, list[str]] = {}
    new_entries: dict[str, dict[str, object]] = {}
    for w in WHEELS:
        src = dl / w.filename
        imports, requires = _wheel_metadata(src)
        requires_by_wheel[w.name] = requires
        if not imports:
            raise BuildError(f"{w.filename}: could not tell its import names")
        shutil.copyfile(src, pyodide_dir / w.filename)
        new_entries[w.name] = {
            "name": w.name,
            "version": w.version,
            "file_name": w.filename,
            "install_dir": "site",
            "sha256": w.sha256,
            "package_type": "package",
            "imports": imports,
            "depends": _browser_depends(requires),
            "unvendored_tests": False,
            "tool": {},
        }
    _check_versions(requires_by_wheel)

    replaced = []
    for key in list(packages):
        if canonical(key) in new_entries or canonical(str(packages[key].get("name", ""))) in new_entries:
            old = packages.pop(key)
            replaced.append(f"{key} {old.get('version')}")
    packages.update(new_entries)
    for name, entry in new_entries.items():
        for dep in cast("list[str]", entry["depends"]):
            if dep not in packages and dep not in {canonical(k) for k in packages}:
                raise BuildError(f"{name} depends on {dep}, which is neither vendored nor in pyodide-lock.json")
    lock_path.write_text(json.dumps(lock, separators=(",", ":"), sort_keys=False), encoding="utf-8")
    _log(f"pyodide-lock.json: replaced [{', '.join(replaced)}] with "
         f"[{', '.join(f'{w.name} {w.version}' for w in WHEELS)}]")


# ---------------------------------------------------------------------------------------------
# driver


def build(vendor_dir: Path = VENDOR_DIR) -> None:
    """Build into a staging directory beside ``vendor_dir`` and swap it in when complete."""
    vendor_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".vendor-staging-", dir=vendor_dir.parent))
    staging.chmod(0o755)  # mkdtemp makes it 0700; a web server under another user must read it
    try:
        with tempfile.TemporaryDirectory(prefix="uno-web-vendor-") as tmp:
            work = Path(tmp)
            vendor_pyodide(work, staging)
            vendor_pyscript(work, staging)
            vendor_morphdom(work, staging)
            vendor_trystero(work, staging)
            vendor_qrcode(work, staging)
            vendor_wheels(work, staging)
        stamp = expected_stamp()
        stamp["files"] = {
            p.relative_to(staging).as_posix(): p.stat().st_size
            for p in sorted(staging.rglob("*")) if p.is_file()
        }
        (staging / STAMP_NAME).write_text(json.dumps(stamp, indent=2) + "\n", encoding="utf-8")
        if vendor_dir.exists():
            old = vendor_dir.with_name(f".vendor-old-{os.getpid()}")
            vendor_dir.rename(old)
            staging.rename(vendor_dir)
            shutil.rmtree(old, ignore_errors=True)
        else:
            staging.rename(vendor_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m uno_web build",
        description="Vendor Pyodide, PyScript and the pydantic wheels into static/vendor/ "
        "and rebuild static/bundle/uno_web.zip (the browser modules) if it is stale.",
    )
    parser.add_argument("--force", action="store_true", help="rebuild static/vendor/ even if it is complete")
    parser.add_argument("--check", action="store_true",
                        help="build nothing: exit 0 if static/vendor/ is complete and the bundle "
                        "up to date, 1 otherwise")
    args = parser.parse_args(argv)

    if args.check:
        ok = is_complete()
        print(f"static/vendor is {'complete' if ok else 'missing or incomplete'}")
        fresh = bundle.is_fresh()
        print(f"static/bundle/uno_web.zip is {'up to date' if fresh else 'missing or stale'}")
        from uno_web.site import stdlib

        std = stdlib.is_fresh()
        print(f"static/bundle/python_stdlib.zip is {'up to date' if std else 'missing or stale'}")
        return 0 if ok and fresh and std else 1

    with _build_lock():
        return _main_locked(args)


@contextlib.contextmanager
def _build_lock() -> Iterator[None]:
    """Serialise concurrent builds (e.g. pytest-xdist workers) on POSIX; no-op elsewhere."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    key = hashlib.sha256(str(VENDOR_DIR).encode()).hexdigest()[:16]
    with open(Path(tempfile.gettempdir()) / f"uno_web-vendor-{key}.lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _main_locked(args: argparse.Namespace) -> int:
    rc = _vendor_locked(args)
    if rc != 0:
        return rc
    try:
        rebuilt = bundle.ensure()
    except (bundle.BundleError, OSError, ValueError) as exc:
        print(f"[vendor] error: could not build static/bundle/uno_web.zip: {exc}", file=sys.stderr)
        return 1
    info = bundle.read_info() or {}
    _log(f"static/bundle/uno_web.zip: {'rebuilt' if rebuilt else 'up to date'} "
         f"({info.get('modules')} browser modules with {info.get('cache_tag')} bytecode)")
    from uno_web.site import stdlib  # Pyodide's standard library with bytecode for the boot

    try:
        rebuilt = stdlib.ensure()
    except (stdlib.StdlibError, bundle.BundleError, OSError, ValueError) as exc:
        print(f"[vendor] error: could not build {stdlib.STDLIB_URL}: {exc}", file=sys.stderr)
        return 1
    _log(f"{stdlib.STDLIB_URL.removeprefix('./')}: {'rebuilt' if rebuilt else 'up to date'} "
         f"({len(stdlib.BOOT_MODULES)} standard-library modules with bytecode)")
    from uno_web.site import prerender  # the start screen and the CSP in index.html

    try:
        _log(f"index.html: prerendered start screen {'rewritten' if prerender.ensure() else 'up to date'}")
    except (OSError, ValueError) as exc:
        print(f"[vendor] error: could not prerender index.html: {exc}", file=sys.stderr)
        return 1
    from uno_web.site import precache  # the service worker's file list and version, last

    try:
        _log(precache.build())
    except (OSError, ValueError) as exc:
        print(f"[vendor] error: could not write {precache.OUT_NAME}: {exc}", file=sys.stderr)
        return 1
    return 0


def _vendor_locked(args: argparse.Namespace) -> int:
    if not args.force and is_complete():
        _log(f"static/vendor is complete (pyodide {PYODIDE_VERSION}, @pyscript/core {PYSCRIPT_VERSION}, "
             f"pydantic {WHEELS[0].version}); nothing to do")
        return 0
    _log(f"building static/vendor (pyodide {PYODIDE_VERSION}, @pyscript/core {PYSCRIPT_VERSION}, "
         f"{', '.join(f'{w.name} {w.version}' for w in WHEELS)})")
    try:
        build()
    except BuildError as exc:
        print(f"[vendor] error: {exc}", file=sys.stderr)
        return 1
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, tarfile.TarError) as exc:
        print(f"[vendor] error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("[vendor] interrupted; static/vendor left as it was", file=sys.stderr)
        return 130
    if not is_complete():
        print("[vendor] error: the build finished but static/vendor is not complete", file=sys.stderr)
        return 1
    _log("done: static/vendor is complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
