"""The pages in another language: :func:`tr` for one string, :func:`translate_html` for the
HTML of a region (its text and its ``aria-label`` / ``title`` / ``placeholder`` / ``alt``).

The catalogue (:data:`~uno_web.i18n.fi_ui.UI_FI`) is keyed by the English text, as gettext
keys by its msgid; an entry with ``{placeholders}`` is a pattern (``"{who} drew {n} cards."``)
whose captured values are translated by their name: ``card``/``cards`` card names, ``color``
colours, ``who``/``name``/… people (``You`` is *sinä*, and ``{who:nosti|nostit}`` agrees),
``text`` any translatable text, numbers as they are.  A verdict (``CODE: detail``) goes to
:func:`~uno_web.i18n.verdicts.translate_message`.  Text with no entry stays English and is
listed by :func:`missing` (the tests fail on any).
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape, unescape
from typing import Any

from .fi_ui import UI_FI
from .grammar import FiWords, sentence
from .verdicts import CARD_NAMES_FI, COLOR_NAMES_FI, _list_fi, translate_message

__all__ = ["tr", "translate_html", "missing", "PERSON_KEYS", "TEXT_KEYS", "compile_patterns"]

PERSON_KEYS = frozenset({"who", "name", "winner", "target", "by", "turn", "next", "other"})
TEXT_KEYS = frozenset({"text", "reason", "rest", "what", "outcome", "options", "verdict"})
_FIELD = re.compile(r"\{(\w+)(?::[^}]*)?\}")
_MISSING: set[str] = set()
_NEUTRAL = re.compile(r"^[\s\d+\-−–—×·•…/:;,.()\[\]#%?!★♥♦♣♠↻↺→←↑↓⟳⟲✓✗=<>@&'\"’|]*$")


def compile_patterns(table: dict[str, str]) -> list[tuple[re.Pattern[str], str, str]]:
    out = []
    for en, fi in table.items():
        if "{" not in en:
            continue
        regex = ""
        pos = 0
        seen: set[str] = set()
        for m in _FIELD.finditer(en):
            regex += re.escape(en[pos:m.start()])
            pos = m.end()
            name = m.group(1)
            if name in seen:
                regex += "(?:.+?)"
            else:
                seen.add(name)
                regex += f"(?P<{name}>.+?)"
        regex += re.escape(en[pos:])
        out.append((re.compile(f"^{regex}$", re.S), en, fi))
    # the most specific first: the longest literal text
    out.sort(key=lambda t: -len(_FIELD.sub("", t[1])))
    return out


_PATTERNS = compile_patterns(UI_FI)


def _value(key: str, text: str) -> FiWords:
    base = key.rstrip("0123456789")
    if base in PERSON_KEYS:
        if text.strip().lower() in ("you", "your"):
            return FiWords("sinä", you=True)
        return FiWords(text)
    if base in ("card", "cards", "top", "drawn"):
        if text in CARD_NAMES_FI:
            return FiWords(CARD_NAMES_FI[text])
        listed = _list_fi(text)
        if listed is not None:
            return FiWords(listed)
        return FiWords(text)
    if base in ("color", "colors"):
        if text in COLOR_NAMES_FI:
            from .verdicts import _Cased

            return _Cased(COLOR_NAMES_FI[text])
        listed = _list_fi(text)
        return FiWords(listed if listed is not None else text)
    if base in TEXT_KEYS:
        return FiWords(_tr_fi(text))
    return FiWords(text)


@lru_cache(maxsize=8192)
def _tr_fi(text: str) -> str:
    if not text or _NEUTRAL.match(text):
        return text
    hit = UI_FI.get(text)
    if hit is not None:
        return hit
    head = text.split(": ", 1)[0]
    if head.startswith(("OK_", "E_")) and head.replace("_", "").isupper():
        out = translate_message(text, "fi")
        if out != text:
            return out
    for regex, _en, fi in _PATTERNS:
        m = regex.match(text)
        if m:
            params: dict[str, Any] = {k: _value(k, v) for k, v in m.groupdict().items()}
            out = sentence(fi, params) if fi[:1] == "{" else fi.format_map(_Keep(params))
            return out
    # several sentences: each on its own
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z])", text)
    if len(parts) > 1:
        done = [_tr_fi(p) for p in parts]
        if all(d != p for d, p in zip(done, parts)):
            return " ".join(done)
    if text in CARD_NAMES_FI:
        return CARD_NAMES_FI[text]
    if text in COLOR_NAMES_FI:
        return COLOR_NAMES_FI[text][""]
    _MISSING.add(text)
    return text


class _Keep(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


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


def translate_html(html: str, lang: str) -> str:
    """The HTML of a region with its text and labels in ``lang``."""
    if lang != "fi" or not html:
        return html

    def text(m: re.Match[str]) -> str:
        raw = m.group(1)
        if raw.isspace():
            return m.group(0)
        return ">" + escape(tr(unescape(raw), lang), quote=False) + "<"

    def attr(m: re.Match[str]) -> str:
        return f'{m.group(1)}="{escape(tr(unescape(m.group(2)), lang), quote=True)}"'

    return _TEXT.sub(text, _ATTR.sub(attr, html))


def missing() -> set[str]:
    """Texts :func:`tr` met without a translation since the start (for the tests)."""
    return set(_MISSING)
