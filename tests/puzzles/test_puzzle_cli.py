import json
import subprocess
import sys

import pytest

from uno_web.puzzles.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solitaire(capsys):
    code, out, err = run(capsys, "solitaire", "R1", "R2", "G2", "G5", "B5")
    assert code == 0 and err == ""
    d = json.loads(out)
    assert d["solvable"] is True and len(d["sequence"].split()) == 5


def test_leading_solve_word_and_quoted_list(capsys):
    code, out, _ = run(capsys, "solve", "solitaire", "R1 R2, B7")
    assert code == 0 and json.loads(out)["reason"] == "disconnected"


def test_duel_and_position(capsys):
    code, out, _ = run(capsys, "duel", "--p1", "R1 G2", "--p2", "G1 B2", "--rule", "uno")
    d = json.loads(out)
    assert code == 0 and d["winner"] == 1 and d["winning_leads"] == ["R1"]
    code, out, _ = run(capsys, "duel", "--p1", "R1 G2", "--p2", "G1", "--last", "G7", "--to-move", "1",
                       "--rule", "geography")
    d = json.loads(out)
    assert code == 0 and d["puzzle"] == "duel_position" and d["winning_moves"] == ["G2"]


def test_coop_and_generate(capsys):
    code, out, _ = run(capsys, "coop", "--p1", "R1 R2", "--p2", "B9")
    d = json.loads(out)
    assert code == 0 and d["solvable"] and d["line"][1]["skip"] is True
    code, out, _ = run(capsys, "generate", "solitaire", "--cards", "12", "--seed", "3", "--solvable", "yes")
    d = json.loads(out)
    assert code == 0 and d["solvable"] is True and d["seed"] == 3
    code, out, _ = run(capsys, "--pretty", "generate", "duel", "--hand", "4", "--seed", "1", "--p1-wins", "yes")
    assert code == 0 and json.loads(out)["winner"] == 1 and "\n" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["solitaire", "X5"],
        ["solitaire"],
        ["duel", "--p1", "R1"],
        ["duel", "--p1", "", "--p2", "R1"],
        ["duel", "--p1", "R1", "--p2", "R2", "--rule", "poker"],
        ["generate", "solitaire", "--cards", "500"],
        ["generate", "duel", "--p1-wins", "maybe"],
        ["generate"],
        ["frobnicate"],
        [],
        ["coop", "--p1", "R1 R2 R3 R4 G1 G2 G3", "--p2", "R5 R6 R7 G5 G6 G7 B1", "--max-nodes", "2"],
    ],
)
def test_errors_are_one_line_json_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "error" in json.loads(lines[0])
    assert "Traceback" not in err


def test_help_exits_zero(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "solitaire" in out


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_module_entry_point_subprocess():
    p = subprocess.run([sys.executable, "-m", "uno_web.puzzles.cli", "solitaire", "R1", "Z9"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and p.stdout == "" and json.loads(p.stderr)["error"]
