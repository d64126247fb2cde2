"""The batched engine in lock step with the reference engine (tests/batched/lockstep.py says
how): after every step the player to act, the legal mask, the observation vector, the hidden
state (hands, draw pile order, scores, ...), the rewards and the end of the game are equal, or
the test fails naming the game, the step and the field. Half the games take random legal
actions, half always the rarest legal action so far (challenges, catches, late calls, swaps).

The CI run plays whole games (every round to the end of the game) of the supported presets and
two rule sets that turn on every other supported toggle, on a few table sizes; the slow run
(``-m slow``) plays 1,000 games of each supported preset over 2 to 10 players."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("jax")

from uno_web.batched import BatchedUno, supported_presets  # noqa: E402
from uno_web.core.rules import PRESETS, RuleSet  # noqa: E402

from .lockstep import LockStep  # noqa: E402

POLICIES = ["random", "rarest"]

# every supported toggle away from its official value, in two rule sets
SEVEN_ZERO_AND_DRAWING = RuleSet(
    seven_swap=True, zero_rotate=True, draw_to_match=True, forced_play=True,
    wild_draw_four="strict", uno_call_with_two=False, first_card="redraw-until-number",
    two_player_reverse="none", double_score=True, target_score=200, uno_penalty=3)
STACKING = RuleSet(
    stack_draw_two_on_draw_two=True, stack_draw_four_on_draw_four=True,
    stack_draw_two_on_draw_four=True, stack_draw_four_on_draw_two=True,
    may_draw_when_playable=False, draw_on_last_card=False, scoring="single-round", hand_size=5,
    uno_penalty=4, first_card="redraw-wild")

# (name, rules, players, games, max_steps): the CI run truncates games at 1,200 steps (the
# environment's max_steps, held in lock step too; a random player's game to 500 points can run
# past 20,000), the slow run at the environment's default
CI_CASES = [
    ("official", PRESETS["official"], 2, 32, 1200),
    ("official", PRESETS["official"], 6, 16, 1200),
    ("duo-uno-subset", PRESETS["duo-uno-subset"], 3, 24, 1200),
    ("duo-default", PRESETS["duo-default"], 4, 24, 1200),
    ("7-0 and drawing", SEVEN_ZERO_AND_DRAWING, 2, 32, 1200),
    ("stacking", STACKING, 10, 40, 1200),
]


def _check(rules: RuleSet, players: int, games: int, seed: int,
           max_steps: int = 20_000) -> dict[str, object]:
    env = BatchedUno(rules, players, record=True, max_steps=max_steps)
    t = time.perf_counter()
    res = LockStep(env, seed).run(games, POLICIES)
    res["seconds"] = round(time.perf_counter() - t, 1)
    assert res["steps"] > games * 10
    return res


@pytest.mark.parametrize("name,rules,players,games,max_steps", CI_CASES,
                         ids=[f"{c[0]}-{c[2]}p" for c in CI_CASES])
def test_lock_step(name: str, rules: RuleSet, players: int, games: int, max_steps: int) -> None:
    res = _check(rules, players, games, seed=players, max_steps=max_steps)
    print(name, players, res)
    assert res["rounds"] >= 1 or rules.scoring == "single-round"


def test_the_ci_cases_cover_every_supported_preset() -> None:
    assert {c[0] for c in CI_CASES} >= set(supported_presets())
    assert set(supported_presets()) == {"official", "duo-uno-subset", "duo-default"}


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["official", "duo-uno-subset", "duo-default"])
def test_lock_step_a_thousand_games(preset: str) -> None:
    """1,000 whole games of the preset: 112 on each table size from 2 to 10 players (the
    number of players fixes the arrays' shapes: one batch a table size)."""
    total = 0
    for players in range(2, 11):
        res = _check(PRESETS[preset], players, 112, seed=100 + players)
        print(preset, players, res)
        total += res["games"]  # type: ignore[operator]
    assert total >= 1000
