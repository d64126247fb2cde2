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
    args = [node, str(ROOT / "tests/pyodide/run_pytest.mjs"), "tests/core", "-vv",
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
    assert int(summary.group(1)) >= 240, out[-3000:]
    assert proc.returncode == 0, f"hypothesis seed {seed}\n" + out[-3000:]
