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


def test_issue17_runs_pool_and_match_the_docs() -> None:
    """Every match of bench/results/issue17-work12000.jsonl (Hard as shipped: its work
    limit) pools without overlapping deals, and docs/ai.md quotes each pooled figure."""
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from bench_ai_ports import pool
    finally:
        sys.path.remove(str(ROOT / "bench"))
    rows = pool(str(ROOT / "bench" / "results" / "issue17-work12000.jsonl"))
    assert {(r["opponent"], r["preset"], r["players"]) for r in rows} >= {
        ("mixbot2", "official", 2), ("normal", "official", 2), ("mixbot2", "official", 4),
        ("normal", "house-party", 2), ("normal", "playing-cards", 2)}
    docs = (ROOT / "docs" / "ai.md").read_text()
    for r in rows:
        assert r["hard"] == {"work": 12000, "budget_ms": 1e9} and r["options"] == {}
        lo, hi = r["ci95"]
        quoted = f"**{r['win_rate']:.1%}** | {r['games']:,} | [{lo:.1%}, {hi:.1%}] |"
        assert quoted in docs, f"docs/ai.md should quote {r['opponent']} {r['preset']}: {quoted}"
    by = {(r["opponent"], r["preset"], r["players"]): r for r in rows}
    assert by[("mixbot2", "official", 2)]["games"] >= 2000
    assert by[("normal", "official", 2)]["games"] >= 2000
    assert by[("mixbot2", "official", 4)]["games"] >= 2000


def test_issue17_third_round_runs_pool_and_match_the_docs() -> None:
    """bench/results/issue17-horizon20.jsonl (Hard with its playouts cut at 20 moves, the
    default) pools per match without overlapping deals, covers at least 2,000 games of each
    official two-player match and of four players against MixBot2, and docs/ai.md quotes each
    pooled figure."""
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from bench_ai_ports import pool
    finally:
        sys.path.remove(str(ROOT / "bench"))
    rows = pool(str(ROOT / "bench" / "results" / "issue17-horizon20.jsonl"))
    docs = (ROOT / "docs" / "ai.md").read_text()
    by = {}
    for r in rows:
        assert r["hard"] == {"work": 12000, "budget_ms": 1e9}
        assert r["options"] == {"hard": {"horizon": 20}}
        lo, hi = r["ci95"]
        quoted = f"**{r['win_rate']:.1%}** | {r['games']:,} | [{lo:.1%}, {hi:.1%}] |"
        assert quoted in docs, f"docs/ai.md should quote {r['opponent']} {r['preset']}: {quoted}"
        by[(r["opponent"], r["preset"], r["players"])] = r
    assert by[("mixbot2", "official", 2)]["games"] >= 2000
    assert by[("normal", "official", 2)]["games"] >= 2000
    assert by[("mixbot2", "official", 4)]["games"] >= 2000  # the fifth round: a full table


def test_issue17_seventh_round_runs_match_the_docs() -> None:
    """bench/results/issue17-learn-normal.jsonl (Normal with and without its learned
    correction against MixBot2 on the same deals) and issue17-learned-normal.jsonl (Hard
    against the new Normal) hold at least 2,000 games a match, and docs/ai.md quotes them."""
    import json
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from bench_ai_ports import pool
    finally:
        sys.path.remove(str(ROOT / "bench"))
    docs = (ROOT / "docs" / "ai.md").read_text()
    lines = (ROOT / "bench" / "results" / "issue17-learn-normal.jsonl").read_text().splitlines()
    run = json.loads(lines[-1])
    assert run["games"] >= 2000 and run["options"] == {"learned": True}
    for name in ("with", "plain"):
        r = run[name]
        lo, hi = r["ci95"]
        quoted = f"{r['rate']:.1%}** | {run['games']:,} | [{lo:.1%}, {hi:.1%}] |"
        assert quoted in docs, f"docs/ai.md should quote Normal ({name}): {quoted}"
    rows = pool(str(ROOT / "bench" / "results" / "issue17-learned-normal.jsonl"))
    assert len(rows) == 1
    r = rows[0]
    assert (r["bot"], r["opponent"], r["preset"], r["players"]) == ("hard", "normal", "official", 2)
    assert r["games"] >= 2000 and r["hard"] == {"work": 12000, "budget_ms": 1e9}
    lo, hi = r["ci95"]
    quoted = f"**{r['win_rate']:.1%}** | {r['games']:,} | [{lo:.1%}, {hi:.1%}] |"
    assert quoted in docs, f"docs/ai.md should quote Hard against the new Normal: {quoted}"


def test_issue17_hard_with_the_learned_normal_matches_the_docs() -> None:
    """bench/results/issue17-hard-learned.jsonl (Hard keeping the learned Normal's move unless
    the search is sure) pools to at least 2,000 games against MixBot2 and against Normal, and
    docs/ai.md quotes both."""
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from bench_ai_ports import pool
    finally:
        sys.path.remove(str(ROOT / "bench"))
    docs = (ROOT / "docs" / "ai.md").read_text()
    rows = pool(str(ROOT / "bench" / "results" / "issue17-hard-learned.jsonl"))
    assert sorted(r["opponent"] for r in rows) == ["mixbot2", "normal"]
    for r in rows:
        assert r["games"] >= 2000 and r["hard"] == {"work": 12000, "budget_ms": 1e9}
        lo, hi = r["ci95"]
        quoted = f"**{r['win_rate']:.1%}** | {r['games']:,} | [{lo:.1%}, {hi:.1%}] |"
        assert quoted in docs, f"docs/ai.md should quote Hard against {r['opponent']}: {quoted}"
