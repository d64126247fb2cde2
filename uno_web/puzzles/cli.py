"""``python -m uno_web solve ...``: the puzzle solvers on the command line.

Examples::

    python -m uno_web solve solitaire R1 R2 G2 G5 B5
    python -m uno_web solve solitaire "R1 R2, G2"            # one quoted list works too
    python -m uno_web solve duel --p1 "R1 G2" --p2 "G1 B2"
    python -m uno_web solve duel --p1 "R1 G2" --p2 "G1" --last G7 --to-move 1   # analyse a position
    python -m uno_web solve duel --p1 "R1 G2" --p2 "G1 B2" --rule geography
    python -m uno_web solve coop --p1 "R1 G2" --p2 "R2 G1"
    python -m uno_web solve generate solitaire --cards 30 --seed 1
    python -m uno_web solve generate duel --hand 5 --seed 1 --p1-wins yes

Output: one JSON object on stdout, exit 0.  Bad input: one line
``{"error": "..."}`` on stderr and exit 2 (never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, Optional

__all__ = ["main"]

EXIT_OK, EXIT_USAGE = 0, 2


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: {message}")


def _tri(value: str) -> Optional[bool]:
    v = value.strip().lower()
    if v in ("yes", "true", "1", "y"):
        return True
    if v in ("no", "false", "0", "n"):
        return False
    if v in ("any", ""):
        return None
    raise argparse.ArgumentTypeError(f"expected yes, no or any, got {value!r}")


def _build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m uno_web solve", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pretty", action="store_true", help="indent the JSON output")
    sub = p.add_subparsers(dest="puzzle", required=True, metavar="PUZZLE", parser_class=_Parser)

    s = sub.add_parser("solitaire", help="Solitaire UNO (Uno-1): can all cards be played in one run?")
    s.add_argument("cards", nargs="+", help="cards, e.g. R1 R2 G2 (or one quoted string)")
    s.add_argument("--max-nodes", type=int, default=2_000_000, help="search budget (default 2e6)")

    d = sub.add_parser("duel", help="uncooperative two-player UNO: who wins with perfect play?")
    d.add_argument("--p1", required=True, help="player 1's hand")
    d.add_argument("--p2", required=True, help="player 2's hand")
    d.add_argument("--rule", choices=("geography", "uno"), default="geography",
                   help="uno: emptying your hand wins (default); geography: last player to play wins (Thm 4.2)")
    d.add_argument("--last", default=None, help="card on top of the pile (analyse a position in progress)")
    d.add_argument("--to-move", type=int, choices=(1, 2), default=None, help="player to move (with --last)")
    d.add_argument("--max-nodes", type=int, default=2_000_000, help="search budget for the uno rule")

    c = sub.add_parser("coop", help="cooperative two-player UNO: can player 1 be made to go out first?")
    c.add_argument("--p1", required=True)
    c.add_argument("--p2", required=True)
    c.add_argument("--max-nodes", type=int, default=1_000_000)

    g = sub.add_parser("generate", help="generate a random puzzle with a difficulty rating")
    gs = g.add_subparsers(dest="kind", required=True, metavar="KIND", parser_class=_Parser)
    for name in ("solitaire", "duel"):
        x = gs.add_parser(name)
        x.add_argument("--seed", type=int, default=None)
        x.add_argument("--colors", type=int, default=4)
        x.add_argument("--numbers", type=int, default=10)
        x.add_argument("--copies", type=int, default=2, help="copies of each card in the deck (default 2)")
        x.add_argument("--difficulty", choices=("easy", "medium", "hard"), default=None)
        x.add_argument("--max-tries", type=int, default=200)
        if name == "solitaire":
            x.add_argument("--cards", type=int, default=20, help="number of cards (default 20)")
            x.add_argument("--solvable", type=_tri, default=None, help="yes, no or any (default any)")
        else:
            x.add_argument("--hand", type=int, default=5, help="player 1's hand size (default 5)")
            x.add_argument("--p2-hand", type=int, default=None, help="player 2's hand size (default: --hand)")
            x.add_argument("--rule", choices=("geography", "uno"), default="geography")
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
    try:
        print(json.dumps(result, indent=2 if args.pretty else None))
    except BrokenPipeError:
        pass
    return EXIT_OK


def _fail(message: str) -> int:
    print(json.dumps({"error": " ".join(message.split())}), file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
