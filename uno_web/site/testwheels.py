"""Pure-Python test tools for running the core's tests inside Pyodide (under Node.js).

``python -m uno_web.site.testwheels`` downloads pytest and hypothesis (and what they need) as
wheels for Pyodide's platform into ``build/pyodide-wheels/`` (git-ignored), once. The Node
runner ``tests/pyodide/run_pytest.mjs`` unpacks them into Pyodide's site-packages.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WHEELS = ROOT / "build" / "pyodide-wheels"
PINS = ["pytest==9.2.0", "hypothesis==6.170.15"]
PLATFORM = "pyemscripten_2026_0_wasm32"


def ensure() -> Path:
    stamp = WHEELS / "STAMP"
    if stamp.exists() and stamp.read_text() == " ".join(PINS):
        return WHEELS
    WHEELS.mkdir(parents=True, exist_ok=True)
    for old in WHEELS.glob("*.whl"):
        old.unlink()
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
         "--platform", PLATFORM, "--python-version", "3.14", "--implementation", "cp",
         "-d", str(WHEELS), *PINS],
        check=True,
    )
    stamp.write_text(" ".join(PINS))
    return WHEELS


def main() -> int:
    try:
        path = ensure()
    except subprocess.CalledProcessError as exc:
        print(f"could not download the Pyodide test wheels: {exc}", file=sys.stderr)
        return 1
    print(f"Pyodide test wheels in {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
