"""``python -m uno_web solve ...``: the puzzle solvers on the command line.

Examples::

    python -m uno_web solve solitaire R1 R2 G2 G5 B5
    python -m uno_web solve solitaire "R1 R2, G2"            # one quoted list works too
    python -m uno_web solve duel --p1 "R1 G2" --p2 "G1 B2"
    python -m uno_web solve duel --p1 "R1 G2" --p2 "G1" --last G7 --to-move 1   # analyse a position
    python -m uno_web solve duel --p1 "R1 G2" --p2 "G1 B2" --rule uno        # real UNO
    python -m uno_web solve coop --p1 "R1 G2" --p2 "R2 G1"
    python -m uno_web solve generate solitaire --cards 30 --seed 1
    python -m uno_web solve generate duel --hand 5 --seed 1 --p1-wins yes

Output: one JSON object on stdout, exit 0.  Bad input (an unknown option, a value
out of range, a card that cannot be read, a search budget exceeded): one line
``{"error": "..."}`` on stderr and exit 2 (never a traceback).

The duel's end rule (--rule) is geography by default: the player who cannot play on
their turn loses, even with an empty hand, so the last player to play a card wins
(the model of Theorem 4.2 of "The complexity of UNO", decided in polynomial time).
--rule uno is real UNO: playing your last card wins at once.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections.abc import Sequence
from typing import Any, Optional

from .duel import solve_duel
from .notation import quote

__all__ = ["main"]

EXIT_OK, EXIT_USAGE = 0, 2
MAX_NODES = 100_000_000  # --max-nodes: a search budget; the default is far below
MAX_TRIES = 10_000  # generate --max-tries
MAX_COPIES = 10  # generate --copies: the generator builds the whole deck
MAX_GENERATED_CARDS = 200  # generate solitaire --cards, duel --hand / --p2-hand
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: {message}")


RULE_CHOICES = ("geography", "uno")
#: the duel solver's own default end rule, read from its signature (so help cannot drift)
DEFAULT_RULE: str = inspect.signature(solve_duel).parameters["rule"].default
_RULE_WORDS = {
    "geography": "the player who cannot play on their turn loses, even with an empty hand, so "
                 "the last player to play wins (Theorem 4.2 of the paper)",
    "uno": "real UNO: playing your last card wins at once",
}
RULE_HELP = "end rule: " + "; ".join(
    f"{rule}{' (default)' if rule == DEFAULT_RULE else ''}: {_RULE_WORDS[rule]}"
    for rule in sorted(RULE_CHOICES, key=lambda r: r != DEFAULT_RULE))


def _tri(value: str) -> Optional[bool]:
    v = value.strip().lower()
    if v in ("yes", "true", "1", "y"):
        return True
    if v in ("no", "false", "0", "n"):
        return False
    if v in ("any", ""):
        return None
    raise argparse.ArgumentTypeError(f"expected yes, no or any, got {quote(value)}")


def _int_range(low: int, high: int):  # type: ignore[no-untyped-def]
    """An argparse type: a whole number from ``low`` to ``high`` (ASCII digits only)."""

    def read(text: str) -> int:
        t = text.strip()
        body = t[1:] if t[:1] in "+-" else t
        if not body or not body.isascii() or not body.isdigit():
            raise argparse.ArgumentTypeError(f"expected a whole number, got {quote(text)}")
        if len(body) > 30 or not low <= int(t) <= high:
            raise argparse.ArgumentTypeError(f"expected {low:,} to {high:,}, got {quote(text)}")
        return int(t)

    return read


def _build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m uno_web solve", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pretty", action="store_true", help="indent the JSON output")
    sub = p.add_subparsers(dest="puzzle", required=True, metavar="PUZZLE", parser_class=_Parser)

    s = sub.add_parser("solitaire", help="Solitaire UNO (Uno-1): can all cards be played in one run?")
    s.add_argument("cards", nargs="+", help="cards, e.g. R1 R2 G2 (or one quoted string)")
    s.add_argument("--max-nodes", type=_int_range(1, MAX_NODES), default=2_000_000,
                   help=f"search budget, 1 to {MAX_NODES:,} (default 2,000,000)")

    d = sub.add_parser("duel", help="uncooperative two-player UNO: who wins with perfect play?")
    d.add_argument("--p1", required=True, help="player 1's hand")
    d.add_argument("--p2", required=True, help="player 2's hand")
    d.add_argument("--rule", choices=RULE_CHOICES, default=DEFAULT_RULE,
                   help=RULE_HELP)
    d.add_argument("--last", default=None, help="card on top of the pile (analyse a position in progress)")
    d.add_argument("--to-move", type=int, choices=(1, 2), default=None, help="player to move, 1 or 2 (with --last)")
    d.add_argument("--max-nodes", type=_int_range(1, MAX_NODES), default=2_000_000,
                   help=f"search budget for the uno rule, 1 to {MAX_NODES:,} (default 2,000,000)")

    c = sub.add_parser("coop", help="cooperative two-player UNO: can player 1 be made to go out first?")
    c.add_argument("--p1", required=True)
    c.add_argument("--p2", required=True)
    c.add_argument("--max-nodes", type=_int_range(1, MAX_NODES), default=1_000_000,
                   help=f"search budget, 1 to {MAX_NODES:,} (default 1,000,000)")

    g = sub.add_parser("generate", help="generate a random puzzle with a difficulty rating")
    gs = g.add_subparsers(dest="kind", required=True, metavar="KIND", parser_class=_Parser)
    for name in ("solitaire", "duel"):
        x = gs.add_parser(name)
        x.add_argument("--seed", type=_int_range(SEED_MIN, SEED_MAX), default=None,
                       help="a whole number (default: a new puzzle every time)")
        x.add_argument("--colors", type=_int_range(1, 100), default=4, help="1 to 100 (default 4)")
        x.add_argument("--numbers", type=_int_range(1, 1000), default=10, help="1 to 1000 (default 10)")
        x.add_argument("--copies", type=_int_range(1, MAX_COPIES), default=2,
                       help=f"copies of each card in the deck, 1 to {MAX_COPIES} (default 2)")
        x.add_argument("--difficulty", choices=("easy", "medium", "hard"), default=None)
        x.add_argument("--max-tries", type=_int_range(1, MAX_TRIES), default=200,
                       help=f"deals to try, 1 to {MAX_TRIES:,} (default 200)")
        cards = _int_range(1, MAX_GENERATED_CARDS)
        if name == "solitaire":
            x.add_argument("--cards", type=cards, default=20,
                           help=f"number of cards, 1 to {MAX_GENERATED_CARDS} (default 20)")
            x.add_argument("--solvable", type=_tri, default=None, help="yes, no or any (default any)")
        else:
            x.add_argument("--hand", type=cards, default=5,
                           help=f"player 1's hand size, 1 to {MAX_GENERATED_CARDS} (default 5)")
            x.add_argument("--p2-hand", type=cards, default=None, help="player 2's hand size (default: --hand)")
            x.add_argument("--rule", choices=RULE_CHOICES, default=DEFAULT_RULE, help=RULE_HELP)
            x.add_argument("--p1-wins", type=_tri, default=None, help="yes, no or any (default any)")
    return p


def _run(args: argparse.Namespace) -> dict[str, Any]:
    from .notation import parse_cards

    if args.puzzle == "solitaire":
        from .solitaire import solve_solitaire

        cards = parse_cards(" ".join(args.cards))
        return solve_solitaire(cards, max_nodes=args.max_nodes).to_dict()
    if args.puzzle == "duel":
        from .duel import analyse_duel_position, solve_duel

        p1, p2 = parse_cards(args.p1), parse_cards(args.p2)
        if args.last is None and args.to_move is None:
            return solve_duel(p1, p2, rule=args.rule, max_nodes=args.max_nodes).to_dict()
        return analyse_duel_position(p1, p2, args.last, args.to_move or 1, rule=args.rule,
                                     max_nodes=args.max_nodes).to_dict()
    if args.puzzle == "coop":
        from .coop import solve_coop

        return solve_coop(parse_cards(args.p1), parse_cards(args.p2), max_nodes=args.max_nodes).to_dict()
    # generate
    from .generator import generate_duel, generate_solitaire

    common = dict(seed=args.seed, colors=args.colors, numbers=args.numbers, copies=args.copies,
                  difficulty=args.difficulty, max_tries=args.max_tries)
    if args.kind == "solitaire":
        return generate_solitaire(args.cards, solvable=args.solvable, **common)
    return generate_duel(args.hand, p2_size=args.p2_hand, rule=args.rule, p1_wins=args.p1_wins, **common)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point; ``argv`` excludes the program name (a leading "solve" is ignored)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "solve":
        argv = argv[1:]
    parser = _build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help
            return int(exc.code or 0)
        result = _run(args)
    except _UsageError as exc:
        return _fail(str(exc))
    except RecursionError:
        return _fail("instance too large for this solver")
    except (ValueError, RuntimeError) as exc:  # bad cards, budgets (SearchLimitExceeded)
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug: still one line, no traceback
        return _fail(f"internal error, please report it: {type(exc).__name__}: {exc}")
    try:
        print(json.dumps(result, indent=2 if args.pretty else None))
    except BrokenPipeError:
        pass
    return EXIT_OK


MAX_ERROR_CHARS = 200


def _fail(message: str) -> int:
    text = " ".join(str(message).split())
    if len(text) > MAX_ERROR_CHARS:
        text = text[:MAX_ERROR_CHARS - 1] + "\u2026"
    print(json.dumps({"error": text}), file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
