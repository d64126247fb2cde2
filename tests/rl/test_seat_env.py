"""The Gymnasium environment: one seat against the built-in bots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from uno_web.core import PRESETS, RuleSet  # noqa: E402
from uno_web.rl import UnoSeatEnv  # noqa: E402

ROUND = RuleSet(scoring="single-round")


def episode(e: UnoSeatEnv, seed: int) -> tuple[float, int, list[int]]:
    obs, info = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        action = int(rng.choice(legal))
        actions.append(action)
        obs, reward, terminated, truncated, info = e.step(action)
        if terminated or truncated:
            return reward, info["seat"], actions


def test_gymnasium_check_env():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(UnoSeatEnv(players=3, rules=ROUND, opponents="easy"), skip_render_check=True)


def test_episodes_end_with_a_zero_sum_reward_and_replay_from_their_seed():
    rules = PRESETS["house-party"].model_copy(update={"scoring": "single-round"})
    e = UnoSeatEnv(players=3, rules=rules, opponents=["easy", "normal"])
    results = [episode(e, seed) for seed in range(6)]
    assert {r for r, _, _ in results} <= {1.0, -0.5}
    assert len({seat for _, seat, _ in results}) > 1  # the learner's seat is drawn per episode
    assert episode(e, 3) == results[3]


def test_random_play_loses_to_normal_more_often_than_not():
    e = UnoSeatEnv(players=2, rules=ROUND, opponents="normal", seat=0)
    rewards = [episode(e, seed)[0] for seed in range(20)]
    assert sum(r > 0 for r in rewards) < 10


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="opponent"):
        UnoSeatEnv(players=3, opponents=["easy"])
    with pytest.raises(ValueError, match="unknown opponent level"):
        UnoSeatEnv(players=2, opponents="genius")
    with pytest.raises(ValueError, match="seat"):
        UnoSeatEnv(players=2, seat=2)
