"""Core speed, anchored to RLCard 1.2.0's UNO in the same run (a benchmark that prints numbers;
not a test).

    pip install -e '.[bench]'                    # rlcard==1.2.0, the anchor
    .venv/bin/python bench/bench_core.py         # 5 interleaved repetitions of 2 s per figure
    .venv/bin/python bench/bench_core.py --quick # 3 repetitions of 0.4 s: a smoke run
    .venv/bin/python bench/bench_core.py --json results.json

Absolute figures drift between machines and with the load; ratios measured in one run hold
better. So every figure is measured beside RLCard's ``UnoGame`` (``init_game``/``step``, random
legal actions, no environment wrapper), interleaved: each repetition runs every contender once,
in a rotated order, and the table gives medians of the repetitions and their ratio to RLCard.

A "round" is one round played to its end (RLCard's game, and the unit most UNO simulators
count), official rules with every rule kept on our side (UNO calls, +4 challenges, reshuffles,
first-card rules). The random policy is RLCard's random agent: a uniformly random playable card,
drawing only when nothing can be played.

Rows:
  rlcard   RLCard 1.2.0 ``UnoGame``: rounds/s and steps/s
  fast     ``simulate.random_playout`` on ``new_game`` (the fast path, in place)
  preset   the same under each other preset (its own rules, one round), unless --no-presets
  safe     ``legal_moves`` + ``apply`` (copies, events, verdicts)
  validate ``gamelog.validate_log`` of recorded whole games, actions/s vs RLCard's steps/s
           (the logs parsed beforehand: the replay and its checks), and the same logs from
           their JSON text (read as a stream, as ``python -m uno_web validate`` reads files)
"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import multiprocessing as mp
import os
import platform
import random
import statistics
import sys
import time
from typing import Any, Callable

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from uno_web.core import PRESETS, MoveKind, Phase, RuleSet, apply, legal_moves, new_game  # noqa: E402
from uno_web.core.gamelog import GameLog, GameRecorder, parse_log, validate_log  # noqa: E402
from uno_web.core.simulate import play_random_game, random_playout  # noqa: E402

ROUND = RuleSet(scoring="single-round")
PLAYERS = (2, 4)
_PLAY = MoveKind.PLAY


# ------------------------------------------------------------------------------------------
# the machine
# ------------------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    """What the figures were measured on: cores, CPU model, date, load, versions."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        usable = os.cpu_count() or 1
    versions = {"python": platform.python_version()}
    try:
        import rlcard

        versions["rlcard"] = getattr(rlcard, "__version__", "?")
    except ImportError:
        versions["rlcard"] = "not installed"
    try:
        import numpy

        versions["numpy"] = numpy.__version__
    except ImportError:
        pass
    return {
        "nproc": usable, "cpu_count": os.cpu_count(), "cpu": model,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "load_before": [round(x, 2) for x in os.getloadavg()], "versions": versions,
    }


# ------------------------------------------------------------------------------------------
# contenders: each runs for about ``seconds`` and returns (rounds, steps, elapsed)
# ------------------------------------------------------------------------------------------


def rlcard_rounds(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """RLCard 1.2.0's UnoGame core: init_game, then step with random legal actions."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    rounds = steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(10):
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[int(rng.random() * len(legal))])
                steps += 1
            rounds += 1
    return rounds, steps, time.perf_counter() - t0


def fast_rounds(players: int, seconds: float, seed: int, rules: RuleSet = ROUND) -> tuple[int, int, float]:
    """Our fast path: ``random_playout`` of a fresh deal, every official rule kept (or every
    rule of ``rules``)."""
    rounds = steps = 0
    rng = random.Random(seed)  # the policy's generator, once a run (as RLCard's above)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(20):
            s = new_game(rules, players, seed)
            steps += random_playout(s, rng)
            seed += 1
            rounds += 1
    return rounds, steps, time.perf_counter() - t0


OTHER_PRESETS = [name for name in PRESETS if name != "official"]


def _preset_rounds(name: str, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    return fast_rounds(players, seconds, seed, PRESETS[name])


def safe_move(s: Any, rng: random.Random) -> Any:
    """RLCard's random policy on the safe API: a random playable card (with its UNO call),
    else the phase's other move (draw, keep, take the penalty, name a colour)."""
    moves = legal_moves(s, s.turn)
    plays = [m for m in moves if m.kind == _PLAY]
    if plays:
        # a play that leaves one card is listed with and without the call: take the call
        # (legal_moves lists the call with every such play, so these are all of them)
        calls = [m for m in plays if m.uno]
        if calls:
            plays = calls
        return plays[int(rng.random() * len(plays))]
    turn_moves = [m for m in moves if m.kind not in (MoveKind.CATCH, MoveKind.CALL_UNO)]
    return turn_moves[int(rng.random() * len(turn_moves))]


def safe_rounds(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Our safe API: ``legal_moves`` + ``apply`` (a checked copy, events and a verdict a move)."""
    rounds = steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(5):
            s = new_game(ROUND, players, seed)
            rng = random.Random(seed)
            while s.phase < Phase.ROUND_OVER:
                s = apply(s, safe_move(s, rng)).state
                steps += 1
            seed += 1
            rounds += 1
    return rounds, steps, time.perf_counter() - t0


def recorded_logs(players: int, count: int) -> list[GameLog]:
    """Logs of whole official games (to 500 points) between random players."""
    logs = []
    for seed in range(count):
        rec = GameRecorder(RuleSet(), players, seed)
        rng = random.Random(seed)
        while rec.state.phase != Phase.GAME_OVER:
            s = rec.state
            if s.phase == Phase.ROUND_OVER:
                rec.apply(legal_moves(s, s.active_seats()[0])[0])
            else:
                rec.apply(safe_move(s, rng))
        logs.append(parse_log(rec.to_json()))
    return logs


def validation_actions(logs: "list[GameLog] | list[str]", seconds: float) -> tuple[int, int, float]:
    actions = 0
    done = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        log = logs[done % len(logs)]
        report = validate_log(log)
        assert report.valid, report.failure
        actions += report.actions_checked
        done += 1
    return done, actions, time.perf_counter() - t0


# ------------------------------------------------------------------------------------------
# interleaved repetitions
# ------------------------------------------------------------------------------------------


def measure(seconds: float, reps: int, with_rlcard: bool, log_count: int,
            presets: bool = True) -> dict[str, Any]:
    logs = {n: recorded_logs(n, log_count) for n in PLAYERS}
    texts = {n: [log.model_dump_json() for log in logs[n]] for n in PLAYERS}  # as files hold them
    contenders: dict[str, Callable[[int, float, int], tuple[int, int, float]]] = {
        "fast": fast_rounds, "safe": safe_rounds,
        "validate": lambda n, sec, seed: validation_actions(logs[n], sec),
        "validate_text": lambda n, sec, seed: validation_actions(texts[n], sec),
    }
    if presets:
        for name in OTHER_PRESETS:
            contenders["preset:" + name] = functools.partial(_preset_rounds, name)
    if with_rlcard:
        contenders = {"rlcard": rlcard_rounds, **contenders}
    names = list(contenders)
    rates: dict[tuple[str, int], list[tuple[float, float]]] = {}
    # one throw-away pass warms the caches (and imports RLCard) before anything is timed
    for name in names:
        for n in PLAYERS:
            contenders[name](n, min(0.2, seconds), 0)
    for rep in range(reps):
        order = names[rep % len(names):] + names[:rep % len(names)]
        for n in PLAYERS:
            for name in order:
                rounds, steps, dt = contenders[name](n, seconds, 1_000_003 * rep + 17)
                rates.setdefault((name, n), []).append((rounds / dt, steps / dt))
    out: dict[str, Any] = {}
    for (name, n), values in rates.items():
        out.setdefault(name, {})[n] = {
            "rounds_per_s": statistics.median(r for r, _ in values),
            "steps_per_s": statistics.median(s for _, s in values),
            "all_rounds_per_s": [round(r, 1) for r, _ in values],
        }
    return out


def parallel_rounds(players: int, seconds: float, workers: int) -> float:
    with mp.Pool(workers) as pool:
        t0 = time.perf_counter()
        res = pool.starmap(fast_rounds, [(players, seconds, 10_000_000 * i) for i in range(workers)])
        dt = time.perf_counter() - t0
    return sum(r[0] for r in res) / dt


def whole_games(seconds: float) -> float:
    t0 = time.perf_counter()
    g = 0
    while time.perf_counter() - t0 < seconds:
        play_random_game(RuleSet(), 2, g)
        g += 1
    return g / (time.perf_counter() - t0)


def report(info: dict[str, Any], res: dict[str, Any]) -> str:
    lines = [
        f"uno_web core vs RLCard {info['versions'].get('rlcard')} — {info['date']}",
        f"machine: {info['nproc']} usable cores ({info['cpu_count']} CPUs), {info['cpu']}; "
        f"Python {info['versions']['python']}; load {info['load_before']} before, "
        f"{info.get('load_after')} after",
        f"medians of {info['reps']} interleaved repetitions of {info['seconds']} s, 1 process",
        "",
        f"{'':<44}" + "".join(f"{f'{n} players':>22}" for n in PLAYERS),
    ]
    anchor = res.get("rlcard")

    def row(label: str, key: str, unit: str, against: str) -> None:
        cells = []
        for n in PLAYERS:
            value = res[key][n][unit]
            text = f"{value:,.0f}"
            if anchor:
                text += f" ({value / anchor[n][against]:.2f}×)"
            cells.append(f"{text:>22}")
        lines.append(f"{label:<44}" + "".join(cells))

    if anchor:
        row("RLCard UnoGame rounds/s", "rlcard", "rounds_per_s", "rounds_per_s")
        row("RLCard UnoGame steps/s", "rlcard", "steps_per_s", "steps_per_s")
    row("fast path rounds/s (random_playout)", "fast", "rounds_per_s", "rounds_per_s")
    for key in res:
        if key.startswith("preset:"):
            row(f"  under the preset {key[7:]}", key, "rounds_per_s", "rounds_per_s")
    row("safe API rounds/s (legal_moves + apply)", "safe", "rounds_per_s", "rounds_per_s")
    row("safe API moves/s", "safe", "steps_per_s", "steps_per_s")
    row("log validation actions/s (vs RLCard steps/s)", "validate", "steps_per_s", "steps_per_s")
    row("  the same from JSON text, read as a stream", "validate_text", "steps_per_s", "steps_per_s")
    if anchor:
        lines.append("(×: ratio to RLCard's figure of the same kind, same run)")
    else:
        lines.append("(RLCard is not installed: pip install -e '.[bench]' for the ratios)")
    for key, value in info.get("extra", {}).items():
        lines.append(f"{key:<44}{value}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0, help="per figure and repetition (default 2)")
    ap.add_argument("--reps", type=int, default=5, help="interleaved repetitions (default 5)")
    ap.add_argument("--quick", action="store_true", help="3 repetitions of 0.4 s, no extras")
    ap.add_argument("--workers", type=int, default=0,
                    help="also measure the fast path on this many processes (default: none)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    ap.add_argument("--no-presets", action="store_true",
                    help="leave out the fast path under the presets other than the official one")
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
    res = measure(a.seconds, a.reps, with_rlcard, 4 if a.quick else 10, not a.no_presets)
    extra: dict[str, str] = {}
    if not a.quick:
        extra["whole games to 500, 2 players"] = f"{whole_games(a.seconds):,.1f} games/s"
    if a.workers > 1:
        for n in PLAYERS:
            extra[f"fast path, {n} players, {a.workers} processes"] = (
                f"{parallel_rounds(n, a.seconds, a.workers):,.0f} rounds/s")
    info["load_after"] = [round(x, 2) for x in os.getloadavg()]
    info["extra"] = extra
    print(report(info, res))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"machine": info, "results": res}, f, indent=1)


if __name__ == "__main__":
    main()
