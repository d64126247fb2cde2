"""The rules in a language: a ``RuleSet`` field's title, description and choice labels, a
preset's title and description (English from :mod:`uno_web.core.rules`, Finnish from
:mod:`uno_web.i18n.fi_rules`).

The page renders a field's description and its choices already in the page's language, between
the :data:`~uno_web.i18n.ui.OFF` / :data:`~uno_web.i18n.ui.ON` markers so that
:func:`~uno_web.i18n.ui.translate_html` leaves them alone (a description is cut by its
``<code>`` words into pieces no catalogue could look up).  Titles and presets are plain text:
:func:`~uno_web.i18n.ui.tr` finds them by their English (:func:`english_to_finnish`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from ..core.rules import PRESET_DESCRIPTIONS, PRESET_TITLES, RuleSet
from .fi_rules import OPTIONS_FI, PRESETS_FI, RULES_FI

__all__ = [
    "rule_title", "rule_description", "rule_option", "preset_title", "preset_description",
    "rule_description_html", "rule_option_html", "english_fingerprint", "english_to_finnish",
    "MARK_OFF", "MARK_ON",
]

MARK_OFF, MARK_ON = "<!--i18n:off-->", "<!--i18n:on-->"  # = ui.OFF / ui.ON (no import cycle)


def english_fingerprint(name: str) -> str:
    """The first eight hex digits of the SHA-1 of a field's English title and description
    (what :data:`~uno_web.i18n.fi_rules.RULES_FI` records next to its Finnish)."""
    import hashlib  # the tests ask; the page never does

    spec = RuleSet.model_fields[name]
    text = f"{spec.title or ''}\n{spec.description or ''}"
    return hashlib.sha1(text.encode()).hexdigest()[:8]


def rule_title(name: str, lang: str) -> str:
    """A field's label (English when ``lang`` has none for it)."""
    if lang == "fi" and name in RULES_FI:
        return RULES_FI[name][1]
    spec = RuleSet.model_fields.get(name)
    return (spec.title if spec is not None and spec.title else name.replace("_", " "))


def rule_description(name: str, lang: str) -> str:
    """A field's description, `backquoted` choices included."""
    if lang == "fi" and name in RULES_FI:
        return RULES_FI[name][2]
    spec = RuleSet.model_fields.get(name)
    return spec.description or "" if spec is not None else ""


def rule_option(name: str, value: str, lang: str) -> str:
    """A choice's label: the value itself in English (it is also the link's and the log's word),
    its Finnish label in Finnish."""
    if lang == "fi":
        return OPTIONS_FI.get((name, value), value)
    return value


def preset_title(key: str, lang: str) -> str:
    if lang == "fi" and key in PRESETS_FI:
        return PRESETS_FI[key][1]
    return PRESET_TITLES.get(key, key)


def preset_description(key: str, lang: str) -> str:
    if lang == "fi" and key in PRESETS_FI:
        return PRESETS_FI[key][2]
    return PRESET_DESCRIPTIONS.get(key, "")


def _marked(html: str, lang: str) -> str:
    return f"{MARK_OFF}{html}{MARK_ON}" if lang != "en" else html


def rule_description_html(name: str, lang: str) -> str:
    """A field's description as HTML (`backquoted` words as ``<code>``), in ``lang``; in a
    language other than English between the markers that keep the page's translation off it."""
    text = escape(rule_description(name, lang), quote=True)
    return _marked(re.sub(r"`([^`]+)`", r"<code>\1</code>", text), lang)


def rule_option_html(name: str, value: str, lang: str) -> str:
    """A choice's label as HTML (escaped, marked like :func:`rule_description_html`)."""
    return _marked(escape(rule_option(name, value, lang), quote=False), lang)


@lru_cache(maxsize=1)
def english_to_finnish() -> dict[str, str]:
    """English rule words a page may show as plain text -> Finnish: every field's title, every
    preset's key, title and description (the start screen's preset list, the editor's preset
    select, the scores' rule line)."""
    out: dict[str, str] = {}
    for name, (_fp, title, _desc) in RULES_FI.items():
        spec = RuleSet.model_fields.get(name)
        if spec is not None and spec.title:
            out[spec.title] = title
    for key, (short, title, desc) in PRESETS_FI.items():
        out[key] = short
        if key in PRESET_TITLES:
            out[PRESET_TITLES[key]] = title
        if key in PRESET_DESCRIPTIONS:
            out[PRESET_DESCRIPTIONS[key]] = desc
    return out
