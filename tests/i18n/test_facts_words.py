"""Deck-invariant and puzzle verdicts carry facts; English and Finnish are both written from
them, and neither language is read back from the other."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from typing import Any

import pytest

from uno_web.core import RuleSet, check_deck, new_game
from uno_web.core import reasons as reasons_module
from uno_web.core.cards import parse_card
from uno_web.core.gamelog import validate_log
from uno_web.core.reasons import CATALOGUE, Reason, Verdict
from uno_web.i18n import message_in, verdict_message
from uno_web.i18n.ui import tr
from uno_web.i18n.verdicts import shown, verdict_detail
from uno_web.web.puzzle import DuelSession, SolitaireSession


def C(text: str) -> int:
    return parse_card(text)


def _both(v: Verdict) -> tuple[str, str]:
    return v.detail, verdict_detail(v, "fi")


# --- the deck invariant -------------------------------------------------------------------

def test_the_deck_report_is_facts_worded_in_both_languages() -> None:
    s = new_game(RuleSet(), ["Ada", "Ben"], seed=3)
    report = check_deck(s)
    assert report.verdict == Verdict(Reason.OK_DECK, (
        ("found", 108), ("expected", 108), ("missing", ()), ("extra", ())))
    assert _both(report.verdict) == ("108 cards accounted for", "108 korttia tallessa")
    assert report.message == "108 cards accounted for"


def test_a_broken_deck_names_its_cards_in_both_languages() -> None:
    v = Verdict(Reason.E_DECK_INVARIANT, (("found", 107), ("expected", 108),
                                          ("missing", (C("Y5"), C("YS"))), ("extra", (C("B7"),))))
    assert _both(v) == (
        "107 of 108 cards found; missing yellow 5 and yellow Skip; duplicated blue 7",
        "Löytyi 107 korttia, pakassa on 108; puuttuu keltainen 5 ja keltainen ohitus; "
        "liikaa: sininen 7")


def test_a_broken_deck_in_a_state_is_reported_with_its_facts() -> None:
    s = new_game(RuleSet(), ["Ada", "Ben"], seed=3)
    lost = s.draw.pop()
    report = check_deck(s)
    assert not report.ok and report.missing == (lost,)
    facts = report.verdict.facts()
    assert facts == {"found": 107, "expected": 108, "missing": [lost], "extra": []}
    # the facts as JSON (a report) give the same words back, in either language
    again = Verdict(Reason.E_DECK_INVARIANT, tuple(json.loads(json.dumps(facts)).items()))
    assert again.detail == report.message
    assert verdict_detail(again, "fi") == verdict_detail(report.verdict, "fi")
    assert "puuttuu" in verdict_detail(again, "fi")


def test_many_missing_cards_are_cut_short_in_both_languages() -> None:
    cards = tuple(range(1, 10))  # red 1 … red 9
    v = Verdict(Reason.E_DECK_INVARIANT, (("found", 99), ("expected", 108),
                                          ("missing", cards), ("extra", ())))
    assert _both(v) == (
        "99 of 108 cards found; missing red 1, red 2, red 3, red 4, red 5, red 6 and 3 more",
        "Löytyi 99 korttia, pakassa on 108; puuttuu punainen 1, punainen 2, punainen 3, "
        "punainen 4, punainen 5, punainen 6 ja 3 muuta")


def _recorded() -> dict[str, Any]:
    from uno_web.core.gamelog import GameRecorder

    rec = GameRecorder(RuleSet(), ["Ada", "Ben"], seed=5)
    return json.loads(rec.to_json())  # type: ignore[no-any-return]


def test_a_log_with_a_wrong_deck_fails_with_facts_in_both_languages() -> None:
    data = _recorded()
    deck = data["rounds"][0]["deck"]
    deck[5] = deck[6]
    failure = validate_log(data).failure
    assert failure is not None and failure["code"] == "E_DECK_ORDER"
    params = failure["params"]
    assert params["round"] == 1 and len(params["missing"]) == 1 and len(params["extra"]) == 1
    v = Verdict(Reason.E_DECK_ORDER, tuple(params.items()))
    assert failure["message"] == v.message
    assert failure["message"].startswith("E_DECK_ORDER: Round 1 deck: missing ")
    assert "; not in the deck or too many " in failure["message"]
    fi = message_in(failure["code"], params, failure["message"], "fi")
    assert fi == verdict_message(v, "fi")
    assert fi.startswith("E_DECK_ORDER: Kierroksen 1 pakka: puuttuu ")
    assert "; ei kuulu pakkaan tai liian monta: " in fi


def test_a_round_dealt_too_early_fails_with_facts_in_both_languages() -> None:
    data = _recorded()
    data["rounds"].append(dict(data["rounds"][0], actions=[]))
    failure = validate_log(data).failure
    assert failure is not None and failure["code"] == "E_ROUND_NOT_OVER"
    assert failure["params"] == {"form": "log", "round": 2, "previous": 1}
    assert failure["message"] == "E_ROUND_NOT_OVER: Round 2 starts but round 1 is not over"
    assert message_in(failure["code"], failure["params"], failure["message"], "fi") == (
        "E_ROUND_NOT_OVER: Kierros 2 alkaa, mutta kierros 1 ei ole ohi")


def test_cli_validate_lang_fi_words_a_deck_fault_from_its_facts(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = _recorded()
    deck = data["rounds"][0]["deck"]
    deck[5] = deck[6]
    log = tmp_path / "g.json"
    log.write_text(json.dumps(data))
    out = subprocess.run([sys.executable, "-m", "uno_web", "validate", str(log), "--lang", "fi"],
                         capture_output=True, text=True)
    assert out.returncode == 1, out.stderr
    failure = json.loads(out.stdout)["failure"]
    assert failure["message"].startswith("E_DECK_ORDER: Kierroksen 1 pakka: puuttuu ")


def test_the_table_shows_the_deck_sentence_in_finnish_from_its_facts() -> None:
    from uno_web.web.view import deck_text

    s = new_game(RuleSet(), ["Ada", "Ben"], seed=3)
    s.draw.pop()
    s.draw.pop()
    text = deck_text(s)
    assert text.startswith("106 of 108 cards found; missing ")
    assert tr(text, "fi") == verdict_detail(check_deck(s).verdict, "fi")
    assert tr(text, "fi").startswith("Löytyi 106 korttia, pakassa on 108; puuttuu ")


# --- the puzzles ----------------------------------------------------------------------------

def _fi(message: str) -> str:
    return tr(message, "fi")


def test_solitaire_verdicts_in_both_languages() -> None:
    s = SolitaireSession.from_text("G5 G12 R12")
    seen = [s.play(code).message for code in ("G5", "R12", "XX", "G12", "R12")]
    assert seen == [
        "OK_PLAY: You played green 5; colour green; next: 2 cards left",
        "E_NO_MATCH: Red 12 matches neither the current colour (green) nor the top card "
        "(green 5)",
        "E_MALFORMED: The move's card must be a card of the puzzle such as G5 (a colour R, Y, "
        "G or B and a number), not 'XX'",
        "OK_PLAY: You played green 12; colour green; next: 1 card left",
        "OK_PLAY: You played red 12; colour red; next: the hand is played out",
    ]
    assert [_fi(m) for m in seen] == [
        "OK_PLAY: Sinä pelasit kortin vihreä 5; väri vihreä; seuraavana 2 korttia jäljellä",
        "E_NO_MATCH: Punainen 12 ei sovi nykyiseen väriin (vihreä) eikä päällimmäiseen "
        "korttiin (vihreä 5)",
        "E_MALFORMED: Siirron kortin on oltava tehtävän kortti, kuten G5 (väri R, Y, G tai B "
        "ja numero), ei 'XX'",
        "OK_PLAY: Sinä pelasit kortin vihreä 12; väri vihreä; seuraavana 1 kortti jäljellä",
        "OK_PLAY: Sinä pelasit kortin punainen 12; väri punainen; seuraavana käsi on pelattu "
        "loppuun",
    ]
    assert [e.code for e in s.entries] == ["OK_PLAY", "E_NO_MATCH", "E_MALFORMED", "OK_PLAY",
                                           "OK_PLAY"]


def test_duel_verdicts_in_both_languages() -> None:
    d = DuelSession.from_text("R3 G5", "G7")
    first = d.play("G5")
    assert first.message == "OK_PLAY: You played green 5; colour green; next: Computer"
    assert _fi(first.message) == (
        "OK_PLAY: Sinä pelasit kortin vihreä 5; väri vihreä; seuraavana Tietokone")
    early = d.play("R3")
    assert early.message == "E_NOT_TURN: It is Computer's turn, not yours"
    card = d.opponent_choice()
    assert card is not None
    reply = d._apply(2, card)  # your red 3 cannot follow: under geography you lose
    assert reply.message == ("OK_PLAY: Computer played green 7; colour green; next: game over, "
                             "Computer won")
    assert _fi(reply.message) == ("OK_PLAY: Tietokone pelasi kortin vihreä 7; väri vihreä; "
                                  "seuraavana peli ohi, Tietokone voitti")


def test_a_duel_won_says_who_won_in_both_languages() -> None:
    d = DuelSession.from_text("R3", "G7", rule="uno")
    won = d.play("R3")
    assert won.message == "OK_PLAY: You played red 3; colour red; next: game over, you won"
    assert _fi(won.message) == (
        "OK_PLAY: Sinä pelasit kortin punainen 3; väri punainen; seuraavana peli ohi, sinä "
        "voitit")


# --- nothing is read back from English ------------------------------------------------------

def _samples() -> list[Verdict]:
    s = new_game(RuleSet(), ["Ada", "Ben"], seed=3)
    s.draw.pop()
    out = [check_deck(new_game(RuleSet(), ["Ada", "Ben"], seed=3)).verdict,
           check_deck(s).verdict,
           Verdict(Reason.E_DECK_ORDER, (("round", 2), ("missing", (C("R1"),)), ("extra", ()))),
           Verdict(Reason.E_ROUND_NOT_OVER, (("form", "log"), ("round", 3), ("previous", 2)))]
    sol = SolitaireSession.from_text("G5 G12 R12")
    duel = DuelSession.from_text("R3", "G7", rule="uno")
    for entry in (sol.play("G5"), sol.play("R12"), sol.play("XX"), duel.play("R3")):
        out.append(_verdict_of(entry.message))
    return out


def _verdict_of(message: str) -> Verdict:
    from uno_web.i18n import verdicts

    hit = verdicts._SHOWN[message]
    return hit[0]


def test_finnish_does_not_change_when_every_english_word_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every English template and every English word of a fact replaced by nonsense: each
    verdict's English changes and its Finnish does not, so the Finnish is written from the
    facts, never from the English."""
    samples = _samples()
    before = [_both(v) for v in samples]
    for code, entry in list(CATALOGUE.items()):
        monkeypatch.setitem(CATALOGUE, code, replace(
            entry, template="ZZ {detail}", forms={k: "ZZ" for k in entry.forms}))
    for name in ("card_words", "color_words", "count_words", "deck_words", "deck_order_words",
                 "seat_name", "reshuffle_words"):
        monkeypatch.setattr(reasons_module, name, lambda *a, **k: "ZZ")
    after = [_both(v) for v in samples]
    for (en0, fi0), (en1, fi1) in zip(before, after):
        assert en1 != en0 and "ZZ" in en1
        assert fi1 == fi0


def test_a_card_given_as_english_words_is_not_looked_up() -> None:
    """A card fact is a card's number or a puzzle card's notation: a card's English name is
    not a fact, and no Finnish is made by looking English words up."""
    v = Verdict(Reason.E_CARD_NOT_OWNED, (("who", "You"), ("card", "green 5")))
    assert verdict_detail(v, "fi") == "Sinulla ei ole korttia green 5"
    assert shown(Verdict(Reason.E_CARD_NOT_OWNED, (("who", "You"), ("card", "G5")))) == (
        "E_CARD_NOT_OWNED: You do not hold a green 5")


# --- what cannot be read: a form and the value, never an exception's English ---------------

def test_unreadable_table_input_is_worded_from_facts_in_both_languages() -> None:
    from uno_web.web.session import Session, TableSettings

    s = Session(TableSettings(), seed=2)
    card, color, target = s.click_card("ZZ"), s.choose_color("purple"), s.choose_target(1)
    assert card is not None and color is not None
    assert [e.message for e in (card, color, target)] == [
        "E_MALFORMED: 'ZZ' is not a card: write one like R7, GS, BR, Y+2, W or W+4 (playing "
        "cards as rank then suit: 7H, QS)",
        "E_MALFORMED: 'purple' is not a colour: use R, Y, G or B (or H, D, C, S for suits)",
        "E_MALFORMED: No 7 is being played: pick a 7 from your hand first",
    ]
    assert [_fi(e.message) for e in (card, color, target)] == [
        "E_MALFORMED: 'ZZ' ei ole kortti: kirjoita kortti kuten R7, GS, BR, Y+2, W tai W+4 "
        "(pelikortit arvo ensin, sitten maa: 7H, QS)",
        "E_MALFORMED: 'purple' ei ole väri: käytä R, Y, G tai B (tai maille H, D, C, S)",
        "E_MALFORMED: Et ole pelaamassa 7-korttia: valitse ensin 7 kädestäsi",
    ]


def test_a_room_move_that_cannot_be_read_is_worded_from_facts() -> None:
    v = Verdict(Reason.E_MALFORMED, (("form", "notation"), ("value", "'Z9'")))
    assert _both(v) == (
        "'Z9' is not a move: write one like P0:R7, D0, K0, O0=R, U0, C1>0, X0, A0 or N0",
        "'Z9' ei ole siirto: kirjoita siirto kuten P0:R7, D0, K0, O0=R, U0, C1>0, X0, A0 tai N0")
