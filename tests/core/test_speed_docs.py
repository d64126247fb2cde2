"""docs/core.md quotes the saved run of bench/bench_core.py: every fast-path row (the official
rules and each preset), the safe API and validation, as rounds (or actions) a second and the
ratio to RLCard in the same run, and says "met" only where the ratio reaches issue 16's
target. The speed itself lives in the benchmark, not here."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / "bench/results/issue16-core-2026-11-24-xeon.json"
DOC = ROOT / "docs/core.md"


def _cell(value: float, ratio: float) -> str:
    return f"{value:,.0f} (**{ratio:.2f}×**)"


def _row(doc: str, label: str) -> str:
    lines = [line for line in doc.splitlines() if line.startswith("| ") and label in line]
    assert len(lines) == 1, (label, lines)
    return lines[0]


def test_the_speed_table_quotes_the_saved_run() -> None:
    res = json.loads(RUN.read_text(encoding="utf-8"))["results"]
    doc = DOC.read_text(encoding="utf-8")
    anchor = res["rlcard"]

    def ratio(key: str, n: str, unit: str = "rounds_per_s", against: str = "rounds_per_s") -> float:
        return float(res[key][n][unit] / anchor[n][against])

    fast = _row(doc, "fast path (`simulate.random_playout`")
    for n in ("2", "4"):
        assert _cell(res["fast"][n]["rounds_per_s"], ratio("fast", n)) in fast
    assert min(ratio("fast", n) for n in ("2", "4")) >= 3.5 and "**met**" in fast
    slowest = min(ratio(k, n) for k in res if k.startswith("preset:") for n in ("2", "4"))
    for key in (k for k in res if k.startswith("preset:")):
        row = _row(doc, f"… under `{key[7:]}`")
        for n in ("2", "4"):
            value = res[key][n]["rounds_per_s"]
            assert f"{value:,.0f} ({ratio(key, n):.2f}×)" in row or _cell(value, ratio(key, n)) in row
    assert slowest >= 1.75
    assert f"**{slowest:.2f}×**" in doc
    safe = _row(doc, "safe API (`legal_moves` + `apply`")
    for n in ("2", "4"):
        assert _cell(res["safe"][n]["rounds_per_s"], ratio("safe", n)) in safe
    assert "not met" in safe and max(ratio("safe", n) for n in ("2", "4")) < 1
    valid = _row(doc, "log validation actions/s")
    for n in ("2", "4"):
        assert _cell(res["validate"][n]["steps_per_s"],
                     ratio("validate", n, "steps_per_s", "steps_per_s")) in valid


def test_the_readme_quotes_the_same_ratios() -> None:
    res = json.loads(RUN.read_text(encoding="utf-8"))["results"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    anchor = res["rlcard"]
    two, four = (res["fast"][n]["rounds_per_s"] / anchor[n]["rounds_per_s"] for n in ("2", "4"))
    assert re.search(rf"\*\*{two:.2f}× / {four:.2f}×\*\*", readme)
