"""Which modules of ``uno_web`` the browser gets (shipped in ``static/bundle/uno_web.zip``).

The page imports ``uno_web`` from Pyodide's file system; PyScript puts the modules there by
unpacking the one zip that the page's config names in ``files`` (:mod:`uno_web.site.bundle`
builds it from this list).  A module missing from the list cannot be imported in the browser, so
the list is never written by hand: it is every browser module found in the source tree.

Browser packages: ``uno_web/__init__.py`` and every ``.py`` file (recursively) under
``uno_web/core``, ``uno_web/ai``, ``uno_web/puzzles``, ``uno_web/web``, ``uno_web/i18n`` and
``uno_web/room``.  Left out: anything
under ``uno_web/site/``, ``__main__.py`` files, modules named ``cli.py`` and any module whose first
lines contain the marker comment ``# uno_web: cli-only``.

Usage::

    python -m uno_web.site.manifest           # list the browser modules
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

PACKAGE = "uno_web"
BROWSER_PACKAGES = ("core", "ai", "puzzles", "web", "i18n", "room")
CLI_ONLY_MARKER = "# uno_web: cli-only"
CLI_ONLY_NAMES = frozenset({"__main__.py", "cli.py"})


def _is_cli_only(path: Path) -> bool:
    if path.name in CLI_ONLY_NAMES:
        return True
    try:
        with path.open(encoding="utf-8", errors="replace") as fh:
            head = [fh.readline() for _ in range(5)]
    except OSError:
        return False
    return any(line.strip().startswith(CLI_ONLY_MARKER) for line in head)


def browser_modules(root: Path = REPO_ROOT) -> list[str]:
    """Repo-relative POSIX paths of every ``.py`` file the browser needs, sorted."""
    pkg = root / PACKAGE
    found: list[str] = []
    init = pkg / "__init__.py"
    if init.is_file():
        found.append(init.relative_to(root).as_posix())
    for sub in BROWSER_PACKAGES:
        base = pkg / sub
        if not base.is_dir():
            continue
        for path in base.rglob("*.py"):
            rel = path.relative_to(root)
            if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
                continue
            if _is_cli_only(path):
                continue
            found.append(rel.as_posix())
    return sorted(found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_web.site.manifest", description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    modules = browser_modules()
    for rel in modules:
        print(rel)
    print(f"{len(modules)} browser modules", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
