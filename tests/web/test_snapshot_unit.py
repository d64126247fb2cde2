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
