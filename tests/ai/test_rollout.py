"""Hard's fast playouts make only legal moves, under every preset and random toggle mixes.

The playouts apply their moves with the unchecked :func:`step`; here every move the greedy
policy and the opponent model (:func:`attack_move`) pick is first held to :func:`legal_moves`
(the core's one source of truth), so a playout that restated a rule wrongly, or missed a new
one, fails."""

from __future__ import annotations

import random

import pytest

from uno_web.ai.rollout import attack_move, greedy_move, model_playout
from uno_web.core import PRESETS, legal_moves, new_game, step
from uno_web.core.cards import COLOR_OF, parse_card
from uno_web.core.moves import MoveKind
from uno_web.core.rules import resolve_rules
from uno_web.core.state import Phase

from .test_every_rule_set import toggle_mix


def _play_checked(rules: object, players: int, seed: int, model: bool = False) -> bool:
    """Play a round with every move held to legal_moves; with ``model`` seat 0 plays greedy
    and the others the opponent model (as in Hard's model playouts). Did it finish?"""
    s = new_game(rules, players, seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    moves = 0
    while s.phase < Phase.ROUND_OVER and moves < 20_000:  # some mixes run long (6,300 moves)
        move = attack_move(s, rng) if model and s.turn != 0 else greedy_move(s, rng)
        legal = legal_moves(s, s.turn)
        assert move in legal, (move, legal)
        step(s, move)
        moves += 1
    return s.phase >= Phase.ROUND_OVER


@pytest.mark.parametrize("preset", list(PRESETS))
def test_greedy_playouts_are_legal_under_every_preset(preset: str) -> None:
    for players in (2, 4):
        for seed in range(6):
            assert _play_checked(resolve_rules(preset), players, 4100 + seed)
            assert _play_checked(resolve_rules(preset), players, 4100 + seed, model=True)


def test_greedy_playouts_are_legal_under_random_toggle_mixes() -> None:
    rng = random.Random(17)
    for i in range(120):
        assert _play_checked(toggle_mix(rng), rng.choice((2, 3, 4)), 4200 + i)


def test_model_playouts_are_legal_under_random_toggle_mixes() -> None:
    """The opponent model hoards cards (it draws rather than play a wild): a few odd mixes
    (a two-card deal, playing cards, elimination) then stall until the playout's move limit,
    where Hard values the round by its estimate; every move stays legal."""
    rng = random.Random(17)
    unfinished = 0
    for i in range(120):
        unfinished += not _play_checked(toggle_mix(rng), rng.choice((2, 3, 4)), 4200 + i, model=True)
    assert unfinished <= 6



def test_the_opponent_model_plays_draw_cards_first_and_saves_wilds() -> None:
    """MixBot2's habits: of a Draw Two, a Skip and a number of the same colour the Draw Two
    goes first; a lone playable wild is not played while the hand holds many other cards."""
    s = new_game(resolve_rules("official"), 2, 7)
    s.turn = 0
    s.phase = Phase.PLAY
    s.hands[1] = [parse_card(x) for x in ("R1", "B2", "G3", "Y4", "R5")]
    s.discard[-1] = parse_card("R3")
    s.color = COLOR_OF[s.discard[-1]]  # red in force
    s.hands[0] = [parse_card(x) for x in ("R7", "RS", "R+2", "B9")]
    move = attack_move(s, random.Random(1))
    assert move.card == parse_card("R+2")
    s.hands[0] = [parse_card(x) for x in ("W", "B9", "G8", "Y7")]
    move = attack_move(s, random.Random(1))
    assert move.kind == MoveKind.DRAW


def test_model_playouts_finish_their_rounds() -> None:
    for seed in range(20):
        s = new_game(resolve_rules("official"), 2, 4300 + seed)
        model_playout(s, random.Random(seed), 3000, 0)
        assert s.phase >= Phase.ROUND_OVER
