# uno_web: cli-only
"""One seat against the built-in bots, as a Gymnasium environment.

    from uno_web.rl import UnoSeatEnv
    e = UnoSeatEnv(players=2, opponents="normal", rules=RuleSet(scoring="single-round"))
    obs, info = e.reset(seed=0)
    obs, reward, terminated, truncated, info = e.step(e.action_space.sample(obs["action_mask"]))

The learner plays one seat of :class:`~uno_web.rl.aec.UnoEnv`; every other seat is a bot of
:mod:`uno_web.ai` (``easy``, ``normal``, ``hard`` or ``random``, one level for all or one per
other seat) that sees only its own observation and the legal moves, and reacts out of turn
through ``Bot.react`` in the same reaction windows the learner gets. Observations, actions,
masks, rewards and the illegal-move answer are the AEC environment's; the reward of a step is
what the learner earned since its previous action. ``seat=None`` (the default) puts the learner
at a seat drawn from the seed each episode, since the first player wins more often.
``action_masks()`` gives the current mask (the method ``sb3_contrib``'s maskable policies call).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

import gymnasium
import numpy as np

from ..ai import LEVELS, Bot, make_bot
from ..ai.seeds import bot_rng
from ..core.rules import RuleSet
from .aec import UnoEnv

__all__ = ["UnoSeatEnv", "OPPONENT_LEVELS"]

OPPONENT_LEVELS = ("random", *LEVELS)


class _RandomBot(Bot):
    """Any legal move at random; lets every reaction go."""

    level = "random"

    def decide(self, obs: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        return moves[int(rng.random() * len(moves))]


class UnoSeatEnv(gymnasium.Env[dict[str, Any], int]):
    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        players: int = 2,
        rules: "RuleSet | str | None" = None,
        *,
        opponents: "str | Sequence[str]" = "normal",
        seat: int | None = None,
        bot_options: "dict[str, dict[str, Any]] | None" = None,
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        max_steps: int = 20_000,
        render_mode: str | None = None,
    ) -> None:
        self.aec = UnoEnv(players, rules, illegal=illegal, illegal_reward=illegal_reward,
                          max_steps=max_steps, render_mode=render_mode)
        levels = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(levels) != players - 1:
            raise ValueError(f"opponents names {len(levels)} levels for {players - 1} other seats")
        for level in levels:
            if level not in OPPONENT_LEVELS:
                raise ValueError(f"unknown opponent level {level!r}; choose from "
                                 f"{', '.join(OPPONENT_LEVELS)}")
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1} or None, not {seat!r}")
        self.levels = levels
        self.bot_options = bot_options or {}
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.aec.possible_agents[0])
        self.action_space = self.aec.action_space(self.aec.possible_agents[0])
        self.bots: list[Bot | None] = []
        self._rngs: list[random.Random] = []

    def _bot(self, level: str) -> Bot:
        if level == "random":
            return _RandomBot()
        return make_bot(level, **self.bot_options.get(level, {}))

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(1 << 62))
        self.aec.reset(seed=seed)
        game_seed = self.aec.game_seed
        n = self.aec.players
        if self.fixed_seat is None:
            self.seat = random.Random(game_seed ^ 0x5EA7).randrange(n)
        levels = iter(self.levels)
        self.bots = [None if i == self.seat else self._bot(next(levels)) for i in range(n)]
        self._rngs = [bot_rng(game_seed, i) for i in range(n)]  # blind: not the shuffle stream
        self.agent = self.aec.possible_agents[self.seat]
        self._play_bots()
        obs, _, _, _, info = self._last()
        return obs, info

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        aec = self.aec
        if aec.agent_selection != self.agent or aec.terminations[self.agent] or aec.truncations[self.agent]:
            raise RuntimeError("the episode is over: call reset()")
        aec.step(action)
        self._play_bots()
        return self._last()

    def _last(self) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        aec = self.aec
        agent = self.agent
        reward = float(aec._cumulative_rewards.get(agent, 0.0))
        terminated = bool(aec.terminations.get(agent, True))
        truncated = bool(aec.truncations.get(agent, False))
        info = dict(aec.infos.get(agent, {}))
        info["seat"] = self.seat
        if terminated or truncated:
            info["winner"] = aec.game.winner
            info["scores"] = list(aec.game.scores)
        return aec.observe(agent), reward, terminated, truncated, info

    def _play_bots(self) -> None:
        """Let the bots act until the learner has to (or the episode is over for it)."""
        aec = self.aec
        agent = self.agent
        table = aec.table
        while aec.agents:
            current = aec.agent_selection
            if aec.terminations[current] or aec.truncations[current]:
                if current == agent or aec.terminations[agent] or aec.truncations[agent]:
                    return
                aec.step(None)
                continue
            if current == agent:
                return
            seat = aec.seat_of[current]
            bot = self.bots[seat]
            assert bot is not None
            moves = aec.legal_moves()
            obs = aec.seat_observation(seat)
            if aec.reacting:
                move = bot.react(obs, moves, self._rngs[seat])
                aec.step(table.pass_action if move is None else table.action_of(move))
            else:
                aec.step(table.action_of(bot.choose(obs, moves, self._rngs[seat])))
            if aec.terminations.get(agent) or aec.truncations.get(agent):
                return

    def action_masks(self) -> "np.ndarray[Any, Any]":
        mask: np.ndarray[Any, Any] = self.aec.observe(self.agent)["action_mask"].astype(bool)
        return mask

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
