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

import random

import pytest

from uno_web.core import Phase, check, legal_moves, parse_move
from uno_web.core.cards import IS_WILD
from uno_web.core.cards import card_str as card_text
from uno_web.core.events import PenaltyApplied

from uno_web.core.moves import MoveKind

from .scenario import C, code, play, position


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


# --- answers to a draw card: judged by the top card (draw_answers = top-card) ------------------
# deflection.ts: with a draw stack pending, a Reverse deflects when the *top card* is a Draw
# Two (reverseDeflectDrawTwo) or a Wild Draw Four (reverseDeflectDrawFour), whatever its
# colour; a Skip (skipDeflect) passes any stack on, whatever its colour. stacking.ts case (a):
# a stack needs a draw card of the right kind on top. game-engine.ts: a Draw Two starts a stack
# only when canStartDrawStack (stackDrawTwo or crossStack), otherwise startPenaltyDraw makes the
# next player draw at once. In the Wild Draw Four's challenge phase a Reverse makes the Wild
# Draw Four's player draw 4 at once, a Skip the player after the skipper.

TOP = {"draw_answers": "top-card"}


def test_a_reverse_of_any_colour_sends_back_a_draw_two_on_top():
    rules = {**TOP, "stack_draw_two_on_draw_two": True, "reverse_returns_draw_two": True}
    s = position(hands=["R+2 R1 R3", "BR B1 B2", "Y5 Y6"], top="R9", overrides=rules)
    s, _ = play(s, "P0:R+2")
    assert code(s, "P1:BR") == "OK_DEFLECT"  # a blue Reverse on a red Draw Two
    s, _ = play(s, "P1:BR")
    assert s.phase == Phase.PENALTY and s.turn == 0 and s.pending == 2 and s.direction == -1
    # pending-card (default): the Reverse must match the pile
    off = position(hands=["R+2 R1 R3", "BR B1 B2", "Y5 Y6"], top="R9",
                   overrides={k: v for k, v in rules.items() if k != "draw_answers"})
    off, _ = play(off, "P0:R+2")
    assert code(off, "P1:BR") == "E_NO_MATCH"


def test_after_a_reverse_only_a_skip_answers():
    rules = {**TOP, "stack_draw_two_on_draw_two": True, "reverse_returns_draw_two": True,
             "skip_passes_penalty": True}
    s = position(hands=["R+2 G+2 GR GS R1", "BR B1 B2", "Y5 Y6"], top="R9", overrides=rules)
    s, _ = play(s, "P0:R+2", "P1:BR")
    assert s.turn == 0
    assert code(s, "P0:G+2") == "E_PENALTY_NOT_ANSWERED"  # the top card is a Reverse
    assert code(s, "P0:GR") == "E_PENALTY_NOT_ANSWERED"
    assert code(s, "P0:GS") == "OK_DEFLECT"
    s2, _ = play(s, "P0:GS")
    assert s2.phase == Phase.PENALTY and s2.pending == 2 and s2.turn == 2  # (direction -1)
    # pending-card: the Draw Two under the Reverse is what is answered, so it stacks
    off = position(hands=["R+2 R+2 GS R1", "RR B1 B2", "Y5 Y6"], top="R9",
                   overrides={k: v for k, v in rules.items() if k != "draw_answers"})
    off, _ = play(off, "P0:R+2", "P1:RR")
    assert code(off, "P0:R+2") == "OK_STACK"


def test_a_skip_of_any_colour_passes_a_stack_on():
    rules = {**TOP, "stack_draw_two_on_draw_two": True, "skip_passes_penalty": True}
    s = position(hands=["R+2 R1 R3", "BS B1 B2", "Y5 Y6"], top="R9", overrides=rules)
    s, _ = play(s, "P0:R+2")
    assert code(s, "P1:BS") == "OK_DEFLECT"
    s, _ = play(s, "P1:BS")
    assert s.turn == 2 and s.pending == 2 and s.phase == Phase.PENALTY


def test_without_stacking_a_draw_two_is_drawn_at_once_even_with_deflection_on():
    rules = {**TOP, "reverse_returns_draw_two": True, "skip_passes_penalty": True}
    s = position(hands=["R+2 R1 R3", "RR RS B2", "Y5 Y6"], top="R9", overrides=rules)
    s, _ = play(s, "P0:R+2")
    assert s.phase == Phase.PLAY and len(s.hands[1]) == 5 and s.turn == 2
    off = position(hands=["R+2 R1 R3", "RR RS B2", "Y5 Y6"], top="R9",
                   overrides={k: v for k, v in rules.items() if k != "draw_answers"})
    off, _ = play(off, "P0:R+2")
    assert off.phase == Phase.PENALTY and code(off, "P1:RR") == "OK_DEFLECT"


def test_in_the_challenge_window_a_reverse_makes_the_wild_draw_four_player_draw_at_once():
    rules = {**TOP, "reverse_returns_draw_four": True}
    s = position(hands=["W+4 R1 R3", "GR B1 B2", "Y5 Y6 Y7"], top="R9", overrides=rules)
    s, _ = play(s, "P0:W+4=B")
    assert s.phase == Phase.PENALTY and s.turn == 1  # the challenge window
    assert code(s, "P1:GR") == "OK_DEFLECT"  # any colour: the top is a Wild Draw Four
    s, ev = play(s, "P1:GR")
    assert len(s.hands[0]) == 2 + 4 and s.pending == 0 and s.phase == Phase.PLAY
    assert [(e.seat, e.count) for e in ev if isinstance(e, PenaltyApplied)] == [(0, 4)]
    assert s.direction == -1 and s.turn == 2  # after the drawer, the other way round


def test_in_the_challenge_window_a_skip_makes_the_next_player_draw_at_once():
    rules = {**TOP, "skip_passes_penalty": True}
    s = position(hands=["W+4 R1 R3", "GS B1 B2", "Y5 Y6 Y7", "G1 G2"], top="R9",
                 overrides=rules)
    s, _ = play(s, "P0:W+4=B", "P1:GS")
    assert len(s.hands[2]) == 3 + 4 and s.pending == 0 and s.turn == 3
    # pending-card: the penalty waits for seat 2's answer
    off = position(hands=["W+4 R1 R3", "BS B1 B2", "Y5 Y6 Y7", "G1 G2"], top="R9",
                   overrides={"skip_passes_penalty": True})
    off, _ = play(off, "P0:W+4=B", "P1:BS")
    assert off.phase == Phase.PENALTY and off.turn == 2 and off.pending == 4


def test_an_unchallengeable_wild_draw_four_is_drawn_at_once():
    # no-challenge-wild-four.ts: choosing the colour starts the 4-card draw at once
    rules = {**TOP, "wild_draw_four": "anytime", "stack_draw_four_on_draw_four": True}
    s = position(hands=["W+4 R1 R3", "W+4 B1 B2", "Y5 Y6 Y7"], top="R9", overrides=rules)
    s, _ = play(s, "P0:W+4=B")
    assert len(s.hands[1]) == 3 + 4 and s.turn == 2 and s.phase == Phase.PLAY


def test_a_wild_draw_four_stacked_on_a_draw_two_goes_on_and_cannot_be_challenged():
    rules = {**TOP, "wild_draw_four": "challenge", "stack_draw_two_on_draw_two": True,
             "stack_draw_four_on_draw_two": True, "stack_draw_two_on_draw_four": True}
    s = position(hands=["R+2 R1 R3", "W+4 B1 B2", "G+2 Y6 Y7"], top="R9", overrides=rules)
    s, _ = play(s, "P0:R+2", "P1:W+4=B")
    assert s.phase == Phase.PENALTY and s.turn == 2 and s.pending == 6
    assert code(s, "X2") == "E_NO_CHALLENGE"
    assert code(s, "P2:G+2") == "OK_STACK"  # a green Draw Two on a Wild Draw Four named blue


# --- the fast path plays move by move (the batched engine's refusals: tests/batched) ----------

def test_the_fast_playout_plays_top_card_answers_through_the_engine():
    import random

    from uno_web.core import RuleSet, new_game, simulate

    rules = RuleSet(draw_answers="top-card", stack_draw_two_on_draw_two=True,
                    reverse_returns_draw_two=True, skip_passes_penalty=True)
    for seed in range(3):
        a, b = new_game(rules, 3, seed), new_game(rules, 3, seed)
        simulate.random_playout(a, random.Random(seed))
        simulate.random_playout(b, random.Random(seed), fused=False)
        assert a.snapshot() == b.snapshot() and a.phase >= Phase.ROUND_OVER


# multi-play.ts keeps the turn after a number card while the player holds another of that
# number; the next PLAY_CARD is judged by canPlayCard (colour, symbol or wild), not by the
# number; PASS on a number on top ends the kept turn.

def test_any_card_a_kept_turn_takes_any_card_that_fits():
    rules = {"play_same_number": True, "same_number_turn": "any-card", "uno_call": False}
    s = position(hands=["R5 G5 R7 B1", "B6 B7 B8", "Y6 Y7"], top="R9", overrides=rules)
    s, _ = play(s, "P0:R5")
    assert s.turn == 0 and s.chain_rank == 5  # the green 5 is held: the turn stays
    assert code(s, "P0:R7") == "OK_PLAY"  # red on red
    assert code(s, "P0:B1") == "E_NO_MATCH"
    assert code(s, "K0") == "OK_PASS"
    s2, _ = play(s, "P0:R7")  # no other 7: the turn moves on
    assert s2.turn == 1 and s2.chain_rank == -1
    same = position(hands=["R5 G5 R7 B1", "B6 B7 B8", "Y6 Y7"], top="R9",
                    overrides={**rules, "same_number_turn": "same-number"})
    same, _ = play(same, "P0:R5")
    assert code(same, "P0:R7") == "E_SAME_NUMBER_ONLY"


# --- the presets: letsuno's party and crazy presets, key by key --------------------------------
# house-rules.ts HOUSE_RULES_PRESETS, and what each key is here. Keys not in a preset are off
# (DEFAULT_HOUSE_RULES); the default room has targetScore 1000 (constants/scoring.ts).
LETSUNO_KEYS = {
    "stackDrawTwo": {"stack_draw_two_on_draw_two": True},
    "stackDrawFour": {"stack_draw_four_on_draw_four": True},
    "crossStack": {"stack_draw_two_on_draw_four": True, "stack_draw_four_on_draw_two": True},
    "reverseDeflectDrawTwo": {"reverse_returns_draw_two": True},
    "reverseDeflectDrawFour": {"reverse_returns_draw_four": True},
    "skipDeflect": {"skip_passes_penalty": True},
    "zeroRotateHands": {"zero_rotate": True},
    "sevenSwapHands": {"seven_swap": True},
    "jumpIn": {"jump_in": True},
    "multiplePlaySameNumber": {"play_same_number": True},
    # draw-until-playable.ts: a DRAW_CARD is refused while a card in hand fits
    "drawUntilPlayable": {"draw_to_match": True, "may_draw_when_playable": False},
    "forcedPlayAfterDraw": {"forced_play": True},
    "doubleScore": {"double_score": True},
    "noChallengeWildFour": {"wild_draw_four": "anytime"},
}
LETSUNO_PRESETS = {
    "classic": [],
    "party": ["stackDrawTwo", "stackDrawFour", "zeroRotateHands", "sevenSwapHands", "jumpIn",
              "drawUntilPlayable"],
    "crazy": ["stackDrawTwo", "stackDrawFour", "crossStack", "reverseDeflectDrawTwo",
              "reverseDeflectDrawFour", "skipDeflect", "zeroRotateHands", "sevenSwapHands",
              "jumpIn", "multiplePlaySameNumber", "drawUntilPlayable", "forcedPlayAfterDraw",
              "doubleScore", "noChallengeWildFour"],
}
# letsuno's engine itself (no house rule on): setup.ts replaces a Wild or Wild Draw Four turned
# up first; handleCatchUno has no clock and no catcher check; the semantics options above
# (jump-in.ts: the window and the twin of a wild; handleCallUno: a card that fits)
ENGINE = {"first_card": "redraw-wild", "uno_catch_window": "while-one-card", "self_catch": True,
          "draw_answers": "top-card", "misplay_keeps_turn": True, "finish_keeps_turn": True,
          "jump_in_same_number": False, "same_number_turn": "any-card", "target_score": 1000,
          "jump_in_window": "while-on-top", "jump_in_wild": True, "uno_call_needs_fit": True,
          "misplay_may_pass": True, "after_draw_play": "any-card", "uno_repeat_call": True,
          "draw_lapses": True, "misplay_after_draw": True, "forced_play_at_once": True,
          "penalty_draw": "one-by-one", "draw_takes_penalty": True, "draw_then_pass": True,
          "draw_on_last_card": False}


@pytest.mark.parametrize("name", ["classic", "party", "crazy"])
def test_the_presets_are_letsunos_key_by_key(name):
    from uno_web.core import PRESETS

    want = dict(ENGINE)
    for key in LETSUNO_PRESETS[name]:
        want.update(LETSUNO_KEYS[key])
    assert PRESETS[f"letsuno-{name}"].changed_fields() == want


def test_crazy_a_fresh_wild_draw_four_is_owed_at_once_and_a_draw_two_can_be_deflected():
    s = position(hands=["W+4 R1 R3", "W+4 RR B2", "Y5 Y6 Y7"], top="R9",
                 preset="letsuno-crazy")
    s, _ = play(s, "P0:W+4=B")  # noChallengeWildFour: seat 1 owes 4 at once, no stacking
    assert s.turn == 1 and s.owed == 4 and s.phase == Phase.PLAY  # drawn one per move
    assert code(s, "P1:W+4=R") == "E_PENALTY_DRAWS_LEFT"
    s, _ = play(s, "D1", "D1", "D1", "D1")
    assert len(s.hands[1]) == 7 and s.turn == 2 and s.phase == Phase.PLAY
    s = position(hands=["R+2 R1 R3", "GR B1 B2", "Y5 Y6 Y7"], top="R9", preset="letsuno-crazy")
    s, _ = play(s, "P0:R+2", "P1:GR")  # a green Reverse sends a red Draw Two back
    assert s.turn == 0 and s.pending == 2 and s.phase == Phase.PENALTY


def test_party_a_draw_is_refused_while_a_card_fits():
    s = position(hands=["R1 B3", "B1 B2", "Y5 Y6 Y7"], top="R9", preset="letsuno-party")
    assert code(s, "D0") == "E_MUST_PLAY"


def test_a_letsuno_game_with_charged_moves_replays_from_its_log():
    """Misplays that keep the turn (and a self-catch, when one comes) are logged and validated
    like any other move."""
    from uno_web.core import PRESETS
    from uno_web.core.gamelog import GameRecorder, validate_log

    rules = PRESETS["letsuno-crazy"].model_copy(update={"misplay_penalty": 1})
    rec = GameRecorder(rules, 3, 11)
    rng = random.Random(11)
    charged = 0
    for _ in range(400):
        s = rec.state
        if s.phase >= Phase.ROUND_OVER:
            break
        seat = s.turn
        hand = s.hands[seat]
        if s.phase == Phase.PLAY and s.chain_rank < 0 and charged < 3:
            wrong = [c for c in hand if not IS_WILD[c]
                     and check(s, parse_move(f"P{seat}:{card_text(c)}")).penalized]
            if wrong:
                rec.apply(parse_move(f"P{seat}:{card_text(wrong[0])}"))
                charged += 1
                assert rec.state.turn == seat  # misplay_keeps_turn
                continue
        if len(hand) == 1 and not s.called[seat] and check(s, parse_move(f"C{seat}>{seat}")).penalized:
            rec.apply(parse_move(f"C{seat}>{seat}"))
            charged += 1
            continue
        moves = legal_moves(s, seat)
        rec.apply(moves[int(rng.random() * len(moves))])
    assert charged >= 1
    report = validate_log(rec.to_json())
    assert report.valid, report.failure


# --- the jump-in window: while the card is on top ----------------------------------------------
# jump-in.ts preCheck: a PLAY_CARD by a player who is not on turn is a jump-in when the phase is
# 'playing', no penalty draw is pending (pendingPenaltyDraws, drawStack) and the card is an
# exact match of the top card (isExactJumpInMatch). Nothing else is asked: not who acted last,
# so a draw or a pass by the next player leaves the chance open; 'choosing_color' and
# 'challenging' close it, and a penalty once paid opens it again (the card is still on top).
# setup.ts leaves a round in 'playing' after the first card, so it may be jumped in on too.

ON_TOP = {"jump_in": True, "jump_in_window": "while-on-top", "uno_call": False}


def test_while_on_top_a_jump_in_survives_the_next_players_draw_and_pass():
    hands = ["R5 B1 B2", "G1 G2", "Y3 Y4", "R5 Y5 Y6"]
    s = position(hands=hands, top="R9", draw="R8 G8", overrides=ON_TOP)
    s, _ = play(s, "P0:R5", "D1")  # seat 1 has nothing red or 5: it draws (a red 8)
    assert s.phase == Phase.DRAWN and s.turn == 1
    assert code(s, "P3:R5") == "OK_JUMP_IN"
    assert parse_move("P3:R5") in legal_moves(s, 3)
    s2, _ = play(s, "K1", "P3:R5")  # after the pass too; play goes on after seat 3
    assert s2.turn == 0 and s2.discard[-1] == s.discard[-1] and len(s2.hands[3]) == 2
    # next-action (default): the draw closed it
    off = position(hands=hands, top="R9", draw="R8 G8", overrides={"jump_in": True,
                                                                   "uno_call": False})
    off, _ = play(off, "P0:R5", "D1")
    v = verdict(off, "P3:R5")
    assert v.code.value == "E_JUMP_IN_NOT_ALLOWED" and "right after" in v.detail


def test_while_on_top_no_jump_in_while_a_draw_penalty_waits_then_again_once_paid():
    rules = {**ON_TOP, "stack_draw_two_on_draw_two": True}
    hands = ["R+2 B1 B2", "G1 G2", "Y3 Y4", "R+2 Y5 Y6"]
    s = position(hands=hands, top="R9", draw="G9 G8 G7 G6", overrides=rules)
    s, _ = play(s, "P0:R+2")
    assert s.phase == Phase.PENALTY and s.turn == 1
    v = verdict(s, "P3:R+2")
    assert v.code.value == "E_JUMP_IN_NOT_ALLOWED" and "penalty" in v.detail
    assert parse_move("P3:R+2") not in legal_moves(s, 3)
    s, _ = play(s, "A1")  # seat 1 draws 2; seat 2 is on turn; the Draw Two is still on top
    assert s.turn == 2 and len(s.hands[1]) == 4
    assert code(s, "P3:R+2") == "OK_JUMP_IN"
    s, _ = play(s, "P3:R+2")  # the jumper's Draw Two hits the player after the jumper
    assert s.turn == 0 and s.phase == Phase.PENALTY and s.pending == 2
    off = position(hands=hands, top="R9", draw="G9 G8 G7 G6",
                   overrides={k: v for k, v in rules.items() if k != "jump_in_window"})
    off, _ = play(off, "P0:R+2", "A1")
    assert code(off, "P3:R+2") == "E_JUMP_IN_NOT_ALLOWED"


def test_while_on_top_the_first_card_turned_up_may_be_jumped_in_on():
    from uno_web.core import new_game
    from uno_web.core.rules import RuleSet

    rules = RuleSet(jump_in=True, jump_in_window="while-on-top", first_card="redraw-until-number")
    found = 0
    for seed in range(300):
        s = new_game(rules, 4, seed)
        top = s.discard[-1]
        for seat in range(4):
            if seat != s.turn and top in s.hands[seat]:
                assert code(s, f"P{seat}:{card_text(top)}") == "OK_JUMP_IN"
                found += 1
                official = new_game(RuleSet(jump_in=True, first_card="redraw-until-number"), 4,
                                    seed)
                assert code(official, f"P{seat}:{card_text(top)}") == "E_JUMP_IN_NOT_ALLOWED"
    assert found >= 3


# --- a wild on its twin -----------------------------------------------------------------------
# isExactJumpInMatch compares type and colour (a wild card has none) and, for numbers, the
# value: a Wild matches any Wild and a Wild Draw Four any Wild Draw Four; the jumper names the
# colour; a Wild Draw Four jumped in goes to 'challenging' with the player after the jumper as
# the one to draw (pendingDrawPlayerId).

TWIN = {"jump_in": True, "jump_in_wild": True, "uno_call": False}


def test_a_wild_may_be_jumped_in_on_a_wild_with_jump_in_wild():
    hands = ["W B1 B2", "G1 G2", "W W+4 Y4", "Y5 Y6"]
    s = position(hands=hands, top="R9", overrides=TWIN)
    s, _ = play(s, "P0:W=G")
    assert code(s, "P2:W+4=B") == "E_JUMP_IN_NOT_IDENTICAL"  # not the same kind of wild
    assert code(s, "P2:W=B") == "OK_JUMP_IN"
    assert parse_move("P2:W=B") in legal_moves(s, 2)
    s, _ = play(s, "P2:W=B")
    assert s.color == parse_move("P2:W=B").color and s.turn == 3
    off = position(hands=hands, top="R9", overrides={"jump_in": True, "uno_call": False})
    off, _ = play(off, "P0:W=G")
    v = verdict(off, "P2:W=B")
    assert v.code.value == "E_JUMP_IN_NOT_IDENTICAL" and "coloured" in v.detail


def test_a_wild_draw_four_jumped_in_makes_the_player_after_the_jumper_draw():
    rules = {**TWIN, "jump_in_window": "while-on-top"}
    hands = ["W+4 B1 B2", "G1 G2", "Y3 Y4", "W+4 Y5 Y6"]
    s = position(hands=hands, top="R9", draw="G9 G8 G7 G6 G5 G4 G3 G2", overrides=rules)
    s, _ = play(s, "P0:W+4=G")  # the challenge window: no jump-in ('challenging')
    assert s.phase == Phase.PENALTY and code(s, "P3:W+4=B") == "E_JUMP_IN_NOT_ALLOWED"
    s, _ = play(s, "A1")
    assert s.turn == 2 and len(s.hands[1]) == 6
    assert code(s, "P3:W+4=B") == "OK_JUMP_IN"
    s, _ = play(s, "P3:W+4=B")
    assert s.turn == 0 and s.phase == Phase.PENALTY and s.pending == 4 and s.plus4_by == 3


def test_the_colour_still_to_be_chosen_closes_the_window():
    rules = {**TWIN, "jump_in_window": "while-on-top"}
    # a Wild turned up first (first_card = official): its colour is the first player's to name
    s = position(hands=["B1 B2", "G1 G2", "W Y3 Y4"], top="W", phase="choose-color",
                 jump_window=True, overrides=rules)
    assert s.phase == Phase.CHOOSE_COLOR
    v = verdict(s, "P2:W=B")
    assert v.code.value == "E_JUMP_IN_NOT_ALLOWED" and "colour" in v.detail
    s, _ = play(s, "O0=G")
    assert code(s, "P2:W=B") == "OK_JUMP_IN"


# --- an UNO call with two cards needs a card that fits -----------------------------------------
# handleCallUno: with two cards (strictUnoCall off) the call is accepted only from the player on
# turn who holds a card that canPlayCard on the top card and colour (facing a draw stack, one
# that may answer it); otherwise the state is returned unchanged.

@pytest.mark.parametrize("hand,fits", [("G1 G2", False), ("G1 R2", True), ("G1 Y9", True),
                                       ("G1 W", True)])
def test_an_uno_call_with_two_cards_needs_a_card_that_fits(hand, fits):
    s = position(hands=[hand, "B1 B2 B3", "Y5 Y6 Y7"], top="R9",
                 overrides={"uno_call_needs_fit": True})
    v = verdict(s, "U0")
    assert v.ok is fits
    assert (parse_move("U0") in legal_moves(s, 0)) is fits
    if not fits:
        assert v.code.value == "E_UNO_NOT_ALLOWED" and "neither fits" in v.detail
    default = position(hands=[hand, "B1 B2 B3", "Y5 Y6 Y7"], top="R9")
    assert code(default, "U0") == "OK_UNO"


def test_an_uno_call_with_one_card_needs_nothing_and_strict_timing_still_wins():
    s = position(hands=["G1", "B1 B2 B3", "Y5 Y6 Y7"], top="R9", turn=1,
                 overrides={"uno_call_needs_fit": True})
    assert code(s, "U0") == "OK_UNO"
    strict = position(hands=["R1 R2", "B1 B2 B3", "Y5 Y6 Y7"], top="R9",
                      overrides={"uno_call_needs_fit": True, "uno_call_with_two": False})
    assert code(strict, "U0") == "E_UNO_NOT_ALLOWED"


# --- ending the turn after a misplay -----------------------------------------------------------
# misplay-penalty.ts charges a misplay with startPenaltyDraw(state, player, 1,
# currentPlayerIndex): the player pays it with a DRAW_CARD of their own and stays on turn.
# handlePass accepts a PASS from the player whose last action was a DRAW_CARD, so the turn may
# end right after the penalty; draw-until-playable.ts refuses that PASS while no card fits (and
# refuses a DRAW while one does).

PASS_AFTER = {"misplay_penalty": 1, "misplay_keeps_turn": True, "misplay_may_pass": True,
              "uno_call": False}


def test_after_a_misplay_penalty_the_turn_may_end_at_once():
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", draw="G9 G8", overrides=PASS_AFTER)
    s, _ = play(s, "P0:R5")
    assert s.turn == 0 and s.phase == Phase.PLAY
    moves = legal_moves(s, 0)
    assert parse_move("K0") in moves and parse_move("D0") in moves
    assert parse_move("P0:B1") in moves
    assert code(s, "K0") == "OK_PASS"
    s2, _ = play(s, "K0")
    assert s2.turn == 1 and len(s2.hands[0]) == 4
    # or a card that fits, as before
    s3, _ = play(s, "P0:B1")
    assert s3.turn == 1
    # without the option the turn may not end there
    off = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", draw="G9 G8",
                   overrides={k: v for k, v in PASS_AFTER.items() if k != "misplay_may_pass"})
    off, _ = play(off, "P0:R5")
    assert code(off, "K0") == "E_PASS_NOT_ALLOWED"
    assert parse_move("K0") not in legal_moves(off, 0)


def test_a_pass_before_any_misplay_is_still_refused():
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", overrides=PASS_AFTER)
    assert code(s, "K0") == "E_PASS_NOT_ALLOWED"


def test_drawing_until_playable_the_pass_after_a_misplay_needs_a_card_that_fits():
    rules = {**PASS_AFTER, "may_draw_when_playable": False, "draw_to_match": True}
    # a card fits (the blue 1): end the turn or play, but no draw
    s = position(hands=["R5 B1 G2", "G1 G2", "Y5 Y6"], top="B9", draw="Y9 Y8", overrides=rules)
    s, _ = play(s, "P0:R5")
    assert code(s, "K0") == "OK_PASS" and code(s, "D0") == "E_MUST_PLAY"
    # nothing fits (the penalty card neither): draw, no pass
    s = position(hands=["R5 G1 G2", "G3 G4", "Y5 Y6"], top="B9", draw="Y7 B8 Y6",
                 overrides=rules)
    s, _ = play(s, "P0:R5")
    v = verdict(s, "K0")
    assert v.code.value == "E_PASS_NOT_ALLOWED" and "must draw" in v.detail
    assert parse_move("K0") not in legal_moves(s, 0)
    assert code(s, "D0") == "OK_DRAW"
    s, _ = play(s, "D0")  # draws until the blue 8 fits: then play it or keep it
    assert s.phase == Phase.DRAWN and code(s, "K0") == "OK_PASS"


def test_the_penalty_cards_a_turn_may_end_after_survive_a_position():
    from uno_web.core.position import build_state, position_from_state

    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", draw="G9 G8",
                 overrides=PASS_AFTER)
    s, _ = play(s, "P0:R5")
    back = build_state(position_from_state(s))
    assert back.drawn == s.drawn and code(back, "K0") == "OK_PASS"


# --- after a draw: any card that fits ----------------------------------------------------------
# handlePlayCard asks the phase, that no penalty draw is pending, the turn and canPlayCard on the
# top card; it never asks what was drawn, so after a DRAW_CARD any card of the hand that fits
# may be played (and handlePass lets the player keep everything instead).

ANY = {"after_draw_play": "any-card", "uno_call": False}


def test_after_a_draw_any_card_that_fits_may_be_played():
    hands = ["R5 B1 B2", "G1 G2", "Y5 Y6"]
    s = position(hands=hands, top="R9", draw="R8 G8", overrides=ANY)
    s, _ = play(s, "D0")  # (drawing with a red 5 in hand: may_draw_when_playable)
    assert s.phase == Phase.DRAWN and s.drawn == [parse_move("P0:R8").card]
    assert code(s, "P0:R5") == "OK_PLAY"
    assert parse_move("P0:R5") in legal_moves(s, 0)
    assert code(s, "P0:B1") == "E_NO_MATCH"
    assert code(s, "K0") == "OK_PASS"
    s2, _ = play(s, "P0:R5")
    assert s2.turn == 1 and len(s2.hands[0]) == 3
    official = position(hands=hands, top="R9", draw="R8 G8", overrides={"uno_call": False})
    official, _ = play(official, "D0")
    assert code(official, "P0:R5") == "E_ONLY_DRAWN_CARD"


def test_after_a_draw_that_does_not_fit_the_turn_waits_while_another_card_fits():
    hands = ["R5 B1 B2", "G1 G2", "Y5 Y6"]
    s = position(hands=hands, top="R9", draw="G8 G7", overrides=ANY)
    s, _ = play(s, "D0")
    assert s.turn == 0 and s.phase == Phase.DRAWN and code(s, "P0:R5") == "OK_PLAY"
    official = position(hands=hands, top="R9", draw="G8 G7", overrides={"uno_call": False})
    official, _ = play(official, "D0")
    assert official.turn == 1  # the drawn card does not fit: the turn is over


def test_forced_play_still_concerns_the_drawn_card():
    rules = {**ANY, "forced_play": True}
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="R9", draw="R8 G8", overrides=rules)
    s, _ = play(s, "D0")
    assert code(s, "K0") == "E_MUST_PLAY_DRAWN"
    assert parse_move("K0") not in legal_moves(s, 0)
    assert code(s, "P0:R5") == "OK_PLAY"
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="R9", draw="G8 G7", overrides=rules)
    s, _ = play(s, "D0")  # a green 8 that does not fit: it may be kept
    assert code(s, "K0") == "OK_PASS" and parse_move("K0") in legal_moves(s, 0)


@pytest.mark.parametrize("name", ["letsuno-party", "letsuno-crazy"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_presets_with_charged_mistakes_keep_check_and_the_move_list_together(name, seed):
    """Jump-ins while the card is on top, a wild on its twin, passes after a misplay and plays
    after a draw: ``check`` and ``legal_moves`` agree on every seat at every step, and the log
    validates (the property test's game, with misplays and false catches charged)."""
    from uno_web.core import PRESETS
    from uno_web.core.gamelog import validate_log

    from .test_properties import run_game

    rules = PRESETS[name].model_copy(update={"misplay_penalty": 1, "false_catch_penalty": 1})
    rec = run_game(rules, 2 + seed, seed, max_actions=300)
    report = validate_log(rec.to_json())
    assert report.valid, report.failure


# --- a repeated UNO call -----------------------------------------------------------------------
# game-engine.ts handleCallUno: the call is refused only for a caught player (unoCaught) or one
# paying an UNO penalty; canCallUno asks the hand (one card; or two on the player's own turn
# with one that fits, without strictUnoCall), never whether calledUno is already set, and the
# call only sets calledUno = true again: accepted, and nothing changes.

REPEAT = {"uno_repeat_call": True}


def test_a_repeated_call_with_one_card_is_accepted_and_changes_nothing():
    from uno_web.core.events import UnoCalled

    s = position(hands=["R3", "Y7 Y8", "B1 B2"], top="R2", turn=1, called=[0], overrides=REPEAT)
    v = verdict(s, "U0")
    assert v.code.value == "OK_UNO" and not v.penalized and "again" in v.message
    assert parse_move("U0") in legal_moves(s, 0)
    s2, ev = play(s, "U0")
    assert [type(e) for e in ev] == [UnoCalled]
    assert (s2.hands, s2.turn, s2.phase, s2.called, s2.discard, s2.draw) == (
        s.hands, s.turn, s.phase, s.called, s.discard, s.draw)
    assert code(s2, "C1>0") == "E_NO_ONE_TO_CATCH"  # still called: nothing to catch


def test_a_repeated_call_is_refused_by_default_and_never_charged():
    s = position(hands=["R3", "Y7 Y8", "B1 B2"], top="R2", turn=1, called=[0],
                 overrides={"false_uno_penalty": 2})
    v = verdict(s, "U0")
    assert v.code.value == "E_UNO_NOT_ALLOWED" and not v.ok
    assert parse_move("U0") not in legal_moves(s, 0)


def test_a_repeated_call_needs_what_a_first_call_needs():
    # two cards on the player's own turn: letsuno's canCallUno, with a card that fits
    rules = {**REPEAT, "uno_call_needs_fit": True}
    s = position(hands=["R3 G4", "Y7 Y8"], top="R2", called=[0], overrides=rules)
    assert code(s, "U0") == "OK_UNO"
    s = position(hands=["B3 G4", "Y7 Y8"], top="R2", called=[0], overrides=rules)
    assert code(s, "U0") == "E_UNO_NOT_ALLOWED"  # neither fits: no call, first or repeated
    # two cards, not on turn: no call at all
    s = position(hands=["R3 G4", "Y7 Y8"], top="R2", turn=1, called=[0], overrides=rules)
    assert code(s, "U0") == "E_UNO_NOT_ALLOWED"


def test_a_play_that_leaves_one_card_may_repeat_a_call_made_with_two():
    s = position(hands=["R3 G4", "Y7 Y8"], top="R2", called=[0], overrides=REPEAT)
    assert code(s, "P0:R3!") == "OK_PLAY"
    assert parse_move("P0:R3!") in legal_moves(s, 0)
    s2, _ = play(s, "P0:R3!")
    assert s2.called[0] and code(s2, "C1>0") == "E_NO_ONE_TO_CATCH"
    off = position(hands=["R3 G4", "Y7 Y8"], top="R2", called=[0])
    assert code(off, "P0:R3!") == "E_UNO_NOT_ALLOWED"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_do_not_call_again(level):
    """A listed repeated call changes nothing: a bot that took it would call for ever."""
    import random as _random

    from uno_web.ai import make_bot
    from uno_web.core import observe
    from uno_web.core.moves import MoveKind

    s = position(hands=["R3", "R7 Y8", "B1 B2"], top="R2", turn=1, called=[0], overrides=REPEAT)
    bot = make_bot(level)
    moves = legal_moves(s, 0)
    assert any(m.kind == MoveKind.CALL_UNO for m in moves)
    got = bot.react(observe(s, 0), moves, _random.Random(1))
    assert got is None or got.kind != MoveKind.CALL_UNO
    # on its own turn, holding its one called card, it plays it
    s = position(hands=["R3", "Y7 Y8"], top="R2", called=[0], overrides=REPEAT)
    moves = legal_moves(s, 0)
    assert bot.choose(observe(s, 0), moves, _random.Random(1)).kind == MoveKind.PLAY


# --- a call or a catch undoes the turn player's draw ------------------------------------------
# game-engine.ts handlePass: with cards left to draw, a PASS needs state.lastAction to be the
# passing player's own DRAW_CARD; house-rules-engine.ts refuses a DRAW_CARD while the last
# action is the same player's DRAW_CARD (no penalty pending). Every accepted action sets
# lastAction: after a CALL_UNO or a CATCH_UNO (by anybody, the turn player too) the player's
# draw is no longer the last action, so the pass is refused and a draw is allowed again.
# draw-until-playable.ts: with drawUntilPlayable a DRAW_CARD is refused while a card fits.

LAPSE = {"after_draw_play": "any-card", "draw_lapses": True}


def _drawn(rules, hands=("R3 G7 B1", "Y1 Y2 Y3", "Y4"), draw="B5 G9 G8"):
    # seat 2 holds one card and has not called UNO
    s = position(hands=list(hands), top="R9", draw=draw, overrides=rules,
                 uncalled=[2] if len(hands[2].split()) == 1 else [])
    s, _ = play(s, "D0")  # the blue 5: it does not fit, the red 3 does
    assert s.phase == Phase.DRAWN and s.turn == 0
    assert code(s, "K0") == "OK_PASS"  # the draw is the last action: the turn may end
    return s


def _agree(s, seat):
    """check and legal_moves agree on the turn player's pass and draw."""
    moves = legal_moves(s, seat)
    for m in (f"K{seat}", f"D{seat}"):
        assert (parse_move(m) in moves) == check(s, parse_move(m)).ok, m


def test_another_players_uno_call_undoes_the_draw():
    s = _drawn(LAPSE)
    s, _ = play(s, "U2")  # seat 2 holds one card and calls UNO
    assert s.turn == 0
    assert code(s, "K0") == "E_PASS_NOT_ALLOWED"
    assert code(s, "D0") == "OK_DRAW"  # the draw is no longer the last action: draw again
    assert code(s, "P0:R3") == "OK_PLAY"
    _agree(s, 0)
    s, _ = play(s, "D0")  # the green 9: nothing new fits, the red 3 still does
    assert code(s, "K0") == "OK_PASS"  # the new draw is the last action again


def test_a_catch_undoes_the_draw():
    s = _drawn({**LAPSE, "uno_catch_window": "while-one-card"})
    s, _ = play(s, "C1>2")  # seat 2 forgot to call UNO: caught by seat 1
    assert s.turn == 0 and code(s, "K0") == "E_PASS_NOT_ALLOWED"
    _agree(s, 0)


def test_the_turn_players_own_call_undoes_the_draw():
    s = _drawn(LAPSE, hands=("R3", "Y1 Y2 Y3", "Y4 Y5"))
    assert len(s.hands[0]) == 2
    s, _ = play(s, "U0")  # two cards, the red 3 fits: a call of one's own
    assert code(s, "K0") == "E_PASS_NOT_ALLOWED" and code(s, "P0:R3") == "OK_PLAY"


def test_drawing_until_playable_after_the_draw_lapsed_a_card_that_fits_must_be_played():
    rules = {**LAPSE, "may_draw_when_playable": False, "draw_to_match": True}
    s = position(hands=["G7 B1 B2", "Y1 Y2 Y3", "Y4"], top="R9", draw="B5 R4 G8",
                 overrides=rules, uncalled=[2])
    s, _ = play(s, "D0")  # nothing fits: the blue 5, then the red 4, which fits
    assert s.phase == Phase.DRAWN and code(s, "K0") == "OK_PASS"
    s, _ = play(s, "U2")
    assert code(s, "K0") == "E_PASS_NOT_ALLOWED"
    assert code(s, "D0") == "E_MUST_PLAY"  # drawUntilPlayable: a card fits, no draw
    assert code(s, "P0:R4") == "OK_PLAY"
    _agree(s, 0)


def test_the_pass_after_a_misplay_penalty_lapses_too():
    rules = {**LAPSE, "misplay_penalty": 1, "misplay_keeps_turn": True,
             "misplay_may_pass": True}
    s = position(hands=["R3 G7 B1", "Y1 Y2 Y3", "Y4"], top="R9", draw="B5 G9", overrides=rules)
    s, _ = play(s, "P0:G7")  # charged: the blue 5 drawn, the turn stays
    assert code(s, "K0") == "OK_PASS"
    s, _ = play(s, "U2")
    assert code(s, "K0") == "E_PASS_NOT_ALLOWED"
    _agree(s, 0)


def test_by_default_a_call_or_a_catch_leaves_the_draw_alone():
    s = _drawn({"after_draw_play": "any-card"})
    s, _ = play(s, "U2")
    assert code(s, "K0") == "OK_PASS" and code(s, "D0") == "E_ALREADY_DREW"


# --- a misplay after a draw -------------------------------------------------------------------
# misplay-penalty.ts judges every PLAY_CARD of the current player in the 'playing' phase: when
# the standard engine refuses it (canPlayCard fails), a 1-card penalty draw starts, the same
# player going on; whether the player has drawn (lastAction) is not asked.

AFTER = {"after_draw_play": "any-card", "misplay_penalty": 1, "misplay_keeps_turn": True,
         "misplay_may_pass": True, "misplay_after_draw": True}


def test_after_a_draw_a_card_that_does_not_fit_costs_the_misplay_penalty():
    s = position(hands=["R3 G7 B1", "Y1 Y2 Y3"], top="R9", draw="R8 B5 B6", overrides=AFTER)
    s, _ = play(s, "D0")  # the red 8: it fits
    assert s.phase == Phase.DRAWN
    v = verdict(s, "P0:G7")
    assert v.code.value == "P_MISPLAY" and v.penalized
    assert parse_move("P0:G7") not in legal_moves(s, 0)  # a charged mistake, never offered
    s2, ev = play(s, "P0:G7")
    assert [(e.seat, e.reason, e.count) for e in ev if isinstance(e, PenaltyApplied)] == [
        (0, "misplay", 1)]
    assert len(s2.hands[0]) == 5 and s2.discard == s.discard and s2.turn == 0
    # the penalty draw is the player's last action: play a card that fits, or end the turn
    assert code(s2, "P0:R8") == "OK_PLAY" and code(s2, "K0") == "OK_PASS"


def test_after_a_draw_a_misplay_ends_the_turn_without_keeps_turn():
    rules = {**AFTER, "misplay_keeps_turn": False, "misplay_may_pass": False}
    s = position(hands=["R3 G7 B1", "Y1 Y2 Y3"], top="R9", draw="R8 B5", overrides=rules)
    s, _ = play(s, "D0", "P0:G7")
    assert s.turn == 1 and len(s.hands[0]) == 5


def test_after_a_draw_a_misplay_is_refused_by_default():
    rules = {k: v for k, v in AFTER.items() if k != "misplay_after_draw"}
    s = position(hands=["R3 G7 B1", "Y1 Y2 Y3"], top="R9", draw="R8 B5", overrides=rules)
    s, _ = play(s, "D0")
    assert code(s, "P0:G7") == "E_NO_MATCH"
    # before the draw it is charged either way
    s = position(hands=["R3 G7 B1", "Y1 Y2 Y3"], top="R9", draw="R8 B5", overrides=rules)
    assert code(s, "P0:G7") == "P_MISPLAY"


def test_facing_a_draw_card_a_misplay_is_still_refused():
    rules = {**AFTER, "stack_draw_two_on_draw_two": True}
    s = position(hands=["R+2 R1 R3", "G7 B1 B2", "Y5 Y6"], top="R9", overrides=rules)
    s, _ = play(s, "P0:R+2")
    assert s.phase == Phase.PENALTY and code(s, "P1:G7") == "E_PENALTY_NOT_ANSWERED"


# --- under forced play, a drawn card that fits is played at once ------------------------------
# forced-play-after-draw.ts (postProcess of a DRAW_CARD with no penalty pending): when the card
# just drawn (the last of the hand) passes canPlayCard, a PLAY_CARD of it is applied in the same
# action, so no other card can be played, no PASS made, and nobody acts in between.

ONCE = {"after_draw_play": "any-card", "forced_play": True, "forced_play_at_once": True}


def test_under_forced_play_at_once_only_the_drawn_card_may_be_played():
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="R9", draw="R8 G8", overrides=ONCE)
    s, _ = play(s, "D0")  # the red 8 fits
    v = verdict(s, "P0:R5")
    assert v.code.value == "E_MUST_PLAY_DRAWN" and "red 8" in v.message
    assert code(s, "K0") == "E_MUST_PLAY_DRAWN"
    assert {m.card for m in legal_moves(s, 0) if m.kind == MoveKind.PLAY} == {C("R8")}
    assert {m.kind for m in legal_moves(s, 0)} == {MoveKind.PLAY}
    s, _ = play(s, "P0:R8")
    assert s.turn == 1 and s.discard[-1] == C("R8")


def test_under_forced_play_at_once_a_call_does_not_undo_the_draw():
    rules = {**ONCE, "draw_lapses": True}
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5"], top="R9", draw="R8 G8", overrides=rules,
                 uncalled=[2])
    s, _ = play(s, "D0", "U2")
    assert s.phase == Phase.DRAWN and code(s, "P0:R5") == "E_MUST_PLAY_DRAWN"
    assert code(s, "D0") == "E_ALREADY_DREW"


def test_a_drawn_card_that_does_not_fit_leaves_the_choice_open():
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="R9", draw="G8 G7", overrides=ONCE)
    s, _ = play(s, "D0")  # the green 8 does not fit; the red 5 does
    assert code(s, "P0:R5") == "OK_PLAY" and code(s, "K0") == "OK_PASS"


def test_without_at_once_another_card_that_fits_may_still_be_played():
    rules = {k: v for k, v in ONCE.items() if k != "forced_play_at_once"}
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="R9", draw="R8 G8", overrides=rules)
    s, _ = play(s, "D0")
    assert code(s, "P0:R5") == "OK_PLAY" and code(s, "K0") == "E_MUST_PLAY_DRAWN"


# --- several cards drawn one move at a time ----------------------------------------------------
# game-engine.ts startPenaltyDraw makes the player who owes penalty cards the current player
# with pendingPenaltyDraws = count and the next player's index stored; handleDrawCard draws one
# card per DRAW_CARD and finishPenaltyDrawIfNeeded hands the turn on after the last (or at once
# when no source holds a card). While cards are owed, applyActionWithHouseRules refuses every
# PLAY_CARD (a jump-in too) and handlePass refuses PASS; CALL_UNO and CATCH_UNO are not asked
# about it. A Draw Two that nobody may answer starts the penalty when it is played;
# handleChallenge starts the challenger's 6 cards (4 + 2). draw-until-playable.ts draws one
# card per DRAW_CARD (handleDrawUntilPlayable is applyAction) and refuses PASS while nothing
# fits, so the turn stays with the player.

ONE = {"penalty_draw": "one-by-one"}


def test_a_draw_two_is_drawn_one_card_per_move_by_the_victim():
    from uno_web.core.events import CardsDrawn, TurnSkipped

    s = position(hands=["R+2 R1 R3", "B1 B2 B3", "Y5 Y6 Y7"], top="R9", draw="G1 G2 G3",
                 overrides=ONE)
    s, ev = play(s, "P0:R+2")
    assert s.turn == 1 and s.owed == 2 and len(s.hands[1]) == 3
    assert [e for e in ev if isinstance(e, CardsDrawn)] == []
    assert [m.kind for m in legal_moves(s, 1)] == [MoveKind.DRAW]
    assert code(s, "P1:B1") == "E_PENALTY_DRAWS_LEFT" and code(s, "K1") == "E_PENALTY_DRAWS_LEFT"
    s, ev = play(s, "D1")
    assert len(s.hands[1]) == 4 and s.owed == 1 and s.turn == 1
    assert "still to draw: 1 card" in verdict(
        position(hands=["R1", "B1 B2 B3", "Y5"], top="R9", turn=1, owed=2, overrides=ONE),
        "D1").message
    s, ev = play(s, "D1")
    assert len(s.hands[1]) == 5 and s.owed == 0 and s.turn == 2  # skipped
    assert [type(e) for e in ev][-1] is TurnSkipped


def test_others_may_call_or_catch_between_two_penalty_cards_but_not_jump_in():
    rules = {**ONE, "jump_in": True, "jump_in_window": "while-on-top",
             "uno_catch_window": "while-one-card"}
    s = position(hands=["R+2 R1 R3", "B1 B2 B3", "R+2", "G5"], top="R9", draw="G1 G2 G3",
                 overrides=rules, uncalled=[3])
    s, _ = play(s, "P0:R+2")
    assert s.turn == 1 and s.owed == 2
    assert code(s, "P2:R+2") == "E_JUMP_IN_NOT_ALLOWED"  # PLAY_CARD refused while owed
    s, _ = play(s, "D1", "C0>3")  # a catch between the two cards: held (startPenaltyDraw
    assert len(s.hands[3]) == 1 and s.turn == 1 and s.owed == 1  # queues it)
    assert s.owed_later == ((3, 2),)
    s, _ = play(s, "U2", "D1")  # and a call; seat 1 is done: the held penalty falls due
    assert s.called[2] and s.turn == 3 and s.owed == 2 and s.owed_then == 2
    assert legal_moves(s, 2) == [m for m in legal_moves(s, 2) if m.kind != MoveKind.PLAY]
    s, _ = play(s, "D3", "D3")  # then the turn goes where seat 1's penalty sent it
    assert len(s.hands[3]) == 3 and s.turn == 2 and s.owed == 0 and not s.owed_later


def test_a_stack_taken_is_drawn_one_card_per_move():
    rules = {**ONE, "stack_draw_two_on_draw_two": True}
    s = position(hands=["R+2 R1 R3", "B+2 B2 B3", "Y5 Y6 Y7"], top="R9",
                 draw="G1 G2 G3 G4 G5", overrides=rules)
    s, _ = play(s, "P0:R+2", "P1:B+2")
    assert s.phase == Phase.PENALTY and s.turn == 2 and s.pending == 4
    assert code(s, "A2") == "OK_ACCEPT"
    s, _ = play(s, "A2")
    assert s.owed == 4 and s.pending == 0 and len(s.hands[2]) == 3
    s, _ = play(s, "D2", "D2", "D2")
    assert s.turn == 2 and len(s.hands[2]) == 6
    s, _ = play(s, "D2")
    assert s.turn == 0 and len(s.hands[2]) == 7


def test_a_lost_challenge_costs_six_cards_one_per_move():
    s = position(hands=["W+4 B1 B2", "G5 G6", "Y5 Y6"], top="R9",
                 draw="G1 G2 G3 G4 B5 B6 B7", overrides=ONE)
    s, _ = play(s, "P0:W+4=G")
    s, _ = play(s, "X1")  # the Wild Draw Four was fair: the challenger owes 6
    assert s.turn == 1 and s.owed == 6
    s, _ = play(s, *["D1"] * 6)
    assert len(s.hands[1]) == 8 and s.turn == 2


def test_with_empty_piles_one_draw_settles_what_is_owed():
    s = position(hands=["R1 R2", "B1 B2", "Y5 Y6"], top="R9", turn=1, owed=3, overrides=ONE,
                 exact_deck=True)
    assert s.draw == []
    s, _ = play(s, "D1")
    assert s.owed == 0 and s.turn == 2 and len(s.hands[1]) == 2


def test_drawing_until_playable_draws_one_card_per_move_and_the_turn_stays():
    rules = {**ONE, "draw_to_match": True, "may_draw_when_playable": False}
    s = position(hands=["G7 B1 B2", "Y1 Y2 Y3", "Y4"], top="R9", draw="B5 G6 R4",
                 overrides=rules, uncalled=[2])
    s, _ = play(s, "D0")  # the blue 5: nothing fits
    assert s.turn == 0 and s.phase == Phase.PLAY and len(s.hands[0]) == 4
    assert "must draw again" in verdict(position(hands=["G7", "Y1 Y2", "Y4"], top="R9",
                                                 draw="B5 G6", overrides=rules), "D0").message
    assert code(s, "K0") == "E_PASS_NOT_ALLOWED"
    s, _ = play(s, "U2", "D0", "D0")  # a call between two draws; then the green 6, the red 4
    assert s.phase == Phase.DRAWN and s.turn == 0 and len(s.hands[0]) == 6


def test_by_default_the_cards_come_in_one_move():
    s = position(hands=["R+2 R1 R3", "B1 B2 B3", "Y5 Y6 Y7"], top="R9", draw="G1 G2 G3")
    s, _ = play(s, "P0:R+2")
    assert s.turn == 2 and len(s.hands[1]) == 5 and s.owed == 0
    s = position(hands=["G7 B1 B2", "Y1 Y2 Y3"], top="R9", draw="B5 G6 R4",
                 overrides={"draw_to_match": True})
    s, _ = play(s, "D0")
    assert len(s.hands[0]) == 6 and s.phase == Phase.DRAWN


def test_what_is_owed_is_public_and_survives_a_position():
    from uno_web.core import observe
    from uno_web.core.position import build_state as _build, position_from_state

    s = position(hands=["R+2 R1 R3", "B1 B2 B3", "Y5 Y6 Y7"], top="R9", draw="G1 G2 G3",
                 overrides=ONE)
    s, _ = play(s, "P0:R+2", "D1")
    assert observe(s, 0).owed == 1 and observe(s, 1).owed == 1
    back = _build(position_from_state(s))
    assert back.owed == 1 and legal_moves(back, 1) == legal_moves(s, 1)


def test_the_fast_playout_plays_one_by_one_through_the_engine():
    from uno_web.core.simulate import _fused_plays
    from uno_web.core.state import compile_rules
    from uno_web.core import PRESETS

    assert not _fused_plays(compile_rules(PRESETS["official"].model_copy(update=ONE)))
    assert _fused_plays(compile_rules(PRESETS["official"]))
