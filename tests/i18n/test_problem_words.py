"""A position, a card or a field that cannot be read says why in English (its message, as
before) and carries the same reason as facts (``words``); a Finnish page writes its notice from
those facts, so the page catalogue captures nothing out of English."""

from __future__ import annotations

from html import unescape

import pytest

from uno_web.core.cards import CardError, parse_card
from uno_web.core.fields import FieldProblem, read_cards
from uno_web.core.position import Position, PositionError, build_state, position_from_query
from uno_web.core.words import english
from uno_web.i18n import ui
from uno_web.i18n.phrases import words_in
from uno_web.web.app import App
from uno_web.web.editor import Editor, render_editor

_UNKNOWN_FI = ("tuntematon kortti 'X5': kirjoita värin kirjain R/Y/G/B (punainen, keltainen, "
               "vihreä, sininen) ja sitten 0–9, S (ohitus), R (suunnanvaihto) tai +2 (R7, GS, "
               "BR, Y+2), tai W / W+4 villeille korteille; pelikortit arvona ja maana (7H, QS, JK)")


def _refused(query: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        build_state(position_from_query(query))
    return info.value


@pytest.mark.parametrize("query, english_text, finnish", [
    ("hands=R1 X5,G2&top=R9",
     "hands: hand 0: unknown card 'X5': write a colour letter R/Y/G/B then 0-9, S (skip), "
     "R (reverse) or +2 (R7, GS, BR, Y+2), or W / W+4 for wilds; playing cards as rank then "
     "suit (7H, QS, JK)",
     "kädet: käsi 0: " + _UNKNOWN_FI),
    ("hands=R1,G2&top=X5", None, "päällimmäinen kortti: " + _UNKNOWN_FI),
    ("hands=R1,G2&top=R9&discard=X5", None, "poistopakka: " + _UNKNOWN_FI),
    ("hands=R1,G2&top=R9&draw=X5", None, "nostopakka: " + _UNKNOWN_FI),
    ("hands=R1,G2&top=R9 R8", "top: write exactly one card, like R9, not 'R9 R8'",
     "päällimmäinen kortti: kirjoita täsmälleen yksi kortti, kuten R9, ei 'R9 R8'"),
    ("hands=W W W,W W&top=R9", "more copies than the deck has, or cards of another deck: W",
     "enemmän kopioita kuin pakassa on, tai toisen pakan kortteja: W"),
    ("hands=R1&top=R9", "a position needs 2 to 10 hands, one for each player; this one has 1",
     "asetelmassa pitää olla 2–10 kättä, yksi kullekin pelaajalle; tässä on 1"),
    ("hands=" + ",".join(["R1"] * 11) + "&top=R9",
     "a position needs 2 to 10 hands, one for each player; this one has 11",
     "asetelmassa pitää olla 2–10 kättä, yksi kullekin pelaajalle; tässä on 11"),
    ("hands=R1,G2&top=R9&discard=" + "X" * 40, None,
     "poistopakka: tuntematon kortti 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX…: kortti "
     "kirjoitetaan enintään 32 merkillä (R7, W+4, QS, red 7)"),
])
def test_a_refused_position_carries_its_reason_as_facts(query: str, english_text: str | None,
                                                        finnish: str) -> None:
    exc = _refused(query)
    assert exc.words is not None
    assert english(exc.words) == str(exc)  # the English message is the same as the facts say
    if english_text is not None:
        assert str(exc) == english_text
    assert words_in(exc.words, "fi") == finnish


def test_a_card_and_a_field_carry_their_reason_as_facts() -> None:
    with pytest.raises(CardError) as card:
        parse_card("Q9")
    assert card.value.words is not None and english(card.value.words) == str(card.value)
    assert words_in(card.value.words, "fi").startswith("tuntematon kortti 'Q9': kirjoita")
    with pytest.raises(CardError) as long:
        read_cards("R1 " + "Z" * 33)
    assert long.value.words is not None and english(long.value.words) == str(long.value)
    with pytest.raises(FieldProblem) as field:
        Position.model_validate({"hands": ["R1"] * 11})
    assert str(field.value) == "hands: List should have at most 10 items, not 11"
    assert field.value.words is not None and english(field.value.words) == str(field.value)
    assert words_in(field.value.words, "fi") == "kädet: luettelossa saa olla enintään 10 kohtaa, ei 11"
    # a problem with no facts keeps its English only: nothing is made up
    with pytest.raises(FieldProblem) as plain:
        Position.model_validate({"hands": ["R1", "G2"], "turn": "x"})
    assert plain.value.words is None


def _notice(query: str) -> str:
    app = App(query)
    app.boot()
    return unescape(app.regions()["notice"])


@pytest.mark.parametrize("query, finnish", [
    ("?lang=fi&hands=R1+X5%2CG2&top=R9", "kädet: käsi 0: " + _UNKNOWN_FI),
    ("?lang=fi&hands=R1%2CG2&top=R9+R8",
     "päällimmäinen kortti: kirjoita täsmälleen yksi kortti, kuten R9, ei 'R9 R8'"),
    ("?lang=fi&hands=R1&top=R9",
     "asetelmassa pitää olla 2–10 kättä, yksi kullekin pelaajalle; tässä on 1"),
])
def test_a_bad_links_notice_in_finnish_from_the_facts(query: str, finnish: str) -> None:
    ui._MISSING.clear()
    notice = _notice(query)
    assert finnish in notice
    assert "hands:" not in notice and "top:" not in notice and "List should" not in notice
    assert not ui.missing()


def test_the_editors_reason_and_seat_legends_in_finnish_from_the_facts() -> None:
    ed = Editor(hands=[["R7"], ["B1"]], top="R9")
    ed.read_form({"seats": "3"})
    ed.hands[0] = ["W"] * 4
    assert ed.problem() == ""  # the deck has four Wilds
    ed.hands[0] = ["W"] * 5  # a fifth: more copies than the deck has
    assert ed.problem() == "more copies than the deck has, or cards of another deck: W"
    ui._MISSING.clear()
    page = unescape(ui.translate_html(render_editor(ed, "https://example.org/index.html", "fi"), "fi"))
    assert "enemmän kopioita kuin pakassa on, tai toisen pakan kortteja: W" in page
    assert "paikka 1" in page and "paikka 2" in page and "seat 1" not in page
    assert not ui.missing()


def test_the_catalogue_has_no_patterns_and_the_pattern_machinery_is_gone() -> None:
    from uno_web.i18n.fi_ui import UI_FI

    assert not [en for en in UI_FI if "{" in en]
    for gone in ("compile_patterns", "list_fi", "_PATTERNS", "_value"):
        assert not hasattr(ui, gone)
