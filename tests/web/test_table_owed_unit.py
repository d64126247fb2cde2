"""The table under the letsuno draw rules: penalty cards owed one by one (``penalty_draw =
one-by-one``) and a draw that keeps the turn until a pass (``draw_then_pass``)."""

from __future__ import annotations

from html import unescape

from uno_web.core.position import Position
from uno_web.i18n.ui import translate_html, tr
from uno_web.web import render
from uno_web.web.session import Session
from uno_web.web.view import view


def _owing(owed: int) -> Session:
    pos = Position(overrides={"penalty_draw": "one-by-one"}, hands=["R3 G7 B5", "Y1 Y2"],
                   top="R+2", draw="Y9 B1 G2 R8", owed=owed)
    return Session.from_position(pos)


def test_the_draw_pile_and_the_status_say_a_penalty_card_and_how_many_are_left() -> None:
    sess = _owing(3)
    tv = view(sess)
    assert tv.actions.can_draw and not tv.actions.keep
    assert tv.actions.draw_label == "Draw a penalty card (3 left)"
    assert tv.status == "Your turn: draw a penalty card (3 left)."
    html = render.render_table(tv)
    assert "Draw a penalty card (3 left)" in unescape(html["draw"])
    assert tr(tv.actions.draw_label, "fi") == "Nosta rangaistuskortti (3 jäljellä)"
    assert tr(tv.status, "fi") == "Sinun vuorosi: nosta rangaistuskortti (3 jäljellä)."
    assert "Nosta rangaistuskortti (3 jäljellä)" in unescape(translate_html(html["draw"], "fi"))
    assert sess.draw().ok
    tv = view(sess)
    assert tv.actions.draw_label == "Draw a penalty card (2 left)"
    assert tv.status == "Your turn: draw a penalty card (2 left)."


def test_after_the_last_penalty_card_the_pile_draws_again_as_usual() -> None:
    sess = _owing(1)
    assert sess.draw().ok
    tv = view(sess)  # the turn has passed on: the pile is the plain draw pile again
    assert sess.state.owed == 0 and sess.state.turn == 1
    assert tv.actions.draw_label == "Draw a card" and not tv.actions.can_draw


def _drawn(**overrides: object) -> Session:
    pos = Position(overrides=overrides, hands=["R3 G7", "Y1 Y2"], top="B5", draw="Y9 B1")
    sess = Session.from_position(pos)
    assert sess.draw().ok
    return sess


def test_a_draw_that_leaves_nothing_to_play_offers_the_pass() -> None:
    sess = _drawn(draw_then_pass=True)
    assert sess.state.turn == 0  # the turn waits for the pass
    tv = view(sess)
    assert tv.actions.keep and not tv.actions.can_draw
    assert tv.actions.keep_label == "End your turn"
    assert tv.status == "You drew the yellow 9: nothing you may play — end your turn."
    prompt = render.render_table(tv)["prompt"]
    assert 'data-testid="keep"' in prompt and "End your turn" in prompt
    assert "Lopeta vuorosi" in translate_html(prompt, "fi")
    assert tr(tv.status, "fi") == "Nostit: keltainen 9. Et voi pelata mitään — lopeta vuorosi."
    assert sess.keep().ok and sess.state.turn == 1


def test_without_the_rule_the_same_draw_ends_the_turn_and_offers_no_pass() -> None:
    sess = _drawn()
    assert sess.state.turn == 1
    assert not view(sess).actions.keep


def test_a_drawn_card_that_fits_is_kept_with_keep_the_card() -> None:
    pos = Position(hands=["R3 G7", "Y1 Y2"], top="B5", draw="B9 B1")
    sess = Session.from_position(pos)
    assert sess.draw().ok
    tv = view(sess)
    assert tv.actions.keep and tv.actions.keep_label == "Keep the card"
    assert tv.status == "You drew the blue 9: play it or keep it."
