"""Tune Normal's weights jointly against a ported bot: a (1+1) evolution strategy with paired
comparisons on fresh deals. A script that prints figures (issue 17: Normal at least 55% against
MixBot2), not a test.

    .venv/bin/python bench/tune_normal.py --generations 80 --deals 1500 --json bench/results/tune-normal.jsonl
    .venv/bin/python bench/tune_normal.py --validate '{"weights": {...}}' --deals 8000 --seed 3000000

Each generation perturbs some of the current setting's weights and options (each with chance
``--share``: positive weights by a log-normal factor, whole-number options by one step) and
plays the current setting and the candidate against the opponent on the *same fresh* deals
(``--deals`` deals a generation, each played twice with the seats swapped; seeds from
``--seed`` on, never reused). The candidate replaces the current setting when it wins more of
those games. Measuring the current setting anew on every generation's deals keeps a lucky
measurement from holding on; the last setting still needs a run on deals the search never saw
(``--validate``), which is the figure to report.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bench_ai_ports as ports  # noqa: E402
from uno_web.ai.normal import NormalBot  # noqa: E402

INTS = {"save_wilds": (0, 12, 6), "wild_limit": (0, 8, 0)}  # option: (low, high, default)


def defaults() -> dict[str, Any]:
    return {"weights": dict(NormalBot.WEIGHTS), "honesty": 0.5,
            **{k: v[2] for k, v in INTS.items()}}


def perturb(setting: dict[str, Any], rng: random.Random, share: float, sigma: float) -> dict[str, Any]:
    """A copy of ``setting`` with each weight or option changed with chance ``share`` (at
    least one changed)."""
    new = {"weights": dict(setting["weights"]), **{k: v for k, v in setting.items() if k != "weights"}}
    names = list(new["weights"]) + ["honesty", *INTS]
    chosen = [n for n in names if rng.random() < share] or [rng.choice(names)]
    for n in chosen:
        if n in INTS:
            lo, hi, _ = INTS[n]
            new[n] = min(hi, max(lo, new[n] + rng.choice((-1, 1))))
        elif n == "honesty":
            new[n] = min(1.0, max(0.05, new[n] * math.exp(sigma * rng.gauss(0, 1))))
        else:
            w = new["weights"][n]
            if w == 0.0:  # an unused weight starts small
                new["weights"][n] = abs(rng.gauss(0, 2))
            else:
                new["weights"][n] = w * math.exp(sigma * rng.gauss(0, 1))
    return new


def _options(setting: dict[str, Any]) -> dict[str, Any]:
    w = {k: round(v, 4) for k, v in setting["weights"].items() if v != NormalBot.WEIGHTS[k]}
    out = {k: round(v, 4) if isinstance(v, float) else v
           for k, v in setting.items() if k != "weights" and v != defaults()[k]}
    if w:
        out["weights"] = w
    return out


def evaluate(setting: dict[str, Any], opponent: str, deals: int, seed: int) -> int:
    """Normal with ``setting`` against ``opponent``: games won of ``2 * deals``."""
    ports.OPTIONS["normal"] = _options(setting)
    return int(ports.run("normal", opponent, deals, seed, 2, "official", {}, progress=False)["wins"])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--opponent", default="mixbot2")
    p.add_argument("--generations", type=int, default=80)
    p.add_argument("--deals", type=int, default=1500, help="deals a generation (or to validate)")
    p.add_argument("--seed", type=int, default=2_000_000, help="first deal seed")
    p.add_argument("--share", type=float, default=0.3, help="chance each weight is changed")
    p.add_argument("--sigma", type=float, default=0.35, help="log-normal step of a weight")
    p.add_argument("--start", default="{}", help="JSON: the starting setting's changes")
    p.add_argument("--validate", default=None,
                   help="JSON setting: play it and the defaults on --deals deals and stop")
    p.add_argument("--json", default=None, help="append each generation (JSON Lines)")
    p.add_argument("--rng", type=int, default=17)
    args = p.parse_args(argv)

    def full(changes: dict[str, Any]) -> dict[str, Any]:
        s = defaults()
        s["weights"].update(changes.get("weights", {}))
        s.update({k: v for k, v in changes.items() if k != "weights"})
        return s

    with ProcessPoolExecutor(2) as pool:
        if args.validate is not None:
            tuned = full(json.loads(args.validate))
            jobs = [pool.submit(evaluate, s, args.opponent, args.deals, args.seed)
                    for s in (defaults(), tuned)]
            base, won = (j.result() for j in jobs)
            games = 2 * args.deals
            for name, w in (("defaults", base), ("tuned", won)):
                lo, hi = ports.wilson(w, games)
                print(f"{name:>8}: {w}/{games} = {w / games:.1%} [{lo:.1%}, {hi:.1%}]")
            print(f"paired difference {100 * (won - base) / games:+.2f} points on the same deals; "
                  f"setting {json.dumps(_options(tuned))}")
            if args.json:
                with open(args.json, "a") as f:
                    f.write(json.dumps({"validate": _options(tuned), "opponent": args.opponent,
                                        "first_seed": args.seed, "deals": args.deals,
                                        "games": games, "defaults_wins": base,
                                        "tuned_wins": won}) + "\n")
            return 0
        rng = random.Random(args.rng)
        current = full(json.loads(args.start))
        seed = args.seed
        for g in range(args.generations):
            cand = perturb(current, rng, args.share, args.sigma)
            t0 = time.perf_counter()
            jobs = [pool.submit(evaluate, s, args.opponent, args.deals, seed) for s in (current, cand)]
            cur_w, cand_w = (j.result() for j in jobs)
            games = 2 * args.deals
            took = cand_w > cur_w
            row = {"generation": g, "first_seed": seed, "deals": args.deals, "games": games,
                   "current": cur_w / games, "candidate": cand_w / games, "accepted": took,
                   "candidate_setting": _options(cand), "seconds": time.perf_counter() - t0}
            print(f"gen {g:3d} seeds {seed}+: current {cur_w / games:.1%} candidate "
                  f"{cand_w / games:.1%} {'ACCEPT' if took else 'reject'} {json.dumps(_options(cand))}",
                  flush=True)
            if took:
                current = cand
            row["setting"] = _options(current)
            if args.json:
                with open(args.json, "a") as f:
                    f.write(json.dumps(row) + "\n")
            seed += args.deals
        print("final setting:", json.dumps(_options(current)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
