"""The core's own test suite, run unchanged inside Pyodide's Python 3.14 (under Node.js).

The browser build's Pyodide (static/vendor/pyodide) and pydantic wheels are used; pytest and
hypothesis come as Pyodide wheels from build/pyodide-wheels.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from uno_web.site import testwheels

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(sys.platform == "emscripten", reason="this test starts Pyodide itself")
def test_core_tests_pass_under_pyodide():
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide outside the browser"
    assert (ROOT / "static/vendor/pyodide/pyodide.mjs").exists(), "run python -m uno_web build"
    testwheels.ensure()
    # -vv (the runner passes -q first) names each test as it starts, and the seed is chosen here: a run that hangs says where,
    # and any failure can be replayed with the same examples (--hypothesis-seed)
    seed = random.randrange(1 << 32)
    args = [node, str(ROOT / "tests/pyodide/run_pytest.mjs"), "tests/core", "-vv", "-rs",
            f"--hypothesis-seed={seed}"]
    try:
        proc = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=900)
    except subprocess.TimeoutExpired as exc:
        hung = exc.output.decode() if isinstance(exc.output, bytes) else exc.output or ""
    else:
        hung = None
    if hung is not None:
        pytest.fail(f"the core's tests in Pyodide did not end in 900 s (about 100 s is usual); "
                    f"hypothesis seed {seed}; the last lines (the last test named was running "
                    "when it was stopped):\n"
                    + "\n".join(hung.splitlines()[-15:]), pytrace=False)
    out = proc.stdout + proc.stderr
    assert "Python 3.14" in out and "emscripten" in out, out[-3000:]
    summary = re.search(r"(\d+) passed(?:, (\d+) skipped)?", out)
    assert summary, out[-3000:]
    assert " failed" not in out.splitlines()[-1] and "error" not in out.splitlines()[-1], out[-3000:]
    assert proc.returncode == 0, f"hypothesis seed {seed}\n" + out[-3000:]
    # every test the host collects ran in Pyodide, or was skipped there for a reason Pyodide
    # gives (no processes, no pydantic-free boot to test): a test module that stopped being
    # collected, or a skip for any other reason, fails here instead of shrinking the count
    passed, skipped = _outcomes(out)
    missing = sorted(_host_tests() - passed - skipped)
    assert not missing, f"{len(missing)} core tests did not run in Pyodide: {missing[:20]}"
    reasons = [line for line in out.splitlines() if line.startswith("SKIPPED [")]
    assert len(reasons) >= 1 or not skipped, out[-3000:]
    unexplained = [line for line in reasons if not _PYODIDE_SKIP.search(line)]
    assert not unexplained, f"skipped in Pyodide for another reason: {unexplained}"


# the reasons the core's tests give for not running in Pyodide (tests/core: skipif on
# sys.platform == "emscripten", and the bulk modules' module-level skip)
_PYODIDE_SKIP = re.compile(r"Pyodide|emscripten|processes|CPython", re.I)


def _host_tests() -> set[str]:
    """The node ids of tests/core as CPython collects them."""
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p",
                           "no:cacheprovider", "tests/core"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    ids = {line.strip() for line in proc.stdout.splitlines() if "::" in line}
    assert len(ids) > 500, proc.stdout[-2000:] + proc.stderr[-2000:]
    return ids


def _outcomes(out: str) -> tuple[set[str], set[str]]:
    """The tests that passed in Pyodide and those skipped there (node ids, from -vv); a module
    skipped whole (its skip in the -rs summary, none of its tests run) stands for each of its
    tests."""
    passed: set[str] = set()
    skipped: set[str] = set()
    for line in out.splitlines():
        m = re.match(r"(tests/\S+?::.*?) (PASSED|SKIPPED)\b", line.strip())
        if m:
            (passed if m.group(2) == "PASSED" else skipped).add(m.group(1))
    ran = {t.split("::", 1)[0] for t in passed | skipped}
    whole = {m.group(1) for m in re.finditer(r"^SKIPPED \[\d+\] (tests/\S+?\.py):\d+:", out, re.M)}
    skipped |= {t for t in _host_tests() if t.split("::", 1)[0] in whole - ran}
    return passed, skipped
