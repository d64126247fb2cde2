"""Environment steps per second: uno_web's PettingZoo environment beside RLCard 1.2.0's
``rlcard.make("uno")`` environment, in the same run (a benchmark that prints numbers).

    pip install -e '.[bench]'                   # rlcard==1.2.0, pettingzoo, gymnasium
    .venv/bin/python bench/bench_env.py         # 5 interleaved repetitions of 2 s
    .venv/bin/python bench/bench_env.py --quick

A step is one agent action with its observation: RLCard's ``env.step(action)`` (which returns
the next state, encoded) and ours ``env.last()`` (observation vector and action mask) followed
by ``env.step(action)``. Both play RLCard's random policy: a uniformly random legal action from
RLCard's ``legal_actions`` (which offer a draw only when no card fits), and from our
``action_mask`` a random card play when there is one, else a random legal action (draw, keep,
take a penalty, catch, let a reaction go, ...). Ours plays the official rules, one round a game
(``scoring="single-round"``, RLCard's game), with every rule kept: UNO calls and catches in
reaction windows, +4 challenges, the optional draw. Each repetition runs every contender once,
in a rotated order; the table gives medians and the ratio to RLCard.

The last row, ``NullEnv`` (:func:`null_env`), is the floor: PettingZoo's AEC protocol and the same agent with no
game behind them. The report ends with what issue 16's 5x target leaves of a step for the game
once the protocol and the agent have had theirs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from typing import Any, Callable

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from bench_core import machine  # noqa: E402

from uno_web.core import RuleSet  # noqa: E402

ROUND = RuleSet(scoring="single-round")
PLAYERS = (2, 4)


def rlcard_steps(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    import rlcard

    env = rlcard.make("uno", config={"seed": seed, "game_num_players": players})
    rng = random.Random(seed)
    steps = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.random() * len(legal))])
            steps += 1
        games += 1
    return games, steps, time.perf_counter() - t0


def _ours(make: Callable[[int], Any]) -> Callable[[int, float, int], tuple[int, int, float]]:
    import numpy as np

    def run(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
        env = make(players)
        rng = random.Random(seed)
        flat = np.flatnonzero
        table = env.unwrapped.table
        plays = sum(1 for a in table.actions if a.kind == 0)  # PLAY actions come first
        steps = games = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            env.reset(seed=seed + games)
            while env.agents:
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                mask = obs["action_mask"]
                legal = flat(mask[:plays])  # RLCard's random agent: a card when it can
                if not len(legal):
                    legal = flat(mask)
                env.step(int(legal[int(rng.random() * len(legal))]))
                steps += 1
            games += 1
        return games, steps, time.perf_counter() - t0

    return run


def null_env(players: int, steps_per_game: int) -> Any:
    """PettingZoo's AEC protocol with no game behind it: the floor under any environment.

    An ``AECEnv`` with the spaces of ``UnoEnv`` whose ``observe`` hands back one observation
    made in advance (no copies) and whose ``step`` only passes the turn on, ending the game
    after as many steps as ours takes; ``last()`` is PettingZoo's own, as in ours. Played by
    the same agent as ours, it measures what the protocol and the agent cost by themselves:
    what is left of a step's time budget for the game (applying the action, the next agent's
    mask, its observation) is the budget minus this."""
    from pettingzoo import AECEnv  # type: ignore[import-untyped]

    from uno_web.rl import UnoEnv

    class NullEnv(AECEnv):  # type: ignore[misc]
        metadata = {"name": "null_v0"}

        def __init__(self) -> None:
            super().__init__()
            real = UnoEnv(players, ROUND)
            real.reset(seed=0)
            self.possible_agents = real.possible_agents
            self.observation_spaces = real.observation_spaces
            self.action_spaces = real.action_spaces
            self.table = real.table
            self._obs = real.observe(real.agent_selection)

        def observe(self, agent: str) -> Any:
            return self._obs

        def reset(self, seed: int | None = None, options: Any = None) -> None:
            self.agents = self.possible_agents[:]
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos = {a: {} for a in self.agents}
            self._steps = 0
            self.agent_selection = self.agents[0]

        def step(self, action: Any) -> None:
            if self.terminations[self.agent_selection]:
                self._was_dead_step(action)
                return
            self._steps += 1
            if self._steps >= steps_per_game:
                self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[self._steps % players]

    return NullEnv()


NULL_STEPS = {2: 65, 4: 83}  # our environment's steps per game (the table's last rows)


def contenders(with_rlcard: bool) -> dict[str, Callable[[int, float, int], tuple[int, int, float]]]:
    from uno_web.rl import UnoEnv, env

    out: dict[str, Callable[[int, float, int], tuple[int, int, float]]] = {}
    if with_rlcard:
        out["RLCard env (rlcard.make('uno'))"] = rlcard_steps
    out["uno_web AEC env (env(): order-enforcing)"] = _ours(lambda n: env(players=n, rules=ROUND))
    out["uno_web AEC env, raw (UnoEnv)"] = _ours(lambda n: UnoEnv(n, ROUND))
    out["AEC protocol alone (NullEnv: no game)"] = _ours(
        lambda n: null_env(n, NULL_STEPS.get(n, 80)))
    return out


def measure(seconds: float, reps: int, with_rlcard: bool) -> dict[str, Any]:
    runs = contenders(with_rlcard)
    names = list(runs)
    for name in names:  # warm-up, not timed
        for n in PLAYERS:
            runs[name](n, min(0.2, seconds), 0)
    rates: dict[str, dict[int, list[tuple[float, float]]]] = {}
    for rep in range(reps):
        order = names[rep % len(names):] + names[:rep % len(names)]
        for n in PLAYERS:
            for name in order:
                games, steps, dt = runs[name](n, seconds, 1000 * rep + 1)
                rates.setdefault(name, {}).setdefault(n, []).append((steps / dt, steps / max(games, 1)))
    return {
        name: {n: {"steps_per_s": statistics.median(s for s, _ in v),
                   "steps_per_game": statistics.median(g for _, g in v),
                   "all_steps_per_s": [round(s) for s, _ in v]} for n, v in by_n.items()}
        for name, by_n in rates.items()
    }


def report(info: dict[str, Any], res: dict[str, Any]) -> str:
    lines = [
        f"environment steps/s, uno_web vs RLCard {info['versions'].get('rlcard')} — {info['date']}",
        f"machine: {info['nproc']} usable cores ({info['cpu_count']} CPUs), {info['cpu']}; "
        f"Python {info['versions']['python']}; load {info['load_before']} before, "
        f"{info['load_after']} after",
        f"medians of {info['reps']} interleaved repetitions of {info['seconds']} s, 1 process",
        "",
        f"{'':<44}" + "".join(f"{f'{n} players':>26}" for n in PLAYERS),
    ]
    anchor = next((v for k, v in res.items() if k.startswith("RLCard")), None)
    for name, by_n in res.items():
        cells = []
        for n in PLAYERS:
            v = by_n[n]["steps_per_s"]
            text = f"{v:,.0f}"
            if anchor:
                text += f" ({v / anchor[n]['steps_per_s']:.2f}×)"
            cells.append(f"{text:>26}")
        lines.append(f"{name:<44}" + "".join(cells))
    for name, by_n in res.items():
        games = "".join(f"{by_n[n]['steps_per_game']:>26.0f}" for n in PLAYERS)
        lines.append(f"{'  steps per game, ' + name.split(' (')[0]:<44}{games}")
    null = next((v for k, v in res.items() if k.startswith("AEC protocol alone")), None)
    if anchor and null:  # issue 16's 5x: the time a step may take, less the protocol's own
        for n in PLAYERS:
            budget = 1e6 / (5 * anchor[n]["steps_per_s"])
            floor = 1e6 / null[n]["steps_per_s"]
            lines.append(f"{n} players: 5× RLCard allows {budget:.2f} µs a step; the protocol and "
                         f"the agent alone take {floor:.2f} µs, leaving {budget - floor:.2f} µs "
                         f"for the game")
    lines.append("(×: ratio to RLCard's environment, same run)" if anchor else
                 "(RLCard is not installed: pip install -e '.[bench]' for the ratios)")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="3 repetitions of 0.4 s")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    a = ap.parse_args()
    if a.quick:
        a.seconds, a.reps = 0.4, 3
    try:
        import rlcard  # noqa: F401

        with_rlcard = True
    except ImportError:
        with_rlcard = False
    info = machine()
    info.update(seconds=a.seconds, reps=a.reps)
    res = measure(a.seconds, a.reps, with_rlcard)
    info["load_after"] = [round(x, 2) for x in os.getloadavg()]
    print(report(info, res))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"machine": info, "results": res}, f, indent=1)


if __name__ == "__main__":
    main()
