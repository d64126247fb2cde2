"""Boot of the page: import pydantic and uno_web, start the table, mark the page ready.

index.html runs ``uno_web.web.boot.main()`` from its ``<script type="py">``.  The contract the
browser tests (tests/web) and bench/bench_boot.py rely on:

- ``document.body.dataset.ready == "1"`` once the table is usable (``body[data-ready="1"]``);
- ``data-pydantic`` / ``data-python`` / ``data-uno-web`` on <body> carry the versions loaded,
  ``data-ready-ms`` the page's ``performance.now()`` at that moment;
- ``#boot-status`` says "Python ready" (the loading screen is hidden by then);
- ``data-boot-ms`` says where the page's own Python went, for bench/bench_boot.py:
  ``import=…;start=…`` (ms importing the controller and its modules; building the controller,
  restoring a saved game and drawing the first screen).
"""

from __future__ import annotations

import sys


def main() -> None:
    import pydantic
    from pyscript import document, window  # type: ignore[import-not-found]

    import uno_web

    now = window.performance.now
    t0 = now()
    from . import controller

    t1 = now()
    body = document.body
    status = document.getElementById("boot-status")
    if status is not None:
        status.textContent = "Python ready"
    body.dataset.pydantic = pydantic.VERSION
    body.dataset.python = sys.version.split()[0]
    body.dataset.unoWeb = uno_web.__version__
    controller.start()
    t2 = now()
    body.dataset.bootMs = f"import={t1 - t0:.0f};start={t2 - t1:.0f}"
    body.dataset.readyMs = str(round(window.performance.now()))
    body.dataset.ready = "1"
