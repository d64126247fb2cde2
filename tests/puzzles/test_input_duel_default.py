"""The duel's default end rule is said once, by the code; the help text and docs/puzzles.md
must say the same. The two rules name different winners on small deals, so a wrong "default"
in the help sends a reader to the wrong answer."""

from __future__ import annotations

import contextlib
import inspect
import io
import re
from pathlib import Path

from uno_web.puzzles import cli
from uno_web.puzzles.duel import RULES, analyse_duel_position, duel_minimax, solve_duel
from uno_web.puzzles.generator import generate_duel, rate_duel

DOCS = Path(__file__).resolve().parents[2] / "docs" / "puzzles.md"


def _default(func) -> str:  # type: ignore[no-untyped-def]
    return inspect.signature(func).parameters["rule"].default


CODE_DEFAULT = _default(solve_duel)
OTHER = next(rule for rule in RULES if rule != CODE_DEFAULT)


def _help(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main([*argv, "--help"]) == 0
    return " ".join(out.getvalue().split())


def test_the_code_has_one_default_and_it_is_the_papers_model():
    assert CODE_DEFAULT == "geography"  # Theorem 4.2: the game is undirected vertex geography
    for func in (analyse_duel_position, duel_minimax, generate_duel, rate_duel):
        assert _default(func) == CODE_DEFAULT, func.__name__


def test_the_two_rules_name_different_winners():
    assert solve_duel("R1", "R2 R3", rule="uno").winner == 1  # out at once
    assert solve_duel("R1", "R2 R3", rule="geography").winner == 2  # R2, then R1 is stuck
    assert solve_duel("R1", "R2 R3").winner == solve_duel("R1", "R2 R3", rule=CODE_DEFAULT).winner


def test_the_command_line_default_is_the_codes():
    parser = cli._build_parser()
    assert parser.parse_args(["duel", "--p1", "R1", "--p2", "R2"]).rule == CODE_DEFAULT
    assert parser.parse_args(["generate", "duel"]).rule == CODE_DEFAULT


def test_the_help_calls_the_codes_default_the_default():
    for argv in (["duel"], ["generate", "duel"]):
        text = _help(*argv)
        assert f"{CODE_DEFAULT} (default)" in text, text
        assert f"{OTHER} (default)" not in text and f"{OTHER}: emptying your hand wins (default)" not in text
    top = _help()
    assert f"is {CODE_DEFAULT} by default" in top


def test_the_docs_give_the_codes_default():
    text = DOCS.read_text(encoding="utf-8")
    said = re.findall(r'rule="(\w+)"', text)
    # every signature written with its default, and the reading marked "(default)"
    signatures = re.findall(r'`(?:solve_duel|analyse_duel_position|generate_duel)\([^`]*rule="(\w+)"', text)
    assert len(signatures) >= 3 and set(signatures) == {CODE_DEFAULT}, signatures
    assert f'`rule="{CODE_DEFAULT}"` (default)' in text
    assert f'`rule="{OTHER}"` (default)' not in text and f'`rule="{OTHER}"`: real UNO' in text
    assert set(said) <= set(RULES)
    assert f"[--rule {CODE_DEFAULT}|{OTHER}]    # default: {CODE_DEFAULT}" in text
    assert f"The default is `{CODE_DEFAULT}` everywhere" in text
