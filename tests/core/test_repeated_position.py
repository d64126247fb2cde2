"""Every round ends (docs/rules.md, "Blocked round" and "Repeated position").

Written from the rule, not from the engine's output: with the draw pile spent, a round whose
every move is forced (``forced_play``) can pass its last loose cards round the table for ever;
the third time a draw from an empty pile finds the round in the same position (hands, piles,
turn, direction, colour), the round ends blocked and the lowest hand wins it. The random
policy keeps a playable card drawn as the pile's last card half the time, so that its own
choices cannot loop either; a game that still does not end raises, never hangs.
"""

from __future__ import annotations

import pytest

from uno_web.core import Phase, RuleSet, apply, check_deck, legal_moves
from uno_web.core.moves import MoveKind
from uno_web.core.position import Position, build_state
from uno_web.core.simulate import PlayoutStalled, play_random_game
from uno_web.i18n.ui import tr
from uno_web.web.view import describe_event

#: three seats with no red card and no 5 or 7; the pile is spent and the discard pile holds
#: R7 under R5: each player in turn must draw the card under the top and must play it
LOOP = Position(overrides={"forced_play": True}, hands=["G1 G2 G6", "G3 G4 G8", "B1 B3 B9"],
                top="R5", discard="R7", exact_deck=True)


def _play_forced(s):
    """Play the only legal move until the round is over; the moves and their events."""
    moves, events = [], []
    while s.phase < Phase.ROUND_OVER and len(moves) < 200:
        legal = legal_moves(s, s.turn)
        assert len(legal) == 1, legal  # every move of this round is forced
        t = apply(s, legal[0])
        assert t.verdict.ok, t.verdict
        s = t.state
        moves.append(legal[0])
        events.extend(t.events)
    return s, moves, events


def test_a_forced_loop_of_two_loose_cards_ends_at_the_third_repeat():
    s, moves, events = _play_forced(build_state(LOOP))
    draws = [m for m in moves if m.kind == MoveKind.DRAW]
    # the position at a draw comes back every six draws (three seats, two orders of the
    # discard pile): its third time is the 13th draw, which ends the round instead of drawing
    assert len(draws) == 13 and moves[-1].kind == MoveKind.DRAW
    assert len(moves) == 25  # twelve draws each followed by the forced play, then the 13th
    blocked = [e for e in events if e.kind == "round_blocked"]
    assert len(blocked) == 1 and blocked[0].repeated
    # the lowest hand wins the round: G1 G2 G6 = 9 points against 15 and 13
    assert s.phase >= Phase.ROUND_OVER and s.round_winner == 0
    assert check_deck(s).ok


def test_without_forced_play_the_player_may_keep_the_card_and_no_position_repeats_yet():
    s = build_state(LOOP.model_copy(update={"overrides": {}}))
    t = apply(s, legal_moves(s, 0)[0])  # the draw
    assert {m.kind for m in legal_moves(t.state, 0)} == {MoveKind.PLAY, MoveKind.PASS}
    assert t.state.spent and len(t.state.spent) == 1


def test_a_new_round_forgets_the_positions_of_the_last_one():
    s, _, _ = _play_forced(build_state(LOOP.model_copy(update={"overrides": {
        "forced_play": True, "scoring": "target", "target_score": 500}})))
    assert s.phase == Phase.ROUND_OVER and s.spent
    from uno_web.core import Move
    nxt = apply(s, Move(MoveKind.NEXT_ROUND, 0)).state
    assert nxt.spent == ()


def test_the_words_for_a_repeated_position_in_english_and_finnish():
    _, _, events = _play_forced(build_state(LOOP))
    blocked = next(e for e in events if e.kind == "round_blocked")
    english = describe_event(blocked, ["You", "Ana", "Bo"], 0)
    assert "same position" in english and "blocked" in english
    finnish = tr(english, "fi")
    assert finnish != english and "jumissa" in finnish


#: rule mixes whose random games never ended before the fix (found by the property test
#: ``test_fast_playouts_under_random_toggles_end_and_keep_the_deck``, which hung CI): two
#: loose cards bounced by Jacks, the first by the random policy's choice, the others forced
HUNG = [
    ({"first_card": "lead-any", "reverse_returns_draw_four": True,
      "stack_draw_four_on_draw_four": True, "false_catch_penalty": 2, "finish_keeps_turn": True,
      "false_uno_penalty": 1, "deck": "playing-cards", "zero_rotate": True, "misplay_penalty": 2,
      "wild_draw_four": "strict", "uno_catch_window": "while-one-card", "jump_in": True,
      "uno_penalty": 1, "same_number_turn": "any-card", "elimination_threshold": 110,
      "hand_size": 9, "reshuffle": "turn-over", "draw_answers": "pending-card"}, 5, 308612),
    ({"wild_draws_one": True, "no_draw_card_finish": True, "double_score": True,
      "no_action_card_last": True, "deck": "playing-cards", "uno_call": False,
      "forced_play": True, "first_card": "lead-any", "escalating_stack": True,
      "drawn_joker_penalty": 1, "may_draw_when_playable": True, "uno_penalty": 2,
      "play_same_number": True, "draw_to_match": True, "reshuffle": "turn-over"}, 5, 389468),
    ({"hand_size": 7, "misplay_penalty": 1, "jump_in": True, "stack_draw_four_on_draw_four": True,
      "wild_draws_one": True, "false_uno_penalty": 2, "uno_catch_window": "while-one-card",
      "escalating_stack": True, "uno_penalty": 0, "reshuffle": "shuffle", "draw_to_match": True,
      "draw_answers": "top-card", "forced_play": True, "wild_draw_four": "strict",
      "stack_draw_two_on_draw_four": True, "seven_swap": True, "misplay_keeps_turn": True,
      "deck": "playing-cards", "zero_rotate": True, "no_draw_card_finish": True,
      "uno_call_with_two": True, "no_action_card_last": True}, 4, 504452),
]


@pytest.mark.parametrize("toggles, players, seed", HUNG)
@pytest.mark.parametrize("fused", [True, False])
def test_random_games_that_once_never_ended_end(toggles, players, seed, fused):
    rules = RuleSet(**{**toggles, "scoring": "single-round"})
    s = play_random_game(rules, players, seed, fused=fused, max_round_moves=200_000)
    assert s.phase == Phase.GAME_OVER and s.winner >= 0
    assert check_deck(s).ok


def test_a_round_past_its_move_limit_raises_instead_of_hanging():
    with pytest.raises(PlayoutStalled, match="did not end in 5 moves"):
        play_random_game(RuleSet(), 4, 1, max_round_moves=5)


def test_a_deck_too_small_for_a_full_deal_deals_equal_shares_and_turns_a_card():
    s, _, _ = _play_forced(build_state(LOOP.model_copy(update={"overrides": {
        "forced_play": True, "scoring": "target", "target_score": 500}})))
    from uno_web.core import Move
    nxt = apply(s, Move(MoveKind.NEXT_ROUND, 0))
    assert nxt.verdict.ok
    # eleven cards, three seats, seven a hand asked: (11 - 1) // 3 = 3 each, one turned over,
    # one left to draw
    assert [len(h) for h in nxt.state.hands] == [3, 3, 3] and len(nxt.state.discard) == 1
    assert len(nxt.state.draw) == 1 and check_deck(nxt.state).ok


def test_a_pile_of_nothing_but_cards_to_send_back_keeps_the_last_one_turned():
    # an exact deck of five wild cards under redraw-wild: the next deal leaves three wilds,
    # each of which the first-card rule sends back; the last one turned stays
    pos = Position(overrides={"first_card": "redraw-wild", "scoring": "target",
                              "target_score": 500, "hand_size": 1},
                   hands=["W", "W+4"], top="W", color="R", discard="W W", exact_deck=True)
    s = build_state(pos)
    for _ in range(10):
        if s.phase >= Phase.ROUND_OVER:
            break
        s = apply(s, legal_moves(s, s.turn)[0]).state
    assert s.phase == Phase.ROUND_OVER
    from uno_web.core import Move
    nxt = apply(s, Move(MoveKind.NEXT_ROUND, 0))
    assert nxt.verdict.ok and [len(h) for h in nxt.state.hands] == [1, 1]
    assert len(nxt.state.discard) == 1 and len(nxt.state.draw) == 2
    assert check_deck(nxt.state).ok
