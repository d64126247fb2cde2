"""Build and serve the static, self-hosted site (CPython only, never shipped to the browser).

- :mod:`uno_web.site.vendor`   – ``python -m uno_web build``: vendors Pyodide, PyScript and the
  pydantic wheels from the package registries into ``static/vendor/``.
- :mod:`uno_web.site.manifest` – which modules of ``uno_web`` the browser gets.
- :mod:`uno_web.site.bundle`   – ships them as one zip with their bytecode,
  ``static/bundle/uno_web.zip`` (compiled by Pyodide's Python under Node.js, ``pyc.mjs``),
  fetched by ``static/early.js`` and imported in place (zipimport); rebuilt whenever a module
  changes.
- :mod:`uno_web.site.stdlib`   – Pyodide's standard library with bytecode for the modules
  imported at boot, ``static/bundle/python_stdlib.zip`` (the npm package has sources only).
- :mod:`uno_web.site.serve`    – ``python -m uno_web serve``: a threaded static server with the
  MIME types Pyodide needs (``.wasm`` as ``application/wasm``).
"""
