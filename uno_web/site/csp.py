"""The Content-Security-Policy of every page of the site (docs/security.md).

GitHub Pages sends no custom headers, so the policy is a ``<meta http-equiv>`` tag: the build
writes it into ``index.html`` (uno_web/site/prerender.py) and the tutorial generator into
``static/tutorial.html``; tests/web/test_csp_browser.py fails on any violation in every page
state the tests visit.  Why each source is there:

- ``script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'``: our scripts and PyScript's modules,
  all from this origin; no inline script, no inline event handler (no ``'unsafe-inline'``, no
  nonce or hash).  Pyodide compiles its WebAssembly (``WebAssembly.instantiateStreaming``),
  which needs ``'wasm-unsafe-eval'``.  Pyodide itself needs no JavaScript ``eval``, but
  PyScript 0.7.31 does: at boot its core (``core-*.js``, the function that joins the worker
  hooks, ``Function(`return(w,x)=>(...)`)``) builds a function from a string even when no worker
  is used, so without ``'unsafe-eval'`` the page never becomes ready (the violation is
  ``script-src eval`` at core-*.js:1:130931).  What it still blocks: any script or handler
  injected into the markup.  None of our code calls ``eval``, ``Function`` or string timers.
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

CSP = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; style-src 'self'; "
       "style-src-attr 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; "
       "font-src 'self'; worker-src 'self'; manifest-src 'self'; frame-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'")

META = f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
