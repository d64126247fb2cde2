"""validate and tournament on a Dask cluster (a LocalCluster the test starts: one worker of
threads in this process) give the local run's results."""

from __future__ import annotations

import contextlib
import io
import json
import sys

import pytest

if sys.platform == "emscripten":
    pytest.skip("bulk work runs on CPython (processes, Dask)", allow_module_level=True)

distributed = pytest.importorskip("distributed")

from uno_web import bulk  # noqa: E402
from uno_web.cli import main  # noqa: E402

TIMINGS = {"seconds", "decisions_per_second", "max_decision_ms", "workers", "scheduler", "threads"}


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def untimed(value):  # type: ignore[no-untyped-def]
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in TIMINGS}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


@pytest.fixture(scope="module")
def scheduler():  # type: ignore[no-untyped-def]
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


@pytest.fixture
def sent(monkeypatch):  # type: ignore[no-untyped-def]
    """Counts the calls handed to the cluster."""
    calls: list[object] = []
    submit, unordered = bulk.DaskExecutor.submit, bulk.DaskExecutor.unordered

    def spy_submit(self, fn, *args):  # type: ignore[no-untyped-def]
        calls.append(fn)
        return submit(self, fn, *args)

    def spy_unordered(self, fn, items):  # type: ignore[no-untyped-def]
        items = list(items)
        calls.extend([fn] * len(items))
        return unordered(self, fn, items)

    monkeypatch.setattr(bulk.DaskExecutor, "submit", spy_submit)
    monkeypatch.setattr(bulk.DaskExecutor, "unordered", spy_unordered)
    return calls


@pytest.fixture(scope="module")
def logs(tmp_path_factory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("dasklogs")
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        assert run(["record", "--players", str(players), "--seed", str(seed), "--rounds", "2",
                    "-o", str(folder / f"log{seed}.json")])[0] == 0
    data = json.loads((folder / "log2.json").read_text())
    data["rounds"][0]["actions"][3]["seat"] = (data["rounds"][0]["actions"][3]["seat"] + 1) % 3
    (folder / "log4_bad.json").write_text(json.dumps(data))
    (folder / "log5_junk.json").write_text("[]")
    return folder


def test_validate_on_the_cluster_equals_the_local_run(scheduler, logs, sent):
    local = run(["validate", str(logs)])
    assert not sent
    remote = run(["validate", "--scheduler", scheduler, str(logs)])
    assert local[0] == remote[0] == 2 and len(sent) == 5
    rows = [json.loads(line) for line in remote[1].splitlines()]
    assert [r.get("status") for r in rows[:-1]] == ["valid", "valid", "valid", "invalid", "unreadable"]
    assert rows[-1]["summary"]["scheduler"] == scheduler
    assert [untimed(json.loads(x)) for x in local[1].splitlines()] == [untimed(r) for r in rows]
    assert local[2] == remote[2]  # the same one-line error
    single = run(["validate", "--scheduler", scheduler, str(logs / "log4_bad.json")])
    assert single[0] == 1 and json.loads(single[1]) == json.loads(run(["validate", str(logs / "log4_bad.json")])[1])


def test_a_tournament_on_the_cluster_equals_the_local_run(scheduler, sent):
    argv = ["tournament", "--seats", "normal,easy,easy", "--games", "6", "--seed", "11",
            "--single-round", "--json", "--quiet"]
    local = run(argv)
    remote = run(argv + ["--scheduler", scheduler])
    assert local[0] == remote[0] == 0, remote[2]
    assert len(sent) == 6  # every game went to the cluster
    a, b = json.loads(local[1]), json.loads(remote[1])
    assert untimed(a) == untimed(b)
    assert a["games"] == 6 and sum(e["wins"] for e in a["entries"]) == 6


def test_no_scheduler_at_the_address_exits_2_with_one_line():
    code, out, err = run(["tournament", "--games", "1", "--scheduler", "not an address"])
    assert code == 2 and out == "" and "not a scheduler address" in err
    assert len(err.splitlines()) == 1
