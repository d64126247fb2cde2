"""Bulk validation (issue 16): many logs in, one JSON line a log out, a summary, exit codes
0 all valid, 1 any invalid, 2 any unreadable; a single log keeps its report."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import pytest

from uno_web.cli import MAX_ERROR_CHARS, main

if sys.platform == "emscripten":
    pytest.skip("bulk work runs on CPython (processes, Dask)", allow_module_level=True)


def run(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def lines(out: str) -> tuple[list[dict], dict]:
    rows = [json.loads(line) for line in out.splitlines()]
    assert "summary" in rows[-1]
    return rows[:-1], rows[-1]["summary"]


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> Path:
    """A folder: a valid log, an invalid one (seat swapped on the first action), an unreadable
    one, a file that is not a log at all, and a log in a subfolder."""
    folder = tmp_path_factory.mktemp("logs")
    assert run(["record", "--seed", "4", "--rounds", "1", "-o", str(folder / "a_valid.json")])[0] == 0
    data = json.loads((folder / "a_valid.json").read_text())
    data["rounds"][0]["actions"][0]["seat"] = 1 - data["rounds"][0]["actions"][0]["seat"]
    (folder / "b_invalid.json").write_text(json.dumps(data))
    (folder / "c_unreadable.json").write_bytes(b"\xff{not json")
    (folder / "notes.txt").write_text("not a log: not read")
    (folder / "sub").mkdir()
    assert run(["record", "--players", "3", "--seed", "5", "--rounds", "1",
                "-o", str(folder / "sub" / "d_valid.json")])[0] == 0
    return folder


def test_a_folder_with_a_valid_an_invalid_and_an_unreadable_log(logs):
    code, out, err = run(["validate", str(logs)])
    assert code == 2
    rows, summary = lines(out)
    assert [Path(r["log"]).name for r in rows] == ["a_valid.json", "b_invalid.json",
                                                   "c_unreadable.json", "d_valid.json"]
    assert [r["status"] for r in rows] == ["valid", "invalid", "unreadable", "valid"]
    assert rows[0]["valid"] and rows[0]["actions_checked"] > 10 and rows[0]["failure"] is None
    assert not rows[1]["valid"] and rows[1]["failure"]["code"] == "E_NOT_TURN"
    assert rows[1]["failure"]["action_number"] == 1
    assert "malformed log" in rows[2]["error"] and "valid" not in rows[2]
    assert summary["logs"] == 4 and summary["valid"] == 2 and summary["invalid"] == 1
    assert summary["unreadable"] == 1 and summary["codes"] == {"E_NOT_TURN": 1}
    assert summary["actions_checked"] == rows[0]["actions_checked"] + rows[3]["actions_checked"]
    [line] = err.splitlines()  # one line on standard error, as every exit 2
    error = json.loads(line)["error"]
    assert len(error) <= MAX_ERROR_CHARS and "1 of 4 logs could not be read" in error


def test_exit_1_for_an_invalid_log_among_valid_ones_and_0_for_all_valid(logs):
    code, out, err = run(["validate", str(logs / "a_valid.json"), str(logs / "b_invalid.json"),
                          str(logs / "sub")])
    rows, summary = lines(out)
    assert code == 1 and err == "" and [r["status"] for r in rows] == ["valid", "invalid", "valid"]
    code, out, _ = run(["validate", str(logs / "a_valid.json"), str(logs / "sub" / "d_valid.json")])
    assert code == 0 and lines(out)[1]["valid"] == 2


def test_a_glob_pattern_is_expanded_when_the_shell_did_not(logs):
    code, out, _ = run(["validate", str(logs / "*valid.json")])
    rows, _ = lines(out)
    assert code == 1 and [Path(r["log"]).name for r in rows] == ["a_valid.json", "b_invalid.json"]
    code, _, err = run(["validate", str(logs / "*.nothing")])
    assert code == 2 and "no log matches" in err


def test_json_lines_on_standard_input_and_in_a_file(logs, tmp_path):
    texts = [json.dumps(json.loads((logs / name).read_text()))
             for name in ("a_valid.json", "b_invalid.json")]
    jsonl = ("\n".join(texts) + "\n\n{broken\n").encode()
    code, out, _ = run(["validate", "-"], stdin=jsonl)
    rows, summary = lines(out)
    assert code == 2 and [r["log"] for r in rows] == ["-:1", "-:2", "-:4"]
    assert [r["status"] for r in rows] == ["valid", "invalid", "unreadable"]
    (tmp_path / "many.jsonl").write_bytes(jsonl)
    code, out2, _ = run(["validate", str(tmp_path / "many.jsonl")])
    assert [r["status"] for r in lines(out2)[0]] == ["valid", "invalid", "unreadable"]


def test_a_single_log_keeps_its_report_unless_jsonl_is_asked(logs):
    code, out, _ = run(["validate", str(logs / "a_valid.json")])
    report = json.loads(out)
    assert code == 0 and report["valid"] and "log" not in report and "summary" in report
    code, out, _ = run(["validate", "-"], stdin=(logs / "b_invalid.json").read_bytes())
    assert code == 1 and json.loads(out)["failure"]["code"] == "E_NOT_TURN"
    code, out, _ = run(["validate", "--jsonl", str(logs / "a_valid.json")])
    rows, summary = lines(out)
    assert code == 0 and rows[0]["log"].endswith("a_valid.json") and summary["logs"] == 1
    code, _, err = run(["validate", str(logs / "c_unreadable.json")])
    assert code == 2 and "malformed log" in err


def test_local_processes_give_the_same_lines(logs):
    one = run(["validate", str(logs)])
    two = run(["validate", "--workers", "2", str(logs)])
    assert one[0] == two[0] == 2
    assert lines(one[1])[0] == lines(two[1])[0]
    s1, s2 = lines(one[1])[1], lines(two[1])[1]
    assert {k: v for k, v in s1.items() if k not in ("seconds", "workers")} == \
        {k: v for k, v in s2.items() if k not in ("seconds", "workers")}
    assert s2["workers"] == 2
    # a single log on two processes still prints its report
    code, out, _ = run(["validate", "--workers", "2", str(logs / "b_invalid.json")])
    assert code == 1 and json.loads(out)["failure"]["code"] == "E_NOT_TURN"


def test_the_progress_bar_is_on_standard_error_only_when_asked(logs):
    code, out, err = run(["validate", "--progress", str(logs / "sub"), str(logs / "a_valid.json")])
    assert code == 0 and "2/2 logs" in err and "logs/s" in err
    assert all(json.loads(line) for line in out.splitlines())
    assert run(["validate", str(logs / "sub"), str(logs / "a_valid.json")])[2] == ""


@pytest.mark.parametrize("argv, words", [
    (["validate", "--workers", "0", "x.json"], "--workers"),
    (["validate", "--scheduler", "/not/an/address", "x.json"], "not a scheduler address"),
    (["validate", "--sched", "tcp://h:1", "x.json"], "unrecognized"),  # no abbreviations
    (["validate"], "required"),
])
def test_bad_arguments_exit_2_with_one_line(argv, words, tmp_path):
    code, out, err = run(argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and words in err


def test_an_empty_folder_is_unreadable(tmp_path):
    code, _, err = run(["validate", str(tmp_path)])
    assert code == 2 and "cannot read" in err and "no .json or .jsonl log" in err


# ------------------------------------------------------------------------------------------
# Hypothesis: validate's bulk options over junk give 0, 1 or 2, never a traceback
# ------------------------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JUNK = st.one_of(st.text(max_size=8), st.sampled_from(["", "-", "-1", "0", "x" * 300, "[1]", "*",
                                                      "\x00", "--help", "tcp://", "/tmp"]))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_bulk_argument_list_exits_0_1_or_2_without_a_traceback(data, logs):
    argv = ["validate"]
    for _ in range(data.draw(st.integers(0, 3))):
        option = data.draw(st.sampled_from(["--workers", "--scheduler", "--progress", "--jsonl", ""]))
        if option == "--workers":
            argv += [option, data.draw(st.one_of(st.sampled_from(["1", "2", "0", "257"]), JUNK))]
        elif option == "--scheduler":
            argv += [option, data.draw(JUNK.filter(lambda t: ":" not in t[1:]))]  # never connects
        elif option:
            argv.append(option)
        else:
            argv.append(data.draw(JUNK))
    argv += data.draw(st.lists(st.sampled_from([str(logs), str(logs / "a_valid.json"),
                                                str(logs / "b_invalid.json"), str(logs / "*.json"),
                                                str(logs / "none.json")]), min_size=1, max_size=3))
    code, out, err = run(argv, stdin=data.draw(st.sampled_from([b"", b"{}", b"[" * 1000])))
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
    if code == 1:
        assert out.strip()
    if code == 2 and "--progress" not in argv:
        assert len(err.strip().splitlines()) == 1, (argv, err)
        assert len(json.loads(err)["error"]) <= MAX_ERROR_CHARS, (argv, err)


def test_a_huge_log_whose_first_action_is_illegal_gets_one_answer_however_it_comes(logs, tmp_path):
    """Issue 20: logs are validated as they are read, so a log past the size limit whose first
    action is illegal is invalid (not 'too large') as a file, in a folder, as a JSON Lines line
    (the validator gets the line's first 16 MB + 1 byte) and on standard input; a huge log that
    is legal as far as the limit goes is too large in each."""
    from uno_web.core.gamelog import MAX_LOG_BYTES

    data = json.loads((logs / "a_valid.json").read_text())
    first = data["rounds"][0]["actions"][0]
    first["seat"] = 1 - first["seat"]
    pad = " " * (MAX_LOG_BYTES + 100)
    text = json.dumps(data)
    after_first = text.index("}", text.index('"actions": [')) + 1
    illegal = text[:after_first] + pad + text[after_first:]  # white space after action 1
    legal = text.replace('"format"', pad + '"format"', 1)
    folder = tmp_path / "huge"
    folder.mkdir()
    (folder / "a.json").write_text(illegal)
    (folder / "b.json").write_text(legal)
    (folder / "c.jsonl").write_text(illegal + "\n" + legal + "\n")
    code, out, _ = run(["validate", str(folder)])
    rows, summary = lines(out)
    assert code == 2 and [r["status"] for r in rows] == ["invalid", "unreadable"] * 2
    assert all(r["failure"]["code"] == "E_NOT_TURN" for r in rows[::2])
    assert all(r["error"].startswith("log too large") for r in rows[1::2])
    code, out, _ = run(["validate", str(folder / "a.json")])
    assert code == 1 and json.loads(out)["failure"]["code"] == "E_NOT_TURN"
    code, out, _ = run(["validate", "-"], stdin=illegal.encode())
    assert code == 1 and json.loads(out)["failure"] == rows[0]["failure"]
    code, _, err = run(["validate", "-"], stdin=legal.encode())
    assert code == 2 and "log too large" in err


def test_where_no_process_can_be_started_the_work_stays_in_this_process(logs, monkeypatch):
    # Pyodide (sys.platform "emscripten") has no _multiprocessing: --workers 2 must neither
    # crash nor claim two processes; the summary says what was asked and what ran
    from uno_web import bulk

    monkeypatch.setattr(bulk.sys, "platform", "emscripten")
    code, out, _ = run(["validate", "--workers", "2", str(logs)])
    assert code == 2  # (the folder holds an unreadable log, as above)
    rows, summary = lines(out)
    assert summary["workers"] == 1 and summary["workers_asked"] == 2
    assert lines(run(["validate", str(logs)])[1])[0] == rows
