"""The Content-Security-Policy of every page of the site (docs/security.md).

GitHub Pages sends no custom headers, so the policy is a ``<meta http-equiv>`` tag: the build
writes it into ``index.html`` (uno_web/site/prerender.py) and the tutorial generator into
``static/tutorial.html``; tests/web/test_csp_browser.py fails on any violation in every page
state the tests visit.  Why each source is there:

- ``script-src 'self' 'wasm-unsafe-eval'``: our scripts and PyScript's modules, all from this
  origin; Pyodide compiles its WebAssembly (``WebAssembly.instantiateStreaming``), which needs
  ``'wasm-unsafe-eval'`` (it allows compiling wasm, not JavaScript ``eval``).  No inline script,
  no inline event handler, no ``'unsafe-eval'``.
- ``style-src 'self'``: our style sheets and PyScript's core.css; ``style-src-attr
  'unsafe-inline'``: the renderer sets two CSS custom properties and a bar width in ``style``
  attributes (no script can run from a style attribute; ``<style>`` elements stay forbidden).
- ``connect-src 'self'``: Pyodide fetches its wasm, the standard library, the lock file, the
  wheels and our bundle; nothing else.
- ``img-src 'self' data:``: the icons and the empty favicon (``data:,``);
  ``worker-src 'self'``: the service worker; ``manifest-src 'self'``: the web app manifest;
  ``frame-src 'self'``: the tutorial's embeds.
- ``object-src 'none'``, ``base-uri 'none'``, ``form-action 'none'`` (no form is ever posted),
  ``default-src 'none'`` for everything not listed.
"""

from __future__ import annotations

CSP = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
       "style-src-attr 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; "
       "font-src 'self'; worker-src 'self'; manifest-src 'self'; frame-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'")

META = f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
