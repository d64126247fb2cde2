"""Command line: validate and record game logs, simulate, export schemas and docs, build and serve
the site, solve puzzles, run bot tournaments.

Exit codes: 0 done; 1 only from validate (the log is invalid) and build --check (the build is
stale); 2 bad input: an unknown command or option, a value out of range, a file that cannot be
read or written, a log that cannot be read. Errors are one line on standard error, a JSON object
{"error": "..."} that quotes at most 40 characters of any value; never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any, Callable, Iterator, NoReturn, Sequence

__all__ = ["main", "build_parser", "EXIT_OK", "EXIT_INVALID", "EXIT_USAGE", "MAX_ERROR_CHARS"]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
MAX_ERROR_CHARS = 200  # the longest error line (the JSON around it aside)
MAX_GAMES = 1_000_000  # simulate --games
MAX_RULES_TEXT = 10_000  # characters of --rules JSON
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1  # as a game log's seed
BOT_LEVELS = ("random", "easy", "normal", "hard")


class UsageError(Exception):
    """Bad input to a command: one line for standard error, exit 2."""


def _quote(value: object) -> str:
    from .core.reasons import quote_value

    return quote_value(value)


def _quote_path(path: str) -> str:
    """A file name quoted for a message: its end is what tells files apart, so a long one
    keeps its last 40 characters."""
    from .core.reasons import QUOTE_LIMIT

    text = str(path)
    if len(text) > QUOTE_LIMIT:
        text = "\u2026" + text[-QUOTE_LIMIT:]
    return repr(text)


def _fail(message: str, code: int = EXIT_USAGE) -> int:
    text = " ".join(str(message).split())
    if len(text) > MAX_ERROR_CHARS:
        text = text[:MAX_ERROR_CHARS - 1] + "\u2026"
    print(json.dumps({"error": text}, ensure_ascii=False), file=sys.stderr)
    return code


# ------------------------------------------------------------------------------------------
# checked values (argparse ``type=`` functions raise ArgumentTypeError: one line, exit 2)
# ------------------------------------------------------------------------------------------


def int_range(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` in ASCII digits."""

    def read(text: str) -> int:
        t = text.strip()
        body = t[1:] if t[:1] in "+-" else t
        if not body or not body.isascii() or not body.isdigit():
            raise argparse.ArgumentTypeError(f"expected a whole number, got {_quote(text)}")
        if len(body) > 30 or not low <= int(t) <= high:
            raise argparse.ArgumentTypeError(f"expected {low:,} to {high:,}, got {_quote(text)}")
        return int(t)

    read.__name__ = "whole number"  # argparse names the type in some messages
    return read


def _preset(text: str) -> str:
    from .core import PRESETS

    if text not in PRESETS:
        raise argparse.ArgumentTypeError(
            f"unknown rule preset {_quote(text)}; known: {', '.join(PRESETS)}")
    return text


def _rule_overrides(text: str) -> dict[str, Any]:
    if len(text) > MAX_RULES_TEXT:
        raise argparse.ArgumentTypeError(
            f"at most {MAX_RULES_TEXT:,} characters of JSON, got {len(text):,}")
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise argparse.ArgumentTypeError(f"not JSON: {_short(exc)}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(
            f'expected a JSON object of RuleSet fields like {{"seven_zero": true}}, got '
            f"{_quote(text)}")
    return value


def _bot_levels(text: str) -> list[str]:
    levels = [part.strip().lower() for part in text.split(",")]
    for level in levels:
        if level not in BOT_LEVELS:
            raise argparse.ArgumentTypeError(
                f"unknown bot level {_quote(level)}; choose from {', '.join(BOT_LEVELS)}")
    return levels


def _output(text: str) -> str:
    """An output file: ``-`` (standard output), or a file in a folder that exists."""
    if text == "-":
        return text
    if not text:
        raise argparse.ArgumentTypeError("expected a file name or -")
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{_quote_path(text)} is a folder, not a file")
    parent = path.parent
    if not parent.is_dir():
        raise argparse.ArgumentTypeError(
            f"no folder {_quote_path(str(parent))} to write {_quote_path(path.name)} in")
    return text


def _short(exc: "BaseException | str") -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "\u2026"


def _write(output: str | None, text: str) -> None:
    """Write ``text`` to ``output`` (a file name) or standard output; raises UsageError."""
    if not output or output == "-":
        print(text, end="" if text.endswith("\n") else "\n")
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {_quote_path(output)}: {exc.strerror or _short(exc)}") from None


# ------------------------------------------------------------------------------------------
# commands
# ------------------------------------------------------------------------------------------


def cmd_validate(args: argparse.Namespace) -> int:
    """One log: today's report. Several (files, a folder, a glob, JSON Lines, ``--jsonl``): one
    JSON line a log and a summary line (:mod:`uno_web.bulk`)."""
    from . import bulk

    logs: list[str] = args.logs
    _LANG[0] = getattr(args, "lang", "en")
    local = args.scheduler is None and args.workers == 1
    if len(logs) == 1 and not args.jsonl:
        arg = logs[0]
        if arg == "-":
            lines, items = bulk.read_stdin(bulk.stdin_bytes())
            if not lines:  # one log: in this process it is validated as it is read
                item = next(items)
                return _validate_single(item.name, item.read(), args) if not local else \
                    _validate_one_log("-", item.data, item.stream)
            return _validate_bulk(items, None, args)
        if bulk.kind_of(arg) in ("file", "missing") and not arg.endswith(".jsonl"):
            if local:
                return _validate_one_log(arg, None)
            return _validate_single(arg, None, args)
    try:
        files = bulk.find_logs(logs)
    except bulk.BulkError as exc:
        raise UsageError(str(exc)) from None
    total = None if "-" in files or any(f.endswith(".jsonl") for f in files) else len(files)
    return _validate_bulk(bulk.read_files(files, bulk.stdin_bytes()), total, args)


def _validate_one_log(name: str, data: bytes | None, stream: Any = None) -> int:
    """One log validated in this process as it is read (a file, ``stream``, or ``data``): the
    report, exit 0 or 1; 2 unreadable. Reading stops at the first fault."""
    from .core.gamelog import LogError, validate_log

    quoted = "standard input" if name == "-" else _quote_path(name)
    room = _room_log_report(name, data, stream, quoted)
    if isinstance(room, int):
        return room
    stream = room
    try:
        if stream is not None:
            report = validate_log(stream)
        elif data is not None:
            report = validate_log(data)
        else:
            from .bulk import open_regular

            with open_regular(name) as f:  # validate_log reads no further than its limit
                report = validate_log(f)
    except LogError as exc:
        return _fail(_short(exc))
    except OSError as exc:
        return _fail(f"cannot read {quoted}: {exc.strerror or _short(exc)}")
    except (ValueError, RecursionError, MemoryError) as exc:  # UnicodeDecodeError, JSON errors
        return _fail(f"cannot read {quoted}: {_short(exc)}")
    print(_report_in(report.to_json(), _LANG[0]))
    return EXIT_OK if report.valid else EXIT_INVALID


def _room_log_report(name: str, data: bytes | None, stream: Any, quoted: str) -> Any:
    """A room log (uno_web.room, told by its first key) verified and reported here: the exit
    code. Otherwise the stream to go on with (its first bytes put back), for the game log."""
    from .bulk import _Prepend, open_regular
    from .core.gamelog import MAX_LOG_BYTES
    from .room.roomlog import HEAD_BYTES, RoomLogError, is_room_log_head, room_log_report

    try:
        if data is not None:
            head = data[:HEAD_BYTES]
        elif stream is not None:
            head = stream.read(HEAD_BYTES)
            stream = _Prepend(head, stream)
        else:
            with open_regular(name) as f:
                head = f.read(HEAD_BYTES)
        if not is_room_log_head(head):
            return stream
        if data is None:
            if stream is not None:
                data = stream.read(MAX_LOG_BYTES + 1)
            else:
                with open_regular(name) as f:
                    data = f.read(MAX_LOG_BYTES + 1)
        report = room_log_report(data)
        if _LANG[0] != "en":
            from .i18n.phrases import words_in
            from .room import describe
            from .room.roomlog import room_summary_words

            words = describe(report["code"], report["params"], _LANG[0])
            report["message"] = words if report["valid"] else f"{report['code']}: {words}"
            report["summary"] = words_in(room_summary_words(report, report["message"]), _LANG[0])
    except OSError:
        return stream  # the game log's reading says why
    except (RoomLogError, ValueError, RecursionError, MemoryError) as exc:
        return _fail(f"cannot read {quoted}: {_short(exc)}" if not isinstance(exc, RoomLogError)
                     else _short(exc))
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return EXIT_OK if report["valid"] else EXIT_INVALID


_LANG = ["en"]  # validate --lang: the language of the report's messages


def _report_in(text: str, lang: str) -> str:
    """A validation report (JSON) in ``lang``: :func:`_report_dict_in`."""
    if lang == "en":
        return text
    return json.dumps(_report_dict_in(json.loads(text), lang), indent=2, ensure_ascii=False)


def _report_dict_in(report: Any, lang: str) -> Any:
    """A validation report with every verdict's ``message`` in ``lang``, written from the
    ``code`` and ``params`` beside it, and its ``summary`` and failure's ``where`` from the
    report's facts (uno_web.i18n; English is never read back); the codes and the keys stay as
    they are."""
    if lang == "en":
        return report
    from .core.gamelog import place_words, summary_words
    from .i18n import message_in
    from .i18n.phrases import words_in

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            if isinstance(node.get("message"), str) and isinstance(node.get("params"), dict):
                node = {**node, "message": message_in(str(node.get("code")), node["params"],
                                                      node["message"], lang)}
            return {k: v if k in ("message", "params") else walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(x) for x in node]
        return node

    out = walk(report)
    if isinstance(out, dict) and isinstance(out.get("summary"), str):
        out["summary"] = words_in(summary_words(report), lang)
        failure = out.get("failure")
        if isinstance(failure, dict) and "where" in failure:
            failure["where"] = words_in(place_words(failure.get("action_number"),
                                                    failure["round"]), lang)
    return out


def _validate_single(name: str, data: bytes | None, args: argparse.Namespace) -> int:
    """One log on the workers or the cluster asked for, printed as :func:`_validate_one_log`
    prints it."""
    from . import bulk

    items = [bulk.LogInput(name, data=data)] if data is not None else list(bulk.read_files([name]))
    with _executor(args) as executor:
        result = next(bulk.validate_many(items, executor))
    if result["status"] == "unreadable":
        return _fail(result["error"])
    report = {k: v for k, v in result.items() if k not in ("log", "status")}
    print(_report_in(json.dumps(report, indent=2), _LANG[0]))
    return EXIT_OK if report["valid"] else EXIT_INVALID


def _executor(args: argparse.Namespace) -> Any:
    from . import bulk

    try:
        if args.scheduler is not None:
            return bulk.DaskExecutor(args.scheduler)
        return bulk.LocalExecutor(args.workers)
    except bulk.BulkError as exc:
        raise UsageError(str(exc)) from None


def _validate_bulk(items: Any, total: int | None, args: argparse.Namespace) -> int:
    """One JSON line a log, in input order, then ``{"summary": ...}``; exit 2 when any log
    was unreadable (one line on standard error names the first), else 1 when any was
    invalid, else 0."""
    import time

    from . import bulk

    show = args.progress or sys.stderr.isatty()
    bar = bulk.progress_bar(total, "logs", sys.stderr) if show else None
    counts = {"invalid": 0, "unreadable": 0}
    results: list[dict[str, Any]] = []
    first_unreadable: dict[str, Any] | None = None
    t0 = time.perf_counter()
    with _executor(args) as executor:
        for result in bulk.validate_many(items, executor):
            shown = result if result["status"] == "unreadable" else \
                _report_dict_in(result, _LANG[0])
            print(json.dumps(shown, ensure_ascii=False))
            slim = {"status": result["status"], "actions_checked": result.get("actions_checked", 0)}
            if result["status"] == "invalid":
                slim["failure"] = {"code": result["failure"]["code"]}
            elif result["status"] == "unreadable" and first_unreadable is None:
                first_unreadable = result
            results.append(slim)
            if bar is not None:
                counts[result["status"]] = counts.get(result["status"], 0) + 1
                bar.set_postfix_str(f"{counts['invalid']} invalid, "
                                    f"{counts['unreadable']} unreadable", refresh=False)
                bar.update(1)
        where = executor.description
    if bar is not None:
        bar.close()
    summary = bulk.summarise(results)
    summary.update(where, seconds=round(time.perf_counter() - t0, 3))
    print(json.dumps({"summary": summary}))
    if not results:
        return _fail("no log to validate")
    if first_unreadable is not None:
        n = summary["unreadable"]
        return _fail(f"{n} of {summary['logs']} log{'s' if summary['logs'] != 1 else ''} could "
                     f"not be read; the first, {first_unreadable['log']}: {first_unreadable['error']}")
    return EXIT_OK if summary["invalid"] == 0 else EXIT_INVALID


def _bot_policy(level: str):  # type: ignore[no-untyped-def]
    """A bot of an AI level (easy, normal, hard)."""
    from .ai import make_bot

    return make_bot(level)


def cmd_record(args: argparse.Namespace) -> int:
    import random

    from .core import MoveKind, Phase, RulesError, legal_moves, observe, resolve_rules
    from .core.gamelog import GameRecorder, Seat

    try:
        rules = resolve_rules(args.preset, args.rules or {})
    except (RulesError, ValueError) as exc:
        raise UsageError(f"bad --rules: {_short(exc)}") from None
    levels = args.bots or ["random"]
    if len(levels) == 1:
        levels = levels * args.players
    elif len(levels) != args.players:
        raise UsageError(f"--bots names {len(levels)} levels for {args.players} players: give "
                         "one level for every seat, or one for all")
    bots = [None if level == "random" else _bot_policy(level) for level in levels]
    seats = [Seat(name=f"Bot {i}", kind="ai", level=levels[i]) for i in range(args.players)]
    try:
        rec = GameRecorder(rules, [s.name for s in seats], args.seed, preset=args.preset,
                           seats=seats)
    except ValueError as exc:  # too many players for the deck's hand size
        raise UsageError(_short(exc)) from None
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
            plays = [m for m in moves if m.kind == MoveKind.PLAY]
            move = rng.choice(plays) if plays else moves[-1]
        rec.apply(move)
        steps += 1
        if args.rounds and rec.state.phase == Phase.ROUND_OVER and rec.state.round >= args.rounds:
            break
    text = rec.to_json()
    _write(args.output, text)
    if args.output and args.output != "-":
        actions = sum(len(r["actions"]) for r in rec.rounds)  # the deals are not actions
        print(json.dumps({"written": args.output, "actions": actions, "rounds": rec.state.round}))
    return EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    from .core.gamelog import log_json_schema

    _write(args.output, json.dumps(log_json_schema(), indent=2) + "\n")
    return EXIT_OK


def cmd_rules_doc(args: argparse.Namespace) -> int:
    from .core.rulesdoc import rules_markdown

    _write(args.output, rules_markdown())
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    import time

    from .core import new_game, resolve_rules
    from .core.simulate import play_random_game

    rules = resolve_rules(args.preset)
    try:
        new_game(rules, args.players, args.seed)
    except ValueError as exc:  # too many players for the deck's hand size
        raise UsageError(_short(exc)) from None
    wins = [0] * args.players
    t0 = time.perf_counter()
    for g in range(args.games):
        s = play_random_game(rules, args.players, args.seed + g)
        wins[s.winner] += 1
    dt = time.perf_counter() - t0
    print(json.dumps({"games": args.games, "wins": wins, "seconds": round(dt, 3)}))
    return EXIT_OK


def cmd_tournament(argv: list[str]) -> int:
    """``tournament``: the games of :mod:`uno_web.ai.tournament` played in this process, on
    ``--workers N`` local processes or on a Dask cluster (``--scheduler ADDRESS``)."""
    from . import bulk
    from .ai import tournament

    try:
        plan = tournament.parse_args(argv)
    except tournament.UsageError as exc:
        raise UsageError(f"tournament: {_short(exc)} (see python -m uno_web tournament --help)") \
            from None
    except SystemExit as exc:  # --help
        return _exit_code(exc)
    if plan.merge:
        try:
            merged = tournament.merge_files(plan.merge)
        except tournament.UsageError as exc:
            raise UsageError(f"tournament: {_short(exc)}") from None
        print(tournament.format_summary(plan, merged))
        return EXIT_OK
    executor: bulk.Executor | None = None
    try:
        if plan.scheduler is not None:
            executor = bulk.DaskExecutor(plan.scheduler)
        elif plan.workers > 1 and plan.games > 1:
            executor = bulk.LocalExecutor(plan.workers)
    except bulk.BulkError as exc:
        raise UsageError(f"tournament: {exc}") from None
    bar = None if plan.quiet else bulk.progress_bar(plan.games, "games", sys.stderr)
    try:
        summary = tournament.play(plan, executor, bar)
    finally:
        if bar is not None:
            bar.close()
        if executor is not None:
            executor.close()
    print(tournament.format_summary(plan, summary))
    return EXIT_OK


def _delegate(module: str, func: str = "main") -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        import importlib

        try:
            mod = importlib.import_module(module, __package__)
        except ImportError as exc:
            return _fail(f"this command is not available: {_short(exc)}")
        try:
            with _one_line_usage_errors():
                result: int = getattr(mod, func)(list(args.rest))
        except SystemExit as exc:  # the command's own argparse: it printed its message
            return _exit_code(exc)
        return result

    return run


@contextlib.contextmanager
def _one_line_usage_errors() -> Iterator[None]:
    """While a delegated command runs, a plain argparse parser's usage error is one line and
    exit 2 like every other command's (parsers with their own ``error`` keep it)."""
    plain = argparse.ArgumentParser.error

    def error(self: argparse.ArgumentParser, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {_short(message)} (see {self.prog} --help)")

    argparse.ArgumentParser.error = error  # type: ignore[method-assign]
    try:
        yield
    finally:
        argparse.ArgumentParser.error = plain  # type: ignore[method-assign]


def _exit_code(exc: SystemExit) -> int:
    code = exc.code
    if code is None:
        return EXIT_OK
    return code if isinstance(code, int) else EXIT_USAGE


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors: a usage problem raises UsageError (exit 2) instead of
    printing the usage and exiting."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {_short(message)} (see {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    from .bulk import BYTES_IN_FLIGHT, MAX_WORKERS
    from .core import PRESETS
    from .core.gamelog import MAX_ACTIONS, MAX_ROUNDS

    p = _Parser(prog="python -m uno_web", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    presets = ", ".join(PRESETS)
    seed_help = "seed of the shuffles and the bots, a whole number (default 0)"

    v = sub.add_parser(
        "validate",
        help="replay and check game logs (exit 0 valid, 1 invalid, 2 unreadable); a failure "
        "names its action by number, counted from 1 over the whole log (deals are not actions)",
        description="Replay and check game logs. One log: its report. Several logs (files, "
        "folders, glob patterns, .jsonl files or JSON Lines on standard input, or --jsonl): one "
        "JSON line a log ({\"log\", \"status\": valid/invalid/unreadable, the report or the "
        "error}) in input order, then {\"summary\": counts per status and per reason code}. "
        "Exit 0: all valid; 1: some invalid (the report says which action failed and why); 2: "
        "some unreadable (no such file, not UTF-8 JSON, the wrong shape, past a size limit), "
        "with a one-line error on standard error.",
        allow_abbrev=False,
    )
    v.add_argument("logs", nargs="+", metavar="LOG",
                   help="a log file, a folder (its .json and .jsonl files), a glob pattern, a "
                   ".jsonl file (one log a line), or - for standard input (one log, or JSON Lines)")
    v.add_argument("--lang", choices=("en", "fi"), default="en",
                   help="the language of the report's messages: en (default) or fi (Finnish)")
    v.add_argument("--workers", type=int_range(1, MAX_WORKERS), default=1,
                   help=f"local processes to validate in, 1 to {MAX_WORKERS} (default 1: this "
                   "process); whatever their number, at most "
                   f"{BYTES_IN_FLIGHT // 2**20} MB of logs are out with them at a time")
    v.add_argument("--scheduler", metavar="ADDRESS",
                   help="validate on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 "
                   "(pip install 'uno_web[dask]'; the workers need uno_web, not the files)")
    v.add_argument("--progress", action="store_true",
                   help="a progress bar on standard error (default: when it is a terminal)")
    v.add_argument("--jsonl", action="store_true",
                   help="one JSON line a log and the summary line even for a single log")
    v.set_defaults(func=cmd_validate)

    r = sub.add_parser("record", help="write the log of a simulated game",
                       description="Play a game between bots and write its log. Bad values exit "
                       "2 with a one-line error.")
    r.add_argument("--players", type=int_range(2, 10), default=2, help="2 to 10 (default 2)")
    r.add_argument("--preset", type=_preset, default="official",
                   help=f"rule preset: {presets} (default official)")
    r.add_argument("--rules", type=_rule_overrides,
                   help='JSON object of RuleSet overrides, e.g. \'{"seven_zero": true}\'')
    r.add_argument("--seed", type=int_range(SEED_MIN, SEED_MAX), default=0, help=seed_help)
    r.add_argument("--bots", type=_bot_levels,
                   help="bot level of every seat, comma-separated, or one level for all: "
                   "random, easy, normal, hard (default random)")
    r.add_argument("--rounds", type=int_range(0, MAX_ROUNDS), default=0,
                   help=f"stop after this many rounds, 0 to {MAX_ROUNDS:,} (default 0: the whole game)")
    r.add_argument("--max-actions", type=int_range(1, MAX_ACTIONS), default=MAX_ACTIONS,
                   help=f"stop after this many moves, 1 to {MAX_ACTIONS:,} (a log's limit; the default)")
    r.add_argument("-o", "--output", type=_output,
                   help="file to write, in a folder that exists (default or -: standard output)")
    r.set_defaults(func=cmd_record)

    s = sub.add_parser("schema", help="print the game-log JSON Schema")
    s.add_argument("-o", "--output", type=_output, help="file to write (default: standard output)")
    s.set_defaults(func=cmd_schema)

    d = sub.add_parser("rules-doc", help="print the rules reference generated from RuleSet")
    d.add_argument("-o", "--output", type=_output, help="file to write (default: standard output)")
    d.set_defaults(func=cmd_rules_doc)

    m = sub.add_parser("simulate", help="play random games and print win counts")
    m.add_argument("--players", type=int_range(2, 10), default=2, help="2 to 10 (default 2)")
    m.add_argument("--preset", type=_preset, default="official",
                   help=f"rule preset: {presets} (default official)")
    m.add_argument("--games", type=int_range(0, MAX_GAMES), default=100,
                   help=f"0 to {MAX_GAMES:,} (default 100)")
    m.add_argument("--seed", type=int_range(SEED_MIN, SEED_MAX), default=0,
                   help="seed of the first game, a whole number (default 0)")
    m.set_defaults(func=cmd_simulate)

    helps = {
        "build": "vendor Pyodide, PyScript and wheels into static/vendor",
        "serve": "build what is missing and serve the site on 127.0.0.1",
        "solve": "solve UNO puzzles (solitaire, duel, coop, generate)",
        "tournament": "run bots against each other and print win rates",
    }
    for name, module in DELEGATED.items():  # each parses its own options
        x = sub.add_parser(name, help=helps[name], add_help=False)
        x.add_argument("rest", nargs=argparse.REMAINDER)
        x.set_defaults(func=_delegate(module) if name != "tournament"
                       else lambda args: cmd_tournament(list(args.rest)))
    return p


# the commands that parse their own options: main hands them the rest of the line (tournament
# to cmd_tournament, which runs the games on the executor asked for)
DELEGATED = {
    "build": ".site.vendor",
    "serve": ".site.serve",
    "solve": ".puzzles.cli",
    "tournament": ".ai.tournament",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; returns the exit code (see the module docstring), never raises (but
    KeyboardInterrupt gives 130)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] == "tournament":
            return cmd_tournament(argv[1:])
        if argv and argv[0] in DELEGATED:  # these commands parse their own options
            return _delegate(DELEGATED[argv[0]])(argparse.Namespace(rest=argv[1:]))
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help
            return _exit_code(exc)
        result: int = args.func(args)
        return result
    except UsageError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a bug: still one line, no traceback
        return _fail(f"internal error, please report it: {type(exc).__name__}: {_short(exc)}")
