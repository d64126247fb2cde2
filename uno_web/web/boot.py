"""Boot of the page: import uno_web, start the table, mark the page ready.

index.html runs ``uno_web.web.boot.main()`` from its ``<script type="py">``.  pydantic is not
loaded at all (issue 14): the table deals, checks moves, saves, exports, imports and replays
logs with the core's own field checks (uno_web.core.fields); pydantic builds the JSON Schemas
from the same declarations on CPython (uno_web.core.schemas).
The contract the browser tests (tests/web) and bench/bench_boot.py rely on:

- ``document.body.dataset.ready == "1"`` once the table is usable (``body[data-ready="1"]``);
- ``data-python`` / ``data-uno-web`` on <body> carry the versions loaded, ``data-ready-ms`` the
  page's ``performance.now()`` at that moment, ``data-pydantic-at-ready`` whether pydantic was
  imported by then (always "0"), ``data-code-from`` the file the controller came from (its pyc
  in the zip, ``/home/pyodide/uno_web.zip/uno_web/web/controller.pyc``);
- ``#boot-status`` says "Python ready" (in the page's language; the loading screen is hidden
  by then);
- ``data-boot-ms`` says where the page's own Python went, for bench/bench_boot.py:
  ``bundle=…;import=…;start=…`` (ms waiting for and writing the modules' zip, which
  static/early.js fetched while Pyodide loaded, ``bundle_ms`` from index.html; importing the
  controller and its modules; building the controller, restoring a saved game and drawing the
  first screen);
- ``data-stdlib-from-source``: the standard-library modules imported from source by ready (none:
  static/bundle/python_stdlib.zip has their bytecode, uno_web/site/stdlib.py);
- ``window.unoWebProgress(stage)`` (static/page.js) moves the progress bar: "python" when this
  starts, "ready" at the end;
- ``data-boot`` ("snapshot" or "plain") and ``data-snapshot`` are set by static/interpreter.mjs:
  whether Pyodide started from the memory snapshot that :func:`prepare_snapshot` filled.
"""

from __future__ import annotations

import sys


#: What the memory snapshot holds (static/snapshot-worker.mjs runs :func:`prepare_snapshot` in a
#: fresh interpreter): every module of uno_web that the first screen imports, except the
#: controller (it imports ``pyscript``, which exists only on the page), and those warm_up()
#: imports once the page is ready (controller.WARM_UP_MODULES; tests/web/test_boot_unit.py keeps
#: the two in step).  Nothing else runs: no controller, no deal, no seed, no page.
SNAPSHOT_MODULES = (
    "uno_web", "uno_web.web.boot", "uno_web.i18n.verdicts", "uno_web.i18n.ui", "uno_web.web.app",
    "uno_web.web.motion", "uno_web.web.render", "uno_web.web.view",
    "uno_web.core.gamelog", "uno_web.ai", "uno_web.core.position", "uno_web.puzzles.lessons",
    "uno_web.web.puzzle", "uno_web.web.puzzle_render", "uno_web.web.stats", "urllib.parse",
    # the standard library a page may import lazily before its own zip is in place: a boot from
    # the snapshot writes python_stdlib.zip only once the page is ready (static/interpreter.mjs),
    # so every standard module the browser's modules import must be here
    # (tests/web/test_snapshot_unit.py checks it): hashlib for the first render's check of the
    # prerendered regions, secrets for a deal (a Deal pressed before ready deals at ready)
    "hashlib", "secrets",
)


#: PyScript's own Python package, which PyScript writes as sources at every start and imports:
#: its checked hash-based pycs (PEP 552), compiled in the worker that makes the snapshot from
#: the very files PyScript wrote in the page that made it, kept in the snapshot's memory
#: ({pyc path: bytes}) and written beside the sources after a restore (static/interpreter.mjs),
#: so that a boot from the snapshot does not compile them (~10 ms).  Python checks each against
#: its source's hash: a PyScript whose files differ compiles them as before.
PYSCRIPT_DIR = "/home/pyodide/pyscript"
_precompiled: dict[str, bytes] = {}  # source path -> its pyc


def precompile(directory: str = PYSCRIPT_DIR) -> int:
    """Compile every ``.py`` file in ``directory`` into a checked hash-based pyc kept in memory
    (not written: the file system is not in a memory snapshot); the number compiled."""
    import importlib.util
    import os
    from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

    for name in sorted(os.listdir(directory)):
        if not name.endswith(".py"):
            continue
        path = f"{directory}/{name}"
        with open(path, "rb") as fh:
            data = fh.read()
        try:
            code = compile(data, path, "exec", dont_inherit=True)  # as SourceLoader.source_to_code
        except (SyntaxError, ValueError):
            continue  # Python reports it where PyScript imports it, as it would without this
        _precompiled[path] = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True))
    return len(_precompiled)


def write_precompiled() -> int:
    """Write the pycs :func:`precompile` kept where Python looks for them; how many."""
    import importlib.util
    import os

    for source, data in _precompiled.items():
        path = importlib.util.cache_from_source(source)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(data)
    return len(_precompiled)


def precompiled_matching() -> int:
    """How many of the kept pycs match the source now beside them (their stored hash is that of
    the file PyScript wrote): those Python loads instead of compiling (the tests ask)."""
    import importlib.util

    count = 0
    for source, data in _precompiled.items():
        try:
            with open(source, "rb") as fh:
                count += data[8:16] == importlib.util.source_hash(fh.read())
        except OSError:
            pass
    return count


def restored() -> str:
    """What a page asks of an interpreter restored from the snapshot (static/interpreter.mjs),
    in one call: check the table's modules are there, seed ``random`` afresh (or every visit
    would draw the same puzzles), write PyScript's pycs; JSON of the generator's probe, the
    pycs written and where the standard library's zip goes."""
    import json

    if not ("uno_web.web.boot" in sys.modules and "uno_web.web.app" in sys.modules):
        raise ImportError("the snapshot has not the table modules")
    random = sys.modules.get("random")
    if random is not None:
        random.seed()
    return json.dumps({"probe": str(hash(random.getstate())) if random is not None else "none",
                       "pycs": write_precompiled(),
                       "stdlib": f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"})


def prepare_snapshot(names: tuple[str, ...] = SNAPSHOT_MODULES) -> int:
    """Import ``names`` into this (fresh) interpreter before its memory is snapshotted; the
    number of modules loaded.  Refuses to run where a page or a table already exists, so a
    snapshot can never carry a hand, a seed or anything a player typed."""
    import importlib

    for held in ("pyscript", "js", "uno_web.web.controller"):
        if held in sys.modules:
            raise RuntimeError(f"prepare_snapshot: {held} is loaded: not a fresh interpreter")
    for name in names:
        importlib.import_module(name)
    return len(sys.modules)


async def main(bundle_ms: float = 0.0) -> None:
    from pyscript import document, window  # type: ignore[import-not-found]

    progress = getattr(window, "unoWebProgress", None)
    if progress is not None:
        progress("python")
    import uno_web

    now = window.performance.now
    t0 = now()
    _stamp(window, "main")
    from . import controller

    t1 = now()
    _stamp(window, "imported")
    body = document.body
    status = document.getElementById("boot-status")
    if status is not None:
        status.textContent = _in_page_language(window, "Python ready")
    body.dataset.python = sys.version.split()[0]
    body.dataset.unoWeb = uno_web.__version__
    c = await controller.start()
    t2 = now()
    _stamp(window, "started")
    body.dataset.bootMs = f"bundle={bundle_ms:.0f};import={t1 - t0:.0f};start={t2 - t1:.0f}"
    body.dataset.pydanticAtReady = "1" if "pydantic" in sys.modules else "0"
    body.dataset.codeFrom = str(getattr(controller, "__file__", ""))  # the bundle's pyc (zipimport)
    body.dataset.readyMs = str(round(window.performance.now()))
    body.dataset.ready = "1"
    document.documentElement.classList.remove("prestart")
    if progress is not None:
        progress("ready")
    body.dataset.stdlibFromSource = " ".join(stdlib_from_source())
    controller.after_ready(c)
    serve_guests()


def _stamp(win: object, name: str) -> None:
    """``performance.mark("uno:<name>")``: where the boot's time goes (bench/bench_boot.py --detail)."""
    perf = getattr(win, "performance", None)
    if perf is not None and hasattr(perf, "mark"):
        perf.mark("uno:" + name)


def stdlib_from_source(prefix: str = "/lib/python314.zip/") -> list[str]:
    """The standard-library modules imported so far from their source, not their bytecode:
    static/bundle/python_stdlib.zip has a pyc for each module imported at boot
    (uno_web/site/stdlib.py, BOOT_MODULES), so at ready this should be empty."""
    found = []
    for name, module in list(sys.modules.items()):
        origin = str(getattr(getattr(module, "__spec__", None), "origin", "") or "")  # "frozen": no source
        if origin.startswith(prefix) and origin.endswith(".py"):
            found.append(name)
    return sorted(found)


def _in_page_language(win: object, english: str) -> str:
    """``english`` in the language of the page before Python (static/page.js, ``unoWebText``)."""
    say = getattr(win, "unoWebText", None)
    return english if say is None else str(say(english))


def serve_guests() -> None:
    """One Python for every embed of a page (issue 14): the other embeds of this page that
    start while or after this one boots join it (static/page.js, ``unoWebHost``) instead of
    starting a Pyodide of their own; each gets its own controller on its own document."""
    from pyscript import window
    from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

    host = getattr(window, "unoWebHost", None)
    if host is None or not window.document.documentElement.classList.contains("embed"):
        return
    host.attach = create_proxy(attach_guest)
    queue = host.queue
    while int(queue.length):
        attach_guest(queue.shift())


def attach_guest(win: object) -> None:
    """Run a table in the embed ``win`` (a same-origin frame of the same page)."""
    from pyscript import window

    from . import controller

    doc = win.document  # type: ignore[attr-defined]
    body = doc.body
    t0 = window.performance.now()
    try:
        controller.Controller(doc, win).boot()
    except Exception as exc:  # a bug: say so in that embed, keep the others going
        import traceback

        window.console.error("uno_web embed: " + traceback.format_exc())
        status = doc.getElementById("boot-status")
        if status is not None:
            status.textContent = f"Failed to start: {type(exc).__name__}: {str(exc)[:200]}"
        return
    status = doc.getElementById("boot-status")
    if status is not None:
        status.textContent = _in_page_language(win, "Python ready")
    body.dataset.python = sys.version.split()[0]
    body.dataset.shared = "1"  # this embed runs on another embed's Python
    body.dataset.bootMs = f"import=0;start={window.performance.now() - t0:.0f}"
    body.dataset.pydanticAtReady = "1" if "pydantic" in sys.modules else "0"
    body.dataset.readyMs = str(round(win.performance.now()))  # type: ignore[attr-defined]
    body.dataset.ready = "1"
    progress = getattr(win, "unoWebProgress", None)
    if progress is not None:
        progress("ready")
