"""Decisions per second of each bot level in the browser (Pyodide in headless Chromium).

Not a test: it prints figures, the browser counterpart of the "decisions per second" lines of
``bench/bench_ai.py`` (CPython). It serves the site, opens a page at the site root with the
table's own ``pyscript.toml`` and the built ``static/bundle/uno_web.zip`` (so the same shipped
modules and vendored Pyodide), and there
plays seeded 2-player rounds (``--players N``: N) under the official rules: Easy vs Easy,
Normal vs Easy and Hard vs Easy (the bot at every seat in turn, Easy at the others), timing
every turn decision with ``time.perf_counter``.

    .venv/bin/python bench/bench_ai_browser.py            # 200 / 200 / 10 rounds
    .venv/bin/python bench/bench_ai_browser.py --hard-rounds 4
    .venv/bin/python bench/bench_ai_browser.py --rounds 20 --hard-rounds 40 --hard-options '{"horizon": 20}'
    .venv/bin/python bench/bench_ai_browser.py --rounds 20 --hard-rounds 40 --players 4
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from uno_web.site import serve  # noqa: E402


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bench: bots in Pyodide</title>
<link rel="icon" href="data:,"></head><body>
<script type="module" src="./static/vendor/pyscript/core.js"></script>
<script type="py" config="./pyscript.toml">
import json, sys, time
import js
from pyscript import document
# the site's modules come as one zip imported in place (as index.html does; docs/deployment.md)
_zip = "/home/pyodide/uno_web.zip"
_resp = await js.fetch("./static/bundle/uno_web.zip")
with open(_zip, "wb") as _f:
    _f.write(js.Uint8Array.new(await _resp.arrayBuffer()).to_bytes())
sys.path.insert(0, _zip)
from uno_web.ai import make_bot
from uno_web.ai.match import play_game
from uno_web.core import PRESETS

class Timed:
    # times every turn decision of the bot (and the determinizations of each search)
    def __init__(self, bot, times, dets, works):
        self.bot, self.times, self.dets, self.works = bot, times, dets, works
    def choose(self, obs, moves, rng):
        t0 = time.perf_counter()
        move = self.bot.choose(obs, moves, rng)
        took = time.perf_counter() - t0
        stats = getattr(self.bot, "last_stats", None)
        if stats is not None and stats.get("candidates", 1) > 1:
            self.times.append(took)
            self.dets.append(stats["iterations"])
            self.works.append(stats.get("stop", ""))
        return move
    def react(self, obs, moves, rng):
        return self.bot.react(obs, moves, rng)

def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else None

cfg = json.loads(document.body.dataset.cfg)

def run(level, rounds, **opts):
    dec = 0
    sec = 0.0
    longest = 0.0
    searched = iters = 0
    times = []
    dets = []
    works = []
    for g in range(rounds):
        bot = make_bot(level, **opts)
        if level == "hard":
            bot = Timed(bot, times, dets, works)
        seat = g % cfg["players"]  # the bot takes every seat in turn
        bots = [make_bot("easy") for _ in range(cfg["players"])]
        bots[seat] = bot
        res = play_game(PRESETS["official"], bots, 5000 + g, rounds=1, timer=time.perf_counter)
        dec += res.decisions[seat]
        sec += res.think_seconds[seat]
        longest = max(longest, res.think_max[seat])
        inner = getattr(bot, "bot", bot)
        searched += getattr(inner, "searches", 0)
        iters += getattr(inner, "total_iterations", 0)
    out = {"rounds": rounds, "decisions": dec, "seconds": sec,
           "per_second": dec / sec if sec else None, "longest_ms": 1000 * longest}
    if searched:
        out["searched"] = searched
        out["determinizations"] = iters / searched
        out["search_ms"] = {q: 1000 * pct(times, q / 100) for q in (50, 90, 99)}
        out["search_max_ms"] = 1000 * max(times)
        out["dets_pct"] = {q: pct(dets, q / 100) for q in (1, 5, 10, 50)}
        limit = getattr(inner, "work", None)
        if limit:
            # searches the time budget stopped before the work limit
            out["work_limit"] = limit
            out["time_capped"] = sum(1 for w in works if w == "time")
    return out

res = {"python": sys.version.split()[0]}
for level, rounds in (("easy", cfg["rounds"]), ("normal", cfg["rounds"]), ("hard", cfg["hard"])):
    res[level] = run(level, rounds, **(cfg["hard_opts"] if level == "hard" else {}))
document.body.dataset.result = json.dumps(res)
document.body.dataset.ready = "1"
</script></body></html>"""


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=200, help="rounds for Easy and Normal")
    p.add_argument("--hard-rounds", type=int, default=10, help="rounds for Hard (150 ms a search)")
    p.add_argument("--hard-iterations", type=int, default=None,
                   help="Hard with this fixed number of determinizations instead of its budget")
    p.add_argument("--hard-ms", type=float, default=None, help="Hard's budget (default 150)")
    p.add_argument("--hard-work", type=int, default=None,
                   help="Hard's work limit (playout moves a search; the time budget still caps it)")
    p.add_argument("--hard-options", default="{}",
                   help='JSON object of further Hard options, e.g. \'{"horizon": 20}\'')
    p.add_argument("--players", type=int, default=2, choices=range(2, 11), metavar="2..10",
                   help="players a round: the bot against Easy at every other seat (default 2)")
    p.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds")
    args = p.parse_args(argv)
    from playwright.sync_api import sync_playwright

    hard_opts: dict[str, float] = dict(json.loads(args.hard_options))
    if args.hard_iterations is not None:
        hard_opts["iterations"] = args.hard_iterations
    if args.hard_work is not None:
        hard_opts["work"] = args.hard_work
    if args.hard_ms is not None:
        hard_opts["budget_ms"] = args.hard_ms
    cfg = {"rounds": args.rounds, "hard": args.hard_rounds, "hard_opts": hard_opts,
           "players": args.players}
    html = PAGE.replace("<body>", f"<body data-cfg='{json.dumps(cfg)}'>", 1)
    with serve.serving() as base, sync_playwright() as pw:
        browser = serve.launch_chromium(pw, args.chromium)
        try:
            page = browser.new_page(base_url=base)
            page.route(f"{base}__bench_ai__.html",
                       lambda r: r.fulfill(status=200, content_type="text/html", body=html))
            errors: list[str] = []
            console: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
            page.goto("__bench_ai__.html")
            try:
                page.wait_for_selector('body[data-ready="1"]', state="attached",
                                       timeout=args.timeout * 1000)
            except Exception:  # the page never finished: say what it printed
                print("the page did not finish; its errors and console:", *errors,
                      *console[-20:], sep="\n", file=sys.stderr)
                return 1
            res = json.loads(page.get_attribute("body", "data-result") or "{}")
        finally:
            browser.close()
    if errors:
        print("page errors:", *errors, sep="\n", file=sys.stderr)
        return 1
    print(f"decisions per second in headless Chromium (Pyodide, Python {res['python']}), "
          f"{args.players}-player rounds against Easy, official rules:")
    for level in ("easy", "normal", "hard"):
        r = res[level]
        extra = ""
        if "searched" in r:
            extra = (f", {r['searched']} searched, {r['determinizations']:.0f} determinizations "
                     "per search")
        print(f"  {level:<7} {r['per_second']:>10.1f}  ({r['decisions']} decisions in "
              f"{r['rounds']} rounds, {1000 * r['seconds'] / r['decisions']:.2f} ms each, "
              f"longest {r['longest_ms']:.0f} ms{extra})")
    h = res["hard"]
    if "search_ms" in h:
        ms = h["search_ms"]
        print(f"  hard {json.dumps(hard_opts) if hard_opts else '(defaults)'}: searched decisions "
              f"p50 {ms['50']:.1f} ms, p90 {ms['90']:.1f} ms, p99 {ms['99']:.1f} ms, longest "
              f"{h['search_max_ms']:.1f} ms; determinizations per search: 1st percentile "
              f"{h['dets_pct']['1']}, 5th {h['dets_pct']['5']}, 10th {h['dets_pct']['10']}, "
              f"median {h['dets_pct']['50']}"
              + (f"; {h['time_capped']} of {h['searched']} searches stopped by the time budget "
                 f"before the work limit of {h['work_limit']}"
                 if "time_capped" in h else ""))
        print("  " + json.dumps({"hard": h, "hard_opts": hard_opts}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
