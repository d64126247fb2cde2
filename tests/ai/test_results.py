"""The saved long-run results pool cleanly, and docs/ai.md quotes their pooled figure."""

from __future__ import annotations

import json
from pathlib import Path

from uno_web.ai.tournament import merge_summaries

ROOT = Path(__file__).resolve().parents[2]
RUNS = ROOT / "bench" / "results" / "hard-normal-to500"


def test_hard_vs_normal_whole_games_pool_and_match_the_docs() -> None:
    files = sorted(RUNS.glob("*.json"))
    assert files, "no saved runs"
    runs = [json.loads(f.read_text()) for f in files]
    for f, run in zip(files, runs):  # the file name says the run's seeds
        assert f.stem == f"seed{run['seed']}-{run['games']}", f.name
        assert run["seats"] == ["hard", "normal"] and run["rounds"] == "game"
        assert run["preset"] == "official" and run["rules"] == {}
        assert run.get("options", {}) == {}  # Hard as shipped
    pooled = merge_summaries(runs)  # raises on overlapping seeds or different matches
    hard = pooled["entries"][0]
    assert pooled["games"] == sum(r["games"] for r in runs)
    assert hard["wins"] + pooled["entries"][1]["wins"] == pooled["games"]
    docs = (ROOT / "docs" / "ai.md").read_text()
    lo, hi = hard["ci95"]
    quoted = (f"| {pooled['games']:,} | **{hard['win_rate']:.1%}** | "
              f"[{lo:.1%}, {hi:.1%}] |")
    assert quoted in docs, f"docs/ai.md should quote the pooled whole-game result: {quoted}"
