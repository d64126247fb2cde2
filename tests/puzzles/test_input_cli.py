"""Issue 20 on ``solve``: every option is checked where it enters; bad values exit 2 with one
short JSON line, never a traceback, and never run with a silently changed value."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_web.puzzles import cli
from uno_web.puzzles.cli import MAX_ERROR_CHARS, main
from uno_web.puzzles.duel import analyse_duel_position, solve_duel


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def usage_error(code: int, err: str) -> str:
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    message = json.loads(lines[0])["error"]
    assert len(message) <= MAX_ERROR_CHARS and "internal error" not in message, message
    return message


@pytest.mark.parametrize("argv, word", [
    # these ran before: a negative budget, a negative number of tries (silently 1)
    (["solitaire", "R1", "--max-nodes", "-1"], "--max-nodes"),
    (["coop", "--p1", "R1", "--p2", "R2", "--max-nodes", "0"], "--max-nodes"),
    (["generate", "solitaire", "--max-tries", "-1"], "--max-tries"),
    (["generate", "duel", "--max-tries", "0"], "--max-tries"),
    # argparse's int() reads non-ASCII digits: '\u0663' was 3
    (["generate", "solitaire", "--cards", "\u0663"], "--cards"),
    (["generate", "duel", "--hand", "\u0663"], "--hand"),
    # the generator builds the whole deck: a billion copies would exhaust the memory
    (["generate", "solitaire", "--copies", "1000000000"], "--copies"),
    (["generate", "solitaire", "--cards", "100000"], "--cards"),
    (["generate", "duel", "--p2-hand", "0"], "--p2-hand"),
    (["generate", "duel", "--seed", "9" * 5000], "--seed"),
    (["generate", "duel", "--colors", "101"], "--colors"),
    (["generate", "duel", "--solvable", "yes"], "unrecognized"),
    (["generate", "solitaire", "--solvable", "x" * 500], "--solvable"),
    (["duel", "--p1", "R1", "--p2", "R2", "--to-move", "3"], "--to-move"),
    (["duel", "--p1", "R1", "--p2", "R2", "--rule", "x" * 500], "--rule"),
    (["duel", "--p1", "R1", "--p2", "R2", "--last", "R1 R2"], "single card"),
])
def test_bad_values_exit_2_with_one_short_line(argv, word):
    code, out, err = run(*argv)
    message = usage_error(code, err)
    assert word in message and out == ""


def test_the_python_api_refuses_the_same_values():
    with pytest.raises(ValueError, match="max_nodes"):
        solve_duel("R1", "R2", rule="uno", max_nodes=-1)
    with pytest.raises(ValueError, match="to_move"):
        analyse_duel_position("R1", "R2", None, True)  # type: ignore[arg-type]
    with pytest.raises(ValueError) as exc:
        solve_duel("R1", "R2", rule="x" * 500)
    assert len(str(exc.value)) < 120


JUNK = st.one_of(st.text(max_size=6), st.sampled_from(
    ["", "-1", "0", "3", "\u0663", "9" * 40, "x" * 300, "R1 G2", "R1", "yes", "uno", "geography"]))
SMALL = st.one_of(st.integers(-2, 6).map(str), JUNK)
OPTIONS = {
    "solitaire": {"--max-nodes": SMALL},
    "duel": {"--p1": JUNK, "--p2": JUNK, "--rule": JUNK, "--last": JUNK, "--to-move": SMALL,
             "--max-nodes": SMALL},
    "coop": {"--p1": JUNK, "--p2": JUNK, "--max-nodes": SMALL},
    "generate solitaire": {"--seed": SMALL, "--colors": SMALL, "--numbers": SMALL, "--copies": SMALL,
                           "--difficulty": JUNK, "--max-tries": SMALL, "--cards": SMALL,
                           "--solvable": JUNK},
    "generate duel": {"--seed": SMALL, "--colors": SMALL, "--numbers": SMALL, "--copies": SMALL,
                      "--difficulty": JUNK, "--max-tries": SMALL, "--hand": SMALL,
                      "--p2-hand": SMALL, "--rule": JUNK, "--p1-wins": JUNK},
}


@st.composite
def argv_lists(draw):  # type: ignore[no-untyped-def]
    puzzle = draw(st.one_of(st.sampled_from(sorted(OPTIONS)), JUNK))
    argv = puzzle.split(" ") if puzzle in OPTIONS else [puzzle]
    options = OPTIONS.get(puzzle, {})
    for _ in range(draw(st.integers(0, 5))):
        if options and draw(st.integers(0, 3)):
            name = draw(st.sampled_from(sorted(options)))
            argv += [name, draw(options[name])]
        else:
            argv.append(draw(JUNK))
    if draw(st.booleans()):
        argv.insert(0, "--pretty")
    if puzzle.startswith("generate"):
        argv += ["--max-tries", "3"]  # last, so every earlier value is still checked
    return argv


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(argv_lists())
def test_any_argument_list_exits_0_or_2_without_a_traceback(argv):
    code, out, err = run(*argv)
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        usage_error(code, err)
    else:
        json.loads(out) if "--help" not in argv and "-h" not in argv else None


def test_every_option_is_known_to_the_fuzz():
    parser = cli._build_parser()
    sub = next(a for a in parser._actions if a.dest == "puzzle")
    for name, p in sub.choices.items():  # type: ignore[union-attr]
        if name == "generate":
            gen = next(a for a in p._actions if a.dest == "kind")
            pairs = [(f"generate {k}", q) for k, q in gen.choices.items()]  # type: ignore[union-attr]
        else:
            pairs = [(name, p)]
        for key, q in pairs:
            flags = {o for a in q._actions for o in a.option_strings} - {"-h", "--help"}
            assert flags <= set(OPTIONS[key]), (key, flags - set(OPTIONS[key]))
