"""The start screen in ``index.html``, so that it is usable at first paint (issue 14).

The table's start screen is drawn by Python (:func:`uno_web.web.render.render_start`), which is
only there once Pyodide has started.  The build writes what that renderer draws on a first
visit into ``index.html`` between ``<!-- prerender:NAME -->`` markers: the top bar, the start
form (with all nine opponent fields; ``static/page.js`` shows as many as there are players) and
the rule values of every preset (a JSON data block: ``static/page.js`` switches the rule fields
when the preset changes before Python is ready), the top bar and start form in Finnish (a
``<template>`` that ``static/page.js`` puts in place for a page in Finnish:
:func:`finnish_template`), and ``pyscript.toml`` as the JSON config of its ``<script
type="py">`` (:func:`config_tag`).  When Python is ready it draws the same
markup in place (morphdom keeps what the person typed: uno_web/web/boot.py).

It also writes ``embed.html``, the document an embed loads (:func:`embed_document`): the same
page without what only the full page shows before Python (the start screen, the presets, the
Finnish template), a tenth of the bytes, so that several embeds of one page do not each parse
them on the page's one renderer thread (docs/embedding.md).

    python -m uno_web.site.prerender          # rewrite index.html and embed.html if they differ
    python -m uno_web.site.prerender --check  # exit 1 if either is stale

The build runs it; ``tests/web/test_prerender.py`` fails when ``index.html`` is stale.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..web.session import TableSettings

REPO_ROOT = Path(__file__).resolve().parents[2]
INDEX = REPO_ROOT / "index.html"
EMBED = REPO_ROOT / "embed.html"


def blocks() -> dict[str, str]:
    """The markup of each prerendered block, by marker name."""
    from ..core.rules import PRESETS
    from ..web.render import render_start
    from ..web.session import TableSettings
    from ..web.view import start_view

    first = TableSettings(players=2, levels=("easy",))  # what App draws on a first visit
    regions = render_start(start_view(first))
    presets = {name: rules.model_dump() for name, rules in PRESETS.items()}
    data = json.dumps(presets, separators=(",", ":"), sort_keys=True).replace("</", "<\\/")
    from .csp import META

    hashes = ";".join(f"{name}:{region_hash(regions[name])}" for name in ("topbar", "start"))
    return {
        "csp": META,
        "hashes": f'<meta name="uno-prerendered" content="{hashes}">',
        "topbar": regions["topbar"],
        "start": regions["start"],
        "presets": f'<script type="application/json" id="preset-values">{data}</script>',
        "fi": finnish_template(first),
    }


#: the regions a page in Finnish takes from the template before its first paint
FI_REGIONS = ("topbar", "start", "logtitle")


def finnish_template(first: "TableSettings") -> str:
    """The same first screen in Finnish, as the table draws it for ``lang=fi`` (the regions
    through :func:`uno_web.i18n.ui.translate_html`, as ``App.regions`` does), in an inert
    ``<template>``: ``static/page.js`` puts it in place before the first paint when the page's
    language is Finnish (``?lang=fi``, the language chosen in the top bar, or the browser's)."""
    from ..i18n.ui import translate_html
    from ..web.render import render_start
    from ..web.view import start_view

    regions = render_start(start_view(first), lang="fi")
    parts = "".join(f'<div data-region="{name}">{translate_html(regions[name], "fi")}</div>'
                    for name in FI_REGIONS)
    return f'<template id="prerendered-fi" lang="fi">{parts}</template>'


def region_hash(html: str) -> str:
    """What the controller compares at boot: a region whose render has this hash is already in
    the page as the build wrote it, so the first render leaves it alone."""
    return hashlib.sha1(html.encode("utf-8")).hexdigest()[:16]


def _marker(name: str) -> re.Pattern[str]:
    return re.compile(rf"(<!-- prerender:{name} -->)(.*?)(<!-- /prerender:{name} -->)", re.S)


PY_TAG = re.compile(r"<script type=\"py\" config='[^']*'>")


def config_tag() -> str:
    """index.html's ``<script type="py">`` tag with ``pyscript.toml`` written into it as JSON.

    ``pyscript.toml`` is the config; inline, PyScript starts Pyodide without fetching it and
    without its TOML parser (a dynamic import): Pyodide starts loading ~60 ms sooner
    (docs/deployment.md, "Boot time")."""
    import tomllib

    with (REPO_ROOT / "pyscript.toml").open("rb") as f:
        config = tomllib.load(f)
    # a single-quoted attribute: only & and ' need escaping
    data = json.dumps(config, separators=(", ", ": ")).replace("&", "&amp;").replace("'", "&#39;")
    return f"<script type=\"py\" config='{data}'>"


def render(text: str) -> str:
    """``text`` (index.html) with every block rewritten."""
    if len(PY_TAG.findall(text)) != 1:
        raise SystemExit("index.html must have one <script type=\"py\" config='…'>")
    tag = config_tag()
    text = PY_TAG.sub(lambda m: tag, text, count=1)
    for name, html in blocks().items():
        pattern = _marker(name)
        if not pattern.search(text):
            raise SystemExit(f"index.html has no <!-- prerender:{name} --> marker")
        text = pattern.sub(lambda m: m.group(1) + html + m.group(3), text, count=1)
    return text


#: the blocks of index.html that an embed never shows before Python draws its own screen
EMBED_DROPS = ("topbar", "start", "presets", "fi")
#: lines of index.html an embed does without: it registers no service worker
#: (static/register-sw.js does nothing in an embed) and keeps no saved game (static/vault.js);
#: two requests fewer per embed, on the page's one renderer thread
EMBED_DROP_LINES = ('  <script src="./static/register-sw.js" defer></script>\n',
                    "  <!-- seals the saved game in storage (docs/security.md) -->\n",
                    '  <script src="./static/vault.js" defer></script>\n')
#: what tells static/early.js that it runs in embed.html (it sends an address without
#: ``embed=1`` to index.html: embed.html is no full page)
EMBED_ROOT = '<html lang="en" data-page="embed">'


def embed_document(index: str) -> str:
    """``embed.html`` from the rendered ``index.html``: the same head (CSP, scripts, styles),
    placeholder, loading screen, regions and ``<script type="py">``, with the start screen, the
    presets, the top bar and the Finnish template left out (an embed draws its own bar, and its
    Finnish fixed text comes from static/page.js), without the service worker's registration
    and the saved game's vault (:data:`EMBED_DROP_LINES`), and no region hashes (nothing is
    prerendered, so the first render draws every region)."""
    if index.count('<html lang="en">') != 1:
        raise SystemExit('index.html must open with <html lang="en">')
    text = index.replace('<html lang="en">', EMBED_ROOT + "\n<!-- embed.html: written by the build from "
                         "index.html (uno_web/site/prerender.py); edit index.html, not this file -->", 1)
    for name in EMBED_DROPS:
        text = _marker(name).sub("", text, count=1)
    for line in EMBED_DROP_LINES:
        if text.count(line) != 1:
            raise SystemExit(f"index.html must have this line once (embed.html leaves it out): {line.strip()}")
        text = text.replace(line, "", 1)
    return _marker("hashes").sub(lambda m: m.group(1) + '<meta name="uno-prerendered" content="">'
                                 + m.group(3), text, count=1)


def _write_if_changed(path: Path, new: str) -> bool:
    if path.is_file() and path.read_text(encoding="utf-8") == new:
        return False
    path.write_text(new, encoding="utf-8")
    return True


def ensure(path: Path = INDEX, embed: Path | None = None) -> bool:
    """Rewrite ``path`` (index.html) and ``embed`` (embed.html beside it) if a block is stale;
    True if either was written."""
    new = render(path.read_text(encoding="utf-8"))
    wrote = _write_if_changed(path, new)
    return _write_if_changed(embed or path.with_name(EMBED.name), embed_document(new)) or wrote


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Write the prerendered start screen into index.html, and embed.html.")
    ap.add_argument("--check", action="store_true", help="exit 1 if index.html is stale")
    args = ap.parse_args(argv)
    if args.check:
        old = INDEX.read_text(encoding="utf-8")
        if render(old) != old:
            print("index.html: the prerendered start screen is stale; run "
                  "`python -m uno_web.site.prerender`", file=sys.stderr)
            return 1
        if not EMBED.is_file() or EMBED.read_text(encoding="utf-8") != embed_document(old):
            print("embed.html is stale; run `python -m uno_web.site.prerender`", file=sys.stderr)
            return 1
        return 0
    print("index.html and embed.html " + ("updated" if ensure() else "up to date"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
