"""The core's own test suite, run unchanged inside Pyodide's Python 3.14 (under Node.js).

The browser build's Pyodide (static/vendor/pyodide) and pydantic wheels are used; pytest and
hypothesis come as Pyodide wheels from build/pyodide-wheels.
"""

from __future__ import annotations

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
    proc = subprocess.run([node, str(ROOT / "tests/pyodide/run_pytest.mjs"), "tests/core"],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)
    out = proc.stdout + proc.stderr
    assert "Python 3.14" in out and "emscripten" in out, out[-3000:]
    summary = re.search(r"(\d+) passed(?:, (\d+) skipped)?", out)
    assert summary, out[-3000:]
    assert " failed" not in out.splitlines()[-1] and "error" not in out.splitlines()[-1], out[-3000:]
    assert int(summary.group(1)) >= 240, out[-3000:]
    assert proc.returncode == 0, out[-3000:]
