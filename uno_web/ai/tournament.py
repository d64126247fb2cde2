"""Bot tournaments: ``python -m uno_web tournament --seats normal,easy --games 500``.

Seeded games between bots under any preset, 2 to 10 seats. The bots rotate through the seats
from game to game (entry ``i`` of ``--seats`` sits at seat ``(i + game) % n``), so every bot
starts equally often. Prints, per entry and per level, the games won with a 95% Wilson
interval and the mean points; ``--json`` prints the same as JSON.

Out-of-turn reactions (catches, UNO calls, jump-ins) are offered to every seat after every
move, and a finished round is dealt again, by :func:`uno_web.ai.match.play_game`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence

from ..core.rules import PRESETS, RulesError, resolve_rules
from . import LEVELS, make_bot
from .base import Bot
from .match import play_game
from .stats import wilson

__all__ = [
    "main", "run_tournament", "parse_seats", "merge_summaries", "MergeError", "UsageError",
    "Plan", "parse_args", "merge_files", "play", "format_summary", "GameExecutor",
]


class UsageError(Exception):
    """Bad command-line arguments: the command line prints it as its one error line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse would print usage and exit
        raise UsageError(message)


class GameExecutor(Protocol):
    """Where the games run: :class:`uno_web.bulk.LocalExecutor` (processes on this machine) or
    :class:`uno_web.bulk.DaskExecutor` (a Dask cluster), or anything with this method."""

    def unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """``fn`` of every item, in the order they finish."""
        ...


def build_parser() -> argparse.ArgumentParser:
    from ..bulk import MAX_WORKERS  # the command line's, for validate and tournament alike

    p = _Parser(
        prog="python -m uno_web tournament",
        description="Play seeded games between bots and print win rates with 95%% Wilson "
        "intervals and mean points per seat and level.",
    )
    p.add_argument("--seats", default="normal,easy",
                   help="comma-separated bot levels, one per seat (easy, normal, hard); "
                   "LEVEL*K repeats a level, e.g. normal,easy*3 (default: normal,easy)")
    p.add_argument("--preset", default="official",
                   help=f"rule preset: {', '.join(PRESETS)} (default: official)")
    p.add_argument("--rules", help="JSON object of RuleSet overrides")
    p.add_argument("--games", type=int, default=100, help="number of games (default: 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default: 0)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--rounds", type=int, default=0,
                   help="stop each game after this many rounds, the leader winning "
                   "(default 0: play until the game is over)")
    g.add_argument("--single-round", action="store_true",
                   help="each game is one round (same as --rounds 1)")
    p.add_argument("--workers", type=int, default=1,
                   help=f"local processes to run games in, 1 to {MAX_WORKERS} (default: 1)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play the games on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 "
                   "(pip install 'uno_web[dask]'; uno_web installed on the workers); the summary "
                   "is a local run's for the same seeds, timings aside")
    p.add_argument("--hard-ms", type=float, default=None,
                   help="Hard's thinking time per decision in milliseconds (default: 150)")
    p.add_argument("--hard-iterations", type=int, default=None,
                   help="Hard searches this many determinizations per decision instead of a "
                   "time budget (reproducible)")
    p.add_argument("--options", default=None,
                   help='JSON object of bot options per level, e.g. \'{"hard": {"playout": "random"}}\'')
    p.add_argument("--max-moves", type=int, default=20_000, help="move limit per game")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar on standard error")
    p.add_argument("--merge", nargs="+", metavar="FILE",
                   help="pool the --json summaries saved from several runs of the same match "
                   "(same preset, rules, seats, rounds and options; no seed in two runs) and "
                   "print them as one run; plays nothing")
    return p


def merge_files(paths: Sequence[str]) -> "dict[str, Any]":
    """The ``--json`` summaries saved in ``paths``, pooled (:func:`merge_summaries`); raises
    :class:`UsageError`. Only regular files are opened (a FIFO would wait forever)."""
    from ..bulk import open_regular

    summaries = []
    for path in paths:
        try:
            with open_regular(path) as f:
                summaries.append(json.loads(f.read()))
        except OSError as exc:
            raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise UsageError(f"{path} is not JSON: {exc}") from None
    try:
        return merge_summaries(summaries)
    except MergeError as exc:
        raise UsageError(f"cannot merge: {exc}") from None
    except (KeyError, IndexError, TypeError, ZeroDivisionError) as exc:
        raise UsageError(f"cannot merge: a summary lacks or garbles a field ({exc!r})") from None


def parse_seats(text: str) -> list[str]:
    """``"normal,easy*3"`` -> ``["normal", "easy", "easy", "easy"]`` (levels checked)."""
    out: list[str] = []
    for part in text.split(","):
        part = part.strip().lower()
        if not part:
            raise UsageError(f"empty seat in --seats {text!r}")
        count = 1
        if "*" in part:
            name, _, k = part.partition("*")
            part = name.strip()
            try:
                count = int(k)
            except ValueError:
                raise UsageError(f"bad repeat {k!r} in --seats: write LEVEL*K like easy*3") from None
            if count < 1:
                raise UsageError(f"bad repeat {k!r} in --seats: K must be at least 1")
        if part not in LEVELS:
            raise UsageError(f"unknown bot level {part!r} in --seats; choose from {', '.join(LEVELS)}")
        out += [part] * count
    if not 2 <= len(out) <= 10:
        raise UsageError(f"a game has 2 to 10 seats, --seats gives {len(out)}")
    return out


# ------------------------------------------------------------------------------------------


def _play_one(task: tuple[Any, ...]) -> dict[str, Any]:
    rules, levels, options, game, seed, rounds, max_moves = task
    n = len(levels)
    # entry i sits at seat (i + game) % n
    seat_of = [(i + game) % n for i in range(n)]
    bots: list[Bot | None] = [None] * n
    for i, level in enumerate(levels):
        bots[seat_of[i]] = make_bot(level, **options.get(level, {}))
    seated = [b for b in bots if b is not None]
    res = play_game(rules, seated, seed, rounds=rounds, max_moves=max_moves,
                    timer=time.perf_counter)
    scores = [res.scores[seat_of[i]] for i in range(n)]
    if res.winner >= 0:
        share = [1.0 if seat_of[i] == res.winner else 0.0 for i in range(n)]
    else:
        share = [0.0] * n
    return {
        "game": game, "seed": seed, "share": share, "scores": scores,
        "round_wins": [res.round_wins[seat_of[i]] for i in range(n)],
        "rounds": res.rounds, "finished": res.finished, "moves": res.moves,
        "decisions": [res.decisions[seat_of[i]] for i in range(n)],
        "seconds": [res.think_seconds[seat_of[i]] for i in range(n)],
        "max_seconds": [res.think_max[seat_of[i]] if res.think_max else 0.0 for i in range(n)],
        "searches": [getattr(bots[seat_of[i]], "searches", 0) for i in range(n)],
        "iterations": [getattr(bots[seat_of[i]], "total_iterations", 0) for i in range(n)],
    }


def run_tournament(
    rules: Any, levels: Sequence[str], games: int, seed: int = 0, rounds: int = 0,
    executor: GameExecutor | None = None, options: "dict[str, dict[str, Any]] | None" = None,
    max_moves: int = 20_000, progress: Any = None,
) -> dict[str, Any]:
    """Play the games and return the summary (what ``--json`` prints).

    ``executor`` runs the games (:class:`GameExecutor`: a local process pool, a Dask
    cluster); None plays them in this process. The summary is the same either way, timings
    aside: each game is built from its seed, and the results are pooled in game order.
    ``progress``, if given, has ``update(1)`` called after each game (a tqdm bar)."""
    options = options or {}
    levels = list(levels)
    tasks = [(rules, levels, options, g, seed + g, rounds, max_moves) for g in range(games)]
    results: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    played = map(_play_one, tasks) if executor is None else executor.unordered(_play_one, tasks)
    for r in played:
        results.append(r)
        if progress is not None:
            progress.update(1)
    elapsed = time.perf_counter() - t0
    results.sort(key=lambda r: r["game"])
    entries = []
    for i, level in enumerate(levels):
        wins = sum(r["share"][i] for r in results)
        lo, hi = wilson(wins, games)
        dec = sum(r["decisions"][i] for r in results)
        sec = sum(r["seconds"][i] for r in results)
        entries.append({
            "entry": i, "level": level, "games": games, "wins": wins,
            "win_rate": wins / games if games else 0.0, "ci95": [lo, hi],
            "mean_points": sum(r["scores"][i] for r in results) / games if games else 0.0,
            "round_wins": sum(r["round_wins"][i] for r in results),
            "decisions": dec, "decisions_per_second": dec / sec if sec > 0 else None,
            "max_decision_ms": 1000 * max((r["max_seconds"][i] for r in results), default=0.0),
        })
        searches = sum(r["searches"][i] for r in results)
        if searches:
            entries[-1]["searched_decisions"] = searches
            entries[-1]["mean_iterations"] = sum(r["iterations"][i] for r in results) / searches
    return {
        "rules": rules.changed_fields(),
        "seats": levels, "games": games, "seed": seed,
        "rounds": rounds or "game",
        "scoring": rules.scoring,
        "options": options,
        "seed_ranges": [[seed, games]],
        "unfinished": sum(1 for r in results if not r["finished"]),
        "total_rounds": sum(r["rounds"] for r in results),
        "seconds": elapsed,
        "entries": entries, "levels": _by_level(entries, levels, games),
    }


def _by_level(entries: "list[dict[str, Any]]", levels: Sequence[str], games: int) -> "list[dict[str, Any]]":
    """The entries pooled per level (a level may sit at several seats)."""
    out = []
    for level in dict.fromkeys(levels):
        idx = [i for i, lv in enumerate(levels) if lv == level]
        seats_games = games * len(idx)
        wins = sum(entries[i]["wins"] for i in idx)
        lo, hi = wilson(wins, seats_games)
        out.append({
            "level": level, "seats": len(idx), "seat_games": seats_games, "wins": wins,
            "win_rate": wins / seats_games if seats_games else 0.0, "ci95": [lo, hi],
            "baseline": 1.0 / len(levels),
            "mean_points": sum(entries[i]["mean_points"] for i in idx) / len(idx),
        })
    return out


class MergeError(ValueError):
    """Saved tournament summaries that cannot be pooled (different settings, shared seeds)."""


_SAME = ("preset", "rules", "seats", "rounds", "scoring", "options")


def _setting(summary: "dict[str, Any]", key: str) -> Any:
    # runs saved before summaries recorded their options used the default options
    return summary.get(key, {} if key == "options" else None)


def merge_summaries(summaries: "Sequence[dict[str, Any]]") -> "dict[str, Any]":
    """Pool the ``--json`` summaries of several runs of the same match into one, as if it had
    been one run over all their games: same preset, rules, seats, rounds and bot options, and
    no game seed in two runs (:class:`MergeError` otherwise). Win rates get their Wilson
    interval over the pooled games; ``seed_ranges`` lists ``[first seed, games]`` of each run."""
    if not summaries:
        raise MergeError("nothing to merge")
    first = summaries[0]
    for k, s in enumerate(summaries):
        if not isinstance(s, dict) or not isinstance(s.get("entries"), list) or "games" not in s:
            raise MergeError(f"summary {k + 1} is not a tournament --json summary")
        for key in _SAME:
            if _setting(s, key) != _setting(first, key):
                raise MergeError(
                    f"summary {k + 1} differs from summary 1 in {key!r}: "
                    f"{_setting(s, key)!r} vs {_setting(first, key)!r}"
                )
    ranges = sorted(r for s in summaries for r in s.get("seed_ranges", [[s["seed"], s["games"]]]))
    for (a, n), (b, _) in zip(ranges, ranges[1:]):
        if b < a + n:
            raise MergeError(f"game seeds overlap: a run from seed {a} ({n} games) and one from seed {b}")
    games = sum(s["games"] for s in summaries)
    levels = list(first["seats"])
    entries = []
    for i, level in enumerate(levels):
        parts = [s["entries"][i] for s in summaries]
        wins = sum(e["wins"] for e in parts)
        lo, hi = wilson(wins, games)
        dec = sum(e["decisions"] for e in parts)
        sec = sum(e["decisions"] / e["decisions_per_second"] for e in parts
                  if e.get("decisions_per_second"))
        entry: dict[str, Any] = {
            "entry": i, "level": level, "games": games, "wins": wins,
            "win_rate": wins / games, "ci95": [lo, hi],
            "mean_points": sum(e["mean_points"] * e["games"] for e in parts) / games,
            "round_wins": sum(e["round_wins"] for e in parts),
            "decisions": dec, "decisions_per_second": dec / sec if sec > 0 else None,
            "max_decision_ms": max(e["max_decision_ms"] for e in parts),
        }
        searched = sum(e.get("searched_decisions", 0) for e in parts)
        if searched:
            entry["searched_decisions"] = searched
            entry["mean_iterations"] = sum(
                e.get("mean_iterations", 0.0) * e.get("searched_decisions", 0) for e in parts
            ) / searched
        entries.append(entry)
    return {
        **{key: _setting(first, key) for key in _SAME},
        "games": games, "seed": ranges[0][0], "seed_ranges": ranges,
        "merged": len(summaries),
        "unfinished": sum(s["unfinished"] for s in summaries),
        "total_rounds": sum(s["total_rounds"] for s in summaries),
        "seconds": sum(s["seconds"] for s in summaries),
        "entries": entries, "levels": _by_level(entries, levels, games),
    }


def format_table(summary: dict[str, Any]) -> str:
    lines = []
    rounds = summary["rounds"]
    what = "one round" if rounds == 1 else (f"{rounds} rounds" if rounds != "game" else "whole games")
    lines.append(
        f"{summary['games']} games ({what}), seats {','.join(summary['seats'])}, "
        f"scoring {summary['scoring']}, {summary['seconds']:.1f}s"
        + (f", pooled from {summary['merged']} runs" if summary.get("merged") else "")
        + (f", {summary['unfinished']} stopped by the move limit" if summary["unfinished"] else "")
    )
    lines.append(f"{'entry':<10} {'level':<7} {'wins':>8} {'win rate':>9} {'95% CI':>17} "
                 f"{'mean pts':>9} {'dec/s':>8}")
    for e in summary["entries"]:
        lo, hi = e["ci95"]
        dps = e["decisions_per_second"]
        lines.append(
            f"{'#' + str(e['entry']):<10} {e['level']:<7} {e['wins']:>8g} {e['win_rate']:>8.1%} "
            f"{'[' + format(lo, '.1%') + ', ' + format(hi, '.1%') + ']':>17} "
            f"{e['mean_points']:>9.1f} {dps if dps is None else format(dps, '.0f'):>8}"
        )
    if len(summary["levels"]) < len(summary["entries"]):
        lines.append("by level:")
        for lv in summary["levels"]:
            lo, hi = lv["ci95"]
            lines.append(
                f"{lv['level']:<10} seats {lv['seats']} win rate {lv['win_rate']:.1%} "
                f"[{lo:.1%}, {hi:.1%}] (baseline {lv['baseline']:.1%}), mean pts {lv['mean_points']:.1f}"
            )
    return "\n".join(lines)


@dataclass(frozen=True)
class Plan:
    """A tournament command, checked: what to play (or which saved runs to merge) and how."""

    preset: str
    rules: Any
    levels: list[str]
    games: int
    seed: int
    rounds: int
    options: dict[str, dict[str, Any]]
    max_moves: int
    workers: int = 1
    scheduler: str | None = None
    json: bool = False
    quiet: bool = False
    merge: list[str] = field(default_factory=list)


def parse_args(argv: Sequence[str]) -> Plan:
    """The command's arguments, checked; raises :class:`UsageError` (one line saying what is
    wrong) and ``SystemExit(0)`` after printing ``--help``."""
    parser = build_parser()
    args = parser.parse_args(list(argv))
    if args.merge:
        played = [f"--{k.replace('_', '-')}" for k, v in vars(args).items()
                  if k not in ("merge", "json", "quiet") and v != parser.get_default(k)]
        if played:  # a setting that would be silently ignored is refused instead
            raise UsageError(f"--merge plays nothing, so {', '.join(played)} has no effect: "
                             "the saved runs carry their own settings")
        return Plan(preset="", rules=None, levels=[], games=0, seed=0, rounds=0, options={},
                    max_moves=0, json=args.json, quiet=args.quiet, merge=list(args.merge))
    levels = parse_seats(args.seats)
    try:
        overrides = json.loads(args.rules) if args.rules else {}
    except json.JSONDecodeError as exc:
        raise UsageError(f"--rules is not JSON: {exc}") from None
    if not isinstance(overrides, dict):
        raise UsageError("--rules must be a JSON object of RuleSet fields")
    try:
        rules = resolve_rules(args.preset, overrides)
    except RulesError as exc:
        raise UsageError(str(exc)) from None
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    from ..bulk import MAX_WORKERS

    if not 1 <= args.workers <= MAX_WORKERS:
        raise UsageError(f"--workers must be 1 to {MAX_WORKERS}, not {args.workers}")
    if args.scheduler is not None and args.workers != 1:
        raise UsageError("--workers and --scheduler: choose one (the cluster has its own workers)")
    rounds = 1 if args.single_round else args.rounds
    if rounds < 0:
        raise UsageError("--rounds must be 0 (whole games) or more")
    if args.max_moves < 1:
        raise UsageError("--max-moves must be at least 1")
    try:
        options = json.loads(args.options) if args.options else {}
    except json.JSONDecodeError as exc:
        raise UsageError(f"--options is not JSON: {exc}") from None
    if not isinstance(options, dict) or not all(
        k in LEVELS and isinstance(v, dict) for k, v in options.items()
    ):
        raise UsageError(f"--options must map levels ({', '.join(LEVELS)}) to JSON objects")
    hard = dict(options.get("hard", {}))
    if args.hard_ms is not None:
        if args.hard_ms <= 0:
            raise UsageError("--hard-ms must be positive")
        hard["budget_ms"] = args.hard_ms
    if args.hard_iterations is not None:
        if args.hard_iterations < 1:
            raise UsageError("--hard-iterations must be at least 1")
        hard["iterations"] = args.hard_iterations
    if hard:
        options["hard"] = hard
    for level in set(levels):  # options are checked before any game starts
        try:
            make_bot(level, **options.get(level, {}))
        except (TypeError, ValueError) as exc:
            raise UsageError(f"bad options for {level}: {exc}") from None
    try:
        from ..core.engine import new_game

        new_game(rules, len(levels), 0)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return Plan(preset=args.preset, rules=rules, levels=levels, games=args.games, seed=args.seed,
                rounds=rounds, options=options, max_moves=args.max_moves, workers=args.workers,
                scheduler=args.scheduler, json=args.json, quiet=args.quiet)


def play(plan: Plan, executor: GameExecutor | None = None, progress: Any = None) -> dict[str, Any]:
    """The summary of ``plan``'s games (:func:`run_tournament`), with its preset."""
    summary = run_tournament(plan.rules, plan.levels, plan.games, plan.seed, plan.rounds,
                             executor, plan.options, plan.max_moves, progress)
    return {"preset": plan.preset, **summary}


def format_summary(plan: Plan, summary: dict[str, Any]) -> str:
    """What the command prints: the JSON summary with ``--json``, else the table."""
    return json.dumps(summary, indent=2) if plan.json else format_table(summary)


def main(argv: "Sequence[str] | None" = None) -> int:
    """``python -m uno_web.ai.tournament ARGS``: the same as ``python -m uno_web tournament
    ARGS`` (:func:`uno_web.cli.cmd_tournament` runs it: executors, progress, errors)."""
    from ..cli import main as cli_main

    return cli_main(["tournament", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
