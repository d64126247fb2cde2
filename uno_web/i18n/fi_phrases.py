"""The Finnish of every phrase of :data:`uno_web.core.words.PHRASES_EN`, by its key.

The same placeholders as the English (``tests/i18n/test_phrases.py`` checks), with the Finnish
specs of :mod:`uno_web.i18n.grammar` (``{winner:voitti|voitit}``).
"""

from __future__ import annotations

__all__ = ["PHRASES_FI"]

PHRASES_FI: dict[str, str] = {
    "could.over": "Peli on ohi: aloita uusi peli.",
    "could.round_over": "Kierros on ohi: jaa seuraava kierros.",
    "could.wait": "Odota: nyt on pelaajan {who} vuoro.",
    "could.wait_you": "Odota: nyt on sinun vuorosi.",
    "could": "Voisit {options}.",
    "could.not_your_turn": "Nyt on {who:gen} vuoro. Voisit {options}.",
    "could.choose_start_color": "valita aloittavan villin kortin värin",
    "could.play": "pelata kortin {cards}",
    "could.draw": "nostaa kortin (nostopakka tai D)",
    "could.keep": "pitää nostetun kortin (Pidä tai K)",
    "could.challenge": "haastaa villin nosta neljän (C)",
    "could.take": "ottaa {n} korttia (nostopakka tai A)",
    "could.jump_in": "hypätä väliin kortilla {cards}",
    "could.uno": "huutaa UNO! (U)",
    "could.catch": "napata pelaajan {who}, joka unohti huutaa UNO!",
    "puzzle.could": "Voisit pelata kortin {cards}.",
    "solitaire.stuck": "Mikään jäljellä oleva kortti ei sovi: peru kortti tai aloita alusta.",
    "duel.stuck": "Mikään korttisi ei sovi: hävisit.",
    "place.deal": "kierroksen {n} jako",
    "place.action": "siirto {n} (laskettu 1:stä koko lokin yli) kierroksella {m}",
    "summary.invalid": "Virheellinen: {place} hylätään. {message}",
    "summary.won/1": "Kelvollinen: {n} siirtoa 1 kierroksella; {winner} {winner:voitti|voitit} pelin.",
    "summary.won": "Kelvollinen: {n} siirtoa {m} kierroksella; {winner} {winner:voitti|voitit} pelin.",
    "summary.unfinished/1": "Kelvollinen: {n} siirtoa 1 kierroksella; peli on kesken.",
    "summary.unfinished": "Kelvollinen: {n} siirtoa {m} kierroksella; peli on kesken.",
    "room.verified": "{text}",
    "room.invalid": "Virheellinen: {place}: {text}",
    "scores.rules": "Pisteet · {preset}",
    "scores.rules_changed": "Pisteet · {preset} + {notation}",
    "replay.first": "Toisto: ensimmäinen jako. Etene painikkeella Seuraava (→).",
    "replay.deal": "Toisto: kierroksen {n} jako.",
    "replay.action": "Toisto, {place}: {sentence}",
    "replay.action_plain": "Toisto, {place}: ",
    "replay.invalid": ("Tämä loki ei ole kelvollinen: {place} hylätään. {sentence} Toisto "
                       "pysähtyy siihen (python -m uno_web validate ilmoittaa saman siirron)."),
}
