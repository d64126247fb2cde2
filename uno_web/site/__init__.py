"""Build and serve the static, self-hosted site (CPython only, never shipped to the browser).

- :mod:`uno_web.site.vendor`   – ``python -m uno_web build``: vendors Pyodide, PyScript and the
  pydantic wheels from the package registries into ``static/vendor/``.
- :mod:`uno_web.site.manifest` – regenerates the ``[files]`` table of ``pyscript.toml`` so every
  browser module of ``uno_web`` is shipped to Pyodide.
- :mod:`uno_web.site.serve`    – ``python -m uno_web serve``: a threaded static server with the
  MIME types Pyodide needs (``.wasm`` as ``application/wasm``).
"""
