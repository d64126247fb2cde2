"""Normal's heuristics, one scenario each: the position is built as an observation, the legal
moves come from the engine for a consistent state.

These are the hand-written score's scenarios, so Normal plays here with ``learned=False``. By
default Normal lets a learned correction of that score choose its turn options in two-player
rounds under the official rules (``uno_web.ai.learned``); its tests are in test_learned.py."""

from __future__ import annotations

import random

import pytest

from uno_web.ai import make_bot
from uno_web.ai.util import plus4_bluff_probability
from uno_web.core import PRESETS, Color, MoveKind, parse_card
from uno_web.core.state import Phase

from .helpers import make_obs, moves_for


def decide(obs, level="normal", **opts):  # type: ignore[no-untyped-def]
    if level == "normal":
        opts.setdefault("learned", False)
    moves = moves_for(obs)
    move = make_bot(level, **opts).choose(obs, moves, random.Random(0))
    assert move in moves
    return move, moves


def test_calls_uno_with_second_to_last_card() -> None:
    obs = make_obs("R5 B7", "R3")
    move, moves = decide(obs)
    assert any(m.uno for m in moves) and any(not m.uno for m in moves if m.kind == MoveKind.PLAY)
    assert move.kind == MoveKind.PLAY and move.card == parse_card("R5") and move.uno


def test_wild_names_the_majority_colour_weighted_by_points() -> None:
    # only the wild plays on red; blue is the majority
    obs = make_obs("W B1 B2 B9 G3", "R5", counts=[4])
    move, _ = decide(obs)
    assert move.card == parse_card("W") and move.color == Color.BLUE
    # equal counts: the heavier colour wins (green +2 and 9 vs blue 1 and 2)
    obs = make_obs("W B1 B2 G+2 G9", "R5", counts=[4])
    move, _ = decide(obs)
    assert move.color == Color.GREEN


def test_saves_a_wild_by_drawing_while_opponents_are_far_from_going_out() -> None:
    obs = make_obs("W B1 B2 B9 G3", "R5", counts=[8])
    move, _ = decide(obs)
    assert move.kind == MoveKind.DRAW
    # a drawn wild is kept too
    obs = make_obs("W B1 B2 B9 G3", "R5", counts=[8], phase=Phase.DRAWN, drawn=(parse_card("W"),))
    move, moves = decide(obs)
    assert any(m.kind == MoveKind.PLAY for m in moves)
    assert move.kind == MoveKind.PASS
    # not when the option is off, nor when an opponent is closer to going out
    move, _ = decide(make_obs("W B1 B2 B9 G3", "R5", counts=[8]), save_wilds=0)
    assert move.card == parse_card("W")
    move, _ = decide(make_obs("W B1 B2 B9 G3", "R5", counts=[5]))
    assert move.card == parse_card("W")


def test_wild_limit_draws_rather_than_spend_a_wild_early() -> None:
    # only the wild plays; the opponent holds 5 cards (save_wilds does not apply)
    obs = make_obs("W B1 B2 B9 G3", "R5", counts=[5])
    move, _ = decide(obs, wild_limit=2)  # four other cards > 2: keep the wild, draw
    assert move.kind == MoveKind.DRAW
    move, _ = decide(obs, wild_limit=4)  # four other cards: within the limit
    assert move.card == parse_card("W")
    move, _ = decide(make_obs("W B1 B2 B9 G3", "R5", counts=[2]), wild_limit=2)
    assert move.card == parse_card("W")  # an opponent close to going out: play it


def test_keeps_a_pair_of_the_same_number() -> None:
    # G3 and G4 both follow green; G3 pairs with B3 (a way to blue later): G4 goes
    obs = make_obs("R1 G3 G4 B3 B5 B8", "G1", counts=[6])
    move, _ = decide(obs)
    assert move.card == parse_card("G4")
    move, _ = decide(obs, weights={"pair": 0.0, "follow": 0.5})
    assert move.card == parse_card("G3")


def test_choose_colour_phase_picks_the_majority() -> None:
    obs = make_obs("Y1 Y5 G2 B3", "W", color=-1, phase=Phase.CHOOSE_COLOR)
    move, _ = decide(obs)
    assert move.kind == MoveKind.CHOOSE_COLOR and move.color == Color.YELLOW


def test_holds_wilds_while_a_coloured_card_plays() -> None:
    obs = make_obs("W W+4 R3 B5 G6", "R1")
    move, _ = decide(obs)
    assert move.card == parse_card("R3")


def test_switches_to_its_strong_colour_by_number_match() -> None:
    # R2 keeps red (no other red); B5 switches to blue where it holds three more cards
    obs = make_obs("R2 B5 B7 B8 B1", "R5")
    move, _ = decide(obs)
    assert move.card == parse_card("B5")


def test_attacks_a_player_with_one_card() -> None:
    obs = make_obs("R+2 R5 R7 R6 G3", "R1", counts=[1])
    move, _ = decide(obs)
    assert move.card == parse_card("R+2")


def test_attacks_the_next_player_in_a_four_player_game() -> None:
    # seat 1 (next) holds one card: the Skip stops it
    obs = make_obs("RS R5 R7 G3 B4", "R1", counts=[1, 6, 6])
    move, _ = decide(obs)
    assert move.card == parse_card("RS")


def test_reverse_turns_play_away_from_a_threat() -> None:
    # next seat 1 holds one card, previous seat 3 holds many: Reverse beats a number
    obs = make_obs("RR R5 G3 B4 Y7", "R1", counts=[1, 6, 8])
    move, _ = decide(obs)
    assert move.card == parse_card("RR")


def test_dumps_high_points_when_an_opponent_is_about_to_go_out() -> None:
    obs = make_obs("R1 R9 B5", "R4", counts=[1])
    move, _ = decide(obs)
    assert move.card == parse_card("R9")


def test_two_player_skip_chain_goes_out() -> None:
    # RS gives the turn back and R5 then goes out; R5 first would leave a lone Skip
    obs = make_obs("R5 RS", "R1", counts=[5])
    move, _ = decide(obs)
    assert move.card == parse_card("RS")


def test_challenges_an_obvious_bluff_and_accepts_a_likely_honest_plus4() -> None:
    # seat 1 played W+4 over red while holding 12 cards; red is mostly unseen: likely a bluff
    obs = make_obs("G1 G2 B3", "W+4", color=Color.BLUE, counts=[12], phase=Phase.PENALTY,
                   pending=4, plus4_by=1, plus4_prev_color=Color.RED, discard="R4")
    assert plus4_bluff_probability(obs) > 0.9
    move, moves = decide(obs)
    assert any(m.kind == MoveKind.CHALLENGE for m in moves)
    assert move.kind == MoveKind.CHALLENGE
    # one card left in the +4 player's hand, and most reds already played: likely honest
    reds = "R0 R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 R6 R6 R7 R7 R8 R8 R9 R9 RS RS RR RR R+2 R+2"
    obs = make_obs("G1 G2 B3", "W+4", color=Color.BLUE, counts=[1], phase=Phase.PENALTY,
                   pending=4, plus4_by=1, plus4_prev_color=Color.RED,
                   discard=" ".join(reds.split()[:-2]))
    assert plus4_bluff_probability(obs) < 0.05
    move, _ = decide(obs)
    assert move.kind == MoveKind.ACCEPT


def test_stacks_when_the_rules_allow() -> None:
    obs = make_obs("Y+2 G5 B7", "R+2", counts=[6], rules=PRESETS["duo-default"],
                   phase=Phase.PENALTY, pending=2)
    move, moves = decide(obs)
    assert any(m.kind == MoveKind.ACCEPT for m in moves)
    assert move.kind == MoveKind.PLAY and move.card == parse_card("Y+2")


def test_seven_swaps_with_the_smallest_hand() -> None:
    obs = make_obs("R7 B2 G5 Y9 B3", "R1", counts=[6, 2, 8], rules=PRESETS["house-party"])
    move, moves = decide(obs)
    assert {m.target for m in moves if m.card == parse_card("R7")} == {1, 2, 3}
    assert move.card == parse_card("R7") and move.target == 2


def test_react_catches_calls_and_jumps_in() -> None:
    bot = make_bot("normal")
    rng = random.Random(0)
    # seat 1 forgot UNO: catch
    obs = make_obs("R5 B7 G2", "R3", counts=[1], catchable=(1,), turn=1)
    moves = moves_for(obs)
    assert [m.kind for m in moves] == [MoveKind.CATCH]
    assert bot.react(obs, moves, rng) == moves[0]
    # holding one card without a call: call
    obs = make_obs("R5", "R3", counts=[4], turn=1)
    moves = moves_for(obs)
    assert bot.react(obs, moves, rng).kind == MoveKind.CALL_UNO
    # jump-in: the identical card was just played
    obs = make_obs("G7 B1 Y4", "G7", counts=[5, 5], turn=1, jump_window=True,
                   rules=PRESETS["house-party"])
    moves = moves_for(obs)
    assert moves and all(m.kind == MoveKind.PLAY for m in moves)
    got = bot.react(obs, moves, rng)
    assert got is not None and got.card == parse_card("G7")
    # nothing to do: None
    obs = make_obs("G7 B1 Y4", "R2", counts=[5, 5], turn=1)
    assert bot.react(obs, moves_for(obs), rng) is None


def test_does_not_bluff_a_wild_draw_four() -> None:
    obs = make_obs("W+4 R3 B5 B6", "R1", counts=[6])
    move, _ = decide(obs)
    assert move.card == parse_card("R3")


def test_memory_notes_a_player_who_drew_on_a_colour() -> None:
    bot = make_bot("normal")
    rng = random.Random(0)
    obs = make_obs("R5 B7 B8 G2", "R3", counts=[6])
    move = bot.choose(obs, moves_for(obs), rng)
    assert move.card == parse_card("R5")
    # back to us: nothing was played on our R5 and seat 1 holds one card more -> lacks red
    obs2 = make_obs("B7 B8 G2", "R5", counts=[7], discard="R3")
    bot.choose(obs2, moves_for(obs2), rng)
    assert bot.memory.lacks_color(1, Color.RED)
    assert not bot.memory.lacks_color(1, Color.BLUE)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_round_over_deals_next_round(level: str) -> None:
    from uno_web.core import Move

    obs = make_obs("R5", "R3", phase=Phase.ROUND_OVER)
    moves = [Move.next_round(0)]
    assert make_bot(level).choose(obs, moves, random.Random(0)) == moves[0]


def test_no_match_chance_counts_the_unseen_cards() -> None:
    from uno_web.ai.normal import ScoreContext, no_match_chance

    obs = make_obs("R1 R5 B5 G7 Y5", "R3", counts=[1])
    ctx = ScoreContext(obs)
    red5 = parse_card("R5")
    p1 = no_match_chance(ctx, red5, 0, 1)
    # one card dealt from the unseen ones: it misses red, the 5s and the wilds
    u = ctx.unseen_n
    m = ctx.unseen_by_color[0] + ctx.unseen_by_rank[5] - ctx.unseen_by_card[(0, 5)] + ctx.unseen_wild
    assert p1 == pytest.approx((u - m) / u)
    # more cards in the hand: less chance that none of them matches
    assert no_match_chance(ctx, red5, 0, 5) < p1
    # the block weight adds that chance (for the player who answers the play) to the score
    plain, block = make_bot("normal"), make_bot("normal", weights={"block": 50.0})
    play = next(m for m in moves_for(obs) if m.kind == MoveKind.PLAY and m.card == red5)
    gain = block.score(ctx, play) - plain.score(ctx, play)  # type: ignore[attr-defined]
    assert gain == pytest.approx(50.0 * p1)
