"""Issue 15's bug: with stacking on, a player facing a draw card they can answer, holding two
cards, may call UNO first (as with any other play of the second-to-last card)."""

from __future__ import annotations

from uno_web.core import Phase, check, parse_move

from .scenario import code, play, position


def test_call_uno_first_when_you_can_stack_with_two_cards() -> None:
    s = position(hands=["R+2 R1", "G+2 G1", "B5 B6"], top="R9",
                 overrides={"stack_draw_two_on_draw_two": True})
    s, _ = play(s, "P0:R+2")
    assert s.phase == Phase.PENALTY and s.turn == 1
    assert check(s, parse_move("U1")).ok  # was E_UNO_NOT_ALLOWED
    s, _ = play(s, "U1", "P1:G+2")
    assert s.called[1] and len(s.hands[1]) == 1
    assert code(s, "C0>1") == "E_NO_ONE_TO_CATCH"  # the call came in time: nobody can catch


def test_no_call_first_when_the_draw_card_cannot_be_answered() -> None:
    s = position(hands=["R+2 R1", "G5 G1", "B5 B6"], top="R9",
                 overrides={"stack_draw_two_on_draw_two": True})
    s, _ = play(s, "P0:R+2")
    assert code(s, "U1") == "E_UNO_NOT_ALLOWED"  # seat 1 must take the cards: no play is coming
    s = position(hands=["R+2 R1", "G+2 G1", "B5 B6"], top="R9")  # stacking off
    s, _ = play(s, "P0:R+2")
    assert s.phase != Phase.PENALTY or code(s, "U1") == "E_UNO_NOT_ALLOWED"
