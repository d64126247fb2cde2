"""Hard's fast playouts make only legal moves, under every preset and random toggle mixes.

The playouts apply their moves with the unchecked :func:`step`; here every move the greedy
policy picks is first held to :func:`legal_moves` (the core's one source of truth), so a
playout that restated a rule wrongly, or missed a new one, fails."""

from __future__ import annotations

import random

import pytest

from uno_web.ai.rollout import greedy_move
from uno_web.core import PRESETS, legal_moves, new_game, step
from uno_web.core.rules import resolve_rules
from uno_web.core.state import Phase

from .test_every_rule_set import toggle_mix


def _play_checked(rules: object, players: int, seed: int) -> int:
    s = new_game(rules, players, seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    moves = 0
    while s.phase < Phase.ROUND_OVER and moves < 3000:
        move = greedy_move(s, rng)
        legal = legal_moves(s, s.turn)
        assert move in legal, (move, legal)
        step(s, move)
        moves += 1
    assert s.phase >= Phase.ROUND_OVER, "the playout did not finish its round"
    return moves


@pytest.mark.parametrize("preset", list(PRESETS))
def test_greedy_playouts_are_legal_under_every_preset(preset: str) -> None:
    for players in (2, 4):
        for seed in range(6):
            _play_checked(resolve_rules(preset), players, 4100 + seed)


def test_greedy_playouts_are_legal_under_random_toggle_mixes() -> None:
    rng = random.Random(17)
    for i in range(120):
        _play_checked(toggle_mix(rng), rng.choice((2, 3, 4)), 4200 + i)

