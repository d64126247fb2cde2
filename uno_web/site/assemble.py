"""``python -m uno_web.site.assemble OUT_DIR``: the deployable site, ready for any static server.

What GitHub Pages (``.github/workflows/pages.yml``) or any static server gets, in ``OUT_DIR``:

- every file the pages load, exactly the service worker's precache list
  (:func:`uno_web.site.precache.files`: ``index.html``, ``pyscript.toml``, ``static/`` without
  source maps, ``.d.ts``, READMEs, ``package.json``, the build stamp, Pyodide's demo consoles
  and UMD build, PyScript's empty worker, the benchmark pages);
- the service worker at the **site root**, ``OUT_DIR/sw.js`` (a copy of ``static/sw.js``), and
  its list ``OUT_DIR/static/sw-precache.js``, which it imports as ``./static/sw-precache.js``:
  a worker at the root controls the whole site with no ``Service-Worker-Allowed`` header, which
  GitHub Pages cannot send, also under a sub-path (``https://USER.github.io/REPO/``);
- the vendored packages' licence files, and ``.nojekyll`` (no Jekyll processing on Pages).

The list and version are those of the checkout (the build writes them); the assembled tree is
checked against them: the same files, the same version.  ``OUT_DIR`` is filled in a staging
directory beside it and swapped in whole; an existing ``OUT_DIR`` is replaced only if it is an
earlier assembly (it has ``.nojekyll`` and ``sw.js``) or empty.

    python -m uno_web build                        # first: static/vendor, the bundle, the list
    python -m uno_web.site.assemble build/site     # then serve build/site from any static server
"""

from __future__ import annotations

import argparse
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from uno_web.site import precache

REPO_ROOT = precache.REPO_ROOT
MARKER = ".nojekyll"


class AssembleError(Exception):
    """The site cannot be assembled (missing build output, or an unsafe output directory)."""


@dataclass(frozen=True)
class Assembled:
    """What :func:`assemble` wrote."""

    out: Path
    version: str
    files: tuple[str, ...]  # every file written, relative to ``out``
    size: int  # bytes

    def summary(self) -> str:
        return (f"assembled {self.out}: {len(self.files)} files, {self.size / 1e6:.1f} MB, "
                f"precache version {self.version} (the worker at {precache.SW_URL})")


def _check_out(out: Path, root: Path) -> None:
    out_r, root_r = out.resolve(), root.resolve()
    if out_r == root_r or out_r in root_r.parents or (root_r / "static") in (out_r, *out_r.parents):
        raise AssembleError(f"refusing to assemble into {out}: it holds the source tree {root}")
    if out.exists():
        if not out.is_dir():
            raise AssembleError(f"{out} exists and is not a directory")
        earlier = (out / MARKER).is_file() and (out / precache.SW_URL).is_file()
        if not earlier and any(out.iterdir()):
            raise AssembleError(f"refusing to replace {out}: not empty and not an earlier assembly "
                                f"(no {MARKER} and {precache.SW_URL})")


def _licences(root: Path) -> list[str]:
    vendor = root / "static" / "vendor"
    return sorted(p.relative_to(root).as_posix() for p in vendor.rglob("*")
                  if p.is_file() and p.name in precache.VENDOR_LICENCES)


def assemble(out: Path, root: Path = REPO_ROOT) -> Assembled:
    """Assemble the site built in ``root`` into ``out`` (replacing an earlier assembly)."""
    out = Path(out)
    _check_out(out, root)
    precache.build(root)  # the icons and static/sw-precache.js, if missing or stale
    data = precache.read(root)
    names: list[str] = list(data["files"])  # type: ignore[call-overload]
    missing = [n for n in names if not (root / n).is_file()]
    if missing:
        raise AssembleError(f"missing in {root}: {', '.join(missing)}; run `python -m uno_web build`")
    worker = root / precache.SW_SOURCE
    if not worker.is_file():
        raise AssembleError(f"missing {worker}")

    out.parent.mkdir(parents=True, exist_ok=True)
    staging = out.with_name(f".{out.name}.assembling")
    if staging.exists():
        shutil.rmtree(staging)
    copies = [(n, n) for n in (*names, precache.OUT_NAME, *_licences(root))]
    copies.append((precache.SW_SOURCE, precache.SW_URL))
    try:
        for src, dst in copies:
            target = staging / dst
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(root / src, target)  # follows symlinks: real files in the site
        (staging / MARKER).write_bytes(b"")
        # the assembled tree gives the same list and version as the checkout
        if precache.render(staging) != (root / precache.OUT_NAME).read_text(encoding="utf-8"):
            raise AssembleError("the assembled site's precache list or version differs from the "
                                f"checkout's {precache.OUT_NAME} (a file changed while assembling?)")
        written = sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())
        size = sum((staging / n).stat().st_size for n in written)
        old = out.with_name(f".{out.name}.replaced")
        if old.exists():
            shutil.rmtree(old)
        if out.exists():
            out.rename(old)
        staging.rename(out)
        if old.exists():
            shutil.rmtree(old)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    return Assembled(out=out, version=str(data["version"]), files=tuple(written), size=size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_web.site.assemble",
                                     description=__doc__.splitlines()[0].split(": ", 1)[1])
    parser.add_argument("out", type=Path, metavar="OUT_DIR", help="where to put the site (replaced)")
    args = parser.parse_args(argv)

    from uno_web.site import bundle, stdlib, vendor

    if not vendor.is_complete():
        print("error: static/vendor is incomplete; run `python -m uno_web build` first", file=sys.stderr)
        return 1
    if not bundle.is_fresh():
        print(f"error: {bundle.BUNDLE_URL} is missing or stale; run `python -m uno_web build` first",
              file=sys.stderr)
        return 1
    if not stdlib.is_fresh():
        print(f"error: {stdlib.STDLIB_URL} is missing or stale; run `python -m uno_web build` first",
              file=sys.stderr)
        return 1
    try:
        done = assemble(args.out)
    except (AssembleError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(done.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
