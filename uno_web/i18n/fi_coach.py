"""The Finnish of the coach's and the statistics page's labels (merged into
:data:`uno_web.i18n.fi_ui.UI_FI`; the coach's sentences themselves are made in Finnish by
:mod:`uno_web.i18n.coach`)."""

from __future__ import annotations

__all__ = ["COACH_UI_FI"]

COACH_UI_FI: dict[str, str] = {
    # --- the hint and the round review ------------------------------------------------------
    "Hint": "Vihje",
    "Thinking about your move…": "Mietin siirtoasi…",
    "Review this round": "Käy kierros läpi",
    "Review of this round": "Kierroksen läpikäynti",
    "Review progress": "Läpikäynnin eteneminen",
    "Win chances are the estimates of the Hard bot from what you saw at the time; only gaps "
    "beyond the error of the estimate are marked.":
        "Voittomahdollisuudet ovat vaikean botin arvioita siitä, mitä näit sillä hetkellä; vain "
        "arvion virhettä suuremmat erot merkitään.",
    # --- a seat whose bot holds still (a position): its name and cards, no level
    # --- the first-visit tip -----------------------------------------------------------------
    "Tip:": "Vinkki:",
    "this panel explains every move, yours and the bots’, with the rule it comes from. Try a "
    "card that does not fit to see why it is refused.":
        "tämä paneeli selittää jokaisen siirron, sinun ja bottien, ja säännön, josta se tulee. "
        "Kokeile korttia, joka ei sovi, niin näet, miksi se hylätään.",
    "Got it": "Selvä",
    # --- the start screen ----------------------------------------------------------------------
    "Quick game": "Pikapeli",
    "You against three bots, official rules, at the bot levels you chose last.":
        "Sinä kolmea bottia vastaan virallisilla säännöillä, viimeksi valitsemillasi bottien "
        "tasoilla.",
    # --- statistics ---------------------------------------------------------------------------
    "Stats": "Tilastot", "statistics": "tilastot", "Your statistics": "Tilastosi",
    "Games played to the end on this device, in this browser.":
        "Loppuun pelatut pelisi tällä laitteella tässä selaimessa.",
    "Games": "Pelit", "Wins": "Voitot", "Average points": "Pisteiden keskiarvo",
    "Longest winning streak": "Pisin voittoputki", "bot level": "bottien taso",
    "games": "pelejä", "wins": "voittoja", "rules": "säännöt", "No games yet": "Ei vielä pelejä",
    "mixed levels": "eri tasoja", "Clear statistics": "Tyhjennä tilastot", "Back": "Takaisin",
}
