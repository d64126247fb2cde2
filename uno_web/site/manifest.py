"""Keep the ``[files]`` table of ``pyscript.toml`` in step with the browser packages of ``uno_web``.

PyScript copies every entry of ``[files]`` (URL = destination) into Pyodide's virtual file
system before the page's Python runs; a module missing there cannot be imported in the browser,
and an entry whose file no longer exists makes the boot fail with a 404.  So the table is never
edited by hand: it is generated from the source tree between two marker comments.

Browser packages: ``uno_web/__init__.py`` and every ``.py`` file (recursively) under
``uno_web/core``, ``uno_web/ai``, ``uno_web/puzzles`` and ``uno_web/web``.  Left out: anything
under ``uno_web/site/``, ``__main__.py`` files, modules named ``cli.py`` and any module whose first
lines contain the marker comment ``# uno_web: cli-only``.

Usage::

    python -m uno_web.site.manifest           # rewrite pyscript.toml if it is stale
    python -m uno_web.site.manifest --check   # exit 1 (and say what differs) if it is stale
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PYSCRIPT_TOML = REPO_ROOT / "pyscript.toml"

PACKAGE = "uno_web"
BROWSER_PACKAGES = ("core", "ai", "puzzles", "web")
CLI_ONLY_MARKER = "# uno_web: cli-only"
CLI_ONLY_NAMES = frozenset({"__main__.py", "cli.py"})

BEGIN = "# BEGIN GENERATED FILES (uno_web.site.manifest) - do not edit by hand"
END = "# END GENERATED FILES"


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


def render_files_block(modules: list[str]) -> str:
    """The generated block (markers included), ending with a newline."""
    lines = [BEGIN, "[files]"]
    lines += [f'"./{m}" = "./{m}"' for m in modules]
    lines.append(END)
    return "\n".join(lines) + "\n"


def updated_toml(text: str, modules: list[str]) -> str:
    """``text`` with the generated block replaced (or appended at the end if absent)."""
    block = render_files_block(modules)
    start = text.find(BEGIN)
    if start == -1:
        if "\n[files]" in "\n" + text:
            raise ValueError(
                "pyscript.toml has a hand-written [files] table; remove it so the generated "
                "block can take its place"
            )
        sep = "" if text.endswith("\n") or not text else "\n"
        return f"{text}{sep}\n{block}"
    end = text.find(END, start)
    if end == -1:
        raise ValueError(f"pyscript.toml has {BEGIN!r} but no {END!r}")
    end = text.find("\n", end)
    end = len(text) if end == -1 else end + 1
    return text[:start] + block + text[end:]


def write(toml_path: Path = PYSCRIPT_TOML, root: Path = REPO_ROOT) -> bool:
    """Regenerate the ``[files]`` block; return True if the file changed."""
    old = toml_path.read_text(encoding="utf-8")
    new = updated_toml(old, browser_modules(root))
    if new == old:
        return False
    _atomic_write(toml_path, new)
    return True


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_web.site.manifest", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether pyscript.toml is stale")
    args = parser.parse_args(argv)
    if not PYSCRIPT_TOML.is_file():
        print(f"error: {PYSCRIPT_TOML} does not exist", file=sys.stderr)
        return 2
    try:
        old = PYSCRIPT_TOML.read_text(encoding="utf-8")
        new = updated_toml(old, browser_modules())
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.check:
        if new != old:
            print("pyscript.toml [files] is stale: run `python -m uno_web.site.manifest`", file=sys.stderr)
            return 1
        print("pyscript.toml [files] is up to date")
        return 0
    if new != old:
        _atomic_write(PYSCRIPT_TOML, new)
        print(f"pyscript.toml: [files] regenerated ({len(browser_modules())} modules)")
    else:
        print(f"pyscript.toml: [files] up to date ({len(browser_modules())} modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
