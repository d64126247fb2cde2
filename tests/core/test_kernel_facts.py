"""The facts each decision of the kernel returns, case by case (docs/rules.md): the reason and
its raw facts, which ``check`` words in both languages. Written from the rules, for the cases
the mutation run (bench/mutation.py, slice ``kernel``) found untested: a same-number turn on a
0, a jump-in with an action card as the last card, the UNO call that needs a card that fits, a
second UNO call, a jump-in while a colour is still to be named."""

from __future__ import annotations

from uno_web.core import Move, MoveKind, apply, check, parse_card
from uno_web.core.legality import (
    draw_problem, jump_card_problem, jump_window_problem, pass_problem, turn_play_problem,
    uno_problem,
)
from uno_web.core.position import Position, build_state
from uno_web.core.reasons import Reason


def _same_number_turn_on_zero():
    # seat 0 has just played G0 under play_same_number and holds another 0 and a green 5
    return build_state(Position(overrides={"play_same_number": True}, hands=["B0 G5 R3", "Y7 Y8"],
                                top="G0", same_number=0))


def test_a_same_number_turn_on_a_zero_takes_only_zeros_and_may_end():
    s = _same_number_turn_on_zero()
    green5, blue0 = parse_card("G5"), parse_card("B0")
    hand = s.hands[0]
    # G5 matches the pile by colour, but in a same-number turn only another 0 may follow
    refused = turn_play_problem(s, 0, green5, hand)
    assert refused is not None and refused[0] == Reason.E_SAME_NUMBER_ONLY
    assert turn_play_problem(s, 0, blue0, hand) is None
    assert pass_problem(s, 0) is None  # ending the turn is the other choice
    drew = draw_problem(s, 0)
    assert drew == (Reason.E_SAME_NUMBER_ONLY, {"number": 0, "form": "other"})
    assert check(s, Move(MoveKind.PASS, 0)).ok


def _jump_in_position(hand: str, top: str, **rules):
    # seat 1 played ``top`` just now; seat 0 holds its twin (jump_in, next-action window)
    return build_state(Position(overrides={"jump_in": True, **rules}, hands=[hand, "Y7 Y8 B2"],
                                top=top, turn=0, jump_window=True, last_player=1))


def test_a_jump_in_with_an_action_card_as_the_last_card_is_refused_under_no_action_last():
    s = _jump_in_position("RS", "RS", no_action_card_last=True)
    skip = parse_card("RS")
    assert jump_card_problem(s, skip, s.hands[0]) == (Reason.E_ACTION_CARD_LAST, {"card": skip})
    # with two cards it is not the last card, and a number card may always go last
    assert jump_card_problem(s, skip, [skip, parse_card("G1")]) is None
    n = _jump_in_position("R5", "R5", no_action_card_last=True)
    assert jump_card_problem(n, parse_card("R5"), n.hands[0]) is None


def test_a_jump_in_with_a_card_not_identical_names_both_cards():
    s = _jump_in_position("R5 G1", "R6")
    r5, r6 = parse_card("R5"), parse_card("R6")
    assert jump_card_problem(s, r5, s.hands[0]) == (
        Reason.E_JUMP_IN_NOT_IDENTICAL, {"card": r5, "top": r6, "form": ""})


def test_the_uno_call_with_two_cards_needs_a_card_that_fits_only_under_its_option():
    base = dict(hands=["G5 B7", "Y7 Y8 Y9"], top="R9")
    needs = build_state(Position(overrides={"uno_call_needs_fit": True}, **base))
    # neither G5 nor B7 fits a red 9: the call is refused with its own facts
    assert uno_problem(needs, 0, needs.hands[0]) == (
        Reason.E_UNO_NOT_ALLOWED, {"form": "no_fit", "count": 2})
    # without the option the call with two cards is allowed on the turn
    free = build_state(Position(**base))
    assert uno_problem(free, 0, free.hands[0]) is None
    # the option asks only about the turn player's two cards: another seat's three cards are
    # refused by their count
    assert uno_problem(needs, 1, needs.hands[1]) == (Reason.E_UNO_NOT_ALLOWED, {"count": 3})
    fits = build_state(Position(overrides={"uno_call_needs_fit": True},
                                hands=["R5 B7", "Y7 Y8 Y9"], top="R9"))
    assert uno_problem(fits, 0, fits.hands[0]) is None


def test_a_second_uno_call_is_refused_as_already_called():
    s = build_state(Position(hands=["G5 R7", "Y7 Y8 Y9"], top="R9"))
    s = apply(s, Move(MoveKind.CALL_UNO, 0)).state
    assert uno_problem(s, 0, s.hands[0]) == (Reason.E_UNO_NOT_ALLOWED, {"form": "called"})


def test_while_a_colour_is_to_be_named_only_the_longer_window_says_so():
    # seat 1 played a Wild just now and must still name its colour; seat 0 holds a twin
    def waiting(window: str):
        return build_state(Position(
            overrides={"jump_in": True, "jump_in_window": window, "jump_in_wild": True},
            hands=["W R5", "Y7 Y8 B2"], top="W", turn=1, phase="choose-color",
            jump_window=True, last_player=1))

    # the official window: no jump-in now, with no facts; the longer one says why
    assert jump_window_problem(waiting("next-action")) == (Reason.E_JUMP_IN_NOT_ALLOWED, {})
    assert jump_window_problem(waiting("while-on-top")) == (
        Reason.E_JUMP_IN_NOT_ALLOWED, {"form": "color"})
