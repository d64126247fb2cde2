"""The coach's words: a hint's or a review mark's facts (:mod:`uno_web.ai.coach`) as one plain
sentence in English or Finnish.

The sentence is "the move: the first fact, and the second." with the rule that decides named
after it where one does ("Play red Skip: Ada has one card left and misses her turn."). Names
are the table's seat names; the player is addressed as "you".
"""

from __future__ import annotations

from typing import Any, Sequence

from ..core.cards import EFFECT_OF, IS_WILD, Effect, card_name, color_name
from ..core.moves import Move, MoveKind
from .grammar import FiWords, sentence
from .rules import rule_title
from .verdicts import COLOR_NAMES_FI, card_name_in, fi_value

__all__ = ["move_text", "why_text", "advice_text", "mark_text", "chance_text", "COACH_EN_FI"]

_DRAWS = {Effect.DRAW_TWO: 2, Effect.WILD_DRAW_FOUR: 4, Effect.DRAW_FOUR: 4}
_SUITS = ("hearts", "diamonds", "clubs", "spades")

#: the English and Finnish of every fact (``{who}`` a seat's name, ``{color}``, ``{n}``,
#: ``{card}``, ``{k}`` cards to draw); a key with ``/1`` is the form for one
_WHY: dict[str, tuple[str, str]] = {
    "last_card": ("it is your last card", "se on viimeinen korttisi"),
    "stop_next/1": ("{who} has one card left and misses the turn",
                    "{who:ade} on enää yksi kortti, ja hän menettää vuoronsa"),
    "stop_next": ("{who} has {n} cards left and misses the turn",
                  "{who:ade} on enää {n} korttia, ja hän menettää vuoronsa"),
    "stop_draw/1": ("{who} has one card left and must draw {k} instead of playing it",
                    "{who:ade} on enää yksi kortti, ja hän joutuu nostamaan {k} korttia"),
    "stop_draw": ("{who} has {n} cards left and must draw {k} instead of playing",
                  "{who:ade} on enää {n} korttia, ja hän joutuu nostamaan {k} korttia"),
    "stack": ("the {n} cards pass on to {who}", "{n} korttia siirtyy pelaajalle {who}"),
    "name_color/0": ("{color} is as good a colour as any", "{color} käy yhtä hyvin kuin muutkin"),
    "name_color/1": ("you keep one more {color} card", "sinulle jää vielä yksi {colorcard}"),
    "name_color": ("you keep {n} more {color} cards", "sinulle jää vielä {n} {colorcards}"),
    "keep_wilds/1": ("your wild card stays for later", "villi korttisi säästyy myöhemmäksi"),
    "keep_wilds": ("your {n} wild cards stay for later", "{n} villiä korttiasi säästyy myöhemmäksi"),
    "switch_color/0": ("it turns the colour to {color}", "väri vaihtuu: {color}"),
    "switch_color": ("it turns the colour to {color}, and you hold {n} more of it",
                     "väri vaihtuu: {color}, ja sinulla on sitä vielä {n}"),
    "most_color": ("{color} is your strongest colour", "{color} on vahvin värisi"),
    "shed_points": ("it sheds {n} points", "pääset eroon {n} pisteestä"),
    "nothing_fits": ("no card in your hand fits", "mikään kortti kädessäsi ei sovi"),
    "save_cards": ("your cards that fit are worth keeping for now",
                   "sopivat korttisi kannattaa vielä säästää"),
    "take_penalty": ("no card of yours can pass the penalty on",
                     "millään kortillasi ei voi siirtää rangaistusta"),
    "keep_drawn": ("the card is worth keeping for later", "kortti kannattaa säästää myöhemmäksi"),
    "challenge": ("{who} may well have held a {color} card (about {n}%)",
                  "{who:ade} oli ehkä {colorcard} (noin {n} %)"),
    "accept": ("{who} most likely held no {color} card (a bluff about {n}%), and a failed "
               "challenge costs two more cards",
               "{who:ade} tuskin oli {colorcards_par} (bluffi noin {n} %), ja epäonnistunut "
               "haaste maksaa kaksi korttia lisää"),
    "best_chance": ("it gives the best chance to win the round",
                    "se antaa parhaan mahdollisuuden voittaa kierros"),
}

#: every fixed English text of the coach with its Finnish (the tests check both are whole)
COACH_EN_FI: dict[str, str] = {en: fi for en, fi in _WHY.values()}


def _color_fi(color: int) -> dict[str, str]:
    name = color_name(color)
    cases = COLOR_NAMES_FI.get(name, {"": name, "par": name})
    if name in _SUITS:
        return {"colorcard": cases[""] + "kortti", "colorcards": cases[""] + "korttia",
                "colorcards_par": cases[""] + "korttia"}
    return {"colorcard": cases[""] + " kortti", "colorcards": cases["par"] + " korttia",
            "colorcards_par": cases["par"] + " korttia"}


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def why_text(why: Any, names: Sequence[str], lang: str) -> str:
    """One fact (:class:`uno_web.ai.coach.Why`) as a clause, without a capital or a full stop."""
    code = why.code
    key = code
    n = why.n
    k = 0
    if code == "stop_next" and why.card >= 0 and EFFECT_OF[why.card] in _DRAWS:
        key = "stop_draw"
        k = _DRAWS[EFFECT_OF[why.card]]
    if code in ("stop_next", "keep_wilds", "name_color") or key == "stop_draw":
        if n == 1 and f"{key}/1" in _WHY:
            key = f"{key}/1"
        elif n == 0 and f"{key}/0" in _WHY:
            key = f"{key}/0"
    if code == "switch_color" and n == 0:
        key = "switch_color/0"
    if key not in _WHY:
        key = "best_chance"
    en, fi = _WHY[key]
    who = _name(names, why.seat)
    if lang == "fi":
        params: dict[str, Any] = {
            "who": fi_value("who", who), "n": FiWords(str(n)), "k": FiWords(str(k)),
        }
        if why.color >= 0:
            params["color"] = fi_value("color", color_name(why.color))
            params.update({key2: FiWords(v) for key2, v in _color_fi(why.color).items()})
        text = sentence(fi, params)
        return text[:1].lower() + text[1:] if not fi.startswith("{who") else text
    return en.format(who=who, n=n, k=k, color=color_name(why.color) if why.color >= 0 else "",
                     card=card_name(why.card) if why.card >= 0 else "")


def move_text(move: Move, names: Sequence[str], lang: str, pending: int = 0) -> str:
    """What to do, as an imperative: "Play red Skip", "Draw a card", "Challenge Ben"."""
    fi = lang == "fi"
    kind = move.kind
    if kind == MoveKind.PLAY:
        card = card_name_in(move.card, lang)
        text = f"Pelaa {card}" if fi else f"Play {card}"
        if IS_WILD[move.card] and move.color >= 0:
            col = fi_value("color", color_name(move.color)) if fi else color_name(move.color)
            text += f" (väri: {col})" if fi else f" naming {col}"
        if move.target >= 0:
            who = _name(names, move.target)
            text += (f" ja vaihda kädet: {who}" if fi else f" and swap hands with {who}")
        if move.uno:
            text += " ja huuda UNO" if fi else " and call UNO"
        return text
    if kind == MoveKind.DRAW:
        if pending > 0:
            return f"Nosta {pending} korttia" if fi else f"Take the {pending} cards"
        return "Nosta kortti" if fi else "Draw a card"
    if kind == MoveKind.PASS:
        return "Pidä nostamasi kortti" if fi else "Keep the card you drew"
    if kind == MoveKind.CHALLENGE:
        return "Haasta villi nosta neljä" if fi else "Challenge the Wild Draw Four"
    if kind == MoveKind.ACCEPT:
        return (f"Nosta {pending} korttia" if fi else f"Take the {pending} cards") if pending else (
            "Hyväksy rangaistus" if fi else "Accept the penalty")
    if kind == MoveKind.CHOOSE_COLOR:
        col = fi_value("color", color_name(move.color)) if fi else color_name(move.color)
        return f"Valitse väri: {col}" if fi else f"Name {col}"
    return str(move)


def _because(whys: Sequence[Any], names: Sequence[str], lang: str) -> str:
    # a card's points only matter for the score: said when nothing else is
    whys = [w for i, w in enumerate(whys) if i == 0 or w.code != "shed_points"]
    parts = [why_text(w, names, lang) for w in list(whys)[:2]]
    joined = "; ".join(parts)
    rules = [w.rule for w in list(whys)[:2] if w.rule]
    text = joined
    if rules:
        title = rule_title(rules[0], lang)
        text += f" (sääntö: {title})" if lang == "fi" else f" (rule: {title})"
    return text


def chance_text(chance: float, lang: str) -> str:
    pct = int(round(100 * chance))
    return f"voittomahdollisuus noin {pct} %" if lang == "fi" else f"win chance about {pct}%"


def advice_text(advice: Any, names: Sequence[str], lang: str, pending: int = 0) -> str:
    """The hint as one sentence: "Play red Skip: Ada has one card left and misses the turn." """
    return f"{move_text(advice.move, names, lang, pending)}: {_because(advice.whys, names, lang)}."


def mark_text(mark: Any, names: Sequence[str], lang: str) -> tuple[str, str]:
    """A review mark as two sentences: what was played, and what was better and why."""
    d = mark.decision
    pending = d.obs.pending
    pp = int(round(100 * mark.chance_played))
    pb = int(round(100 * mark.chance_best))
    se = max(1, int(round(100 * mark.stderr)))
    played = move_text(d.played, names, lang, pending)
    best = move_text(mark.best, names, lang, pending)
    why = _because(mark.whys, names, lang)
    if lang == "fi":
        return (f"Siirto {d.number}, valitsit: {played[:1].lower() + played[1:]} "
                f"(voittomahdollisuus noin {pp} %).",
                f"Parempi: {best[:1].lower() + best[1:]} (noin {pb} % ±{se}), koska {why}.")
    return (f"Move {d.number}, you chose: {played[:1].lower() + played[1:]} "
            f"(win chance about {pp}%).",
            f"Better: {best[:1].lower() + best[1:]} (about {pb}% ±{se}), as {why}.")
