"""The pages in another language: :func:`tr` for one string, :func:`translate_html` for the
HTML of a region (its text and its ``aria-label`` / ``title`` / ``placeholder`` / ``alt``).

The catalogue (:data:`~uno_web.i18n.fi_ui.UI_FI`) is keyed by the English text, as gettext
keys by its msgid, and holds fixed text only: nothing is captured out of English.  Text with
facts is written from them: a verdict's (:func:`~uno_web.i18n.verdicts.shown_in`: the page gave
it out with :func:`~uno_web.i18n.verdicts.shown`), a phrase's
(:func:`~uno_web.i18n.phrases.said_in`: given out with :func:`~uno_web.i18n.phrases.said`,
an exception's ``words`` among them).  Text of several sentences is looked up a sentence at a
time.  Text with no entry stays English and is listed by :func:`missing` (the tests fail on
any).
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape, unescape

from .fi_ui import UI_FI
from .phrases import said_in
from .verdicts import CARD_NAMES_FI, COLOR_NAMES_FI, shown_in

__all__ = ["tr", "translate_html", "missing"]

OFF, ON = "<!--i18n:off-->", "<!--i18n:on-->"  # text between them is left as it is (names …)
_MISSING: set[str] = set()
_CODE = re.compile(r"^(OK|E|P)_[A-Z0-9_]+$")
_NEUTRAL = re.compile(r"^[\s\d+\-−–—×·•…/:;,.()\[\]#%?!★♥♦♣♠↻↺→←↑↓⟳⟲✓✗=<>@&'\"’|]*$")
#: card notation (``R1``, ``G1 B2``, ``W+4``, ``R1 G2 | B5``): codes a player types, shown as is
_CODE_ONE = r"(?:[RYGB][0-9]{1,2}|W\+4|W|[RYGB](?:\+2|[SR])|(?:10|[2-9JQKA])[HDCS]|JK)"
_CODES = re.compile(rf"^{_CODE_ONE}(?:(?:\s+|\s*[,|]\s*){_CODE_ONE})*$")
#: single capital letters (keyboard keys in ``<kbd>``, a seat's avatar initial), arrows, links
_KEYS = re.compile(r"^(?:[A-Z]|Esc|Escape|[❯❮▶◀\s]+|https?://\S*|<iframe\s.*)$", re.S)


@lru_cache(maxsize=1)
def _explanations() -> dict[str, str]:
    from ..core.reasons import CATALOGUE
    from .verdicts import explanation_in

    return {e.explanation: explanation_in(code, "fi") for code, e in CATALOGUE.items()}


def _tr_fi(text: str) -> str:
    # A verdict's text is looked up before the cache: the page may give a verdict out with
    # shown() after the same words were first met unregistered (another browser's message).
    verdict = shown_in(text, "fi")  # a verdict's text: written from its facts
    if verdict is not None:
        return verdict
    phrase = said_in(text, "fi")  # a phrase's text (a hint, a status line): from its facts
    if phrase is not None:
        return phrase
    return _tr_fi_cached(text)


@lru_cache(maxsize=8192)
def _tr_fi_cached(text: str) -> str:
    if not text or _NEUTRAL.match(text) or _CODE.match(text):
        return text
    hit = UI_FI.get(text)
    if hit is not None:
        return hit
    from .fi_reasons import RULE_WORDS_FI

    hit = RULE_WORDS_FI.get(text)
    if hit is not None:
        return hit
    from .rules import english_to_finnish

    hit = english_to_finnish().get(text)
    if hit is not None:
        return hit
    from .fi_reasons import RULE_LABELS_FI

    hit = RULE_LABELS_FI.get(text)  # a verdict's rule, a label of the catalogue
    if hit is not None:
        return hit
    hit = _explanations().get(text)
    if hit is not None:
        return hit
    # several sentences: each on its own (a page's paragraph is often catalogued sentence
    # by sentence, and a page joins a notice's sentences)
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z]|[a-z_.]+=)", text)  # "n=… is …" notes too
    if len(parts) > 1:
        done = [_tr_fi(p) for p in parts]
        if all(d != p for d, p in zip(done, parts)):
            return " ".join(done)
    if text in CARD_NAMES_FI:
        return CARD_NAMES_FI[text]
    if ", " in text and all(p in CARD_NAMES_FI for p in text.split(", ")):  # "red 1, red 2"
        return ", ".join(CARD_NAMES_FI[p] for p in text.split(", "))
    if text in COLOR_NAMES_FI:
        return COLOR_NAMES_FI[text][""]
    if _CODES.match(text) or _KEYS.match(text):
        return text
    _MISSING.add(text)
    return text


def tr(text: str, lang: str) -> str:
    """``text`` (English, as the pages write it) in ``lang``; whitespace around it is kept."""
    if lang != "fi" or not text or text.isspace():
        return text
    core = text.strip()
    if not core:
        return text
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()):]
    return lead + _tr_fi(core) + trail


_TEXT = re.compile(r">([^<]+)<")
_ATTR = re.compile(r'\b(aria-label|title|placeholder|alt|data-label)="([^"]*)"')


def translate_html(html: str, lang: str, keep: "frozenset[str] | set[str]" = frozenset()) -> str:
    """The HTML of a region with its text and labels in ``lang``.  Text equal to one of
    ``keep`` (the seats' names) and anything between :data:`OFF` and :data:`ON` stays."""
    if lang != "fi" or not html:
        return html
    if "<" not in html:
        return escape(tr(unescape(html), lang), quote=False)
    if OFF in html:
        out = []
        for i, chunk in enumerate(html.split(OFF)):
            done, _, rest = chunk.partition(ON) if i else ("", "", chunk)
            out.append(done + translate_html(rest, lang, keep))
        return "".join(out)

    def text(m: re.Match[str]) -> str:
        raw = m.group(1)
        if raw.isspace() or raw.strip() in keep:
            return m.group(0)
        return ">" + escape(tr(unescape(raw), lang), quote=False) + "<"

    def attr(m: re.Match[str]) -> str:
        if m.group(2).strip() in keep:
            return m.group(0)
        return f'{m.group(1)}="{escape(tr(unescape(m.group(2)), lang), quote=True)}"'

    return _TEXT.sub(text, _ATTR.sub(attr, html))


def missing() -> set[str]:
    """Texts :func:`tr` met without a translation since the start (for the tests)."""
    return set(_MISSING)
