"""The house rules added in issue 15 (the ones letsuno/uno-online offers): each toggle's rule,
its verdicts and the toggle named in the verdict's ``rule``."""

import pytest

from uno_web.core import Phase, check, legal_moves, parse_move
from uno_web.core.events import DirectionReversed, PenaltyApplied
from uno_web.core.moves import MoveKind
from uno_web.core.reasons import CATALOGUE

from .scenario import code, play, position


def rule_of(s, move):
    return dict(check(s, parse_move(move)).params).get("rule", "")


# --- a last draw card -------------------------------------------------------------------------

@pytest.mark.parametrize("draws", [True, False])
def test_going_out_on_a_draw_two(draws):
    s = position(hands=["R+2", "B5 B6", "Y5 Y6"], top="R9",
                 overrides={"draw_on_last_card": draws, "uno_call": False})
    s, ev = play(s, "P0:R+2")
    assert s.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and s.round_winner == 0
    penalties = [e for e in ev if isinstance(e, PenaltyApplied)]
    if draws:  # official: the next player draws 2, and they count for the winner
        assert len(s.hands[1]) == 4 and penalties and penalties[0].seat == 1
    else:
        assert len(s.hands[1]) == 2 and not penalties
    # the winner scores the hands as they are after the draw (or without it)
    assert s.scores[0] == sum(s.round_points)


def test_going_out_on_a_stacked_wild_draw_four_without_the_draw():
    s = position(hands=["R+2 R1", "W+4", "B5 B6"], top="R9",
                 overrides={"draw_on_last_card": False, "stack_draw_four_on_draw_two": True,
                            "uno_call": False})
    s, _ = play(s, "P0:R+2", "P1:W+4=G")
    assert s.round_winner == 1 and len(s.hands[2]) == 2 and s.pending == 0


# --- Reverse sends a penalty back, Skip passes it on --------------------------------------------

def test_reverse_sends_a_draw_two_back_to_its_player():
    s = position(hands=["R+2 R1 R3", "RR B1 B2", "Y5 Y6"], top="R9",
                 overrides={"reverse_returns_draw_two": True})
    s, _ = play(s, "P0:R+2")
    assert s.turn == 1 and s.phase == Phase.PENALTY
    assert code(s, "P1:RR") == "OK_DEFLECT"
    assert rule_of(s, "P1:RR") == "reverse_returns_draw_two = true"
    s, ev = play(s, "P1:RR")
    assert any(isinstance(e, DirectionReversed) for e in ev)
    assert s.phase == Phase.PENALTY and s.turn == 0 and s.pending == 2 and s.direction == -1
    s, _ = play(s, "A0")
    assert len(s.hands[0]) == 4 and s.turn == 2  # the other way round, past seat 0


def test_reverse_must_match_the_pile_and_is_off_by_default():
    s = position(hands=["R+2 R1 R3", "BR GR B2", "Y5 Y6"], top="R9",
                 overrides={"reverse_returns_draw_two": True})
    s, _ = play(s, "P0:R+2")
    assert code(s, "P1:BR") == "E_NO_MATCH"  # a blue Reverse on a red Draw Two
    off = position(hands=["R+2 R1 R3", "RR B1 B2", "Y5 Y6"], top="R9")
    off, _ = play(off, "P0:R+2")
    assert off.phase == Phase.PLAY and len(off.hands[1]) == 5  # no answer: drawn at once
    stack = position(hands=["R+2 R1 R3", "RR B1 B2", "Y5 Y6"], top="R9",
                     overrides={"stack_draw_two_on_draw_two": True})
    stack, _ = play(stack, "P0:R+2")
    assert code(stack, "P1:RR") == "E_PENALTY_NOT_ANSWERED"


def test_the_penalty_can_bounce_back_and_forth():
    s = position(hands=["R+2 GR R3", "RR B1 B2", "Y5 Y6"], top="R9",
                 overrides={"reverse_returns_draw_two": True})
    s, _ = play(s, "P0:R+2", "P1:RR")
    assert s.turn == 0 and code(s, "P0:GR") == "OK_DEFLECT"  # a Reverse on a Reverse matches
    s, _ = play(s, "P0:GR")
    assert s.turn == 1 and s.pending == 2 and s.direction == 1


def test_reverse_returns_a_wild_draw_four_only_with_its_own_toggle():
    base = {"hands": ["W+4 R1 R3", "GR B1 B2", "Y5 Y6"], "top": "R9"}
    s = position(**base, overrides={"reverse_returns_draw_two": True})
    s, _ = play(s, "P0:W+4=G")
    assert code(s, "P1:GR") == "E_PENALTY_NOT_ANSWERED"
    s = position(**base, overrides={"reverse_returns_draw_four": True})
    s, _ = play(s, "P0:W+4=G")
    assert rule_of(s, "P1:GR") == "reverse_returns_draw_four = true"
    s, _ = play(s, "P1:GR")
    # sent back to the Wild Draw Four's player, who cannot challenge their own card
    assert s.turn == 0 and s.pending == 4
    assert code(s, "X0") == "E_NO_CHALLENGE"
    assert {m.kind for m in legal_moves(s, 0)} >= {MoveKind.ACCEPT}


def test_skip_passes_the_penalty_to_the_next_player():
    s = position(hands=["R+2 R1 R3", "RS B1 B2", "Y5 Y6", "G5 G6"], top="R9",
                 overrides={"skip_passes_penalty": True})
    s, _ = play(s, "P0:R+2")
    assert rule_of(s, "P1:RS") == "skip_passes_penalty = true"
    s, _ = play(s, "P1:RS")
    assert s.phase == Phase.PENALTY and s.turn == 2 and s.pending == 2 and s.direction == 1
    assert code(s, "P2:Y5") == "E_PENALTY_NOT_ANSWERED"
    s, _ = play(s, "A2")
    assert len(s.hands[2]) == 4 and s.turn == 3


def test_deflecting_with_the_last_card_ends_the_round_and_the_next_player_draws():
    s = position(hands=["R+2 R1 R3", "RS", "Y5 Y6", "G5 G6"], top="R9",
                 overrides={"skip_passes_penalty": True, "uno_call": False})
    s, _ = play(s, "P0:R+2", "P1:RS")
    assert s.round_winner == 1 and len(s.hands[2]) == 4


def test_the_penalty_options_name_the_deflections():
    s = position(hands=["R+2 R1 R3", "RR B1 B2", "Y5 Y6"], top="R9",
                 overrides={"reverse_returns_draw_two": True, "skip_passes_penalty": True})
    s, _ = play(s, "P0:R+2")
    msg = check(s, parse_move("P1:B1")).message
    assert "send them back with a Reverse" in msg and "pass them on with a Skip" in msg


# --- strict UNO timing ------------------------------------------------------------------------

def test_strict_timing_refuses_a_call_with_two_cards():
    hands = ["R1 R2", "B5 B6", "Y5 Y6"]
    assert code(position(hands=hands, top="R9"), "U0") == "OK_UNO"
    strict = position(hands=hands, top="R9", overrides={"uno_call_with_two": False})
    assert code(strict, "U0") == "E_UNO_NOT_ALLOWED"
    assert all(m.kind != MoveKind.CALL_UNO for m in legal_moves(strict, 0))
    # the call made with the play that leaves one card, and afterwards, stay open
    assert code(strict, "P0:R1!") == "OK_PLAY"
    after, _ = play(strict, "P0:R1")
    assert code(after, "U0") == "OK_UNO"


# --- double points ----------------------------------------------------------------------------

@pytest.mark.parametrize("scoring", ["target", "elimination"])
def test_double_score_counts_the_round_twice(scoring):
    def finish(double):
        s = position(hands=["R1", "B5 B6", "Y+2 Y9"], top="R9",
                     overrides={"double_score": double, "uno_call": False, "scoring": scoring})
        s, _ = play(s, "P0:R1")
        return s.scores
    single, double = finish(False), finish(True)
    assert double == [2 * x for x in single] and any(single)


# --- several cards of one number --------------------------------------------------------------

def test_several_cards_of_one_number_in_one_turn():
    s = position(hands=["R5 G5 B5 Y9", "B1 B2", "Y5 Y6"], top="R9",
                 overrides={"play_same_number": True})
    s, _ = play(s, "P0:R5")
    assert s.turn == 0 and s.chain_rank == 5
    v = check(s, parse_move("P0:G5"))
    assert v.code.value == "OK_PLAY" and "another card of this number" in v.message
    moves = {m.notation() for m in legal_moves(s, 0)}
    assert moves == {"P0:G5", "P0:B5", "K0"}
    assert code(s, "P0:Y9") == "E_SAME_NUMBER_ONLY"
    assert code(s, "D0") == "E_SAME_NUMBER_ONLY"
    assert CATALOGUE[check(s, parse_move("P0:Y9")).code].rule == "play_same_number"
    s, _ = play(s, "P0:B5")
    assert s.color == 3 and s.turn == 0 and s.chain_rank == 5  # G5 is still in hand
    s, _ = play(s, "P0:G5")
    assert s.turn == 1 and s.chain_rank == -1 and s.hands[0] == [parse_move("P0:Y9").card]


def test_a_same_number_turn_goes_on_when_the_pile_is_turned_over_under_it():
    """Found by the random-toggle property: another player's false catch drew from an empty
    pile, ``reshuffle: turn-over`` brought a Wild up as the new top, and the engine then
    refused the 5 the turn player was entitled to add (the playouts allowed it)."""
    from uno_web.core import Move
    from uno_web.core.engine import playable_cards, play_problem
    from uno_web.core.simulate import playable_now
    s = position(hands=["R5 G5 Y9", "B1 B2", "Y5 Y6"], discard="W R2", top="R9", draw="",
                 exact_deck=True, overrides={"play_same_number": True, "reshuffle": "turn-over",
                                             "false_catch_penalty": 2})
    s, _ = play(s, "P0:R5", Move.catch(1, 0).notation())
    assert s.discard == [parse_move("P0:W=R").card] and s.turn == 0 and s.chain_rank == 5
    g5, y9 = parse_move("P0:G5").card, parse_move("P0:Y9").card
    assert code(s, "P0:G5") == "OK_PLAY"
    assert playable_cards(s, 0) == playable_now(s, 0) == [g5]
    assert play_problem(s, 0, y9, s.hands[0])[0].value == "E_SAME_NUMBER_ONLY"
    s, _ = play(s, "P0:G5")
    assert s.turn == 1 and s.color == 2 and s.chain_rank == -1


def test_ending_a_same_number_turn_and_the_rule_off():
    s = position(hands=["R5 G5 Y9", "B1 B2", "Y5 Y6"], top="R9",
                 overrides={"play_same_number": True})
    s, _ = play(s, "P0:R5")
    assert check(s, parse_move("K0")).message.endswith("ended the turn; next: Bot 1")
    s, _ = play(s, "K0")
    assert s.turn == 1 and s.chain_rank == -1
    off = position(hands=["R5 G5 Y9", "B1 B2", "Y5 Y6"], top="R9")
    off, _ = play(off, "P0:R5")
    assert off.turn == 1 and off.chain_rank == -1
