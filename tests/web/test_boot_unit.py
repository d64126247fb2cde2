"""The page before Python, without a browser: index.html's prerendered first screen is the
table's own, in English and in Finnish, and every word static/page.js shows has its Finnish.

The browser side (the Finnish shown before the first paint, the switch back) is in
tests/web/test_boot_browser.py.
"""

from __future__ import annotations

import re
from pathlib import Path

from uno_web.site import prerender
from uno_web.web.app import App

REPO_ROOT = Path(__file__).resolve().parents[2]
INDEX = (REPO_ROOT / "index.html").read_text(encoding="utf-8")
PAGE_JS = (REPO_ROOT / "static" / "page.js").read_text(encoding="utf-8")
BOOT_PY = (REPO_ROOT / "uno_web" / "web" / "boot.py").read_text(encoding="utf-8")
STRING = r'"((?:[^"\\]|\\.)*)"'


def _js_object(name: str) -> dict[str, str]:
    """``var NAME = {"key": "value" + "more", …};`` of static/page.js as a dict."""
    m = re.search(rf"var {name} = \{{(.*?)\n  \}};", PAGE_JS, re.S)
    assert m, f"static/page.js has no var {name} = {{…}}"
    body = re.sub(r"\s*//[^\n]*", "", m.group(1))
    out: dict[str, str] = {}
    for m in re.finditer(rf"{STRING}\s*:\s*((?:{STRING}\s*\+?\s*)*)", body):
        out[m.group(1)] = "".join(re.findall(STRING, m.group(2)))
    return out


def _first_screen(search: str) -> dict[str, str]:
    app = App(search, "http://127.0.0.1:8000/")
    return app.regions()


def _template_parts() -> dict[str, str]:
    m = re.search(r'<template id="prerendered-fi" lang="fi">(.*?)</template>', INDEX, re.S)
    assert m, "index.html has no Finnish template: run `python -m uno_web.site.prerender`"
    parts = re.split(r'<div data-region="(\w+)">', m.group(1))[1:]
    return {name: html.removesuffix("</div>") for name, html in zip(parts[::2], parts[1::2])}


def test_index_html_is_up_to_date() -> None:
    assert prerender.render(INDEX) == INDEX, "index.html is stale: run `python -m uno_web.site.prerender`"


def test_the_prerendered_first_screen_is_what_the_table_draws() -> None:
    english = _first_screen("")
    for name in ("topbar", "start"):
        block = re.search(rf"<!-- prerender:{name} -->(.*?)<!-- /prerender:{name} -->", INDEX, re.S)
        assert block and block.group(1) == english[name], f"the prerendered {name} is not the table's"
    finnish = _first_screen("?lang=fi")
    parts = _template_parts()
    assert set(parts) == set(prerender.FI_REGIONS)
    for name, html in parts.items():
        assert html == finnish[name], f"the Finnish {name} of index.html is not what the table draws in Finnish"
    assert "Uusi peli" in parts["start"] and "New game" not in parts["start"]


def test_every_fixed_text_of_index_html_has_its_finnish() -> None:
    fixed = _js_object("FIXED_FI")
    keys = re.findall(r'data-l10n(?:-label)?="([^"]+)"', INDEX)
    assert keys and len(keys) == len(set(keys)), keys
    assert sorted(set(keys) ^ set(fixed)) == [], "index.html's data-l10n keys and page.js's FIXED_FI differ"
    # the markup survives: the bold words of the help, one row per key of the keyboard table
    for key in ("help-1", "help-2", "help-keys"):
        english = re.search(rf'data-l10n="{key}">(.*?)</(?:p|table)>', INDEX, re.S)
        assert english, key
        for tag in ("<b>", "<tr>", "<caption>"):
            assert english.group(1).count(tag) == fixed[key].count(tag), (key, tag)


def test_every_message_of_the_page_has_its_finnish() -> None:
    text_fi = _js_object("TEXT_FI")
    used = set(re.findall(rf"\bt\({STRING}", PAGE_JS))
    for either in re.findall(rf"\bt\([^?;]*\?\s*{STRING}\s*:\s*{STRING}", PAGE_JS):  # t(x ? "a" : "b")
        used |= set(either)
    used |= set(_js_object("LABELS").values()) | set(_js_object("STAGES")) | {"start"}
    used |= set(re.findall(rf"_in_page_language\(\w+, {STRING}\)", BOOT_PY))
    assert "Python ready" in used and "The cards are dealt as soon as the table is ready." in used
    missing = sorted(u for u in used if u not in text_fi)
    assert not missing, f"static/page.js shows these without Finnish: {missing}"
    for english, finnish in text_fi.items():
        assert english.count("{0}") == finnish.count("{0}"), english
        assert finnish and finnish != english or english in ("Python", ), english


def test_the_page_language_follows_the_table_rules() -> None:
    # static/early.js decides the language as App.lang does: ?lang=, the remembered choice, the
    # browser's language; a page in another language stays hidden until page.js has run
    early = (REPO_ROOT / "static" / "early.js").read_text(encoding="utf-8")
    assert 'params.get("lang")' in early and '"uno_web.prefs.v1:" + scope' in early
    assert "navigator.language" in early and 'root.style.visibility = "hidden"' in early
    assert 'root.style.visibility = ""' in PAGE_JS
    assert App("?lang=fi", "http://127.0.0.1:8000/").lang == "fi"
    assert App("?lang=FI-fi", "http://127.0.0.1:8000/").lang == "fi"
    assert App("?lang=xx", "http://127.0.0.1:8000/").lang == "en"


def test_markup_escape_is_html_escape() -> None:
    import html

    from uno_web.web.markup import escape

    samples = ["", "plain", "<b>&amp;</b>", "\"quoted\" & 'single'", "R7 < G5 > B1", "ä&ö<ü>\"'" * 3,
               "&#x27;", "\u2028<script>", "".join(chr(c) for c in range(32, 128))]
    for text in samples:
        assert escape(text) == html.escape(text), text
        assert escape(text, quote=False) == html.escape(text, quote=False), text


def test_the_first_screen_imports_no_html_entities_or_secrets() -> None:
    # import html loads html.entities (a third of the first screen's import time in Pyodide);
    # secrets loads hmac: both wait for their first use (uno_web.web.markup, App.new_seed)
    import subprocess
    import sys

    code = ("import sys, uno_web.web.app, uno_web.web.motion, uno_web.web.render, uno_web.web.view; "
            "print(sorted(m for m in ('html', 'html.entities', 'secrets', 'hmac', 'zipfile', 'shutil') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=REPO_ROOT).stdout.strip()
    assert out == "[]", out


def test_every_file_the_early_scripts_name_is_in_the_site() -> None:
    # static/early.js and page.js start PyScript and fetch the bundle by relative URLs: each
    # of them is precached (and so in the assembled site), or the page fails offline
    from uno_web.site import precache, vendor

    assert vendor.main([]) == 0
    listed = set(precache.files())
    early = (REPO_ROOT / "static" / "early.js").read_text(encoding="utf-8")
    named = set(re.findall(r'"\./(static/[^"]+)"', early + PAGE_JS))
    assert {"static/bundle/uno_web.zip", "static/interpreter.mjs", "static/vendor/pyscript/core.js"} <= named
    assert not sorted(named - listed), f"named by the page's scripts but not in the site: {sorted(named - listed)}"
