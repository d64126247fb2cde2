"""Command line: validate and record game logs, simulate, export schemas and docs, build and serve
the site, solve puzzles, run bot tournaments.

Every command prints a clear message on bad input and exits 2; it never shows a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable, Sequence

__all__ = ["main"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def _fail(message: str, code: int = EXIT_USAGE) -> int:
    print(json.dumps({"error": message}), file=sys.stderr)
    return code


def cmd_validate(args: argparse.Namespace) -> int:
    from .core.gamelog import LogError, validate_log

    try:
        if args.log == "-":
            text = sys.stdin.read()
        else:
            text = Path(args.log).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(f"cannot read {args.log}: {exc}")
    try:
        report = validate_log(text)
    except LogError as exc:
        return _fail(str(exc))
    print(report.to_json())
    return EXIT_OK if report.valid else EXIT_INVALID


def _bot_policy(level: str):  # type: ignore[no-untyped-def]
    """A policy for recorded games: an AI level when the AI package has it, else random."""
    try:
        from .ai import make_bot  # type: ignore[attr-defined]
    except ImportError:
        make_bot = None
    if make_bot is not None:
        return make_bot(level)
    return None


def cmd_record(args: argparse.Namespace) -> int:
    import random

    from .core import PRESETS, Phase, RulesError, legal_moves, observe, resolve_rules
    from .core.gamelog import GameRecorder, Seat

    try:
        overrides = json.loads(args.rules) if args.rules else {}
        rules = resolve_rules(args.preset, overrides)
    except (RulesError, json.JSONDecodeError) as exc:
        return _fail(f"bad rules: {exc}")
    if not 2 <= args.players <= 10:
        return _fail("players must be 2 to 10")
    levels = (args.bots.split(",") if args.bots else ["random"]) * args.players
    bots = []
    for i in range(args.players):
        bot = None if levels[i] == "random" else _bot_policy(levels[i])
        if levels[i] != "random" and bot is None:
            return _fail(f"unknown bot level {levels[i]!r}")
        bots.append(bot)
    seats = [Seat(name=f"Bot {i}", kind="ai", level=levels[i]) for i in range(args.players)]
    try:
        rec = GameRecorder(rules, [s.name for s in seats], args.seed,
                           preset=args.preset if args.preset in PRESETS else "official", seats=seats)
    except ValueError as exc:
        return _fail(str(exc))
    rng = random.Random(args.seed)
    steps = 0  # every apply, the deals of new rounds included
    while rec.state.phase != Phase.GAME_OVER and steps < args.max_actions:
        s = rec.state
        seat = s.turn if s.phase != Phase.ROUND_OVER else s.active_seats()[0]
        moves = legal_moves(s, seat)
        bot = bots[seat]
        if bot is not None:
            move = bot.choose(observe(s, seat), moves, rng)
        else:
            plays = [m for m in moves if m.kind == 0]
            move = rng.choice(plays) if plays else moves[-1]
        rec.apply(move)
        steps += 1
        if args.rounds and rec.state.phase == Phase.ROUND_OVER and rec.state.round >= args.rounds:
            break
    text = rec.to_json()
    if args.output and args.output != "-":
        Path(args.output).write_text(text, encoding="utf-8")
        actions = sum(len(r["actions"]) for r in rec.rounds)  # the deals are not actions
        print(json.dumps({"written": args.output, "actions": actions, "rounds": rec.state.round}))
    else:
        print(text)
    return EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    from .core.gamelog import log_json_schema

    text = json.dumps(log_json_schema(), indent=2) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return EXIT_OK


def cmd_rules_doc(args: argparse.Namespace) -> int:
    from .core.rulesdoc import rules_markdown

    text = rules_markdown()
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    import time

    from .core import RulesError, resolve_rules
    from .core.simulate import play_random_game

    try:
        rules = resolve_rules(args.preset)
    except RulesError as exc:
        return _fail(str(exc))
    wins = [0] * args.players
    t0 = time.perf_counter()
    for g in range(args.games):
        s = play_random_game(rules, args.players, args.seed + g)
        wins[s.winner] += 1
    dt = time.perf_counter() - t0
    print(json.dumps({"games": args.games, "wins": wins, "seconds": round(dt, 3)}))
    return EXIT_OK


def _delegate(module: str, func: str = "main") -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        import importlib

        try:
            mod = importlib.import_module(module, __package__)
        except ImportError as exc:
            return _fail(f"this command is not available: {exc}")
        result: int = getattr(mod, func)(list(args.rest))
        return result

    return run


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m uno_web", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    v = sub.add_parser(
        "validate",
        help="replay and check a game log (exit 0 valid, 1 invalid, 2 unreadable); a failure "
        "names its action by number, counted from 1 over the whole log (deals are not actions)",
    )
    v.add_argument("log", help="a log file, or - for standard input")
    v.set_defaults(func=cmd_validate)

    r = sub.add_parser("record", help="write the log of a simulated game")
    r.add_argument("--players", type=int, default=2)
    r.add_argument("--preset", default="official")
    r.add_argument("--rules", help="JSON object of RuleSet overrides")
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--bots", help="comma-separated levels per seat: random, easy, normal, hard")
    r.add_argument("--rounds", type=int, default=0, help="stop after this many rounds (0: whole game)")
    r.add_argument("--max-actions", type=int, default=100_000)
    r.add_argument("-o", "--output", help="file to write (default: standard output)")
    r.set_defaults(func=cmd_record)

    s = sub.add_parser("schema", help="print the game-log JSON Schema")
    s.add_argument("-o", "--output")
    s.set_defaults(func=cmd_schema)

    d = sub.add_parser("rules-doc", help="print the rules reference generated from RuleSet")
    d.add_argument("-o", "--output")
    d.set_defaults(func=cmd_rules_doc)

    m = sub.add_parser("simulate", help="play random games and print win counts")
    m.add_argument("--players", type=int, default=2)
    m.add_argument("--preset", default="official")
    m.add_argument("--games", type=int, default=100)
    m.add_argument("--seed", type=int, default=0)
    m.set_defaults(func=cmd_simulate)

    helps = {
        "build": "vendor Pyodide, PyScript and wheels into static/vendor",
        "serve": "build what is missing and serve the site on 127.0.0.1",
        "solve": "solve UNO puzzles (solitaire, duel, coop, generate)",
        "tournament": "run bots against each other and print win rates",
    }
    for name, module in DELEGATED.items():
        x = sub.add_parser(name, help=helps[name], add_help=False)
        x.add_argument("rest", nargs=argparse.REMAINDER)
        x.set_defaults(func=_delegate(module))
    return p


DELEGATED = {
    "build": ".site.vendor",
    "serve": ".site.serve",
    "solve": ".puzzles.cli",
    "tournament": ".ai.tournament",
}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in DELEGATED:  # these commands parse their own options
        return _delegate(DELEGATED[argv[0]])(argparse.Namespace(rest=argv[1:]))
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse prints its own usage message
        return int(exc.code or 0)
    try:
        result: int = args.func(args)
        return result
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
