"""The pages in another language: :func:`tr` for one string, :func:`translate_html` for the
HTML of a region (its text and its ``aria-label`` / ``title`` / ``placeholder`` / ``alt``).

The catalogue (:data:`~uno_web.i18n.fi_ui.UI_FI`) is keyed by the English text, as gettext
keys by its msgid; an entry with ``{placeholders}`` is a pattern (``"{who} drew {n} cards."``)
whose captured values are translated by their name: ``card``/``cards`` card names, ``color``
colours, ``who``/``name``/… people (``You`` is *sinä*, and ``{who:nosti|nostit}`` agrees),
``text`` any translatable text, numbers as they are.  A verdict's text is written from its
facts (:func:`~uno_web.i18n.verdicts.shown_in`: the page gave it out with
:func:`~uno_web.i18n.verdicts.shown`), never read back from the English.  Text with no entry
stays English and is listed by :func:`missing` (the tests fail on any).
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape, unescape
from typing import Any

from .fi_ui import FIELD_NAMES_FI, UI_FI
from .grammar import FiWords
from .phrases import said_in
from .verdicts import CARD_NAMES_FI, COLOR_NAMES_FI, NAME_PHRASES_FI, Cased, item_fi, shown_in

__all__ = ["tr", "translate_html", "missing", "PERSON_KEYS", "TEXT_KEYS", "compile_patterns"]

PERSON_KEYS = frozenset({"who", "name", "winner", "target", "by", "turn", "next", "other"})
TEXT_KEYS = frozenset({"text", "reason", "rest", "what", "outcome", "options", "verdict", "level"})
NUMBER_KEYS = frozenset({"n", "m", "count", "points", "round"})
OFF, ON = "<!--i18n:off-->", "<!--i18n:on-->"  # text between them is left as it is (names …)
_FIELD = re.compile(r"\{(\w+)(?::[^}]*)?\}")
_MISSING: set[str] = set()
_CODE = re.compile(r"^(OK|E|P)_[A-Z0-9_]+$")
_NEUTRAL = re.compile(r"^[\s\d+\-−–—×·•…/:;,.()\[\]#%?!★♥♦♣♠↻↺→←↑↓⟳⟲✓✗=<>@&'\"’|]*$")
#: card notation (``R1``, ``G1 B2``, ``W+4``, ``R1 G2 | B5``): codes a player types, shown as is
_CODE_ONE = r"(?:[RYGB][0-9]{1,2}|W\+4|W|[RYGB](?:\+2|[SR])|(?:10|[2-9JQKA])[HDCS]|JK)"
_CODES = re.compile(rf"^{_CODE_ONE}(?:(?:\s+|\s*[,|]\s*){_CODE_ONE})*$")
#: single capital letters (keyboard keys in ``<kbd>``, a seat's avatar initial), arrows, links
_KEYS = re.compile(r"^(?:[A-Z]|Esc|Escape|[❯❮▶◀\s]+|https?://\S*|<iframe\s.*)$", re.S)


@lru_cache(maxsize=None)
def _kind_regex(base: str) -> str:
    """What a placeholder may match: numbers, card names, colours, a name (no sentence
    punctuation), or any text."""
    if base in NUMBER_KEYS:
        return r"[\d,]+"
    if base in ("card", "cards", "top", "drawn"):
        one = "(?:" + "|".join(re.escape(n) for n in sorted(CARD_NAMES_FI, key=len, reverse=True)) + ")"
        if base == "card" or base == "top":
            return one
        return f"{one}(?:(?:, | and | or ){one})*(?: and \\d+ more)?"
    if base in ("color", "colors"):
        one = "(?:" + "|".join(re.escape(c) for c in COLOR_NAMES_FI) + ")"
        return one if base == "color" else f"{one}(?:(?:, | or | and ){one})*"
    if base in PERSON_KEYS:
        return r"[^.:;!?]+?"
    if base == "field":  # a form field or a link's parameter
        return r"[a-z][a-z0-9_.]*"
    if base == "value":  # a value as a message quotes it
        return r"(?:'[^']*'|\"[^\"]*\"|[^\s,;]+)"
    if base in ("code", "codes"):
        return _CODE_ONE if base == "code" else _CODES.pattern[1:-1]
    return r"(?:(?![.!?]\s+[A-Z]).)+?"  # text, within one sentence


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
                regex += f"(?P<{name}>{_kind_regex(name.rstrip('0123456789'))})"
        regex += re.escape(en[pos:])
        out.append((re.compile(f"^{regex}$", re.S), en, fi))
    # the most specific first: the longest literal text
    out.sort(key=lambda t: -len(_FIELD.sub("", t[1])))
    return out


_PATTERNS = compile_patterns(UI_FI)


_MORE_RE = re.compile(r"^(.*) and (\d+) more$")


def list_fi(text: str) -> str | None:
    """A list in a UI message (``red 7, blue Skip and Wild``, ``… or …``) with each item a
    card or a colour, in Finnish; None when an item is neither."""
    more = _MORE_RE.match(text)
    tail = ""
    if more:
        text, tail = more.group(1), f" ja {more.group(2)} muuta"
    for conj, fi in ((" and ", " ja "), (" or ", " tai ")):
        if conj in text:
            head, last = text.rsplit(conj, 1)
            items = [*head.split(", "), last]
            out = [item_fi(i) for i in items]
            if all(o is not None for o in out):
                return ", ".join(out[:-1]) + fi + str(out[-1]) + tail  # type: ignore[arg-type]
    if tail:
        items = text.split(", ")
        out = [item_fi(i) for i in items]
        if all(o is not None for o in out):
            return ", ".join(str(o) for o in out) + tail
    return None


def _value(key: str, text: str) -> FiWords:
    base = key.rstrip("0123456789")
    if base in PERSON_KEYS:
        if text.strip().lower() in ("you", "your"):
            return FiWords("sinä", you=True)
        return FiWords(NAME_PHRASES_FI.get(text, text))
    if base in ("card", "cards", "top", "drawn"):
        if text in CARD_NAMES_FI:
            return FiWords(CARD_NAMES_FI[text])
        listed = list_fi(text)
        if listed is None and ", " in text:  # "red 1, green 2": a list without "and"
            items = [CARD_NAMES_FI.get(i) for i in text.split(", ")]
            listed = ", ".join(i for i in items if i) if all(items) else None
        if listed is not None:
            return FiWords(listed)
        _MISSING.add(text)  # a card name this catalogue does not know
        return FiWords(text)
    if base == "field":
        return FiWords(FIELD_NAMES_FI.get(text, text))
    if base in ("color", "colors"):
        if text in COLOR_NAMES_FI:
            return Cased(COLOR_NAMES_FI[text])
        listed = list_fi(text)
        return FiWords(listed if listed is not None else text)
    if base in TEXT_KEYS:
        done = _tr_fi(text)
        if done == text and ", " in text:  # a list of phrases: each on its own
            _MISSING.discard(text)
            done = ", ".join(_tr_fi(p) for p in text.split(", "))
        return FiWords(done)
    return FiWords(text)


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
    lower = text[:1].lower() + text[1:]  # a message the page began with a capital letter
    for regex, _en, fi in _PATTERNS:
        m = regex.match(text) or regex.match(lower)
        if m:
            params: dict[str, Any] = {k: _value(k, v) for k, v in m.groupdict().items()}
            out = fi.format_map(_Params(params))
            if text[:1].isupper():
                out = out[:1].upper() + out[1:]
            return out
    # several sentences: each on its own
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


class _Params(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> FiWords:
        return FiWords("{" + key + "}")


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
