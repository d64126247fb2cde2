"""A :class:`~uno_web.core.words.Words` (a phrase's key and its facts) in a language.

English comes from :data:`~uno_web.core.words.PHRASES_EN`, Finnish from
:data:`~uno_web.i18n.fi_phrases.PHRASES_FI`, both filled from the same typed facts (a card
number becomes a card's name in each language, a seat's name agrees with its verb in Finnish).

A page is written in English and translated whole (:func:`uno_web.i18n.ui.translate_html`);
:func:`said` gives a phrase's English out for such a page and remembers its facts, so that
:func:`said_in` writes the other language from them, never from the English.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Mapping

from ..core.cards import IS_WILD, RANK_OF, Rank, card_str, color_name
from ..core.reasons import Verdict
from ..core.words import PHRASES_EN, Words, english, param_base, verdict_sentence
from .fi_phrases import DIRECTIONS_FI, LEVELS_FI, PENALTIES_FI, PHRASES_FI, RANK_WORDS_FI
from .grammar import FiWords
from .verdicts import (
    COLOR_NAMES_FI, Cased, card_fact_fi, fi_value, message_in, verdict_detail, verdict_message,
)

__all__ = ["words_in", "said", "said_in", "missing_phrases", "Words"]


def _fi_value(name: str, value: Any) -> FiWords:
    base = param_base(name)
    if isinstance(value, Words):
        return FiWords(words_in(value, "fi"))
    if base == "card":
        return FiWords(card_fact_fi(value))
    if base == "cards":
        return FiWords(", ".join(card_fact_fi(c) for c in value))
    if base == "pcards":
        return FiWords(", ".join(_puzzle_card_fi(c) for c in value))
    if base == "pcard":
        return FiWords(_puzzle_card_fi(value))
    if base == "pcolor":
        return FiWords(COLOR_NAMES_FI[color_name(value)][""] if 0 <= value < 4 else f"väri {value}")
    if base == "big":  # a Finnish number groups its thousands with a (no-break) space
        return FiWords(f"{value:,}".replace(",", "\u00a0"))
    if base == "why":  # English a module wrote itself: the page's catalogue has its Finnish
        from .ui import tr

        return FiWords(tr(str(value), "fi"))
    if base == "color":
        return Cased(COLOR_NAMES_FI[color_name(value)]) if value >= 0 else FiWords("")
    if base == "options":
        return FiWords(" tai ".join(words_in(w, "fi") for w in value))
    if base == "lines":
        return FiWords(" ".join(words_in(w, "fi") for w in value))
    if base == "parts":
        return FiWords(", ".join(words_in(w, "fi") for w in value))
    if base == "rank":
        return FiWords(_rank_fi(value))
    if base == "level":
        return FiWords(LEVELS_FI.get(value, str(value)))
    if base == "direction":
        return FiWords(DIRECTIONS_FI[1 if value > 0 else -1])
    if base == "penalty":
        return FiWords(PENALTIES_FI.get(value, str(value)))
    if base == "message":
        if isinstance(value, Verdict):
            return FiWords(verdict_message(value, "fi"))
        return FiWords(_failure_fi(value))
    if base == "sentence":
        return FiWords(verdict_sentence(verdict_detail(value, "fi")))
    if base == "preset":
        from .fi_rules import PRESETS_FI

        return FiWords(PRESETS_FI[value][0] if value in PRESETS_FI else str(value))
    if base == "notation":
        return FiWords(str(value))
    if base == "field":  # a form field or a link's parameter: its Finnish name where it has one
        from .fi_ui import FIELD_NAMES_FI

        return FiWords(FIELD_NAMES_FI.get(str(value), str(value)))
    return fi_value(name, value)  # a name ("You" is sinä) or a number


def _puzzle_card_fi(card: "tuple[int, int]") -> str:
    color, number = card
    name = COLOR_NAMES_FI[color_name(color)][""] if 0 <= color < 4 else f"väri {color}"
    return f"{name} {number}"


def _rank_fi(card: int) -> str:
    """:func:`~uno_web.core.words.rank_words` in Finnish."""
    if IS_WILD[card]:
        return RANK_WORDS_FI["wild"]
    rank = RANK_OF[card]
    if rank <= 10:
        return str(rank)
    return RANK_WORDS_FI.get(Rank(rank).name, card_str(card))


def _failure_fi(failure: Mapping[str, Any]) -> str:
    """A report's failure (code, params, English message) in Finnish, from its facts."""
    return message_in(str(failure.get("code")), failure.get("params") or {},
                      str(failure.get("message", "")), "fi")


class _Params(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> FiWords:
        return FiWords("{" + key + "}")


def words_in(words: Words, lang: str) -> str:
    """``words`` in ``lang`` (English when the phrase has no translation: :func:`missing_phrases`
    lists such keys, and a test fails on any)."""
    if lang == "fi":
        template = PHRASES_FI.get(words.key)
        if template is not None:
            text = template.format_map(_Params({k: _fi_value(k, v) for k, v in words.params}))
            if text.endswith("!."):  # "… huutaa UNO!." ends at "!"
                text = text[:-1]
            if template.startswith("{") and english(words)[:1].isupper():
                text = text[:1].upper() + text[1:]  # "Sinä pelasit …" begins a sentence
            return text
    return english(words)


_SAID: "OrderedDict[str, Words]" = OrderedDict()
_SAID_MAX = 20000  # texts remembered (a long game's every hint, several times over)


def said(words: Words) -> str:
    """The English of ``words`` for a page, its facts remembered for :func:`said_in`."""
    text = english(words)
    _SAID[text] = words
    _SAID.move_to_end(text)
    while len(_SAID) > _SAID_MAX:
        _SAID.popitem(last=False)
    return text


def said_in(text: str, lang: str) -> str | None:
    """A text :func:`said` gave out, in ``lang``; None for any other text."""
    words = _SAID.get(text)
    return None if words is None else words_in(words, lang)


def missing_phrases() -> set[str]:
    """Phrase keys with English and no Finnish (and Finnish with no English)."""
    return set(PHRASES_EN) ^ set(PHRASES_FI)

