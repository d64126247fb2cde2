"""What the memory snapshot holds (uno_web.web.boot.SNAPSHOT_MODULES, prepare_snapshot): the
modules the first screen and warm_up() import, and no page, controller or game.  The snapshot
itself is made and loaded in the browser: tests/web/test_snapshot_browser.py."""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

import pytest

from uno_web.web import boot

CONTROLLER = Path(boot.__file__).with_name("controller.py")


def _controller_imports() -> tuple[set[str], tuple[str, ...]]:
    """The uno_web modules controller.py imports at its top level, and its WARM_UP_MODULES (read
    from the source: the controller imports pyscript, which exists only in the browser)."""
    tree = ast.parse(CONTROLLER.read_text(encoding="utf-8"))
    top: set[str] = set()
    warm: tuple[str, ...] = ()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = "uno_web.web" if node.level == 1 else "uno_web"
            top.add(f"{base}.{node.module}" if node.module else base)
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "WARM_UP_MODULES" for t in node.targets):
            warm = tuple(ast.literal_eval(node.value))
    return top, warm


def test_the_snapshot_holds_what_the_first_screen_and_warm_up_import() -> None:
    top, warm = _controller_imports()
    assert top and warm, "controller.py's imports were not found: update this test"
    missing = (top | set(warm)) - set(boot.SNAPSHOT_MODULES)
    assert not missing, f"imported by the controller at boot but not in the snapshot: {sorted(missing)}"
    assert "uno_web.web.controller" not in boot.SNAPSHOT_MODULES  # it imports pyscript


def test_prepare_snapshot_imports_them() -> None:
    count = boot.prepare_snapshot()
    assert count == len(sys.modules)
    assert all(name in sys.modules for name in boot.SNAPSHOT_MODULES)


@pytest.mark.parametrize("held", ["pyscript", "js", "uno_web.web.controller"])
def test_prepare_snapshot_refuses_an_interpreter_that_ran_a_page(monkeypatch: pytest.MonkeyPatch, held: str) -> None:
    monkeypatch.setitem(sys.modules, held, types.ModuleType(held))
    with pytest.raises(RuntimeError, match=f"{held} is loaded"):
        boot.prepare_snapshot()


STATIC = Path(boot.__file__).resolve().parents[2] / "static"


def test_early_js_reads_the_entry_the_worker_writes_and_interpreter_mjs_loads() -> None:
    """static/early.js reads the stored snapshot in <head>, before static/interpreter.mjs is
    fetched: both must name the same Cache Storage entry and headers as the worker that stores
    it (static/snapshot-worker.mjs), or every visit would quietly boot the ordinary way."""
    early = (STATIC / "early.js").read_text(encoding="utf-8")
    interp = (STATIC / "interpreter.mjs").read_text(encoding="utf-8")
    worker = (STATIC / "snapshot-worker.mjs").read_text(encoding="utf-8")
    assert 'export const CACHE = "uno_web.snapshot";' in interp
    assert '{cacheName: "uno_web.snapshot"}' in early
    assert 'export const ENTRY = here + "bundle/interpreter.snapshot";' in interp
    assert 'staticDir + "bundle/interpreter.snapshot"' in early
    for header in ("x-uno-key", "x-uno-sha256", "x-uno-image-bytes"):
        assert f'"{header}"' in worker, header
        assert f'hit.headers.get("{header}")' in early, header
        assert f'hit.headers.get("{header}")' in interp, header
    # the WebAssembly the snapshot was made with: early.js alone reads it (it compiles the
    # worker's cached copy from <head>; interpreter.mjs, loaded later, does not)
    assert '"x-uno-wasm-sha256": wasmDigest' in worker
    assert 'compileCachedWasm(hit.headers.get("x-uno-wasm-sha256"))' in early


def _browser_stdlib_imports() -> dict[str, list[str]]:
    """Each standard-library module a browser module of the bundle imports (anywhere in it, at
    its top or in a function), with the modules that import it; the CLI-only ones (marked
    ``# uno_web: cli-only``, never imported by a page) are left out."""
    from uno_web.site import manifest

    root = Path(boot.__file__).resolve().parents[2]
    found: dict[str, list[str]] = {}
    for rel in manifest.browser_modules(root):
        path = root / rel
        text = path.read_text(encoding="utf-8")
        if "# uno_web: cli-only" in text.split("\n", 1)[0]:
            continue
        for node in ast.walk(ast.parse(text)):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else [])
            for name in names:
                if name.split(".")[0] in sys.stdlib_module_names:
                    found.setdefault(name, []).append(rel)
    return found


def test_every_standard_module_a_page_imports_is_in_the_snapshot() -> None:
    """A boot from the snapshot writes the standard library's zip only once the page is ready
    (static/interpreter.mjs, stdlibLater): a standard module a page imports lazily must already
    be loaded in the snapshot, or its first import before the zip is written fails."""
    import json
    import subprocess

    wanted = _browser_stdlib_imports()
    assert "secrets" in wanted and "json" in wanted, "the scan found too little: update this test"
    code = ("import sys, json\nfrom uno_web.web import boot\nboot.prepare_snapshot()\n"
            "print(json.dumps(sorted(sys.modules)))")
    loaded = set(json.loads(subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        cwd=Path(boot.__file__).resolve().parents[2]).stdout))
    # argparse: only uno_web/ai/tournament.py, the tournament's command line (`python -m
    # uno_web tournament`), which no page imports (nor does the snapshot)
    assert wanted.get("argparse") == ["uno_web/ai/tournament.py"] and "uno_web.ai.tournament" not in loaded
    missing = {name: mods for name, mods in wanted.items()
               if name not in loaded and name not in sys.builtin_module_names and name != "argparse"}
    assert not missing, f"imported by a page but not loaded in the snapshot (add to boot.SNAPSHOT_MODULES): {missing}"


def test_precompile_writes_checked_pycs_that_python_takes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """boot.precompile / write_precompiled (PyScript's package in the snapshot): checked
    hash-based pycs beside the sources; Python takes them, and one whose source changed is
    no longer counted as matching (Python compiles that source instead)."""
    import importlib.util

    monkeypatch.setattr(boot, "_precompiled", {})
    pkg = tmp_path / "pkgpre"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("VALUE = 41 + 1\n", encoding="utf-8")
    (pkg / "other.py").write_text("NAME = 'other'\n", encoding="utf-8")
    (pkg / "notes.txt").write_text("not Python\n", encoding="utf-8")
    (pkg / "broken.py").write_text("def (:\n", encoding="utf-8")  # left to Python's own import
    assert boot.precompile(str(pkg)) == 2
    assert not (pkg / "__pycache__").exists()  # kept in memory until written
    assert boot.write_precompiled() == 2
    assert sorted(p.name.split(".")[0] for p in (pkg / "__pycache__").iterdir()) == ["__init__", "other"]
    pyc = Path(importlib.util.cache_from_source(str(pkg / "__init__.py"))).read_bytes()
    assert int.from_bytes(pyc[4:8], "little") == 0b11  # hash-based, checked against its source
    assert boot.precompiled_matching() == 2
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = importlib.util.find_spec("pkgpre")
    assert spec is not None and spec.loader is not None
    code = spec.loader.get_code("pkgpre")  # type: ignore[attr-defined]
    assert code is not None and code.co_filename == str(pkg / "__init__.py")
    (pkg / "other.py").write_text("NAME = 'changed'\n", encoding="utf-8")
    assert boot.precompiled_matching() == 1
