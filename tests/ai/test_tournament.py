"""The tournament command: runs, prints intervals, JSON, clear errors with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from uno_web.ai.stats import wilson
from uno_web.ai.tournament import main, parse_seats


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.25 < hi < 0.35
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(700, 1000)
    assert lo < 0.7 < hi and hi - lo < 0.06


def test_parse_seats() -> None:
    assert parse_seats("normal,easy*3") == ["normal", "easy", "easy", "easy"]
    assert parse_seats(" Hard , easy ") == ["hard", "easy"]


def test_table_output_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seats", "normal,easy", "--games", "30", "--single-round"]) == 0
    out, err = capsys.readouterr()
    assert "95% CI" in out and "win rate" in out
    lines = [ln for ln in out.splitlines() if ln.startswith("#")]
    assert len(lines) == 2 and "normal" in lines[0] and "easy" in lines[1]
    assert "[" in lines[0] and "%]" in lines[0]
    assert "30/30 games" in err  # the progress bar


def test_json_output_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--seats", "normal,easy*2", "--games", "12", "--rounds", "2", "--json",
                 "--quiet", "--preset", "house-party", "--seed", "5"])
    assert code == 0
    out, err = capsys.readouterr()
    assert err == ""
    data = json.loads(out)
    assert data["preset"] == "house-party" and data["games"] == 12 and data["rounds"] == 2
    assert [e["level"] for e in data["entries"]] == ["normal", "easy", "easy"]
    assert sum(e["wins"] for e in data["entries"]) == pytest.approx(12 - data["unfinished"])
    for e in data["entries"]:
        lo, hi = e["ci95"]
        assert 0.0 <= lo <= e["win_rate"] <= hi <= 1.0
    easy = [lv for lv in data["levels"] if lv["level"] == "easy"][0]
    assert easy["seats"] == 2 and easy["seat_games"] == 24
    assert easy["baseline"] == pytest.approx(1 / 3)


def test_workers_give_the_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--seats", "normal,easy", "--games", "16", "--single-round", "--json", "--quiet"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(args + ["--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert [e["wins"] for e in one["entries"]] == [e["wins"] for e in two["entries"]]
    assert [e["mean_points"] for e in one["entries"]] == [e["mean_points"] for e in two["entries"]]


def test_hard_with_fixed_iterations(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seats", "hard,easy", "--games", "2", "--single-round", "--hard-iterations",
                 "3", "--quiet", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["entries"][0]["level"] == "hard" and data["entries"][0]["decisions"] > 0


@pytest.mark.parametrize("args,word", [
    (["--seats", "normal,wizard"], "wizard"),
    (["--seats", "normal"], "2 to 10"),
    (["--seats", "easy*11"], "2 to 10"),
    (["--seats", "easy*x,normal"], "repeat"),
    (["--games", "0"], "--games"),
    (["--games", "many"], "--games"),
    (["--preset", "nope"], "nope"),
    (["--rules", "{bad"], "JSON"),
    (["--rules", '{"hand_size": 99}'], "hand_size"),
    (["--workers", "0"], "--workers"),
    (["--hard-ms", "-1"], "--hard-ms"),
    (["--options", '{"hard": {"depth": 3}}', "--seats", "hard,easy"], "depth"),
    (["--single-round", "--rounds", "3"], "not allowed"),
    (["--seats", "easy*10", "--rules", '{"hand_size": 12}'], "cards"),
    (["--frobnicate"], "unrecognized"),
    (["--games", "-1"], "--games"),
    (["--workers", "65"], "1 to 64"),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "choose one"),
])
def test_bad_arguments_exit_2_with_a_message(args: list[str], word: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The command line's one error line, as every command prints it: {"error": ...}."""
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    message = json.loads(lines[0])["error"]
    assert word in message and message.startswith("tournament: ")


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "--seats" in capsys.readouterr().out


def test_through_the_package_cli() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "uno_web", "tournament", "--seats", "normal,easy", "--games", "6",
         "--single-round"], capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "95% CI" in proc.stdout
    bad = subprocess.run([sys.executable, "-m", "uno_web", "tournament", "--seats", "x,y"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "unknown bot level" in bad.stderr


def _run_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(args + ["--json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def test_merge_pools_runs_as_one(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    common = ["--seats", "normal,easy", "--rounds", "2"]
    whole = _run_json(common + ["--games", "10", "--seed", "40"], capsys)
    paths = []
    for seed, games in ((46, 4), (40, 6)):  # out of order on purpose
        part = _run_json(common + ["--games", str(games), "--seed", str(seed)], capsys)
        assert part["seed_ranges"] == [[seed, games]] and part["options"] == {}
        paths.append(tmp_path / f"r{seed}.json")
        paths[-1].write_text(json.dumps(part))
    merged = _run_json(["--merge", *map(str, paths)], capsys)
    assert merged["games"] == 10 and merged["merged"] == 2
    assert merged["seed_ranges"] == [[40, 6], [46, 4]]
    assert merged["total_rounds"] == whole["total_rounds"]
    for m, w in zip(merged["entries"], whole["entries"]):
        assert m["wins"] == w["wins"] and m["round_wins"] == w["round_wins"]
        assert m["decisions"] == w["decisions"]
        assert m["mean_points"] == pytest.approx(w["mean_points"])
        assert m["ci95"] == pytest.approx(w["ci95"])
    assert [lv["win_rate"] for lv in merged["levels"]] == pytest.approx(
        [lv["win_rate"] for lv in whole["levels"]])
    assert main(["--merge", *map(str, paths)]) == 0  # the table form
    assert "pooled from 2 runs" in capsys.readouterr().out


def test_merge_refuses_what_cannot_be_pooled(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _run_json(["--seats", "normal,easy", "--games", "3", "--single-round", "--seed", "0"], capsys)
    b = _run_json(["--seats", "normal,easy", "--games", "3", "--single-round", "--seed", "2"], capsys)
    c = _run_json(["--seats", "easy,normal", "--games", "3", "--single-round", "--seed", "9"], capsys)
    d = _run_json(["--seats", "hard,easy", "--games", "1", "--single-round", "--seed", "20",
                   "--hard-iterations", "2"], capsys)
    e = _run_json(["--seats", "hard,easy", "--games", "1", "--single-round", "--seed", "21",
                   "--hard-iterations", "3"], capsys)
    files = {}
    for name, data in {"a": a, "b": b, "c": c, "d": d, "e": e}.items():
        files[name] = tmp_path / f"{name}.json"
        files[name].write_text(json.dumps(data))
    (tmp_path / "bad.json").write_text("{nope")
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "short.json").write_text(json.dumps({**b, "seed": 50, "seed_ranges": [[50, 3]],
                                                     "entries": b["entries"][:1]}))
    for paths, word in (
        ([files["a"], files["b"]], "overlap"),
        ([files["a"], files["c"]], "'seats'"),
        ([files["d"], files["e"]], "'options'"),
        ([tmp_path / "missing.json"], "cannot read"),
        ([tmp_path / "bad.json"], "not JSON"),
        ([files["a"], tmp_path / "list.json"], "not a tournament"),
        ([files["a"], tmp_path / "short.json"], "lacks or garbles"),
    ):
        assert main(["--merge", *map(str, paths)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and word in err and "Traceback" not in err, (paths, err)
    for extra in (["--seats", "hard,easy"], ["--games", "5"], ["--single-round"]):
        assert main(["--merge", str(files["a"]), str(files["b"]), *extra]) == 2
        out, err = capsys.readouterr()
        assert out == "" and extra[0] in err and "no effect" in err, (extra, err)
    for fine in (["--json"], ["--quiet"]):  # output switches are not play settings
        assert main(["--merge", str(files["a"]), *fine]) == 0
        capsys.readouterr()
