"""Steps per second of the batched JAX engine (``uno_web.batched``) on whatever device JAX
sees, beside RLCard 1.2.0's environment and the project's PettingZoo environment in the same
run (a benchmark that prints numbers; not a test).

    pip install -e '.[jax,bench]'
    .venv/bin/python bench/bench_batched.py             # batches 1,024 and 4,096, 2 and 4 players
    .venv/bin/python bench/bench_batched.py --quick
    # one GPU (H100/H200): the issue's figure, official rules in full, batch 2**20, compile apart
    .venv/bin/python bench/bench_batched.py --batch 1048576 --players 2 4 --rules official \
        --no-anchors --steps 100 --reps 3 --json bench/results/batched-gpu.json

A step is one agent action with everything the next agent needs: the batched engine's
``step`` returns the acting seat's observation vector and legal-action mask for every game
(as the PettingZoo environment's ``last()`` does), and finished games are dealt again in
place. The policy is RLCard's random agent, as in ``bench_env.py``: a random card play when
one is legal, else a random legal action, chosen on the device (one ``jax.random`` word a
game, spread over the actions by a bijective hash: see ``random_agent``); the steps
are run by ``jax.lax.scan`` inside one compiled call (no Python per step). Compile time is
reported apart. Rules: the official rules in full (UNO calls and catches in reaction windows,
the Wild Draw Four challenge, rounds scored to 500) and, beside them, one round a game (the
anchors' game: ``scoring="single-round"``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

from bench_core import machine  # noqa: E402

from uno_web.batched import BatchedUno  # noqa: E402
from uno_web.core import RuleSet  # noqa: E402
from uno_web.core.moves import MoveKind  # noqa: E402

ROUND = RuleSet(scoring="single-round")
RULES: dict[str, tuple[str, "RuleSet | str"]] = {
    "official": ("official", "official"), "round": ("official, one round", ROUND)}


def _mix(x: jax.Array) -> jax.Array:
    """MurmurHash3's 32-bit finaliser: a bijection of uint32 that scrambles every bit."""
    x = x ^ (x >> 16)
    x = x * jnp.uint32(0x85EBCA6B)
    x = x ^ (x >> 13)
    x = x * jnp.uint32(0xC2B2AE35)
    return x ^ (x >> 16)


def random_agent(mask: jax.Array, key: jax.Array, is_play: jax.Array) -> jax.Array:
    """RLCard's random agent, batched: a random legal card play when there is one, else a
    random legal action. One random 32-bit word a game (``jax.random``'s threefry is the
    costly part on a CPU), spread over the actions by a bijective hash: the legal action with
    the largest hash is taken (no ties)."""
    B, A = mask.shape
    plays = mask & is_play
    choice = jnp.where(plays.any(axis=1, keepdims=True), plays, mask)
    word = jax.random.bits(key, (B, 1), jnp.uint32)
    noise = _mix(word + jnp.arange(A, dtype=jnp.uint32) * jnp.uint32(0x9E3779B9))
    return jnp.argmax(jnp.where(choice, noise, 0), axis=1)


def random_agent_uniform(mask: jax.Array, key: jax.Array, is_play: jax.Array) -> jax.Array:
    """The same agent with one uniform number an action (the earlier bench's policy)."""
    plays = mask & is_play
    choice = jnp.where(plays.any(axis=1, keepdims=True), plays, mask)
    return jnp.argmax(jnp.where(choice, jax.random.uniform(key, choice.shape), -1.0), axis=1)


POLICIES = {"hash": random_agent, "uniform": random_agent_uniform}


def rollout(env: Any, steps: int, policy: str = "hash") -> Any:
    """A compiled function: ``steps`` steps of every game under RLCard's random agent."""
    is_play = jnp.asarray(env.tables.a_kind == int(MoveKind.PLAY))
    agent = POLICIES[policy]

    def body(carry: Any, _: Any) -> Any:
        s, key = carry
        key, sub = jax.random.split(key)
        s = env.step(s, agent(s.legal_action_mask, sub, is_play))
        return (s, key), s.terminated.sum()

    @jax.jit
    def run(state: Any, key: jax.Array) -> Any:
        (state, key), ended = jax.lax.scan(body, (state, key), None, length=steps)
        return state, ended.sum()

    return run


class Batched:
    """One compiled configuration: compile once, then time one call per repetition."""

    def __init__(self, rules: "RuleSet | str", players: int, batch: int, steps: int,
                 policy: str = "hash") -> None:
        self.env = BatchedUno(rules, players)
        self.batch, self.steps = batch, steps
        self.run = rollout(self.env, steps, policy)
        t0 = time.perf_counter()
        self.state = self.env.init(jax.random.key(0), batch)
        jax.block_until_ready(self.state)  # type: ignore[no-untyped-call]
        t1 = time.perf_counter()
        self.state, _ = self.run(self.state, jax.random.key(1))
        jax.block_until_ready(self.state)  # type: ignore[no-untyped-call]
        self.compile_init_s, self.compile_rollout_s = t1 - t0, time.perf_counter() - t1
        self.rates: list[float] = []
        self.games: list[float] = []

    def measure(self, rep: int) -> None:
        t = time.perf_counter()
        self.state, ended = self.run(self.state, jax.random.key(2 + rep))
        jax.block_until_ready(self.state)  # type: ignore[no-untyped-call]
        dt = time.perf_counter() - t
        self.rates.append(self.batch * self.steps / dt)
        self.games.append(int(ended) / dt)

    def result(self) -> dict[str, Any]:
        return {"steps_per_s": statistics.median(self.rates),
                "games_per_s": statistics.median(self.games),
                "compile_init_s": self.compile_init_s,
                "compile_rollout_s": self.compile_rollout_s, "reps": self.rates}


def profile(c: "Batched", reps: int, top: int = 25) -> None:
    """Where the compiled rollout spends its time: ``jax.profiler``'s trace of ``reps`` calls,
    summed per XLA thunk (a fusion, a loop, a sort) with the source operation it came from,
    per step. Thunks nest (a loop's time includes its body's), and a loaded machine inflates
    them all; read it for proportions."""
    import collections
    import glob
    import gzip
    import re
    import tempfile

    names: dict[str, str] = {}
    text = c.run.lower(c.state, jax.random.key(0)).compile().as_text()
    for line in text.splitlines():
        m = re.match(r'\s*(?:ROOT )?%(\S+) = .*op_name="([^"]*)"', line)
        if m:
            names[m.group(1)] = m.group(2).replace("jit(run)/while/body/closed_call/", "")
    with tempfile.TemporaryDirectory() as d:
        jax.profiler.start_trace(d)
        for rep in range(reps):
            c.state, _ = c.run(c.state, jax.random.key(100 + rep))
            jax.block_until_ready(c.state)  # type: ignore[no-untyped-call]
        jax.profiler.stop_trace()  # type: ignore[no-untyped-call]
        files = glob.glob(os.path.join(d, "**", "*.trace.json.gz"), recursive=True)
        if not files:
            print("profile: no trace written")
            return
        with gzip.open(files[0]) as f:
            events = json.load(f)["traceEvents"]
    total: collections.Counter[str] = collections.Counter()
    for e in events:
        if e.get("ph") == "X" and not e["name"].startswith(
                ("$", "Thunk", "Pjit", "CommonPjRt", "Handle inputs", "end: ")):
            total[e["name"]] += e["dur"]
    steps = reps * c.steps
    print(f"profile: {c.env!r}, batch {c.batch:,}, microseconds a step (all games), top {top}")
    for name, us in total.most_common(top):
        print(f"  {us / steps:9.1f}  {name[:36]:36s} {names.get(name, '')[:100]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--batch", type=int, nargs="+", default=[1024, 4096])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--steps", type=int, default=200, help="steps per compiled call")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="per anchor repetition")
    ap.add_argument("--rules", nargs="+", choices=list(RULES), default=list(RULES),
                    help="official: rounds scored to 500; round: one round a game")
    ap.add_argument("--policy", choices=list(POLICIES), default="hash",
                    help="hash: one random word a game (default); uniform: one random number "
                    "an action (the policy of the readings before 2026-11-27 22:30 UTC)")
    ap.add_argument("--no-anchors", action="store_true")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", help="write the raw figures here")
    ap.add_argument("--profile", action="store_true",
                    help="then trace the first batched configuration and print where a step's "
                    "time goes (per XLA thunk)")
    args = ap.parse_args()
    if args.quick:
        args.batch, args.steps, args.reps, args.seconds = [256], 50, 1, 0.5
    info = machine()
    info["jax"] = jax.__version__
    info["device"] = str(jax.devices()[0])
    info["policy"] = args.policy
    info["load_before"] = os.getloadavg()
    print(json.dumps(info), flush=True)
    results: dict[str, Any] = {"machine": info, "rows": []}
    for players in args.players:
        configs = {(RULES[name][0], batch): Batched(RULES[name][1], players, batch, args.steps,
                                                    args.policy)
                   for name in args.rules for batch in args.batch}
        anchors: dict[str, list[float]] = {"rlcard": [], "pettingzoo": []}
        if not args.no_anchors:
            from bench_env import _ours, rlcard_steps

            from uno_web.rl import env

            ours = _ours(lambda n: env(players=n, rules=ROUND))
        for rep in range(args.reps):  # interleaved: every contender once a repetition
            if not args.no_anchors:
                _, steps, dt = rlcard_steps(players, args.seconds, rep)
                anchors["rlcard"].append(steps / dt)
                _, steps, dt = ours(players, args.seconds, rep)
                anchors["pettingzoo"].append(steps / dt)
            for c in configs.values():
                c.measure(rep)
        base = None
        if not args.no_anchors:
            base = {k: statistics.median(v) for k, v in anchors.items()}
            results["rows"].append({"players": players, **base, "anchor_reps": anchors})
            print(f"{players} players: RLCard env {base['rlcard']:,.0f} steps/s; "
                  f"uno_web PettingZoo env {base['pettingzoo']:,.0f} steps/s (one round a game)")
        for (name, batch), c in configs.items():
            r = c.result()
            ratio = f" ({r['steps_per_s'] / base['rlcard']:.1f}x RLCard)" if base else ""
            print(f"{players} players, {name}, batch {batch:,}: {r['steps_per_s']:,.0f} "
                  f"steps/s{ratio}, {r['games_per_s']:,.0f} games/s; compile: init "
                  f"{r['compile_init_s']:.1f} s, rollout {r['compile_rollout_s']:.1f} s")
            results["rows"].append({"players": players, "rules": name, "batch": batch, **r})
        if args.profile:
            profile(next(iter(configs.values())), args.reps)
    info["load_after"] = os.getloadavg()
    print(f"load average before {info['load_before']}, after {info['load_after']}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
