"""The validator's verdicts in another language (pure Python: the table, the CLI, the tests).

:func:`verdict_detail` renders a :class:`~uno_web.core.reasons.Verdict` from its parameters;
:func:`translate_message` renders a verdict already written as English text (``CODE: detail``,
as the table's validator entries keep it) by reading its parameters back with patterns made
from the English templates of :data:`~uno_web.core.reasons.CATALOGUE`.  A code with no Finnish
yet (a new code) falls back to the English text, never an error.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..core.cards import ALL_CARDS, card_name, color_name
from ..core.reasons import CATALOGUE, Reason, Verdict
from .fi_reasons import REASONS_FI, RULE_WORDS_FI
from .grammar import FiWords, sentence

__all__ = [
    "LANGS", "pick_lang", "card_name_in", "color_name_in", "fi_value", "verdict_detail",
    "verdict_message", "verdict_explanation", "verdict_rule", "verdict_dict",
    "translate_message", "explanation_in", "rule_in", "english_patterns", "placeholders",
    "CARD_NAMES_FI", "COLOR_NAMES_FI",
]

LANGS: tuple[str, ...] = ("en", "fi")


def pick_lang(text: object, default: str = "en") -> str:
    """``fi`` for ``fi``, ``fi-FI``, ``FI`` …; ``en`` for English; else ``default``."""
    if not isinstance(text, str):
        return default
    head = text.strip().lower().replace("_", "-").split("-")[0][:8]
    return head if head in LANGS else default


# ------------------------------------------------------------------------------------------
# cards and colours
# ------------------------------------------------------------------------------------------

COLOR_NAMES_FI: dict[str, dict[str, str]] = {  # English colour -> Finnish cases
    "red": {"": "punainen", "gen": "punaisen", "par": "punaista", "tra": "punaiseksi"},
    "yellow": {"": "keltainen", "gen": "keltaisen", "par": "keltaista", "tra": "keltaiseksi"},
    "green": {"": "vihreä", "gen": "vihreän", "par": "vihreää", "tra": "vihreäksi"},
    "blue": {"": "sininen", "gen": "sinisen", "par": "sinistä", "tra": "siniseksi"},
    "wild": {"": "villi", "gen": "villin", "par": "villiä", "tra": "villiksi"},
    "hearts": {"": "hertta", "gen": "hertan", "par": "herttaa", "tra": "hertaksi"},
    "diamonds": {"": "ruutu", "gen": "ruudun", "par": "ruutua", "tra": "ruuduksi"},
    "clubs": {"": "risti", "gen": "ristin", "par": "ristiä", "tra": "ristiksi"},
    "spades": {"": "pata", "gen": "padan", "par": "pataa", "tra": "padaksi"},
    "none": {"": "ei mikään", "gen": "ei minkään", "par": "ei mitään", "tra": "ei miksikään"},
    "none yet": {"": "ei vielä valittu", "gen": "ei vielä valitun", "par": "ei vielä valittua",
                 "tra": "ei vielä miksikään"},
}
_RANK_FI = {"Skip": "ohitus", "Reverse": "suunnanvaihto", "Draw Two": "nosta kaksi",
            "jack": "jätkä", "queen": "rouva", "king": "kuningas", "ace": "ässä"}
_WHOLE_FI = {"Wild": "villi kortti", "Wild Draw Four": "villi nosta neljä", "Joker": "jokeri"}
_SUIT_FI = {"hearts": "hertta", "diamonds": "ruutu", "clubs": "risti", "spades": "pata"}


def _card_fi(name: str) -> str:
    if name in _WHOLE_FI:
        return _WHOLE_FI[name]
    if " of " in name:
        rank, suit = name.split(" of ", 1)
        s = _SUIT_FI[suit]
        return f"{s}{_RANK_FI[rank]}" if rank in _RANK_FI else f"{s} {rank}"
    colour, rank = name.split(" ", 1)
    return f"{COLOR_NAMES_FI[colour]['']} {_RANK_FI.get(rank, rank)}"


#: every card's English name (as messages write it) -> its Finnish name
CARD_NAMES_FI: dict[str, str] = {card_name(c): _card_fi(card_name(c)) for c in ALL_CARDS}


def card_name_in(card: int, lang: str) -> str:
    name = card_name(card)
    return CARD_NAMES_FI[name] if lang == "fi" else name


def color_name_in(color: int, lang: str) -> str:
    name = color_name(color)
    return COLOR_NAMES_FI[name][""] if lang == "fi" else name


# ------------------------------------------------------------------------------------------
# a message parameter in Finnish
# ------------------------------------------------------------------------------------------

class _Cased(FiWords):
    """A phrase with its own cases (``{it:par}``, ``{color:tra}``, ``{deck:gen}``)."""

    cases: dict[str, str]

    def __new__(cls, cases: dict[str, str]) -> "_Cased":
        obj = str.__new__(cls, cases[""])
        obj.you = False
        obj.cards = None
        obj.cases = cases
        return obj

    def __format__(self, spec: str) -> str:
        return self.cases.get(spec, self.cases[""])


_PHRASES: dict[str, dict[str, str]] = {
    "it": {"": "sen", "par": "sitä"},
    "any of them": {"": "minkä tahansa niistä", "par": "yhtäkään niistä"},
    "a card just drawn": {"": "juuri nostetun kortin", "par": "juuri nostettua korttia"},
    "that card": {"": "sen kortin"},
    "one of those cards": {"": "yhden niistä korteista"},
    "take them": {"": "ota kortit"},
    "send them back with a Reverse": {"": "palauta ne suunnanvaihdolla"},
    "pass them on with a Skip": {"": "siirrä ne eteenpäin ohituksella"},
    "stack a draw card": {"": "pinoa nostokortti"},
    "challenge the Wild Draw Four": {"": "haasta villi nosta neljä"},
    "UNO": {"": "UNO-pakka", "gen": "UNO-pakan"},
    "playing-card": {"": "pelikorttipakka", "gen": "pelikorttipakan"},
    "no card": {"": "ei korttia"},
}
NAME_PHRASES_FI = {  # words in place of a name -> Finnish
    "somebody": "joku", "nobody, the round is over": "ei kukaan, kierros on ohi",
    # the puzzles' players and what follows a puzzle's card (uno_web/web/puzzle.py)
    "Computer": "Tietokone", "the hand is played out": "käsi on pelattu loppuun",
    "game over, you won": "peli ohi, sinä voitit",
    "game over, the computer won": "peli ohi, tietokone voitti",
}
_LEFT_RE = re.compile(r"^(\d+) cards? left$")
_CARDS_RE = re.compile(r"^(\d+) cards?$")
_SEAT_RE = re.compile(r"^the player at seat (.+)$")
_MORE_RE = re.compile(r"^(.*) and (\d+) more$")


def list_fi(text: str) -> str | None:
    """``red 7, blue Skip and Wild`` (or ``… or …``) with each item a card or a colour."""
    more = _MORE_RE.match(text)
    tail = ""
    if more:
        text, tail = more.group(1), f" ja {more.group(2)} muuta"
    for conj, fi in ((" and ", " ja "), (" or ", " tai ")):
        if conj in text:
            head, last = text.rsplit(conj, 1)
            items = [*head.split(", "), last]
            out = [_item_fi(i) for i in items]
            if all(o is not None for o in out):
                return ", ".join(out[:-1]) + fi + str(out[-1]) + tail  # type: ignore[arg-type]
    if tail:
        items = text.split(", ")
        out = [_item_fi(i) for i in items]
        if all(o is not None for o in out):
            return ", ".join(str(o) for o in out) + tail
    return None


def _item_fi(text: str) -> str | None:
    if text in CARD_NAMES_FI:
        return CARD_NAMES_FI[text]
    if text in COLOR_NAMES_FI:
        return COLOR_NAMES_FI[text][""]
    if text in _PHRASES:
        return _PHRASES[text][""]
    return None


def fi_value(key: str, value: Any) -> FiWords:
    """One English message parameter as a Finnish :class:`FiWords`."""
    if isinstance(value, bool) or value is None:
        return FiWords(str(value))
    if isinstance(value, int):
        return FiWords(str(value))
    text = str(value)
    if key == "why":  # a refused move's sentence inside a penalty's verdict (P_ codes)
        from .ui import tr

        return FiWords(tr(text, "fi").rstrip("."))
    m = _CARDS_RE.match(text)
    if m:
        return FiWords(text, count=int(m.group(1)))
    if text.strip().lower() == "you":
        return FiWords("sinä", you=True)
    m = _LEFT_RE.match(text)
    if m:
        return FiWords(f"{m.group(1)} {'kortti' if m.group(1) == '1' else 'korttia'} jäljellä")
    if text in COLOR_NAMES_FI:
        return _Cased(COLOR_NAMES_FI[text])
    if text in _PHRASES:
        return _Cased(_PHRASES[text])
    if text in NAME_PHRASES_FI:
        return FiWords(NAME_PHRASES_FI[text])
    if text in CARD_NAMES_FI:
        return FiWords(CARD_NAMES_FI[text])
    m = _SEAT_RE.match(text)
    if m:
        return FiWords(f"paikan {m.group(1)} pelaaja")
    listed = list_fi(text)
    if listed is not None:
        return FiWords(listed)
    if key in ("who", "target", "turn", "winner", "next", "seat"):
        return FiWords(text)  # a name as typed
    return FiWords(text)


# ------------------------------------------------------------------------------------------
# verdicts
# ------------------------------------------------------------------------------------------

def _fi_entry(code: Reason) -> tuple[str, str, dict[str, str]] | None:
    return REASONS_FI.get(code.value)


def detail_fi(code: Reason, params: dict[str, Any]) -> str | None:
    entry = _fi_entry(code)
    if entry is None:
        return None
    template = entry[2].get(str(params.get("form", "")), entry[1])
    return sentence(template, {k: fi_value(k, v) for k, v in params.items()})


def verdict_detail(v: Verdict, lang: str) -> str:
    """The verdict's specific sentence in ``lang`` (English when there is no translation)."""
    if lang == "fi":
        text = detail_fi(v.code, dict(v.params))
        if text is not None:
            return text
    return v.detail


def verdict_message(v: Verdict, lang: str) -> str:
    return f"{v.code.value}: {verdict_detail(v, lang)}"


def explanation_in(code: "Reason | str", lang: str) -> str:
    reason = Reason(code)
    if lang == "fi":
        entry = _fi_entry(reason)
        if entry is not None:
            return entry[0]
    return CATALOGUE[reason].explanation


def verdict_explanation(v: Verdict, lang: str) -> str:
    return explanation_in(v.code, lang)


def rule_in(rule: str, lang: str) -> str:
    """Where a verdict comes from, in ``lang``: ``official rules: matching`` -> ``viralliset
    säännöt: sopiva kortti``; a RuleSet toggle (``wild_draw_four = strict``) stays as it is."""
    if lang != "fi":
        return rule
    head, sep, topic = rule.partition(": ")
    if sep:
        return f"{RULE_WORDS_FI.get(head, head)}: {RULE_WORDS_FI.get(topic, topic)}"
    return RULE_WORDS_FI.get(rule, rule)


def verdict_rule(v: Verdict, lang: str) -> str:
    return rule_in(v.rule, lang)


def verdict_dict(v: Verdict, lang: str = "en") -> dict[str, Any]:
    """:meth:`Verdict.to_dict` in ``lang`` (the same keys)."""
    out = v.to_dict()
    if lang != "en":
        out.update(message=verdict_message(v, lang), explanation=verdict_explanation(v, lang),
                   rule=verdict_rule(v, lang))
    return out


# ------------------------------------------------------------------------------------------
# English text back to parameters
# ------------------------------------------------------------------------------------------

_FIELD = re.compile(r"\{(\w+)(?::([^}]*))?\}")


def placeholders(template: str) -> frozenset[str]:
    """The parameter names a template uses (``{who:gen}`` counts as ``who``)."""
    return frozenset(m.group(1) for m in _FIELD.finditer(template))


def english_patterns(code: Reason) -> list[tuple[re.Pattern[str], list[tuple[str, str]], str]]:
    """For each English template of ``code`` (its main one and its forms): a regex that reads
    a formatted detail back, the (group, spec) of each captured parameter, and the form."""
    return _patterns(code)


@lru_cache(maxsize=None)
def _patterns(code: Reason) -> list[tuple[re.Pattern[str], list[tuple[str, str]], str]]:
    entry = CATALOGUE[code]
    out = []
    for form, template in [("", entry.template), *entry.forms.items()]:
        regex = ""
        groups: list[tuple[str, str]] = []
        seen: set[str] = set()
        pos = 0
        for m in _FIELD.finditer(template):
            regex += re.escape(template[pos:m.start()])
            pos = m.end()
            name, spec = m.group(1), m.group(2) or ""
            if name in seen or spec not in ("", "a", "you", "your", "yours"):
                regex += r"(?:[^;:,]+?)" if spec else r"(?:.+?)"
                continue
            seen.add(name)
            groups.append((name, spec))
            article = r"(?:an? )?" if spec == "a" else ""
            regex += f"{article}(?P<{name}>{_param_regex(name)})"
        regex += re.escape(template[pos:])
        out.append((re.compile(f"^{regex}$", re.S), groups, form))
    return out


_PERSON_PARAMS = frozenset({"who", "target", "turn", "winner", "next", "seat"})


@lru_cache(maxsize=None)
def _param_regex(name: str) -> str:
    """What a parameter of a verdict may be when it is read back from English text."""
    if name in _PERSON_PARAMS:
        return r"[^.:;!?]+?"
    if name in ("pending", "round"):
        return r"\d+"
    if name == "count":
        return r"\d+ cards?"
    if name in ("card", "top", "alternative"):
        return "(?:" + "|".join(re.escape(n) for n in sorted(CARD_NAMES_FI, key=len,
                                                            reverse=True)) + "|no card)"
    return ".+?"


def _read_back(value: str, spec: str) -> str:
    if spec in ("you", "your", "yours") and value.lower() in ("you", "your", "yours"):
        return "You"
    if spec in ("your", "yours") and value.endswith("'s"):
        return value[:-2]
    if value.lower() == "you":
        return "You"
    return value


def parse_detail(code: Reason, detail: str) -> dict[str, Any] | None:
    """The parameters of an English detail of ``code`` (None: it cannot be read back)."""
    variants = [detail, detail[:1].lower() + detail[1:]]
    for regex, groups, form in _patterns(code):
        for text in variants:
            m = regex.match(text)
            if m:
                params: dict[str, Any] = {k: _read_back(m.group(k), spec) for k, spec in groups}
                if form:
                    params["form"] = form
                return params
    return None


def translate_message(message: str, lang: str) -> str:
    """``CODE: English detail`` (a validator entry) in ``lang``; unreadable: unchanged."""
    if lang == "en":
        return message
    head, sep, detail = message.partition(": ")
    if not sep:
        return message
    try:
        code = Reason(head)
    except ValueError:
        return message
    params = parse_detail(code, detail)
    if params is None:
        return message
    text = detail_fi(code, params)
    return f"{head}: {text}" if text is not None else message
