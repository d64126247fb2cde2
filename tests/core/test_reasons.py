"""Every reason code has an explanation and a rule, and some scenario produces it."""

from __future__ import annotations

import json
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
    Reason.OK_DRAW: lambda: v(_base(), "D0"),
    Reason.OK_PASS: lambda: v(play(_base(draw="R4"), "D0")[0], "K0"),
    Reason.OK_COLOR: lambda: v(_choose(), "O0=G"),
    Reason.OK_UNO: lambda: v(_base(hands=["R1 R2", "B5 B6"]), "U0"),
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


def test_ok_play_message_names_the_new_colour_and_next_seat():
    s = _base(hands=["W R1", "B5", "Y5"])
    msg = v(s, "P0:W=Y").message
    assert msg == "OK_PLAY: You played W; colour yellow; next: Bot 1"


def test_messages_agree_with_a_seat_called_you():
    s = _base(hands=["W+4 R1", "B5"], overrides={"wild_draw_four": "strict"})
    assert v(s, "P0:W+4=G").detail == "You still hold a red card, so Wild Draw Four is not allowed"
    assert v(s, "P0:R7").detail == "You do not hold R7"
    other = _base(hands=["R1 R2", "B5 B6"], names=["Ada", "Bo"])
    assert v(other, "P0:R7").detail == "Ada does not hold R7"


def test_not_turn_message_reads_well_both_ways():
    s = _base(hands=["R1 R2", "B5 B6"], names=["You", "Ada"])
    assert v(s, "P1:B5").detail == "it is your turn, not Ada's"
    s = _base(hands=["R1 R2", "B5 B6"], names=["Ada", "You"])
    assert v(s, "P1:B5").detail == "it is Ada's turn, not yours"
