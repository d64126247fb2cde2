"""The room protocol in the browser's Python: the commitment's golden values, a whole game
through text messages with every message checked, and the verification of tampered logs, run
inside Pyodide (Python 3.14, under Node.js) with the browser build's Pyodide."""

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
TESTS = ["tests/room/test_commitment.py", "tests/room/test_verify.py",
         "tests/room/test_game.py::test_a_whole_game_through_text_messages"]


@pytest.mark.skipif(sys.platform == "emscripten", reason="this test starts Pyodide itself")
def test_the_room_in_pyodide() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide outside the browser"
    assert (ROOT / "static/vendor/pyodide/pyodide.mjs").exists(), "run python -m uno_web build"
    testwheels.ensure()
    seed = random.randrange(1 << 32)
    args = [node, str(ROOT / "tests/pyodide/run_pytest.mjs"), *TESTS, "-vv",
            f"--hypothesis-seed={seed}"]
    proc = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=600)
    out = proc.stdout + proc.stderr
    assert "Python 3.14" in out and "emscripten" in out, out[-3000:]
    summary = re.search(r"(\d+) passed", out)
    assert summary and int(summary.group(1)) >= 20, out[-3000:]
    assert " failed" not in out.splitlines()[-1], out[-3000:]
    assert proc.returncode == 0, f"hypothesis seed {seed}\n" + out[-3000:]
