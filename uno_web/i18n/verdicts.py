"""The validator's verdicts in another language (pure Python: the table, the CLI, the tests).

:func:`verdict_detail` writes a :class:`~uno_web.core.reasons.Verdict` in a language from its
facts (its code and params: seats, cards, colours, counts, the toggle), the same facts
:mod:`uno_web.core.reasons` writes the English from; nothing here reads English back.  Where
only a stored message was kept (a page's validator entry), :func:`shown` remembers the facts
behind the English text when it is made, so that the page's Finnish is written from them.  A
code with no Finnish yet (a new code) falls back to the English text, never an error.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, Mapping

from ..core.cards import ALL_CARDS, CardError, card_name, color_name
from ..core.reasons import CATALOGUE, Reason, Verdict
from ..core.wording import (
    CARD_KEYS, COUNT_KEYS, NOBODY, PERSON_KEYS, drawn_it, missing_and_extra, number_card_of,
    quote_value,
)
from .fi_reasons import REASONS_FI, RULE_LABELS_FI, RULE_WORDS_FI
from .grammar import FiWords, sentence

__all__ = [
    "LANGS", "pick_lang", "card_name_in", "color_name_in", "fi_value", "verdict_detail",
    "verdict_message", "verdict_explanation", "verdict_rule", "verdict_dict", "detail_fi",
    "explanation_in", "rule_in", "placeholders", "shown", "shown_in", "message_in",
    "CARD_NAMES_FI", "COLOR_NAMES_FI", "NAME_PHRASES_FI", "card_fact_fi", "Cased",
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

class Cased(FiWords):
    """A phrase with its own cases (``{it:par}``, ``{color:tra}``, ``{deck:gen}``)."""

    cases: dict[str, str]

    def __new__(cls, cases: dict[str, str]) -> "Cased":
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
    # the puzzles' opponent is named like a seat (uno_web/web/puzzle.py)
    "Computer": "Tietokone",
}
MOVE_KINDS_FI: tuple[str, ...] = (  # reasons.MOVE_KIND_WORDS in Finnish
    "kortin pelaaminen", "nosto", "nostetun kortin pitäminen", "värin valinta", "UNO!-huuto",
    "kiinniotto", "haaste", "rangaistuksen ottaminen", "seuraavan kierroksen jakaminen",
)
FIELD_THINGS_FI = {"card": "kortti", "color": "väri", "target": "pelaaja", "uno": "UNO!-huuto"}
OPTIONS_FI = {  # reasons.OPTION_WORDS in Finnish
    "challenge": "haasta villi nosta neljä", "stack": "pinoa nostokortti",
    "reverse": "palauta ne suunnanvaihdolla", "skip": "siirrä ne eteenpäin ohituksella",
    "take": "ota kortit",
}


def join_fi(items: "list[str]", conjunction: str = "ja") -> str:
    """``a``, ``a ja b``, ``a, b tai c``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def _word_fi(text: str) -> FiWords:
    """A word kept as text (a name, or a parameter stored as English words before verdicts
    carried facts): looked up in the dictionaries of names, colours, cards and phrases."""
    if text.strip().lower() == "you":
        return FiWords("sinä", you=True)
    if text in COLOR_NAMES_FI:
        return Cased(COLOR_NAMES_FI[text])
    if text in _PHRASES:
        return Cased(_PHRASES[text])
    if text in NAME_PHRASES_FI:
        return FiWords(NAME_PHRASES_FI[text])
    if text in CARD_NAMES_FI:
        return FiWords(CARD_NAMES_FI[text])
    return FiWords(text)


def fi_value(key: str, value: Any) -> FiWords:
    """One word of a message (a name, a colour's English name) as a Finnish :class:`FiWords`."""
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return FiWords(str(value))
    return _word_fi(str(value))


def _seat_fi(key: str, value: Any, names: "tuple[str, ...] | list[str]") -> FiWords:
    if value is None:
        return FiWords("joku")
    if isinstance(value, str):
        return _word_fi(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return _word_fi(str(names[value]))
    if key == "next" and value == NOBODY:
        return FiWords("ei kukaan, kierros on ohi")
    if key == "who":
        return FiWords(f"paikan {quote_value(value)} pelaaja")
    return FiWords(quote_value(value))


def card_fact_fi(value: Any) -> str:
    """A card fact in Finnish (:func:`uno_web.core.wording.card_words` in English)."""
    if isinstance(value, str):  # a puzzle's number card (G12); other text is kept as it is
        pair = number_card_of(value)
        return value if pair is None else f"{COLOR_NAMES_FI[color_name(pair[0])]['']} {pair[1]}"
    if isinstance(value, (list, tuple)):
        return join_fi([card_fact_fi(c) for c in value])
    if value == -1:
        return "ei korttia"
    try:
        return CARD_NAMES_FI[card_name(value)]
    except CardError:  # a number that is no card is quoted
        return f"kortti {quote_value(value)}"


def _color_fi(value: Any, refused: bool) -> FiWords:
    if isinstance(value, str):
        return _word_fi(value)
    if isinstance(value, (list, tuple)):
        return FiWords(join_fi([str(_color_fi(c, refused)) for c in value], "tai"))
    if value == -1:
        return Cased(COLOR_NAMES_FI["none yet" if refused else "none"])
    try:
        return Cased(COLOR_NAMES_FI[color_name(value)])
    except (KeyError, IndexError, TypeError):  # not a colour: quoted
        return FiWords(quote_value(value))


def _some_cards_fi(cards: "list[Any]", most: int = 6) -> str:
    names = [card_fact_fi(c) for c in cards[:most]]
    if len(cards) <= most:
        return join_fi(names)
    return f"{', '.join(names)} ja {len(cards) - most} muuta"


def _deck_fi(found: Any, expected: Any, missing: Any, extra: Any) -> str:
    if not missing and not extra and found == expected:
        return f"{quote_value(found)} korttia tallessa"
    return "; ".join([f"löytyi {quote_value(found)} korttia, pakassa on {quote_value(expected)}",
                      *missing_and_extra(missing, extra, "puuttuu ", "liikaa: ", _some_cards_fi)])


def _deck_order_fi(rnd: Any, missing: Any, extra: Any) -> str:
    parts = missing_and_extra(missing, extra, "puuttuu ", "ei kuulu pakkaan tai liian monta: ",
                              _some_cards_fi)
    return f"kierroksen {quote_value(rnd)} pakka: " + "; ".join(parts)


def _reshuffle_fi(missing: Any, extra: Any, what: str) -> str:
    parts = missing_and_extra(missing, extra, "puuttuu ", "ylimääräisiä kortteja: ",
                              _some_cards_fi)
    where = {"": "", "reshuffle": "", "new round deal": " (uuden kierroksen jako)"}
    return "; ".join(parts) + where.get(what, f" ({what})")


def finnish_params(code: Reason, params: Mapping[str, Any]) -> dict[str, FiWords]:
    """A verdict's facts as the words of its Finnish message (the template's fields)."""
    names = params.get("names") or ()
    refused = not code.ok
    form = str(params.get("form", ""))
    out: dict[str, FiWords] = {}
    for k, v in params.items():
        if k in PERSON_KEYS:
            out[k] = _seat_fi(k, v, names)
        elif k in CARD_KEYS:
            out[k] = FiWords(card_fact_fi(v))
        elif k in ("color", "colors"):
            out[k] = _color_fi(v, refused)
        elif k in COUNT_KEYS and isinstance(v, int) and not isinstance(v, bool):
            out[k] = FiWords(quote_value(v), count=v)
        elif k == "options" and isinstance(v, (list, tuple)):
            out[k] = FiWords(join_fi([OPTIONS_FI.get(str(o), str(o)) for o in v], "tai"))
        elif k == "deck":
            out[k] = Cased(_PHRASES["playing-card" if v in ("playing-cards", "playing-card")
                                     else "UNO"])
        elif k == "what" and isinstance(v, int) and 0 <= v < len(MOVE_KINDS_FI):
            out[k] = FiWords(MOVE_KINDS_FI[v])
        elif k == "why" and isinstance(v, (list, tuple)):
            out[k] = FiWords(_why_fi(str(params.get("broken")), v, names))
        elif isinstance(v, int) and not isinstance(v, bool):
            out[k] = FiWords(quote_value(v))
        else:
            out[k] = fi_value(k, v)
    if "who" not in params and "who_value" in params:
        out["who"] = FiWords(f"paikan {params['who_value']} pelaaja")
    derive = _DERIVED_FI.get(code)
    if derive is not None:
        out.update(derive(params, form, out))
    return out


def _it_fi(p: Mapping[str, Any], form: str, out: dict[str, FiWords]) -> dict[str, FiWords]:
    return {"it": Cased(_PHRASES[drawn_it(p.get("count"), form)])}


def _that_fi(p: Mapping[str, Any], form: str, out: dict[str, FiWords]) -> dict[str, FiWords]:
    drawn = p.get("drawn")
    if not isinstance(drawn, (list, tuple)):
        return {}
    return {"that": Cased(_PHRASES["that card" if len(drawn) == 1 else "one of those cards"])}


def _thing_fi(p: Mapping[str, Any], form: str, out: dict[str, FiWords]) -> dict[str, FiWords]:
    if form != "unused" or "thing" in out:
        return {}
    return {"thing": FiWords(FIELD_THINGS_FI.get(str(p.get("field")), "arvo"))}


def _reshuffle_words_fi(p: Mapping[str, Any], form: str,
                        out: dict[str, FiWords]) -> dict[str, FiWords]:
    if "detail" in p:
        return {}
    return {"detail": FiWords(_reshuffle_fi(p.get("missing"), p.get("extra"),
                                            str(p.get("what", ""))))}


def _deck_words_fi(p: Mapping[str, Any], form: str, out: dict[str, FiWords]) -> dict[str, FiWords]:
    if "detail" in p:  # a verdict stored before the deck carried facts
        return {}
    return {"detail": FiWords(_deck_fi(p.get("found"), p.get("expected"), p.get("missing"),
                                       p.get("extra")))}


def _deck_order_words_fi(p: Mapping[str, Any], form: str,
                         out: dict[str, FiWords]) -> dict[str, FiWords]:
    if "detail" in p:
        return {}
    return {"detail": FiWords(_deck_order_fi(p.get("round"), p.get("missing"), p.get("extra")))}


#: words a message needs that no single fact gives (reasons._DERIVED_WORDS in Finnish)
_Derive = Callable[[Mapping[str, Any], str, "dict[str, FiWords]"], "dict[str, FiWords]"]
_DERIVED_FI: dict[Reason, _Derive] = {
    Reason.OK_DRAW: _it_fi, Reason.E_ONLY_DRAWN_CARD: _that_fi, Reason.E_MALFORMED: _thing_fi,
    Reason.E_RESHUFFLE_NOT_PERMUTATION: _reshuffle_words_fi, Reason.OK_DECK: _deck_words_fi,
    Reason.E_DECK_INVARIANT: _deck_words_fi, Reason.E_DECK_ORDER: _deck_order_words_fi,
}


def _why_fi(broken: str, why: Any, names: Any) -> str:
    """The refusal a penalty stands for (P_ codes), in Finnish, without its full stop."""
    try:
        code = Reason(broken)
    except ValueError:
        return str(why)
    facts = {**dict(why), "names": names}
    text = detail_fi(code, facts)
    if text is None:
        text = Verdict(code, tuple(facts.items())).detail
    return text.rstrip(".")


# ------------------------------------------------------------------------------------------
# verdicts
# ------------------------------------------------------------------------------------------

def _fi_entry(code: Reason) -> tuple[str, str, dict[str, str]] | None:
    return REASONS_FI.get(code.value)


def detail_fi(code: Reason, params: Mapping[str, Any]) -> str | None:
    """The Finnish sentence of a verdict with these facts; None when the code has no Finnish."""
    entry = _fi_entry(code)
    if entry is None:
        return None
    template = entry[2].get(str(params.get("form", "")), entry[1])
    return sentence(template, finnish_params(code, params))


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
    """Where a verdict comes from, in ``lang``: a label of the catalogue (``official rules:
    matching`` -> ``viralliset säännöt: sopiva kortti``) looked up whole; the RuleSet toggles
    that decided (``jump_in = true``: field names, the kernel's notation) get the first one's
    title in front, the notation kept as it is."""
    if lang != "fi":
        return rule
    label = RULE_LABELS_FI.get(rule) or RULE_WORDS_FI.get(rule)
    if label is not None:
        return label
    from ..core.rules import RuleSet
    from .rules import rule_title

    first = rule.split(",", 1)[0].split("=", 1)[0].strip()
    if first in RuleSet.model_fields:
        return f"{rule_title(first, 'fi')} ({rule})"
    return rule


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
# a verdict shown as text: its facts kept beside the text, for the page in another language
# ------------------------------------------------------------------------------------------

_SHOWN: "OrderedDict[str, tuple[Verdict, str]]" = OrderedDict()
_SHOWN_MAX = 20000  # texts remembered (a long game's every entry, several times over)


def shown(v: Verdict) -> str:
    """``v.message`` for a page to show, its facts remembered: the page is written in English
    and translated whole (:func:`uno_web.i18n.ui.translate_html`), and :func:`shown_in` then
    writes this verdict's text in another language from the facts, never from the English."""
    detail = v.detail
    message = f"{v.code.value}: {detail}"
    for text, kind in ((message, "message"), (detail, "detail"),
                       (detail if detail.endswith((".", "!", "?")) else detail + ".", "sentence"),
                       (v.rule, "rule")):
        _SHOWN[text] = (v, kind)
        _SHOWN.move_to_end(text)
    while len(_SHOWN) > _SHOWN_MAX:
        _SHOWN.popitem(last=False)
    return message


def shown_in(text: str, lang: str) -> str | None:
    """A verdict's text that :func:`shown` gave out (its message ``CODE: detail``, its detail,
    the detail as a sentence with a full stop, or its rule), in ``lang``; None for any other
    text."""
    hit = _SHOWN.get(text)
    if hit is None:
        return None
    v, kind = hit
    if kind == "message":
        return verdict_message(v, lang)
    if kind == "rule":  # a rule this catalogue has no words for (a puzzle's) is the page's
        out = verdict_rule(v, lang)
        return out if out != text or lang == "en" else None
    out = verdict_detail(v, lang)
    if kind == "sentence" and not out.endswith((".", "!", "?")):
        out += "."
    return out


def message_in(code: str, params: Mapping[str, Any], message: str, lang: str) -> str:
    """A stored verdict (a report's failure: its ``code``, ``params`` and English ``message``)
    in ``lang``: written from the facts; a failure that has no facts (a report written before
    they were kept, or a deck fault) keeps its ``message``."""
    if lang == "en" or not params:
        return message
    try:
        reason = Reason(code)
    except ValueError:
        return message
    return verdict_message(Verdict(reason, tuple(params.items())), lang)


def placeholders(template: str) -> frozenset[str]:
    """The parameter names a template uses (``{who:gen}`` counts as ``who``)."""
    import re

    return frozenset(m.group(1) for m in re.finditer(r"\{(\w+)(?::([^}]*))?\}", template))
