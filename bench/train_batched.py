"""A short example: train a small policy on the batched engine with optax (REINFORCE, the
simplest policy gradient), then evaluate it against the built-in bots with the tournament's
own game function (``uno_web.ai.match.play_game``), the learner at seat 0 and seat 1 in turn.

    pip install -e '.[jax,bench]'
    .venv/bin/python bench/train_batched.py --minutes 3 --eval 200

Self-play, two players, one round a game (the official rules otherwise: UNO calls, catches,
challenges): one network plays every seat; each action is credited with its seat's reward at
the end of the game (+1 / -1), steps of games still running when a batch of steps ends are left
out. The network sees the PettingZoo environment's observation vector and chooses among the
masked actions, so the trained weights play unchanged in the PettingZoo environment and as a
``Bot`` (``PolicyBot`` below) in the tournament's games. A result to report, not a bot level.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any, Sequence

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import optax  # noqa: E402

from uno_web.ai import make_bot  # noqa: E402
from uno_web.ai.base import Bot  # noqa: E402
from uno_web.ai.match import play_game  # noqa: E402
from uno_web.ai.stats import wilson  # noqa: E402
from uno_web.batched import BatchedUno  # noqa: E402
from uno_web.core import RuleSet  # noqa: E402
from uno_web.core.moves import Move  # noqa: E402
from uno_web.core.observation import Observation  # noqa: E402

RULES = RuleSet(scoring="single-round")
HIDDEN = 128


def init_params(key: jax.Array, inputs: int, actions: int) -> dict[str, jax.Array]:
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (inputs, HIDDEN)) * (2 / inputs) ** 0.5,
            "b1": jnp.zeros(HIDDEN),
            "w2": jax.random.normal(k2, (HIDDEN, actions)) * 0.01, "b2": jnp.zeros(actions)}


def logits_of(params: Any, obs: Any, scale: Any) -> Any:
    h = jax.nn.relu((obs * scale) @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def trainer(env: BatchedUno, batch: int, steps: int, lr: float) -> Any:
    scale = jnp.asarray(1.0 / np.maximum(env.encoder.high.astype(np.float32), 1.0))
    opt = optax.adam(lr)

    def rollout(params: Any, state: Any, key: jax.Array) -> Any:
        def body(carry: Any, _: Any) -> Any:
            s, k = carry
            k, sub = jax.random.split(k)
            logits = logits_of(params, s.observation.astype(jnp.float32), scale)
            action = jax.random.categorical(sub, jnp.where(s.legal_action_mask, logits, -1e9))
            s2 = env.step(s, action)
            out = (s.observation, s.legal_action_mask, action, s.current_player, s2.rewards,
                   s2.terminated | s2.truncated)
            return (s2, k), out
        return jax.lax.scan(body, (state, key), None, length=steps)

    def loss(params: Any, traj: Any) -> Any:
        obs, mask, action, seat, rewards, done = traj

        def back(carry: Any, x: Any) -> Any:
            ret, fin = carry
            r, d = x
            ret = r + jnp.where(d[:, None], 0.0, ret)
            fin = d | fin
            return (ret, fin), (ret, fin)

        zero = (jnp.zeros_like(rewards[0]), jnp.zeros_like(done[0]))
        _, (rets, finished) = jax.lax.scan(back, zero, (rewards, done), reverse=True)
        g = jnp.take_along_axis(rets, seat[..., None], axis=-1)[..., 0]
        w = finished.astype(jnp.float32)
        logits = jnp.where(mask, logits_of(params, obs.astype(jnp.float32), scale), -1e9)
        logp = jax.nn.log_softmax(logits)
        chosen = jnp.take_along_axis(logp, action[..., None], axis=-1)[..., 0]
        adv = (g - (g * w).sum() / w.sum()) * w
        entropy = -(jnp.exp(logp) * jnp.where(mask, logp, 0.0)).sum(-1)
        return -(adv * chosen).sum() / w.sum() - 0.01 * (entropy * w).sum() / w.sum()

    @jax.jit
    def iteration(params: Any, opt_state: Any, state: Any, key: jax.Array) -> Any:
        (state, _), traj = rollout(params, state, key)
        grads = jax.grad(loss)(params, traj)
        updates, opt_state = opt.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state, state, traj[5].sum()

    return opt, iteration


class PolicyBot(Bot):
    """The trained network as a bot: its observation vector, its legal moves as the mask, the
    most likely action (out of turn, letting the window go is one of the actions)."""

    level = "learned-batched"

    def __init__(self, params: dict[str, Any], env: BatchedUno) -> None:
        super().__init__()
        self.p = {k: np.asarray(v) for k, v in params.items()}
        self.scale = 1.0 / np.maximum(env.encoder.high.astype(np.float32), 1.0)
        self.env = env

    def _logits(self, obs: Observation) -> Any:
        x = self.env.encoder.encode(obs).astype(np.float32) * self.scale
        h = np.maximum(x @ self.p["w1"] + self.p["b1"], 0.0)
        return h @ self.p["w2"] + self.p["b2"]

    def decide(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move:
        index = self.env.table.index[obs.seat]
        logits = self._logits(obs)
        return max(moves, key=lambda m: logits[index[m]])

    def react(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move | None:
        index = self.env.table.index[obs.seat]
        logits = self._logits(obs)
        best = max(moves, key=lambda m: logits[index[m]])
        return best if logits[index[best]] > logits[self.env.table.pass_action] else None


def evaluate(params: Any, env: BatchedUno, opponent: str, games: int) -> tuple[int, int]:
    if opponent == "mixbot2":
        from ports.unoai_mixbot2 import MixBot2

        def other() -> Bot:
            return MixBot2()
    else:
        def other() -> Bot:
            return make_bot(opponent)
    wins = 0
    for g in range(games):
        seat = g % 2  # the learner plays each seat half the time
        bots = [other(), other()]
        bots[seat] = PolicyBot(params, env)
        wins += play_game(RULES, bots, 10_000 + g).winner == seat
    return wins, games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--steps", type=int, default=512, help="steps per iteration (a game of an "
                    "untrained policy takes hundreds: it draws as often as it plays)")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--eval", type=int, default=200, help="games against each opponent")
    args = ap.parse_args()
    env = BatchedUno(RULES, 2)
    opt, iteration = trainer(env, args.batch, args.steps, args.lr)
    params = init_params(jax.random.key(0), env.observation_size, env.num_actions)
    opt_state = opt.init(params)
    state = env.init(jax.random.key(1), args.batch)
    t0 = time.perf_counter()
    it = games = 0
    while time.perf_counter() - t0 < args.minutes * 60:
        params, opt_state, state, ended = iteration(params, opt_state, state, jax.random.key(2 + it))
        games += int(ended)
        it += 1
    dt = time.perf_counter() - t0
    steps = it * args.batch * args.steps
    print(f"trained {dt:.0f} s: {it} iterations, {steps:,} steps, {games:,} games "
          f"(first iteration's compile included); load average {os.getloadavg()}")
    size = sum(int(np.asarray(v).size) for v in params.values())
    print(f"network: {env.observation_size}-{HIDDEN}-{env.num_actions}, {size:,} weights")
    for opponent in ("easy", "normal", "mixbot2"):
        wins, n = evaluate(params, env, opponent, args.eval)
        lo, hi = wilson(wins, n)
        print(f"vs {opponent}: won {wins}/{n} = {wins / n:.1%} [{lo:.1%}, {hi:.1%}]")


if __name__ == "__main__":
    main()
