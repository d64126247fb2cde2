"""English and Finnish: every reason code, every table message and label has its Finnish, with
the same placeholders; derived from the enums, so a new code fails here until it is translated
(uno_web/i18n/fi_reasons.py, uno_web/i18n/fi_ui.py)."""

from __future__ import annotations

import json
import subprocess
import sys

from uno_web.core import RuleSet, check, new_game, parse_move
from uno_web.core.moves import Move, MoveKind
from uno_web.core.reasons import CATALOGUE, Reason, Verdict
from uno_web.i18n import verdict_message
from uno_web.i18n.fi_reasons import REASONS_FI
from uno_web.i18n.fi_ui import UI_FI
from uno_web.i18n.ui import missing, tr, translate_html
from uno_web.i18n.verdicts import pick_lang, placeholders, shown, verdict_detail
from uno_web.web.view import verdict_sentence


def test_every_reason_code_has_finnish_with_the_same_placeholders() -> None:
    for code in Reason:
        assert code.value in REASONS_FI, f"{code.value} has no Finnish (uno_web/i18n/fi_reasons.py)"
        en = CATALOGUE[code]
        explanation, template, forms = REASONS_FI[code.value]
        assert explanation and explanation != en.explanation
        assert placeholders(template) == placeholders(en.template), code
        assert set(forms) == set(en.forms), code
        for form, text in en.forms.items():
            assert placeholders(forms[form]) == placeholders(text), (code, form)


def test_every_ui_entry_keeps_its_placeholders() -> None:
    for en, fi in UI_FI.items():
        assert placeholders(en) == placeholders(fi), en


def test_verdicts_in_finnish_from_their_facts() -> None:
    s = new_game(RuleSet(), players=["You", "Ada", "Ben"], seed=7)
    for text in ("P1:R7", "P0:R7", "D1", "X0", "K0", "U0", "C0>1", "A0"):
        v = check(s, parse_move(text))
        fi = verdict_message(v, "fi")
        assert fi.startswith(v.code.value + ": ") and fi != v.message
        # the facts are raw (seats, cards, counts), never words: no English to read back
        facts = dict(v.params)
        assert isinstance(facts["who"], int) and facts["names"] == ("You", "Ada", "Ben")
        # the facts as JSON (a report, a room message) give the same words in both languages
        again = Verdict(v.code, tuple(json.loads(json.dumps(v.facts())).items()))
        assert again.message == v.message and verdict_message(again, "fi") == fi


def test_the_facts_decide_the_words() -> None:
    names = ("You", "Ada")
    v = Verdict(Reason.E_NO_MATCH, (("who", 1), ("card", 67), ("top", 9), ("color", 0),
                                    ("names", names)))
    assert v.detail == "Green 3 matches neither the current colour (red) nor the top card (red 9)"
    assert verdict_detail(v, "fi") == ("Vihreä 3 ei sovi nykyiseen väriin (punainen) eikä "
                                      "päällimmäiseen korttiin (punainen 9)")
    drew = Verdict(Reason.OK_DRAW, (("who", 0), ("count", 2), ("next", 1), ("form", "none"),
                                    ("names", names)))
    assert drew.detail == "You drew 2 cards and cannot play any of them; next: Ada"
    assert verdict_detail(drew, "fi") == ("Sinä nostit 2 korttia etkä voi pelata yhtäkään "
                                         "niistä; seuraavana Ada")


def test_a_penalty_carries_the_refusal_as_facts() -> None:
    s = new_game(RuleSet(misplay_penalty=2), players=["You", "Ada"], seed=3)
    seat = s.turn
    bad = [c for c in set(s.hands[seat]) if check(s, Move(MoveKind.PLAY, seat, c)).penalized]
    assert bad, "the deal gives the turn player a card that does not match"
    p = check(s, Move(MoveKind.PLAY, seat, bad[0]))
    facts = dict(p.params)
    assert facts["broken"] == "E_NO_MATCH" and facts["count"] == 2 and facts["card"] == bad[0]
    refusal = Verdict(Reason.E_NO_MATCH, (*facts["why"], ("names", facts["names"])))
    assert p.detail.startswith(refusal.detail + ". ")
    assert verdict_detail(p, "fi").startswith(verdict_detail(refusal, "fi") + ". ")


def test_a_shown_verdict_is_translated_from_its_facts_not_its_english() -> None:
    s = new_game(RuleSet(), players=["You", "Ada", "Ben"], seed=7)
    v = check(s, parse_move("P0:R7"))
    text = shown(v)
    assert text == v.message
    fi = verdict_detail(v, "fi")
    assert tr(text, "fi") == verdict_message(v, "fi")
    assert tr(v.detail + ".", "fi") == fi + "."
    # the same kind of English that no verdict gave out is not read back
    made_up = "Ben does not hold a blue 7."
    assert tr(made_up, "fi") == made_up and made_up in missing()


def test_table_strings_are_translated() -> None:
    s = new_game(RuleSet(), players=["You", "Ada", "Ben"], seed=7)
    v = check(s, parse_move("P0:R7"))
    sentence = verdict_sentence(shown(v))
    html = ('<p>Your turn.</p><button aria-label="Share or embed this position">Share</button>'
            f'<span>E_CARD_NOT_OWNED</span><p>{sentence}</p>')
    out = translate_html(html, "fi")
    for english in ("Your turn", "Share", "hold"):
        assert english not in out
    assert "E_CARD_NOT_OWNED" in out and "Sinulla ei ole korttia punainen 7." in out
    assert tr("No such words in any catalogue", "fi") == "No such words in any catalogue"
    assert "No such words in any catalogue" in missing()


def test_language_choice() -> None:
    assert pick_lang("fi-FI") == "fi" and pick_lang("en-GB") == "en"
    assert pick_lang("de") == "en" and pick_lang(None) == "en"


def test_cli_validate_lang(tmp_path) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "g.json"
    subprocess.run([sys.executable, "-m", "uno_web", "record", "--players", "3", "--seed", "1",
                    "-o", str(log)], check=True, capture_output=True)
    data = json.loads(log.read_text())
    data["rounds"][0]["actions"][1]["seat"] = 2
    log.write_text(json.dumps(data))
    out = {lang: subprocess.run([sys.executable, "-m", "uno_web", "validate", str(log),
                                 "--lang", lang], capture_output=True, text=True)
           for lang in ("en", "fi")}
    assert out["en"].returncode == out["fi"].returncode == 1
    en = json.loads(out["en"].stdout)
    fi = json.loads(out["fi"].stdout)
    assert "turn" in json.dumps(en) and "vuoro" in json.dumps(fi, ensure_ascii=False)


def test_a_wrong_pile_order_is_worded_from_its_cards() -> None:
    facts = (("who", 0), ("missing", (3,)), ("extra", (9, 9)), ("what", "new round deal"),
             ("names", ("You", "Ada")))
    v = Verdict(Reason.E_RESHUFFLE_NOT_PERMUTATION, facts)
    assert v.detail.endswith("top card: missing red 3; extra red 9 and red 9 (new round deal)")
    assert verdict_detail(v, "fi").endswith(
        "korttia: puuttuu punainen 3; ylimääräisiä kortteja: punainen 9 ja punainen 9 "
        "(uuden kierroksen jako)")
