"""Every reason code has an explanation and a rule, and some scenario produces it."""

from __future__ import annotations

import json
import re
from typing import Callable

import pytest

from uno_web.core import CATALOGUE, Move, Reason, apply, check, parse_move
from uno_web.core.engine import IllegalMove
from uno_web.core.gamelog import GameRecorder, validate_log
from uno_web.core.invariants import deck_verdict
from uno_web.core.reasons import Verdict

from .scenario import play, position


def v(s, move: str) -> Verdict:
    return check(s, parse_move(move))


def _base(**kw):
    return position(hands=kw.pop("hands", ["R1 R2 G3", "B5 B6", "Y5 Y6"]), top=kw.pop("top", "R9"), **kw)


def _illegal(s, move, shuffles) -> Verdict:
    with pytest.raises(IllegalMove) as exc:
        apply(s, parse_move(move), shuffles=shuffles)
    return exc.value.verdict


def _empty_draw_pile():
    s = _base()
    s.discard = s.draw[::-1] + s.discard
    s.draw = []
    return s


def _round_over():
    s, _ = play(position(hands=["R1", "B5 B6", "Y5 Y6"], top="R9"), "P0:R1")
    return s


def _game_over():
    s, _ = play(position(hands=["R1", "B5 B6"], top="R9", scores=[499, 0]), "P0:R1")
    return s


def _choose():
    from uno_web.core.position import Position, build_state

    return build_state(Position(hands=["R1 R2", "B5 B6"], top="W", phase="choose-color"))


def _log_with_bad_deck():
    rec = GameRecorder(players=2, seed=1)
    data = json.loads(rec.to_json())
    data["rounds"][0]["deck"][0] = data["rounds"][0]["deck"][1]
    return validate_log(data).failure["code"]


def _after_plus4():
    s, _ = play(_base(hands=["W+4 R1 G3", "B5 B6", "Y5 Y6"]), "P0:W+4=G")
    return s


def _penalty_22():
    s, _ = play(_base(hands=["R+2 R1", "G+2 W+4 B1", "Y5 Y6"],
                      overrides={"stack_draw_two_on_draw_two": True}), "P0:R+2")
    return s


SCENARIOS: dict[Reason, Callable[[], "Verdict | str"]] = {
    Reason.OK_PLAY: lambda: v(_base(), "P0:R1"),
    Reason.OK_JUMP_IN: lambda: v(play(_base(hands=["R1 R2", "B5 B6", "R1 Y1"], overrides={"jump_in": True}), "P0:R1")[0], "P2:R1"),
    Reason.OK_STACK: lambda: v(_penalty_22(), "P1:G+2"),
    Reason.OK_DEFLECT: lambda: v(play(_base(hands=["R+2 R1", "RR B1 B2", "Y5 Y6"],
                                            overrides={"reverse_returns_draw_two": True}),
                                      "P0:R+2")[0], "P1:RR"),
    Reason.OK_DRAW: lambda: v(_base(), "D0"),
    Reason.E_SAME_NUMBER_ONLY: lambda: v(play(_base(hands=["R1 G1 R2", "B5 B6", "Y5 Y6"],
                                                    overrides={"play_same_number": True}),
                                              "P0:R1")[0], "P0:R2"),
    Reason.OK_PASS: lambda: v(play(_base(draw="R4"), "D0")[0], "K0"),
    Reason.OK_COLOR: lambda: v(_choose(), "O0=G"),
    Reason.OK_UNO: lambda: v(_base(hands=["R1 R2", "B5 B6"]), "U0"),
    Reason.P_MISPLAY: lambda: v(_base(hands=["G5 B1 B2", "B5 B6", "Y5 Y6"],
                                      overrides={"misplay_penalty": 2}), "P0:G5"),
    Reason.P_FINISH: lambda: v(_base(hands=["W", "B5 B6", "Y5 Y6"],
                                     overrides={"no_wild_finish": True}), "P0:W=R"),
    Reason.E_FINISH_REFUSED: lambda: v(play(_base(
        hands=["B+2 R1 R3", "G+2", "Y5 Y6"], top="B9",
        overrides={"no_draw_card_finish": True, "stack_draw_two_on_draw_two": True,
                   "finish_keeps_turn": True, "uno_call": False}), "P0:B+2")[0], "P1:G+2"),
    Reason.P_SELF_CATCH: lambda: v(play(_base(hands=["R1 R2", "B5 B6", "Y5 Y6"],
                                              overrides={"self_catch": True}), "P0:R1")[0],
                                   "C0>0"),
    Reason.P_FALSE_CATCH: lambda: v(_base(overrides={"false_catch_penalty": 1}), "C1>0"),
    Reason.P_FALSE_UNO: lambda: v(_base(overrides={"false_uno_penalty": 2}), "U0"),
    Reason.OK_CATCH: lambda: v(play(_base(hands=["R1 R2", "B5 B6", "Y5 Y6"]), "P0:R1")[0], "C2>0"),
    Reason.OK_CHALLENGE: lambda: v(_after_plus4(), "X1"),
    Reason.OK_ACCEPT: lambda: v(_after_plus4(), "A1"),
    Reason.OK_NEXT_ROUND: lambda: v(_round_over(), "N1"),
    Reason.OK_DECK: lambda: deck_verdict(_base()),
    Reason.E_GAME_OVER: lambda: v(_game_over(), "D1"),
    Reason.E_ROUND_OVER: lambda: v(_round_over(), "D1"),
    Reason.E_ROUND_NOT_OVER: lambda: v(_base(), "N0"),
    Reason.E_BAD_SEAT: lambda: v(_base(), "D7"),
    Reason.E_NOT_TURN: lambda: v(_base(), "P1:B5"),
    Reason.E_CHOOSE_COLOR_FIRST: lambda: v(_choose(), "P0:R1"),
    Reason.E_NO_COLOR_TO_CHOOSE: lambda: v(_base(), "O0=R"),
    Reason.E_CARD_NOT_OWNED: lambda: v(_base(), "P0:R7"),
    Reason.E_CARD_NOT_IN_DECK: lambda: v(_base(), "P0:7H"),
    Reason.E_NO_MATCH: lambda: v(_base(), "P0:G3"),
    Reason.E_WILD_COLOR_MISSING: lambda: v(_base(hands=["W R1", "B5"]), "P0:W"),
    Reason.E_COLOR_NOT_ALLOWED: lambda: v(_base(), "P0:R1=G"),
    Reason.E_PLUS4_NOT_ALLOWED: lambda: v(_base(hands=["W+4 R1", "B5"], overrides={"wild_draw_four": "strict"}), "P0:W+4=G"),
    Reason.E_WILD_NOT_LAST_RESORT: lambda: v(_base(hands=["W R1", "B5"], overrides={"wild_last_resort": True}), "P0:W=G"),
    Reason.E_ACTION_CARD_LAST: lambda: v(_base(hands=["RS", "B5"], overrides={"no_action_card_last": True}), "P0:RS"),
    Reason.E_ONLY_DRAWN_CARD: lambda: v(play(_base(draw="R4"), "D0")[0], "P0:R1"),
    Reason.E_PENALTY_PENDING: lambda: v(_penalty_22(), "D1"),
    Reason.E_PENALTY_NOT_ANSWERED: lambda: v(_penalty_22(), "P1:B1"),
    Reason.E_STACK_NOT_ALLOWED: lambda: v(_penalty_22(), "P1:W+4=R"),
    Reason.E_STACK_ORDER: lambda: v(play(_base(hands=["W+4 R1", "W G1", "B5"], overrides={"escalating_stack": True, "wild_draws_one": True}), "P0:W+4=G")[0], "P1:W=B"),
    Reason.E_SWAP_TARGET_MISSING: lambda: v(_base(hands=["R7 R1", "B5"], overrides={"seven_zero": True}), "P0:R7"),
    Reason.E_SWAP_TARGET_INVALID: lambda: v(_base(hands=["R7 R1", "B5"], overrides={"seven_zero": True}), "P0:R7>0"),
    Reason.E_TARGET_NOT_ALLOWED: lambda: v(_base(), "P0:R1>1"),
    Reason.E_JUMP_IN_NOT_ALLOWED: lambda: v(_base(hands=["R1 R2", "B5", "R2 Y1"], overrides={"jump_in": True}), "P2:R2"),
    Reason.E_JUMP_IN_NOT_IDENTICAL: lambda: v(play(_base(hands=["R1 R2", "B5", "R2 Y1"], overrides={"jump_in": True}), "P0:R1")[0], "P2:R2"),
    Reason.E_ALREADY_DREW: lambda: v(play(_base(draw="R4"), "D0")[0], "D0"),
    Reason.E_MUST_PLAY: lambda: v(_base(overrides={"may_draw_when_playable": False}), "D0"),
    Reason.E_PASS_NOT_ALLOWED: lambda: v(_base(), "K0"),
    Reason.E_PENALTY_DRAWS_LEFT: lambda: v(_base(owed=2, overrides={
        "penalty_draw": "one-by-one"}), "P0:R1"),
    Reason.E_MUST_PLAY_DRAWN: lambda: v(play(_base(draw="R4", overrides={"forced_play": True}), "D0")[0], "K0"),
    Reason.E_UNO_NOT_ALLOWED: lambda: v(_base(), "U0"),
    Reason.E_UNO_DISABLED: lambda: v(_base(preset="duo-uno-subset"), "U0"),
    Reason.E_NO_ONE_TO_CATCH: lambda: v(_base(), "C1>0"),
    Reason.E_NO_CHALLENGE: lambda: v(_base(), "X0"),
    Reason.E_NO_PENALTY: lambda: v(_base(), "A0"),
    Reason.E_MALFORMED: lambda: check(_base(), Move(42, 0)),
    Reason.E_RESHUFFLE_MISSING: lambda: _illegal(_empty_draw_pile(), "D0", []),
    Reason.E_RESHUFFLE_UNEXPECTED: lambda: _illegal(_base(), "D0", [[1, 2]]),
    Reason.E_RESHUFFLE_NOT_PERMUTATION: lambda: _illegal(_empty_draw_pile(), "D0", [[1, 2, 3]]),
    Reason.E_DECK_INVARIANT: lambda: deck_verdict(_corrupted()),
    Reason.E_DECK_ORDER: _log_with_bad_deck,
}


def _corrupted():
    s = _base()
    s.hands[1].append(s.hands[0][0])  # a duplicated card
    return s


def test_every_code_has_a_scenario():
    assert set(SCENARIOS) == set(Reason)


def test_every_code_has_an_explanation_and_a_rule():
    for code in Reason:
        e = CATALOGUE[code]
        assert e.explanation.endswith(".") and len(e.explanation) > 20, code
        assert e.rule and e.template, code


def test_the_seed_codes_exist():
    for name in ("E_NOT_TURN", "E_NO_MATCH", "E_WILD_COLOR_MISSING", "E_PLUS4_NOT_ALLOWED", "OK_PLAY"):
        assert Reason(name)


@pytest.mark.parametrize("code", list(Reason), ids=lambda c: c.value)
def test_scenario_produces_its_code_with_a_complete_message(code):
    result = SCENARIOS[code]()
    got = result if isinstance(result, str) else result.code.value
    assert got == code.value
    if isinstance(result, Verdict):
        assert "?" not in result.detail, result.message
        assert result.message.startswith(code.value + ": ")


def test_ok_play_message_names_the_card_the_new_colour_and_next_seat():
    s = _base(hands=["W R1", "B5", "Y5"])
    msg = v(s, "P0:W=Y").message
    assert msg == "OK_PLAY: You played Wild; colour yellow; next: Bot 1"


def test_messages_agree_with_a_seat_called_you():
    s = _base(hands=["W+4 R1", "B5"], overrides={"wild_draw_four": "strict"})
    assert v(s, "P0:W+4=G").detail == "You still hold a red card, so Wild Draw Four is not allowed"
    assert v(s, "P0:R7").detail == "You do not hold a red 7"
    other = _base(hands=["R1 R2", "B5 B6"], names=["Ada", "Bo"])
    assert v(other, "P0:R7").detail == "Ada does not hold a red 7"
    assert v(other, "K0").detail == "Ada has not drawn this turn; play a card or draw"
    assert v(s, "K0").detail == "You have not drawn this turn; play a card or draw"


def test_not_turn_message_reads_well_both_ways():
    s = _base(hands=["R1 R2", "B5 B6"], names=["You", "Ada"])
    assert v(s, "P1:B5").detail == "It is your turn, not Ada's"
    s = _base(hands=["R1 R2", "B5 B6"], names=["Ada", "You"])
    assert v(s, "P1:B5").detail == "It is Ada's turn, not yours"


NOTATION = re.compile(r"\b([RYGB]([0-9]|S|R|\+2)|W\+4|W|JK|(10|[2-9JQKA])[HDCS])\b")


@pytest.mark.parametrize("code", list(Reason), ids=lambda c: c.value)
def test_messages_name_cards_in_words_never_in_notation(code):
    result = SCENARIOS[code]()
    if isinstance(result, Verdict):
        if code != Reason.E_DECK_INVARIANT:  # its detail comes from invariants.DeckReport
            assert not NOTATION.search(result.detail), result.detail
        assert not result.detail[:1].islower(), result.detail


@pytest.mark.parametrize("code, move, detail", [
    (Reason.E_NO_MATCH, "P0:G3",
     "Green 3 matches neither the current colour (red) nor the top card (red 9)"),
    (Reason.E_WILD_COLOR_MISSING, "P0:W", "Wild needs a colour: choose red, yellow, green or blue"),
    (Reason.E_COLOR_NOT_ALLOWED, "P0:R1=G", "Red 1 is not a wild card, so it names no colour"),
    (Reason.E_CARD_NOT_IN_DECK, "P0:7H", "7 of hearts is not a card of the UNO deck"),
    (Reason.E_BAD_SEAT, "D7", "There is no player at seat 7 (seats are numbered from 0)"),
    (Reason.E_NO_ONE_TO_CATCH, "C0>0", "You cannot catch yourself"),
    (Reason.E_NO_ONE_TO_CATCH, "C0>1", "Bot 1 cannot be caught now: they hold 2 cards"),
    (Reason.E_NO_ONE_TO_CATCH, "C1>0", "You cannot be caught now: you hold 3 cards"),
    (Reason.E_UNO_NOT_ALLOWED, "U0", "You cannot call UNO now: you hold 3 cards"),
])
def test_exact_sentences(code, move, detail):
    s = _base(hands=["R1 R2 G3" if code != Reason.E_WILD_COLOR_MISSING else "W R1 G3", "B5 B6", "Y5 Y6"])
    got = v(s, move)
    assert got.code == code and got.detail == detail


def test_penalty_and_challenge_sentences_agree_with_you():
    s = _after_plus4()  # You played a Wild Draw Four (a bluff: You hold R1) against Bot 1
    assert v(s, "D1").detail == (
        "Bot 1 faces 4 cards to draw: challenge the Wild Draw Four or take them")
    assert v(s, "X1").detail == (
        "Bot 1 challenged your Wild Draw Four: it was a bluff, so you draw 4 cards")
    assert v(s, "A1").detail == "Bot 1 drew 4 cards and misses the turn; next: Bot 2"
    fair, _ = play(_base(hands=["W+4 G3", "B5 B6", "Y5 Y6"], names=["Ada", "You", "Bo"]), "P0:W+4=G")
    assert v(fair, "X1").detail == (
        "You challenged Ada's Wild Draw Four: it was played fairly, so you draw 6 cards")
    assert v(fair, "A1").detail == "You drew 4 cards and miss the turn; next: Bo"


def test_catch_and_draw_sentences():
    s, _ = play(_base(hands=["R1 R2", "B5 B6", "Y5 Y6"]), "P0:R1")
    assert v(s, "C2>0").detail == "Bot 2 caught you without an UNO call; you draw 2 cards"
    s = _base(hands=["R1 R2", "B5 B6", "Y5 Y6"], names=["Ada", "Bo", "You"])
    s, _ = play(s, "P0:R1")
    assert v(s, "C2>0").detail == "You caught Ada without an UNO call; they draw 2 cards"
    assert v(play(_base(draw="R4"), "D0")[0], "P0:R1").detail == (
        "You drew red 4; only that card may be played now")
    assert v(_base(draw="R4"), "D0").detail == "You drew 1 card and may play it or keep it"
    assert v(_base(draw="B4"), "D0").detail == "You drew 1 card and cannot play it; next: Bot 1"


def test_jump_in_on_a_wild_is_explained_without_nonsense():
    s = _base(hands=["W R1", "B5", "Y5 W"], overrides={"jump_in": True})
    s, _ = play(s, "P0:W=R")
    assert v(s, "P2:W=R").detail == (
        "No one can jump in on a Wild: a jump-in needs an identical coloured card")
    s = play(_base(hands=["R1 R2", "B5", "R2 Y1"], overrides={"jump_in": True}), "P0:R1")[0]
    assert v(s, "P2:R2").detail == "Bot 2 cannot jump in with red 2: only another red 1 can jump in"
