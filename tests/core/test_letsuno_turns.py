"""letsuno/uno-online's turn details, from its engine's code (``packages/shared/src/rules``,
read 2026-11-28): the first draw takes a stack (``stacking.ts`` case (c): ``DRAW_CARD`` with a
``drawStack`` starts the penalty and draws its first card), a draw that leaves nothing to play
waits for ``PASS`` (``handlePass`` accepts it only after the player's own ``DRAW_CARD``),
every penalty ``startPenaltyDraw`` starts is drawn one card per ``DRAW_CARD`` (a caught UNO
call: ``handleCatchUno``, next player ``currentPlayerIndex``; a misplay:
``misplay-penalty.ts``, next player the misplayer; a caught bluff: ``handleChallenge``, next
player after the bluffer), one started while another is being paid or outside the playing
phase waits in ``pendingPenaltyQueue``, and a draw card that goes out ends the round at once
(``checkRoundEnd`` right after the play clears the penalty)."""

from __future__ import annotations

import random

import pytest

from uno_web.ai import LEVELS, make_bot
from uno_web.core import PRESETS, Phase, RuleSet, check, legal_moves, parse_move
from uno_web.core.moves import MoveKind
from uno_web.core.observation import observe
from uno_web.core.position import (
    build_state, position_from_query, position_from_state, position_to_query,
)
from uno_web.core.simulate import _fused_plays, _policy_move
from uno_web.core.state import GameState, compile_rules

from .scenario import code, play, position
from .test_fused_playout import _every_cut

ONE = {"penalty_draw": "one-by-one"}


def kinds_of(s: GameState, seat: int) -> list[MoveKind]:
    return [m.kind for m in legal_moves(s, seat)]


# --- a draw takes a pending draw card ----------------------------------------------------------

def test_the_first_draw_takes_a_stack_and_is_its_first_card():
    rules = {**ONE, "stack_draw_two_on_draw_two": True, "draw_takes_penalty": True}
    s = position(hands=["R+2 R1 R3", "B+2 B2 B3", "Y5 Y6 Y7"], top="R9",
                 draw="G1 G2 G3 G4 G5", overrides=rules)
    s, _ = play(s, "P0:R+2", "P1:B+2")
    assert s.phase == Phase.PENALTY and s.turn == 2 and s.pending == 4
    assert MoveKind.DRAW in kinds_of(s, 2) and MoveKind.ACCEPT not in kinds_of(s, 2)
    refused = check(s, parse_move("A2"))
    assert refused.code.value == "E_NO_PENALTY" and "by drawing" in refused.message
    ok = check(s, parse_move("D2"))
    assert ok.code.value == "OK_DRAW" and "still to draw: 3" in ok.message
    s, _ = play(s, "D2")
    assert s.owed == 3 and s.pending == 0 and len(s.hands[2]) == 4 and s.turn == 2
    s, _ = play(s, "D2", "D2", "D2")
    assert s.turn == 0 and len(s.hands[2]) == 7 and s.owed == 0


def test_at_once_a_draw_takes_the_whole_stack():
    rules = {"stack_draw_two_on_draw_two": True, "draw_takes_penalty": True}
    s = position(hands=["R+2 R1 R3", "B+2 B2 B3", "Y5 Y6 Y7"], top="R9",
                 draw="G1 G2 G3 G4 G5", overrides=rules)
    s, _ = play(s, "P0:R+2", "P1:B+2")
    v = check(s, parse_move("D2"))
    assert v.code.value == "OK_ACCEPT"
    s, _ = play(s, "D2")
    assert len(s.hands[2]) == 7 and s.turn == 0 and s.phase == Phase.PLAY


def test_a_wild_draw_four_that_may_be_challenged_is_still_accepted():
    s = position(hands=["W+4 B1 B2", "G5 G6", "Y5 Y6"], top="R9", draw="G1 G2 G3 G4",
                 overrides={**ONE, "draw_takes_penalty": True})
    s, _ = play(s, "P0:W+4=G")
    assert {MoveKind.ACCEPT, MoveKind.CHALLENGE} <= set(kinds_of(s, 1))
    assert MoveKind.DRAW not in kinds_of(s, 1)
    assert code(s, "D1") == "E_PENALTY_PENDING"


def test_off_the_accept_move_takes_it_and_a_draw_is_refused():
    s = position(hands=["R+2 R1 R3", "B+2 B2 B3", "Y5 Y6 Y7"], top="R9",
                 draw="G1 G2 G3 G4 G5", overrides={"stack_draw_two_on_draw_two": True})
    s, _ = play(s, "P0:R+2", "P1:B+2")
    assert code(s, "D2") == "E_PENALTY_PENDING" and code(s, "A2") == "OK_ACCEPT"


# --- a draw that leaves nothing to play waits for a pass ---------------------------------------

def test_a_draw_with_nothing_to_play_waits_for_the_pass():
    s = position(hands=["R1 R2", "G5 G6", "Y5 Y6"], top="B9", draw="G1 G2",
                 overrides={"draw_then_pass": True})
    v = check(s, parse_move("D0"))
    assert v.code.value == "OK_DRAW" and "may now end the turn" in v.message
    s, _ = play(s, "D0")
    assert s.turn == 0 and s.phase == Phase.DRAWN and len(s.hands[0]) == 3
    assert kinds_of(s, 0) == [MoveKind.PASS]
    assert code(s, "D0") == "E_ALREADY_DREW"
    s, _ = play(s, "K0")
    assert s.turn == 1 and s.phase == Phase.PLAY


def test_off_the_turn_passes_at_once():
    s = position(hands=["R1 R2", "G5 G6", "Y5 Y6"], top="B9", draw="G1 G2")
    s, _ = play(s, "D0")
    assert s.turn == 1 and s.phase == Phase.PLAY


def test_a_catch_before_the_pass_undoes_the_draw():
    rules = {"draw_then_pass": True, "draw_lapses": True, "uno_catch_window": "while-one-card"}
    s = position(hands=["R1 R2", "G5", "Y5 Y6"], top="B9", draw="G1 G2 G3 G4",
                 overrides=rules, uncalled=[1])
    s, _ = play(s, "D0", "C2>1")
    assert s.turn == 0 and s.phase == Phase.PLAY and code(s, "K0") == "E_PASS_NOT_ALLOWED"
    s, _ = play(s, "D0", "K0")  # (the draw is no longer the last action: draw again)
    assert s.turn == 1 and len(s.hands[0]) == 4


def test_empty_piles_still_end_the_turn():
    s = position(hands=["R1 R2", "G5 G6", "Y5 Y6"], top="B9", draw="", exact_deck=True,
                 overrides={"draw_then_pass": True})
    s, _ = play(s, "D0")
    assert s.turn == 1


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_passes_after_a_draw_that_leaves_nothing(level: str):
    s = position(hands=["R1 R2", "G5 G6", "Y5 Y6"], top="B9", draw="G1 G2",
                 preset="letsuno-classic")
    s, _ = play(s, "D0")
    moves = legal_moves(s, 0)
    assert [m.kind for m in moves] == [MoveKind.PASS]
    options = {"iterations": 4, "min_iterations": 1} if level == "hard" else {}
    assert make_bot(level, **options).choose(observe(s, 0), moves, random.Random(1)).kind \
        == MoveKind.PASS
    assert _policy_move(s, random.Random(1), None).kind == MoveKind.PASS


@pytest.mark.parametrize("rules", [
    {"draw_then_pass": True},
    {"draw_takes_penalty": True, "stack_draw_two_on_draw_two": True},
], ids=lambda r: "+".join(r))
def test_the_fused_loop_leaves_them_to_the_engine_move_by_move(rules):
    assert not _fused_plays(compile_rules(RuleSet(**rules)))
    from uno_web.core import new_game
    for seed in range(4):
        assert _every_cut(new_game(RuleSet(**rules), 3, 9300 + seed), 9300 + seed) > 5


# --- every penalty one card per move ----------------------------------------------------------

def test_a_caught_player_draws_one_per_move_then_the_turn_comes_back():
    s = position(hands=["R1 R2", "B1 B2", "G5", "Y5 Y6"], top="R9", draw="Y1 Y2 Y3",
                 overrides={**ONE, "uno_catch_window": "while-one-card"}, uncalled=[2])
    v = check(s, parse_move("C1>2"))
    assert v.code.value == "OK_CATCH"
    s, _ = play(s, "C1>2")
    assert s.turn == 2 and s.owed == 2 and s.owed_then == 0 and len(s.hands[2]) == 1
    # (isPayingUnoPenalty: no UNO call while paying, though one card is left)
    assert kinds_of(s, 2) == [MoveKind.DRAW]
    refused = check(s, parse_move("U2"))
    assert refused.code.value == "E_UNO_NOT_ALLOWED" and "penalty" in refused.message
    assert MoveKind.PLAY not in kinds_of(s, 0)
    s, _ = play(s, "D2")
    last = check(s, parse_move("D2"))
    assert last.code.value == "OK_DRAW" and "misses" not in last.message
    s, _ = play(s, "D2")
    assert s.turn == 0 and s.owed == 0 and len(s.hands[2]) == 3 and s.phase == Phase.PLAY


def test_caught_on_your_own_turn_you_may_pass_after_the_penalty():
    s = position(hands=["G5", "B1 B2", "Y5 Y6"], top="R9", draw="Y1 Y2 Y3",
                 preset="letsuno-classic", uncalled=[0])
    s, _ = play(s, "C1>0", "D0", "D0")
    assert s.turn == 0 and len(s.hands[0]) == 3
    assert MoveKind.PASS in kinds_of(s, 0)  # handlePass: the last action is its DRAW_CARD
    s, _ = play(s, "K0")
    assert s.turn == 1


def test_a_misplay_penalty_comes_one_card_per_move_and_keeps_the_turn():
    rules = {**ONE, "misplay_penalty": 2, "misplay_keeps_turn": True, "misplay_may_pass": True}
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", draw="G9 G8 G7", overrides=rules)
    v = check(s, parse_move("P0:R5"))
    assert v.code.value == "P_MISPLAY"
    s, _ = play(s, "P0:R5")
    assert s.turn == 0 and s.owed == 2 and len(s.hands[0]) == 3 and s.owed_then == 0
    assert kinds_of(s, 0) == [MoveKind.DRAW]
    s, _ = play(s, "D0", "D0")
    assert s.turn == 0 and len(s.hands[0]) == 5 and MoveKind.PASS in kinds_of(s, 0)


def test_a_misplay_that_ends_the_turn_passes_it_on_after_the_cards():
    s = position(hands=["R5 B1 B2", "G1 G2", "Y5 Y6"], top="B9", draw="G9 G8 G7",
                 overrides={**ONE, "misplay_penalty": 2})
    s, _ = play(s, "P0:R5", "D0")
    assert s.turn == 0 and s.owed == 1
    s, _ = play(s, "D0")
    assert s.turn == 1 and len(s.hands[0]) == 5


def test_a_caught_bluffer_draws_one_per_move_then_the_challenger_plays():
    s = position(hands=["W+4 R1 R3", "G5 G6", "Y5 Y6"], top="R9", draw="B1 B2 B3 B4 B5",
                 overrides=ONE)
    s, _ = play(s, "P0:W+4=G", "X1")
    assert s.turn == 0 and s.owed == 4 and s.owed_then == 1 and len(s.hands[0]) == 2
    s, _ = play(s, "D0", "D0", "D0", "D0")
    assert s.turn == 1 and s.phase == Phase.PLAY and len(s.hands[0]) == 6
    assert MoveKind.PLAY in kinds_of(s, 1)


def test_a_false_catch_is_drawn_one_per_move_by_the_catcher():
    s = position(hands=["R1 R2", "B1 B2", "G5 G6"], top="R9", draw="Y1 Y2 Y3",
                 overrides={**ONE, "false_catch_penalty": 2})
    assert code(s, "C2>1") == "P_FALSE_CATCH"
    s, _ = play(s, "C2>1")
    assert s.turn == 2 and s.owed == 2 and s.owed_then == 0
    s, _ = play(s, "D2", "D2")
    assert s.turn == 0 and len(s.hands[2]) == 4


def test_a_catch_in_a_challenge_window_waits_for_the_penalty():
    s = position(hands=["W+4 B1 B2", "G5 G6", "Y5", "Y7 Y8"], top="R9",
                 draw="G1 G2 G3 G4 B5 B6 B7 B8",
                 overrides={**ONE, "uno_catch_window": "while-one-card"}, uncalled=[2])
    s, _ = play(s, "P0:W+4=G", "C3>2")
    assert s.turn == 1 and s.phase == Phase.PENALTY and s.owed_later == ((2, 2),)
    assert len(s.hands[2]) == 1
    s, _ = play(s, "A1", "D1", "D1", "D1", "D1")
    # seat 1 paid and is skipped: the held catch falls due, and the turn is seat 2's after it
    assert s.turn == 2 and s.owed == 2 and s.owed_then == 2 and not s.owed_later
    s, _ = play(s, "D2", "D2")
    assert s.turn == 2 and len(s.hands[2]) == 3 and s.phase == Phase.PLAY


def test_a_catch_while_a_stack_waits_is_paid_first():
    # stacking.ts keeps drawStack while the caught player pays, then the victim answers it
    rules = {**ONE, "stack_draw_two_on_draw_two": True, "draw_takes_penalty": True,
             "uno_catch_window": "while-one-card"}
    s = position(hands=["R+2 R1 R3", "B+2 B2 B3", "Y5", "G7 G8"], top="R9",
                 draw="G1 G2 G3 G4 G5 G6", overrides=rules, uncalled=[2])
    s, _ = play(s, "P0:R+2", "C3>2")
    assert s.turn == 2 and s.owed == 2 and s.phase == Phase.PENALTY and s.pending == 2
    s, _ = play(s, "D2", "D2")
    assert s.turn == 1 and s.phase == Phase.PENALTY and s.pending == 2
    assert MoveKind.PLAY in kinds_of(s, 1)  # the Draw Two may still be answered


def test_held_and_owed_penalties_survive_a_position_link():
    s = position(hands=["W+4 B1 B2", "G5 G6", "Y5", "Y7 Y8"], top="R9",
                 draw="G1 G2 G3 G4 B5 B6 B7 B8",
                 overrides={**ONE, "uno_catch_window": "while-one-card"}, uncalled=[2])
    s, _ = play(s, "P0:W+4=G", "C3>2")
    for t in (s, play(s, "A1", "D1", "D1", "D1", "D1")[0]):
        back = build_state(position_from_query(position_to_query(position_from_state(t))))
        assert (back.owed, back.owed_then, back.owed_later, back.turn) == \
            (t.owed, t.owed_then, t.owed_later, t.turn)
        assert legal_moves(back, back.turn) == legal_moves(t, t.turn)


def test_a_position_refuses_an_owed_then_without_owed_cards():
    from uno_web.core.position import PositionError
    with pytest.raises(PositionError, match="owed_then"):
        position(hands=["R1", "B1 B2"], top="R9", overrides=ONE, owed_then=1)
    with pytest.raises(PositionError, match="owed_later"):
        position(hands=["R1", "B1 B2"], top="R9", overrides=ONE, owed=1, owed_later="1:x")


def test_at_once_a_catch_is_still_drawn_in_the_same_move():
    s = position(hands=["R1 R2", "B1 B2", "G5", "Y5 Y6"], top="R9", draw="Y1 Y2 Y3",
                 overrides={"uno_catch_window": "while-one-card"}, uncalled=[2])
    s, _ = play(s, "C1>2")
    assert s.turn == 0 and s.owed == 0 and len(s.hands[2]) == 3


# --- a draw card that goes out ------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["letsuno-classic", "letsuno-party", "letsuno-crazy"])
def test_a_draw_card_that_goes_out_ends_the_round_at_once(preset: str):
    s = position(hands=["R+2", "B1 B2", "Y5 Y6"], top="R9", draw="G1 G2 G3", preset=preset,
                 called=[0])
    s, _ = play(s, "P0:R+2")
    assert s.phase >= Phase.ROUND_OVER and len(s.hands[1]) == 2


def test_a_catch_while_a_colour_is_chosen_waits_for_the_colour():
    # handleChooseColor drains the queue (drainPenaltyQueue) once the colour is named
    s = position(hands=["R1 R2", "B1 B2", "G5", "Y5 Y6"], top="W", phase="choose-color",
                 draw="Y1 Y2 Y3", overrides={**ONE, "uno_catch_window": "while-one-card"},
                 uncalled=[2])
    s, _ = play(s, "C1>2")
    assert s.turn == 0 and s.phase == Phase.CHOOSE_COLOR and s.owed_later == ((2, 2),)
    s, _ = play(s, "O0=R")
    assert s.turn == 2 and s.owed == 2 and s.owed_then == 0 and not s.owed_later
    s, _ = play(s, "D2", "D2")
    assert s.turn == 0 and len(s.hands[2]) == 3


def test_a_held_catch_falls_due_after_a_costly_answer_to_the_wild_draw_four():
    # no_draw_card_finish: the challenged player's last card may not go out; the penalty
    # (and the pending cards) are taken at once, then the held catch falls due
    rules = {**ONE, "uno_catch_window": "while-one-card", "no_draw_card_finish": True,
             "stack_draw_four_on_draw_four": True}
    s = position(hands=["W+4 B1 B2", "W+4", "G5", "Y5 Y6"], top="R9",
                 draw="G1 G2 G3 G4 B5 B6 B7 B8", overrides=rules, uncalled=[2], called=[1])
    s, _ = play(s, "P0:W+4=G", "C3>2")
    assert s.owed_later == ((2, 2),)
    v = check(s, parse_move("P1:W+4=B"))
    assert v.code.value == "P_FINISH"
    s, _ = play(s, "P1:W+4=B")
    assert s.owed_later == () and s.turn == 2 and s.owed == 2


def test_the_draw_that_takes_a_stack_names_it_a_stack():
    from uno_web.core.events import PenaltyApplied
    rules = {**ONE, "stack_draw_two_on_draw_two": True, "draw_takes_penalty": True}
    s = position(hands=["R+2 R1 R3", "B+2 B2 B3", "Y5 Y6 Y7"], top="R9",
                 draw="G1 G2 G3 G4 G5", overrides=rules)
    s, _ = play(s, "P0:R+2", "P1:B+2")
    _, ev = play(s, "D2")
    assert [e.reason for e in ev if isinstance(e, PenaltyApplied)] == ["stack"]
    s = position(hands=["R+2 R1 R3", "B1 B2 B3", "Y5 Y6 Y7"], top="R9",
                 draw="G1 G2 G3 G4 G5", overrides=rules)
    s, _ = play(s, "P0:R+2")
    _, ev = play(s, "D1")
    assert [e.reason for e in ev if isinstance(e, PenaltyApplied)] == ["draw"]
