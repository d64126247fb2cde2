"""``escape``: the standard library's :func:`html.escape`, without importing :mod:`html`.

``import html`` also loads ``html.entities`` (the 2,231 named character references, for
``html.unescape``), which the table never needs at boot: it was about a third of the time
Pyodide spent importing the first screen's modules (docs/deployment.md, "Boot time").  Same
result as :func:`html.escape` for every string (``tests/web/test_boot_unit.py`` checks).
"""

from __future__ import annotations

__all__ = ["escape"]


def escape(s: str, quote: bool = True) -> str:
    """``&``, ``<`` and ``>`` (and with ``quote`` ``"`` and ``'``) as HTML-safe sequences."""
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        s = s.replace('"', "&quot;").replace("'", "&#x27;")
    return s
