"""Skip, Reverse, Draw Two, Wild Draw Four, turn order, drawing, UNO calls, challenges."""

import pytest

from uno_web.core import Phase, check, parse_move
from uno_web.core.events import (
    CardsDrawn, ChallengeResolved, DirectionReversed, PenaltyApplied, TurnSkipped, UnoCalled,
)

from .scenario import code, kinds, play, position


OTHERS = ["G5 G6", "B5 B6", "Y5 Y6", "G7 G8", "B7 B8"]


def others(n, first):
    return [first] + OTHERS[: n - 1]


# --- Skip / Reverse / +2 / +4 in 2, 3 and 4 player games --------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_skip_skips_the_next_player(n):
    s = position(hands=others(n, "RS R1"), top="R9")
    s, ev = play(s, "P0:RS")
    assert s.turn == (2 % n)
    assert TurnSkipped(1) in ev


@pytest.mark.parametrize("n, expected", [(2, 0), (3, 2), (4, 3)])
def test_reverse_flips_direction_and_acts_as_skip_with_two(n, expected):
    s = position(hands=others(n, "RR R1"), top="R9")
    s, ev = play(s, "P0:RR")
    assert s.direction == -1
    assert s.turn == expected
    assert DirectionReversed(-1) in ev
    assert (TurnSkipped(1) in ev) == (n == 2)


def test_two_player_reverse_with_no_effect_variant():
    s = position(hands=["RR R1", "G5 G6"], top="R9", overrides={"two_player_reverse": "none"})
    s, _ = play(s, "P0:RR")
    assert s.turn == 1 and s.direction == -1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_draw_two_makes_the_next_player_draw_and_miss_the_turn(n):
    s = position(hands=others(n, "R+2 R1"), top="R9")
    before = len(s.hands[1])
    s, ev = play(s, "P0:R+2")
    assert len(s.hands[1]) == before + 2
    assert s.turn == 2 % n
    assert PenaltyApplied(1, 2, "draw_two", 0) in ev and TurnSkipped(1) in ev


@pytest.mark.parametrize("n", [2, 3, 4])
def test_wild_draw_four_accepted(n):
    s = position(hands=others(n, "W+4 G1"), top="R9")
    s, _ = play(s, "P0:W+4=G")
    assert s.phase == Phase.PENALTY and s.turn == 1 and s.color == 2
    s, ev = play(s, "A1")
    assert len(s.hands[1]) == 6 and s.turn == 2 % n and s.phase == Phase.PLAY
    assert TurnSkipped(1) in ev


@pytest.mark.parametrize("direction, start, expected", [(1, 3, 0), (-1, 0, 3)])
def test_turn_wraps_around_both_ways(direction, start, expected):
    hands = ["B1 B2", "B3 B4", "Y3 Y4", "Y1 Y2"]
    hands[start] = "G5 G6"
    s = position(hands=hands, top="G9", turn=start, direction=direction)
    s, _ = play(s, f"P{start}:G5")
    assert s.turn == expected


def test_skip_wraps_around_counter_clockwise():
    s = position(hands=["G5 G6", "B1 B2", "B3 B4", "GS Y1"], top="G9", turn=3, direction=-1)
    s, _ = play(s, "P3:GS")
    assert s.turn == 1  # 3 -> (2 skipped) -> 1


# --- +4 restriction and challenge -------------------------------------------------------------

def test_wild_draw_four_bluff_caught_bluffer_draws_four_challenger_plays():
    s = position(hands=["W+4 R1 G1", "B5 B6", "Y5 Y6"], top="R9")  # holds R1: a bluff
    assert check(s, parse_move("P0:W+4=G")).ok  # bluffing is allowed under the official rules
    s, _ = play(s, "P0:W+4=G")
    s, ev = play(s, "X1")
    assert ChallengeResolved(1, 0, True) in ev
    assert len(s.hands[0]) == 2 + 4 and len(s.hands[1]) == 2
    assert s.turn == 1 and s.phase == Phase.PLAY and s.color == 2


def test_wild_draw_four_legal_wrong_challenger_draws_six_and_is_skipped():
    s = position(hands=["W+4 G1 B1", "B5 B6", "Y5 Y6"], top="R9")  # no red: legal
    s, _ = play(s, "P0:W+4=G")
    s, ev = play(s, "X1")
    assert ChallengeResolved(1, 0, False) in ev
    assert len(s.hands[1]) == 2 + 6 and s.turn == 2


def test_strict_plus4_rejected_with_a_card_of_the_current_colour():
    s = position(hands=["W+4 R1", "B5 B6"], top="R9", overrides={"wild_draw_four": "strict"})
    assert code(s, "P0:W+4=G") == "E_PLUS4_NOT_ALLOWED"
    s2 = position(hands=["W+4 G1", "B5 B6"], top="R9", overrides={"wild_draw_four": "strict"})
    s2, _ = play(s2, "P0:W+4=G")
    # strict: no challenge; the penalty is applied at once
    assert len(s2.hands[1]) == 6 and s2.turn == 0


def test_challenge_only_when_a_wild_draw_four_is_pending():
    s = position(hands=["R+2 R1", "B5 B6"], top="R9")
    assert code(s, "X0") == "E_NO_CHALLENGE"
    assert code(s, "A0") == "E_NO_PENALTY"


# --- drawing ---------------------------------------------------------------------------------

def test_draw_then_only_the_drawn_card_may_be_played():
    s = position(hands=["R1 G2", "B5 B6"], top="R9", draw="R5")
    s, _ = play(s, "D0")
    assert s.phase == Phase.DRAWN
    assert code(s, "P0:R1") == "E_ONLY_DRAWN_CARD"
    assert code(s, "D0") == "E_ALREADY_DREW"
    s, _ = play(s, "P0:R5")
    assert s.turn == 1


def test_draw_an_unplayable_card_ends_the_turn():
    s = position(hands=["R1 G2", "B5 B6"], top="R9", draw="Y7")
    s, ev = play(s, "D0")
    assert s.turn == 1 and "turn_passed" in kinds(ev)
    assert code(s, "K1") == "E_PASS_NOT_ALLOWED"


def test_keep_the_drawn_card():
    s = position(hands=["R1 G2", "B5 B6"], top="R9", draw="R5")
    s, _ = play(s, "D0", "K0")
    assert s.turn == 1 and len(s.hands[0]) == 3


# --- recycling the discard pile --------------------------------------------------------------

def test_empty_draw_pile_recycles_the_discard_pile_minus_its_top_preserving_counts():
    s = position(hands=["R1 R2", "B5 B6"], top="R9")
    # move every card of the draw pile into the discard pile under the top card
    s.discard = s.draw[::-1] + s.discard
    s.draw = []
    top = s.discard[-1]
    total = len(s.all_cards())
    s2, ev = play(s, "D0")
    reshuffles = [e for e in ev if e.kind == "pile_reshuffled"]
    assert len(reshuffles) == 1
    assert s2.discard == [top]
    assert len(s2.all_cards()) == total == 108
    assert sorted(reshuffles[0].order) == sorted(s.discard[:-1])


# --- UNO ------------------------------------------------------------------------------------

def test_uno_penalty_applied_once_and_only_once():
    s = position(hands=["R1 R2", "B5 B6", "Y5 Y6"], top="R9")
    s, _ = play(s, "P0:R1")  # forgot to call UNO
    s, ev = play(s, "C2>0")
    assert [e for e in ev if isinstance(e, CardsDrawn)][0].count == 2
    assert len(s.hands[0]) == 3
    assert code(s, "C1>0") == "E_NO_ONE_TO_CATCH"
    assert code(s, "C2>0") == "E_NO_ONE_TO_CATCH"


def test_uno_catch_window_closes_when_the_next_player_acts():
    s = position(hands=["R1 R2", "R5 B6", "Y5 Y6"], top="R9")
    s, _ = play(s, "P0:R1", "P1:R5")
    assert code(s, "C2>0") == "E_NO_ONE_TO_CATCH"


def test_calling_uno_protects():
    s = position(hands=["R1 R2", "B5 B6"], top="R9")
    s, ev = play(s, "P0:R1!")
    assert UnoCalled(0) in ev
    assert code(s, "C1>0") == "E_NO_ONE_TO_CATCH"
    s = position(hands=["R1 R2", "B5 B6"], top="R9")
    s, _ = play(s, "U0", "P0:R1")
    assert code(s, "C1>0") == "E_NO_ONE_TO_CATCH"


def test_late_uno_call_before_being_caught_protects():
    s = position(hands=["R1 R2", "B5 B6", "Y1 Y2"], top="R9")
    s, _ = play(s, "P0:R1", "U0")
    assert code(s, "C1>0") == "E_NO_ONE_TO_CATCH"


def test_uno_call_with_many_cards_is_refused():
    s = position(hands=["R1 R2 R3", "B5 B6"], top="R9")
    assert code(s, "U0") == "E_UNO_NOT_ALLOWED"
    assert code(s, "P0:R1!") == "E_UNO_NOT_ALLOWED"


def test_uno_off_in_duo_rules():
    s = position(hands=["R1 R2", "B5 B6"], top="R9", preset="duo-uno-subset")
    assert code(s, "U0") == "E_UNO_DISABLED"


@pytest.mark.parametrize("window, during_next_turn, after_next_turn", [
    ("next-action", False, False), ("next-turn-end", True, False), ("until-next-play", True, True),
])
def test_uno_catch_windows(window, during_next_turn, after_next_turn):
    s = position(hands=["R1 R2", "B5 B6 B7", "R3 Y6 Y7"], top="R9", draw="R4",
                 overrides={"uno_catch_window": window})
    s, _ = play(s, "P0:R1", "D1")  # seat 1 acts: draws a playable card, still its turn
    assert (code(s, "C2>0") == "OK_CATCH") == during_next_turn
    s, _ = play(s, "P1:R4")  # seat 1's turn is over
    assert (code(s, "C2>0") == "OK_CATCH") == after_next_turn


# --- turn and phase order of checks ----------------------------------------------------------

def test_not_your_turn():
    s = position(hands=["R1 R2", "R5 B6"], top="R9")
    v = check(s, parse_move("P1:R5"))
    assert v.code.value == "E_NOT_TURN" and v.detail == "It is your turn, not Bot 1's"
    assert code(s, "D1") == "E_NOT_TURN"


def test_card_not_owned():
    s = position(hands=["R1 R2", "R5 B6"], top="R9")
    assert code(s, "P0:R5") == "E_CARD_NOT_OWNED"


def test_bad_seat():
    s = position(hands=["R1 R2", "R5 B6"], top="R9")
    assert code(s, "P5:R5") == "E_BAD_SEAT"
