"""Repeat visits of this build against another commit's, alternating, in one headless Chromium.

Not a test: it prints figures (docs/deployment.md, "Less work on a repeat visit").  Where
``bench_boot.py --baseline`` measures every series in rotated rounds, this measures only the
repeat visits it is asked for, N pairs of them, each pair in alternating order, and reports the
median of the paired ratios (this build's ready time over REF's in the same pair) and in how
many pairs this build was faster: on a shared 2-core machine a difference of 3-5% shows there
and not in two medians of 7.  ``what``: ``page`` (index.html, snapshot + worker), ``embed1``,
``embed5`` (pages of one and five embeds).  ``--patch FILE``: a Python file whose
``patch(site_dir)`` changes this build's assembled site before the run (an experiment that is
not worth building until it is measured; the site's precache list is written again after it).

    .venv/bin/python bench/boot_ab.py HEAD~1 16 page embed1 embed5
    .venv/bin/python bench/boot_ab.py HEAD 16 page --patch /tmp/experiment.py
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "bench"))

import bench_boot as bb  # noqa: E402
from uno_web.site import assemble, precache, serve, vendor  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref", help="the commit to measure against (e.g. HEAD~1, main)")
    parser.add_argument("pairs", type=int, help="pairs of visits of each kind")
    parser.add_argument("what", nargs="*", default=["page"], choices=["page", "embed1", "embed5"])
    parser.add_argument("--patch", help="a Python file with patch(site_dir), applied to this build's site")
    args = parser.parse_args(argv)
    if vendor.main([]) != 0:
        return 1
    with tempfile.TemporaryDirectory(prefix="uno-ab-") as tmp_name:
        tmp = Path(tmp_name)
        site = assemble.assemble(tmp / bb.SITE_DIR)
        for n in (1, 5):
            (site.out / f"__embeds{n}.html").write_text(bb.embeds_page(n, bb.EMBED_DOC), encoding="utf-8")
        short = bb.baseline_site(args.ref, site.out, tmp / bb.BASE_DIR, tmp)
        if args.patch:
            spec = importlib.util.spec_from_file_location("boot_ab_patch", args.patch)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            module.patch(site.out)
            (site.out / precache.OUT_NAME).write_text(precache.render(site.out), encoding="utf-8")
        server, origin = serve.start_in_thread("127.0.0.1", 0, tmp, quiet=True)
        try:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as pw:
                browser = serve.launch_chromium(pw)
                sites = {"new": f"{origin}{bb.SITE_DIR}/", "old": f"{origin}{bb.BASE_DIR}/"}
                reps = {k: bb.Repeat(browser, base, "./", True, 180_000, True) for k, base in sites.items()}
                ready: dict[tuple[str, str], list[float]] = {(k, w): [] for k in reps for w in args.what}
                load_before = bb.load()
                for i in range(args.pairs):
                    for w in args.what:
                        for k in (("new", "old") if i % 2 == 0 else ("old", "new")):
                            run = (reps[k].visit() if w == "page"
                                   else reps[k].embeds(int(w[-1]), f"__embeds{w[-1]}.html"))
                            ready[(k, w)].append(run.page_ms)
                print(f"{args.pairs} pairs; {bb.commit()} against {short}; {bb.machine()}; "
                      f"load {load_before} before, {bb.load()} after")
                for w in args.what:
                    new, old = ready[("new", w)], ready[("old", w)]
                    ratios = [a / b for a, b in zip(new, old)]
                    print(f"{w}: this build {statistics.median(new):.0f} ms (min {min(new):.0f}), "
                          f"{short} {statistics.median(old):.0f} ms (min {min(old):.0f}); median paired ratio "
                          f"{statistics.median(ratios):.3f}; this build faster in {sum(r < 1 for r in ratios)}/{len(ratios)}")
                browser.close()
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
