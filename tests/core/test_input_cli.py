"""Issue 20 on the command line: bad arguments give one line on standard error and exit 2.

Exit codes: 0 done, 1 only when ``validate`` finds the log invalid, 2 bad input (argparse's
convention) — never a traceback. The first tests are the tester's findings; the Hypothesis
test runs ``main()`` in-process over generated argument lists.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_web import cli
from uno_web.cli import MAX_ERROR_CHARS, main

ROOT = Path(__file__).resolve().parents[2]
NO_PROCESSES = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide starts no processes")


def run(argv, stdin: bytes = b""):
    """``main(argv)`` in-process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def assert_usage_error(code, err, *words):
    """Exit 2 with one short JSON line on standard error."""
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    message = json.loads(lines[0])["error"]
    assert len(message) <= MAX_ERROR_CHARS and "Traceback" not in err
    assert "internal error" not in message, message
    for word in words:
        assert word in message, message
    return message


# ------------------------------------------------------------------------------------------
# the tester's findings (each printed a traceback and exited 1)
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("argv, words", [
    (["record", "--rules", "[1]"], ["--rules", "JSON object"]),
    (["record", "--rules", "null"], ["--rules"]),
    (["record", "--rules", "{bad"], ["--rules", "not JSON"]),
    (["record", "--rules", '{"nope": 1}'], ["nope"]),
    (["record", "--bots", "foo"], ["--bots", "'foo'"]),
    (["record", "--bots", "easy,easy,easy"], ["--bots", "3 levels for 2 players"]),
    (["simulate", "--players", "1"], ["--players", "2 to 10"]),
    (["simulate", "--players", "9", "--preset", "playing-cards"], ["54 cards"]),
    (["simulate", "--games", "-1"], ["--games"]),
    (["record", "--players", "\u0663"], ["--players", "whole number"]),
    (["record", "--seed", "9" * 5000], ["--seed"]),
    (["record", "--preset", "x" * 5000], ["unknown rule preset", "\u2026"]),
    (["record", "--max-actions", "0"], ["--max-actions"]),
    (["record", "--rounds", "-1"], ["--rounds"]),
])
def test_bad_arguments_exit_2_with_one_line(argv, words):
    code, _, err = run(argv)
    assert_usage_error(code, err, *words)


@pytest.mark.parametrize("command", [["record", "--max-actions", "5"], ["schema"], ["rules-doc"]])
def test_output_into_a_missing_folder_or_onto_a_folder_exits_2(command, tmp_path):
    code, _, err = run(command + ["-o", str(tmp_path / "missing" / "out.txt")])
    assert_usage_error(code, err, "no folder", "missing")
    code, _, err = run(command + ["-o", str(tmp_path)])
    assert_usage_error(code, err, "is a folder")
    target = tmp_path / "out.txt"
    code, out, err = run(command + ["-o", str(target)])
    assert code == 0 and target.stat().st_size > 100, err


@NO_PROCESSES
@pytest.mark.parametrize("argv", [["record", "--rules", "[1]"], ["record", "--bots", "foo"],
                                  ["simulate", "--players", "1"],
                                  ["schema", "-o", "/nonexistent-folder-uno/x.json"]])
def test_as_a_process_no_traceback(argv):
    proc = subprocess.run([sys.executable, "-m", "uno_web", *argv], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_help_names_every_range():
    code, out, _ = run(["record", "--help"])
    assert code == 0
    assert "2 to 10" in out and "50,000" in out and "folder that exists" in out
    code, out, _ = run(["--help"])
    assert code == 0 and "Exit codes: 0 done; 1 only from validate" in " ".join(out.split())


# ------------------------------------------------------------------------------------------
# validate: 0 valid, 1 invalid, 2 unreadable with a short message
# ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def good_log(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "good.json"
    assert run(["record", "--seed", "4", "--rounds", "1", "-o", str(path)])[0] == 0
    return path


def test_validate_keeps_0_valid_and_1_invalid(good_log, tmp_path):
    code, out, _ = run(["validate", str(good_log)])
    assert code == 0 and json.loads(out)["valid"]
    data = json.loads(good_log.read_text())
    first = data["rounds"][0]["actions"][0]
    first["seat"] = 1 - first["seat"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out, _ = run(["validate", str(bad)])
    assert code == 1 and not json.loads(out)["valid"]
    code, out, _ = run(["validate", "-"], stdin=good_log.read_bytes())
    assert code == 0 and json.loads(out)["valid"]


@pytest.mark.parametrize("content", [
    b"\xff\xfe not utf-8",
    b"{not json",
    b'{"rounds": 3}',
    b"[" * 100_000,
    b'{"format": "uno-web-log", "version": 1, "seed": NaN}',
    b'{"format": "' + b"x" * 100_000 + b'"}',
    b"",
])
def test_validate_refuses_unreadable_input_with_exit_2_and_a_short_message(content, tmp_path):
    path = tmp_path / "log.json"
    path.write_bytes(content)
    code, out, err = run(["validate", str(path)])
    assert_usage_error(code, err)
    assert out == ""
    code, _, err = run(["validate", "-"], stdin=content)
    assert_usage_error(code, err)


def test_validate_refuses_a_huge_file_without_reading_it_all(tmp_path):
    from uno_web.core.gamelog import MAX_LOG_BYTES

    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.write(b'{"seats": "' + b"a" * (MAX_LOG_BYTES + 10) + b'"}')  # one value past the limit
    code, _, err = run(["validate", str(path)])
    assert_usage_error(code, err, "too large")


def test_validate_of_a_missing_file_or_a_folder_exits_2(tmp_path):
    code, _, err = run(["validate", str(tmp_path / ("x" * 200))])
    assert_usage_error(code, err, "cannot read", "\u2026")
    code, _, err = run(["validate", str(tmp_path)])
    assert_usage_error(code, err, "cannot read")


@pytest.mark.parametrize("error", [ValueError("v" * 10_000), UnicodeDecodeError("utf-8", b"\xff", 0, 1, "bad"),
                                   json.JSONDecodeError("bad" * 1000, "doc", 0), RecursionError("deep"),
                                   OSError(5, "Input/output error")])
def test_validate_maps_every_refusal_of_the_loader_to_exit_2(error, good_log, monkeypatch):
    import uno_web.core.gamelog as gamelog

    def refuse(data):  # type: ignore[no-untyped-def]
        raise error

    monkeypatch.setattr(gamelog, "validate_log", refuse)
    code, _, err = run(["validate", str(good_log)])
    assert_usage_error(code, err)


# ------------------------------------------------------------------------------------------
# Hypothesis: any argument list gives 0, 1 or 2 and never a traceback
# ------------------------------------------------------------------------------------------

JUNK = st.one_of(
    st.text(max_size=8), st.sampled_from(["", "-", "-1", "0", "1e3", "\u0663", "9" * 40, "x" * 500,
                                          "[1]", "{}", "null", '{"hand_size": 0}', "--help"]),
)
NUMBER = st.one_of(st.integers(-5, 12).map(str), JUNK)

OPTIONS = {
    "record": {"--players": NUMBER, "--preset": st.one_of(st.sampled_from(["official", "playing-cards"]), JUNK),
               "--rules": st.one_of(st.sampled_from(['{"seven_zero": true}', '{"hand_size": 3}', '{"uno_penalty": "x"}']), JUNK),
               "--seed": NUMBER, "--bots": st.one_of(st.sampled_from(["random", "easy", "random,easy"]), JUNK),
               "--rounds": NUMBER, "--max-actions": NUMBER},
    "simulate": {"--players": NUMBER, "--preset": JUNK, "--games": NUMBER, "--seed": NUMBER},
    "schema": {},
    "rules-doc": {},
    "validate": {"--workers": st.one_of(st.sampled_from(["1", "2", "0", "257"]), JUNK),
                 "--scheduler": st.sampled_from(["", "x", "/tmp/a", "tcp://"]),
                 "--progress": JUNK, "--jsonl": JUNK,
                 "--lang": st.one_of(st.sampled_from(["en", "fi", "sv", ""]), JUNK)},
    "solve": {},
}


@st.composite
def argv_lists(draw, folder: Path):  # type: ignore[no-untyped-def]
    command = draw(st.one_of(st.sampled_from(sorted(OPTIONS)), JUNK))
    if command in ("build", "serve", "tournament"):  # (Hypothesis tries the code's own words)
        return [command, "--no-such-option"]  # their error path only: they would run for real
    argv = [command]
    options = OPTIONS.get(command, {})
    for _ in range(draw(st.integers(0, 4))):
        if options and draw(st.booleans()):
            name = draw(st.sampled_from(sorted(options)))
            argv += [name, draw(options[name])]
        else:
            argv.append(draw(JUNK))
    if command in ("record", "schema", "rules-doc") and draw(st.booleans()):
        argv += ["-o", draw(st.sampled_from([str(folder / "out.json"), str(folder), "-",
                                             str(folder / "no" / "x.json"), ""]))]
    if command == "validate":
        argv.append(draw(st.sampled_from([str(folder / "log.json"), str(folder / "junk.json"),
                                          str(folder), str(folder / "none.json")])))
    # keep the work small: these come last, so argparse still checks every earlier value
    if command == "record":
        argv += ["--max-actions", "30"]
    if command == "simulate":
        argv += ["--games", "2"]
    if command == "solve":
        argv += draw(st.sampled_from([["duel", "--p1", "R1 G2", "--p2", "G1"], ["coop"],
                                      ["solitaire"], ["generate", "duel", "--hand", "x"]]))
    return argv


@pytest.fixture(scope="module")
def fuzz_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz")
    assert run(["record", "--seed", "1", "--rounds", "1", "-o", str(folder / "log.json")])[0] == 0
    (folder / "junk.json").write_bytes(b"\x00\xff{[")
    return folder


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_argument_list_exits_0_1_or_2_without_a_traceback(data, fuzz_folder):
    argv = data.draw(argv_lists(fuzz_folder))
    code, out, err = run(argv)
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
    if code == 1:
        assert argv[0] == "validate" and not json.loads(out)["valid"]
    if code == 2:
        # one error line (validate --progress draws its bar on stderr too, ending in "logs/s")
        said = [ln for ln in err.strip().splitlines() if not ln.rstrip().endswith("logs/s")]
        assert len(said) == 1, (argv, err)
        assert len(json.loads(said[0])["error"]) <= MAX_ERROR_CHARS, (argv, err)


def test_every_command_and_option_is_known_to_the_fuzz():
    """A new option of a command of cli.py joins OPTIONS (or is -o/--output)."""
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, p in sub.choices.items():  # type: ignore[union-attr]
        if name in cli.DELEGATED:
            continue
        flags = {o for a in p._actions for o in a.option_strings} - {"-h", "--help", "-o", "--output"}
        assert flags <= set(OPTIONS[name]), (name, flags - set(OPTIONS[name]))


@pytest.mark.parametrize("argv", [
    ["validate", "--progress", "{log}", "{log}"],
    ["tournament", "--games", "2", "--seats", "easy,easy", "--single-round", "--seed", "3"],
])
def test_progress_without_tqdm_runs_the_same(argv, good_log, monkeypatch):
    """Pyodide and bare installs have no tqdm: the stand-in bar takes every call a tqdm bar gets."""
    monkeypatch.setitem(sys.modules, "tqdm", None)  # makes `from tqdm import tqdm` raise ImportError
    code, out, err = run([a.replace("{log}", str(good_log)) for a in argv])
    assert code == 0, (code, out, err)
    assert "internal error" not in out + err and "Traceback" not in err
