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


# --- catching: a self-catch and the time to catch ---------------------------------------------
# game-engine.ts handleCatchUno: the only conditions are on the target ("exactly 1 card", not
# calledUno, not unoCaught); the catcher is not compared with the target, so a player may catch
# themselves and draws the UNO penalty. No clock closes the chance: a player stays catchable as
# long as those three hold (drawCards clears calledUno/unoCaught when the hand grows).

def test_a_self_catch_costs_the_uno_penalty_under_self_catch():
    s = position(hands=["R1 R2", "B5 B6", "Y5 Y6"], top="R9", draw="G1 G2 G3 G4",
                 overrides={"self_catch": True, "uno_catch_window": "while-one-card"})
    s, _ = play(s, "P0:R1")  # no UNO call: seat 0 holds one card
    v = verdict(s, "C0>0")
    assert v.code.value == "P_SELF_CATCH" and v.penalized
    assert "2 cards" in v.detail
    assert parse_move("C0>0") not in legal_moves(s, 0)  # a charged mistake, never offered
    s2, ev = play(s, "C0>0")
    assert len(s2.hands[0]) == 3 and s2.turn == s.turn
    assert [(e.seat, e.reason) for e in ev if isinstance(e, PenaltyApplied)] == [(0, "uno")]
    assert code(s2, "C1>0") == "E_NO_ONE_TO_CATCH"  # paid for: nobody catches it again


def test_a_self_catch_is_refused_by_default_and_after_a_call():
    s = position(hands=["R1 R2", "B5 B6", "Y5 Y6"], top="R9")
    s, _ = play(s, "P0:R1")
    assert code(s, "C0>0") == "E_NO_ONE_TO_CATCH"
    on = position(hands=["R1 R2", "B5 B6", "Y5 Y6"], top="R9", overrides={"self_catch": True})
    on, _ = play(on, "P0:R1!")  # called: there is nothing to catch
    assert code(on, "C0>0") == "E_NO_ONE_TO_CATCH"


def test_while_one_card_keeps_a_player_catchable_after_others_move():
    rules = {"uno_catch_window": "while-one-card"}
    s = position(hands=["R1 R2", "R5 B6 B7", "R6 Y6 Y7"], top="R9", overrides=rules)
    s, _ = play(s, "P0:R1", "P1:R5", "P2:R6")
    assert code(s, "C1>0") == "OK_CATCH"  # two turns later: still one card, no call
    official = position(hands=["R1 R2", "R5 B6 B7", "R6 Y6 Y7"], top="R9")
    official, _ = play(official, "P0:R1", "P1:R5")
    assert code(official, "C2>0") == "E_NO_ONE_TO_CATCH"


def test_while_one_card_survives_the_players_own_pass_in_a_same_number_turn():
    # multi-play: the turn is kept while a card of the number is held; PASS ends it. The
    # player is still catchable afterwards (no rule closes it)
    rules = {"uno_catch_window": "while-one-card", "play_same_number": True}
    s = position(hands=["R5 G5 B5", "B6 B7 B8", "Y6 Y7"], top="R9", overrides=rules)
    s, _ = play(s, "P0:R5", "P0:G5")  # one card left (the blue 5), no call
    assert s.turn == 0 and s.chain_rank == 5
    s, _ = play(s, "K0")  # ends the turn, keeping the blue 5
    assert code(s, "C1>0") == "OK_CATCH"
    until = position(hands=["R5 G5 B5", "B6 B7 B8", "Y6 Y7"], top="R9",
                     overrides={**rules, "uno_catch_window": "until-next-play"})
    until, _ = play(until, "P0:R5", "P0:G5", "K0")
    assert code(until, "C1>0") == "E_NO_ONE_TO_CATCH"  # the engine's own pass closed it


# --- several cards of one number after a jump-in ----------------------------------------------
# jump-in.ts plays the jumper's card and sets currentPlayerIndex to the player after the jumper;
# multi-play.ts (postProcess) keeps the turn only for a card found in the hand of the player
# whose turn it was before the play, so a jump-in never starts a kept turn.

def test_a_jump_in_is_one_card_when_jump_in_same_number_is_off():
    rules = {"jump_in": True, "play_same_number": True, "uno_call": False}
    hands = ["R5 B1 B2", "B7 B8 B9", "R5 G5 Y3", "Y7 Y8 Y9"]
    s = position(hands=hands, top="R9", overrides={**rules, "jump_in_same_number": False})
    s, _ = play(s, "P0:R5")
    assert code(s, "P2:R5") == "OK_JUMP_IN"
    s, _ = play(s, "P2:R5")  # seat 2 still holds the green 5
    assert s.turn == 3 and s.chain_rank == -1
    assert code(s, "P2:G5") == "E_JUMP_IN_NOT_IDENTICAL"  # out of turn: only a jump-in
    # the default: the jump-in starts a same-number turn
    on = position(hands=hands, top="R9", overrides=rules)
    on, _ = play(on, "P0:R5", "P2:R5")
    assert on.turn == 2 and on.chain_rank == 5
