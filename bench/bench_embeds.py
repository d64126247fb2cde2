"""Embeds on one page: time until every embed answers a move, and the memory used (issue 14).

A page with 1 or 5 embeds (the tutorial's lessons, ``index.html?embed=1&lesson=…``), all on
screen at once, in headless Chromium on this machine.  For each embed a card of your hand is
played and the validator's answer awaited; the time is from navigation to the last answer.
Memory is the proportional set size (PSS, from /proc/*/smaps_rollup) of every Chromium process
once all have answered, minus the same browser showing an empty page.  Three modes:

- ``shared`` (the default since issue 14): the first embed loads Pyodide, the others join it;
- ``own`` (``&share=0``): every embed boots its own Pyodide (what the site did before).

Target: five shared embeds cost at most 2x one embed, in time and in memory.

    python bench/bench_embeds.py            # 3 runs of each, medians
    python bench/bench_embeds.py --runs 5
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from uno_web.puzzles.lessons import LESSONS, lesson_query  # noqa: E402
from uno_web.site import serve  # noqa: E402


def host_page(n: int, share: bool) -> str:
    extra = "" if share else "&share=0"
    frames = "".join(
        f'<iframe src="/index.html?embed=1&{lesson_query(LESSONS[i % len(LESSONS)])}{extra}"'
        f' title="embed {i}" width="560" height="420"></iframe>' for i in range(n))
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{n} embeds</title>"
            f"<style>iframe{{border:0;display:inline-block}}</style></head><body>{frames}</body></html>")


def pss_kb() -> int:
    """PSS of every chromium process of this machine (the benchmark's browser is the only one)."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            comm = Path(f"/proc/{pid}/comm").read_text().strip()
            if "chrom" not in comm:
                continue
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


ANSWER = """async () => {
  const before = document.querySelectorAll('[data-testid=validator-entry]').length;
  const card = document.querySelector('[data-testid=hand] [data-card]');
  card.click();
  const t0 = performance.now();
  while (performance.now() - t0 < 20000) {
    if (document.querySelectorAll('[data-testid=validator-entry]').length > before ||
        document.querySelector('[data-testid=color-picker]')) return true;
    await new Promise(r => setTimeout(r, 20));
  }
  return false;
}"""


def one_run(pw: Any, base: str, n: int, share: bool) -> tuple[float, int]:
    browser = pw.chromium.launch(executable_path=shutil.which("chromium"),
                                 args=list(serve.CHROMIUM_ARGS))
    try:
        ctx = browser.new_context(viewport={"width": 1200, "height": 2200}, service_workers="block")
        page = ctx.new_page()
        page.goto("about:blank")
        time.sleep(1.0)
        idle = pss_kb()
        html = host_page(n, share)
        page.route(f"{base}__embeds__.html",
                   lambda r: r.fulfill(status=200, content_type="text/html", body=html))
        t0 = time.perf_counter()
        page.goto(f"{base}__embeds__.html")
        frames = [f for f in page.frames if f != page.main_frame]
        assert len(frames) == n, len(frames)
        for f in frames:
            f.wait_for_function("() => document.body && document.body.dataset.ready === '1'",
                                timeout=300_000, polling=50)
            assert f.evaluate(ANSWER), "an embed did not answer"
        elapsed = time.perf_counter() - t0
        time.sleep(0.5)
        used = pss_kb() - idle
        return elapsed, used
    finally:
        browser.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, base = serve.start_in_thread("127.0.0.1", 0, REPO, quiet=True)
    cases = [(1, True), (5, True), (5, False)]
    results: dict[tuple[int, bool], list[tuple[float, int]]] = {c: [] for c in cases}
    try:
        with sync_playwright() as pw:
            for _ in range(args.runs):  # interleaved: the machine's load hits every case alike
                for case in cases:
                    results[case].append(one_run(pw, base, *case))
    finally:
        server.shutdown()
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    print(f"embeds on one page — {datetime.date.today()}, {os.cpu_count()} cores, {cpu}, "
          f"load {os.getloadavg()[0]:.2f}, {args.runs} runs each (medians)")
    med = {c: (statistics.median(t for t, _ in r), statistics.median(m for _, m in r))
           for c, r in results.items()}
    t1, m1 = med[(1, True)]
    for (n, share), (t, m) in med.items():
        label = f"{n} embed{'s' if n > 1 else ''}, {'one shared Python' if share else 'a Python each'}"
        print(f"  {label:34s} all answered {t:6.1f} s ({t / t1:4.2f}x one)   "
              f"memory {m / 1024:7.0f} MB ({m / m1:4.2f}x one)")
    t5, m5 = med[(5, True)]
    ok = t5 <= 2 * t1 and m5 <= 2 * m1
    print(f"target: five shared embeds at most 2x one in time and memory: "
          f"{'met' if ok else 'NOT met'} (time {t5 / t1:.2f}x, memory {m5 / m1:.2f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
