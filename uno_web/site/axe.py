"""axe-core for the accessibility tests: fetched from the npm registry, checked, cached in ``build/axe/``.

The site never serves axe: ``tests/web/test_a11y_browser.py`` injects the script text returned by
:func:`axe_source` into each page it checks.  The tarball comes from ``npm pack`` (the registry's
ordinary client, no CDN) and is checked against a pinned sha512 by the same
:func:`uno_web.site.vendor.npm_pack` that fetches Pyodide.  The checked tarball is kept in
``build/axe/`` (git-ignored) and re-checked against the pin whenever it is read, so the registry is
asked once per machine.

    .venv/bin/python -m uno_web.site.axe      # fetch now (prints the cached tarball's path)
"""

from __future__ import annotations

import shutil
import sys
import tarfile
import tempfile
from pathlib import Path

from uno_web.site.vendor import REPO_ROOT, BuildError, npm_pack, sri_sha512

AXE_VERSION = "4.14.1"
AXE_INTEGRITY = (
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
)
CACHE_DIR = REPO_ROOT / "build" / "axe"
TARBALL_NAME = f"axe-core-{AXE_VERSION}.tgz"
SCRIPT_MEMBER = "package/axe.min.js"


def fetch_axe(cache_dir: Path = CACHE_DIR) -> Path:
    """The checked ``axe-core`` tarball in ``cache_dir``, fetched with ``npm pack`` if missing or altered."""
    cached = cache_dir / TARBALL_NAME
    if cached.is_file() and sri_sha512(cached) == AXE_INTEGRITY:
        return cached
    cache_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache_dir, prefix=".npm-pack-") as tmp:
        pkg = npm_pack(f"axe-core@{AXE_VERSION}", AXE_INTEGRITY, Path(tmp))
        tgz = pkg.parent.parent / TARBALL_NAME  # npm_pack extracts <name>.tgz into <name>/package
        if not (pkg / "axe.min.js").is_file() or not tgz.is_file():
            raise BuildError(f"axe-core {AXE_VERSION} from npm has no axe.min.js")
        shutil.move(tgz, cached)
    return cached


def axe_source(cache_dir: Path = CACHE_DIR) -> str:
    """The text of ``axe.min.js`` from the checked tarball (fetched first if needed)."""
    tgz = fetch_axe(cache_dir)
    with tarfile.open(tgz) as tar:
        member = tar.extractfile(SCRIPT_MEMBER)
        if member is None:
            raise BuildError(f"{tgz.name} has no {SCRIPT_MEMBER}")
        return member.read().decode("utf-8")


def main() -> int:
    try:
        print(fetch_axe())
    except BuildError as exc:
        print(f"axe-core: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
