"""The options that give a table letsuno/uno-online's semantics where the engine's defaults
differ in a detail. Each scenario is written from letsuno's rule code
(``packages/shared/src/rules``, read 2026-11-27), never from this engine's output:

* ``misplay-penalty.ts``: a card that may not be played starts a 1-card penalty draw whose
  "next player" is the same player (``startPenaltyDraw(state, player, 1,
  state.currentPlayerIndex)``): the player keeps the turn; only on a normal turn
  (``state.phase !== 'playing'`` is left to other rules).
* ``finish-restrictions.ts``: a forbidden last card, on the player's own turn with no draw
  stack, costs one card drawn from the deck and nothing else (the turn stays); out of turn or
  with a draw stack pending it is refused (``return { handled: true, state }``).
"""

from __future__ import annotations

import pytest

from uno_web.core import Phase, check, legal_moves, parse_move
from uno_web.core.events import PenaltyApplied

from .scenario import code, play, position


def verdict(s, move):
    return check(s, parse_move(move))


# --- the misplay penalty keeps the turn --------------------------------------------------------

def test_a_misplay_with_keeps_turn_costs_the_cards_and_the_player_goes_on():
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", draw="G9 G8",
                 overrides={"misplay_penalty": 1, "misplay_keeps_turn": True})
    v = verdict(s, "P0:R5")
    assert v.code.value == "P_MISPLAY" and v.penalized
    s2, ev = play(s, "P0:R5")
    assert [e.reason for e in ev if isinstance(e, PenaltyApplied)] == ["misplay"]
    assert len(s2.hands[0]) == 4 and s2.discard[-1] == s.discard[-1]
    # letsuno: the penalty draw's next player is the same player: still seat 0's turn
    assert s2.turn == 0 and s2.phase == Phase.PLAY
    assert code(s2, "P0:B1") == "OK_PLAY"  # and a fitting card may be played now
    s3, _ = play(s2, "P0:B1")
    assert s3.turn == 1


def test_a_second_misplay_costs_again():
    s = position(hands=["R5 B1", "G1 G2", "Y5 Y6"], top="B9", draw="G9 G8 G7",
                 overrides={"misplay_penalty": 1, "misplay_keeps_turn": True})
    s, _ = play(s, "P0:R5", "P0:R5")
    assert len(s.hands[0]) == 4 and s.turn == 0


def test_keeps_turn_changes_nothing_without_a_misplay_penalty():
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9",
                 overrides={"misplay_keeps_turn": True})
    assert code(s, "P0:R5") == "E_NO_MATCH"


def test_by_default_a_misplay_still_ends_the_turn():
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", overrides={"misplay_penalty": 1})
    s, _ = play(s, "P0:R5")
    assert s.turn == 1


# --- a forbidden last card keeps the turn ------------------------------------------------------

@pytest.mark.parametrize("rule,card", [("no_wild_finish", "W=R"), ("no_draw_card_finish", "B+2")])
def test_a_forbidden_last_card_costs_one_card_and_the_turn_stays(rule, card):
    s = position(hands=[card.split("=")[0], "G1 G2", "Y5 Y6"], top="B9", draw="G9 G8",
                 overrides={rule: True, "finish_keeps_turn": True, "uno_call": False})
    assert code(s, f"P0:{card}") == "P_FINISH"
    s2, ev = play(s, f"P0:{card}")
    assert [e.reason for e in ev if isinstance(e, PenaltyApplied)] == ["finish"]
    assert len(s2.hands[0]) == 2 and s2.turn == 0 and s2.phase == Phase.PLAY
    assert s2.hands[1] == s.hands[1]  # a Draw Two held back makes nobody draw


def test_facing_a_draw_stack_a_forbidden_last_card_is_refused_without_cost():
    rules = {"no_draw_card_finish": True, "stack_draw_two_on_draw_two": True,
             "finish_keeps_turn": True, "uno_call": False}
    s = position(hands=["B+2 R1 R3", "G+2", "Y5 Y6"], top="B9", overrides=rules)
    s, _ = play(s, "P0:B+2")
    assert s.phase == Phase.PENALTY and s.turn == 1
    v = verdict(s, "P1:G+2")
    assert v.code.value == "E_FINISH_REFUSED" and not v.ok
    assert "draw card" in v.detail
    # default: the same play costs a card and the pending draw
    off = position(hands=["B+2 R1 R3", "G+2", "Y5 Y6"], top="B9",
                   overrides={k: v for k, v in rules.items() if k != "finish_keeps_turn"})
    off, _ = play(off, "P0:B+2")
    assert code(off, "P1:G+2") == "P_FINISH"


def test_out_of_turn_a_forbidden_last_card_is_refused_without_cost():
    rules = {"no_draw_card_finish": True, "jump_in": True, "finish_keeps_turn": True,
             "uno_call": False}
    s = position(hands=["B+2 R1 R3", "G1 G2", "Y5 Y6", "B+2"], top="B9", overrides=rules)
    s, _ = play(s, "P0:B+2")
    assert code(s, "P3:B+2") == "E_FINISH_REFUSED"
    assert parse_move("P3:B+2") not in legal_moves(s, 3)
