"""Finnish words that agree with the sentence around them (pure Python, no browser).

A message parameter is a :class:`FiWords`: formatting it with a spec inflects it.  For a person
(``{who}``): ``gen`` (Adan / sinun), ``ade`` (Adalla / sinulla), ``all`` (Adalle / sinulle),
``par`` (Adaa / sinua), ``ela`` (Adasta / sinusta), and ``third|second`` picks a verb form
(``{who:pelasi|pelasit}``: "Ada pelasi", "sinä pelasit").  For a number of cards
(``{count}``): the nominative ("1 kortti", "4 korttia"), ``acc`` the object ("1 kortin",
"4 korttia").
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["FiWords", "inflect", "YOU_FI", "sentence"]

_BACK = set("aouAOU")
_FRONT = set("äöyÄÖY")
_VOWELS = set("aeiouyäöAEIOUYÄÖ")
# a digit at the end of a name ("Bot 3") is read out: its vowel harmony and its cases
_DIGIT_BACK = {"0": True, "1": False, "2": True, "3": True, "4": False, "5": False, "6": True,
               "7": False, "8": True, "9": False}
_DIGIT_PAR = {"0": "aa", "1": "tä", "2": "ta", "3": "a", "4": "ää", "5": "tä", "6": "ta",
              "7": "ää", "8": "aa", "9": "ää"}
_DIGIT_GEN = {"0": "n", "1": "n", "2": "n", "3": "n", "4": "n", "5": "n", "6": "n",
              "7": "n", "8": "n", "9": "n"}
YOU_FI = {"": "sinä", "gen": "sinun", "acc": "sinut", "ade": "sinulla", "all": "sinulle", "par": "sinua",
          "ela": "sinusta", "ill": "sinuun"}
# words a message may carry in place of a name (already Finnish)
_FIXED = {
    "joku": {"gen": "jonkun", "ade": "jollakulla", "all": "jollekulle", "par": "jotakuta",
             "ela": "jostakusta", "ill": "johonkuhun"},
    "ei kukaan, kierros on ohi": {},
    "Tietokone": {"gen": "tietokoneen", "ade": "tietokoneella", "all": "tietokoneelle",
                  "par": "tietokonetta", "ela": "tietokoneesta", "ill": "tietokoneeseen"},
}


def _back(word: str) -> bool:
    last = word.strip()[-1:] if word.strip() else ""
    if last.isdigit():
        return _DIGIT_BACK[last]
    for ch in reversed(word):
        if ch in _BACK:
            return True
        if ch in _FRONT:
            return False
    return False  # e/i only ("Eeli"): front


def inflect(name: str, case: str) -> str:
    """A name (a seat's name, as typed) in a Finnish case: ``gen``, ``ade``, ``all``, ``par``,
    ``ela``, ``ill``; a name ending in a digit or a sign gets a colon (``Botti 1:n``)."""
    if not case or not name:
        return name
    if case == "acc":  # a name as a whole object: the genitive ("sai Adan kiinni")
        case = "gen"
    fixed = _FIXED.get(name)
    if fixed is not None:
        return fixed.get(case, name)
    back = _back(name)
    a = "a" if back else "ä"
    last = name[-1]
    if last.isdigit():
        if case == "par":
            return f"{name}:{_DIGIT_PAR[last]}"
        suffix = {"gen": "n", "ade": "ll" + a, "all": "lle", "ela": "st" + a,
                  "ill": "ään" if not back else "aan"}[case]
        return f"{name}:{suffix}"
    if not last.isalpha():
        suffix = {"gen": "n", "ade": "ll" + a, "all": "lle", "par": "t" + a, "ela": "st" + a,
                  "ill": "hin"}[case]
        return f"{name}:{suffix}"
    vowel = last in _VOWELS
    stem = name if vowel else name + "i"
    if case == "gen":
        return stem + "n"
    if case == "ade":
        return stem + "ll" + a
    if case == "all":
        return stem + "lle"
    if case == "ela":
        return stem + "st" + a
    if case == "par":
        return stem + a
    if case == "ill":
        return stem + (stem[-1] if stem[-1].isalpha() else "i") + "n"
    return name


class FiWords(str):
    """A parameter of a Finnish message; see the module's docstring for its specs."""

    you: bool = False
    cards: int | None = None  # a number of cards ("4 cards")

    def __new__(cls, text: str, *, you: bool = False, count: int | None = None) -> "FiWords":
        obj = super().__new__(cls, text)
        obj.you = you
        obj.cards = count
        return obj

    def __format__(self, spec: str) -> str:
        if "|" in spec:  # "@gen vuoro|sinun vuorosi": @ is the name, @gen … inflected
            third, second = spec.split("|", 1)
            if self.you:
                return second
            return re.sub(r"@(gen|ade|all|par|ela|ill|acc)?",
                          lambda m: inflect(str(self), m.group(1) or ""), third)
        if self.cards is not None:
            n = self.cards
            if spec == "n":
                return str(n)
            if n == 1:
                return "1 kortin" if spec == "acc" else "1 kortti"
            return f"{n} korttia"
        if self.you:
            return YOU_FI.get(spec, "sinä")
        if spec in ("gen", "ade", "all", "par", "ela", "ill", "acc"):
            return inflect(str(self), spec)
        return str(self)


class _Params(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> FiWords:
        return FiWords("?")


def sentence(template: str, params: dict[str, Any]) -> str:
    """``template`` filled with ``params`` (each a FiWords), first letter capitalised."""
    text = template.format_map(_Params(params))
    return text[:1].upper() + text[1:]
