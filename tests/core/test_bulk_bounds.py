"""The limits of bulk work: the bytes of logs out with the workers are bounded whatever their
number (counted by an executor that records what it holds, not timed), ``--workers`` has a
maximum, and every command's usage error is the one JSON line ``{"error": ...}``, exit 2.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from typing import Any, Callable

import pytest

from uno_web import bulk
from uno_web.bulk import BYTES_IN_FLIGHT, MAX_WORKERS, LogInput, validate_many
from uno_web.cli import MAX_ERROR_CHARS, main

if sys.platform == "emscripten":
    pytest.skip("bulk work runs on CPython (processes, Dask)", allow_module_level=True)


class _Later:
    """A call not run until its result is asked for: the executor holds its bytes till then."""

    def __init__(self, owner: "_Counting", fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.owner, self.fn, self.args = owner, fn, args
        self.size = len(args[1])

    def result(self) -> Any:
        if self.args is not None:
            self.owner.held -= self.size
            value = self.fn(*self.args)
            self.args = None  # type: ignore[assignment]
            self.value = value
        return self.value


class _Counting(bulk.Executor):
    """An executor of many workers that answers nothing until asked, and counts the bytes of
    the logs it holds (handed over, not yet answered) and the most it ever held."""

    def __init__(self, workers: int) -> None:
        self.window = 1 if workers == 1 else 4 * workers  # as LocalExecutor's
        self.held = 0
        self.peak = 0
        self.calls = 0
        self.names: list[str] = []

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        self.held += len(args[1])
        self.peak = max(self.peak, self.held)
        self.calls += 1
        self.names.append(args[0])
        return _Later(self, fn, args)


def _logs(sizes: list[int]) -> list[LogInput]:
    """Logs of the given sizes (not JSON: each is answered as unreadable, which is enough
    to follow their bytes), and one unreadable input in the middle."""
    items = [LogInput(f"log{i}", data=b"x" * size) for i, size in enumerate(sizes)]
    items.insert(len(items) // 2, LogInput("missing", error="cannot read 'missing'"))
    return items


@pytest.mark.parametrize("workers", [1, 8, 16, 256])
def test_the_bytes_out_with_the_workers_never_pass_the_budget(workers: int) -> None:
    budget = 10_000
    sizes = [3_000, 4_000, 2_500, 1, 9_999, 5_000, 700, 3_300] * 5
    executor = _Counting(workers)
    results = list(validate_many(_logs(sizes), executor, max_bytes=budget))
    # every log answered, in input order, the unreadable one where it was
    names = [r["log"] for r in results]
    expected = [f"log{i}" for i in range(len(sizes))]
    expected.insert(len(sizes) // 2, "missing")
    assert names == expected and executor.calls == len(sizes)
    assert executor.held == 0
    assert executor.peak <= budget
    # and the budget is used: more than one log is out at a time where they fit
    assert executor.peak > max(sizes) or workers == 1


def test_a_log_larger_than_the_budget_goes_alone() -> None:
    executor = _Counting(16)
    sizes = [100, 5_000, 100, 100]
    results = list(validate_many(_logs(sizes), executor, max_bytes=1_000))
    assert len(results) == 5 and executor.peak == 5_000  # alone: nothing else was out with it


def test_the_budget_does_not_grow_with_the_workers() -> None:
    """Sixteen workers hold no more bytes than eight: the count of workers sets how many
    calls may be out, the budget how many bytes."""
    sizes = [4_000] * 40
    peaks = []
    for workers in (1, 8, 16):
        executor = _Counting(workers)
        list(validate_many(_logs(sizes), executor, max_bytes=12_000))
        peaks.append(executor.peak)
    assert peaks[1] == peaks[2] == 12_000 and peaks[0] == 4_000


def test_the_default_budget_is_two_of_the_largest_logs() -> None:
    from uno_web.core.gamelog import MAX_LOG_BYTES

    assert BYTES_IN_FLIGHT == 2 * MAX_LOG_BYTES


def test_the_feeder_lets_go_of_the_bytes_it_handed_over() -> None:
    items = _logs([1_000] * 6)
    executor = _Counting(4)
    for _ in validate_many(iter(items), executor, max_bytes=2_000):
        kept = [it for it in items if it.name in executor.names and it.data is not None]
        assert not kept  # the executor has them; the feeder kept no copy
    assert executor.held == 0


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def one_error_line(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "", (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    message: str = json.loads(lines[0])["error"]
    assert len(message) <= MAX_ERROR_CHARS and "internal error" not in message
    return message


@pytest.mark.parametrize("argv, words", [
    (["validate", "--workers", str(MAX_WORKERS + 1), "x.json"], ["--workers", f"1 to {MAX_WORKERS}"]),
    (["validate", "--workers", "256", "x.json"], ["--workers", f"1 to {MAX_WORKERS}"]),
    (["tournament", "--workers", str(MAX_WORKERS + 1)], ["--workers", f"1 to {MAX_WORKERS}"]),
    (["tournament", "--games", "-1"], ["tournament", "--games"]),
    (["tournament", "--games", "x"], ["tournament", "--games"]),
    (["tournament", "--bogus"], ["tournament", "unrecognized"]),
    (["tournament", "--merge"], ["tournament", "--merge"]),
    (["tournament", "--merge", "/nonexistent/run.json"], ["cannot read"]),
    (["record", "--players", "11"], ["--players"]),
    (["simulate", "--games", "-1"], ["--games"]),
    (["schema", "--bogus"], ["unrecognized"]),
    (["rules-doc", "--bogus"], ["unrecognized"]),
    (["solve", "solitaire", "R1", "--bogus"], ["unrecognized"]),
    (["solve", "duel", "--p1"], ["--p1"]),
    (["build", "--bogus"], ["unrecognized"]),
    (["serve", "--port", "x"], ["--port"]),
    (["nope"], ["invalid choice"]),
    ([], ["required"]),
])
def test_every_usage_error_is_one_json_line(argv: list[str], words: list[str]) -> None:
    message = one_error_line(*run(argv))
    for word in words:
        assert word in message, message


def test_the_workers_maximum_is_accepted() -> None:
    from uno_web.cli import build_parser

    args = build_parser().parse_args(["validate", "--workers", str(MAX_WORKERS), "x.json"])
    assert args.workers == MAX_WORKERS
