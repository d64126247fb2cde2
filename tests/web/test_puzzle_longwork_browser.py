"""Long puzzle work in headless Chromium (issue 20): the page stays responsive, shows progress,
and Cancel stops the work; bad values in a puzzle address are said with a short excerpt.

Responsiveness is measured with the browser's own Long Tasks API (a PerformanceObserver
installed before the page loads): while a puzzle is dealt, no task of the main thread may take
more than 200 ms.  The window starts once the page's own start-up work after ready is done
(pydantic fetched and imported, the modules warmed up: ``data-pydantic``, ``data-warm``),
which is not puzzle work (docs/deployment.md "Boot time").  On a machine loaded beyond its cores the
clock also counts the time the browser waited for a CPU, so the bound grows with the load
average there (at most 4x) and the test says so; a page that deals in one piece (seconds)
fails either way.
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

from table_helpers import hand

pytestmark = pytest.mark.browser

LONG = "index.html?mode=solitaire&n=40&difficulty=hard&seed=5"  # ~4 s of work in Pyodide
TASK_LIMIT_MS = 200.0

OBSERVE_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
"""


def _task_limit() -> float:
    """200 ms; more only while the machine runs more than it has cores."""
    load, cpus = os.getloadavg()[0], os.cpu_count() or 1
    factor = min(4.0, max(1.0, load / cpus))
    if factor > 1.0:
        print(f"load average {load:.1f} on {cpus} cores: long-task bound {TASK_LIMIT_MS * factor:.0f} ms")
    return TASK_LIMIT_MS * factor


def _long_tasks(page: Any, since: float, until: float | None = None) -> list[list[float]]:
    tasks: list[list[float]] = page.evaluate("window.__longTasks")
    return [t for t in tasks if t[0] >= since and (until is None or t[0] <= until)]


# the page's own work after ready: the modules the first screen did not need (the browser
# loads no pydantic: uno_web/web/boot.py)
START_UP_DONE = "() => document.body.dataset.warm === '1'"


def _progress(page: Any) -> dict[str, Any]:
    return dict(page.eval_on_selector(
        "[data-testid=puzzle-progress]",
        "e => ({state: e.dataset.state, kind: e.dataset.kind, percent: +e.dataset.percent,"
        " text: e.querySelector('[data-testid=puzzle-progress-text]').textContent,"
        " bar: +e.querySelector('progress').value})"))


def test_a_long_deal_shows_progress_stays_responsive_and_cancels(page: Any, wait_ready: Any) -> None:
    page.add_init_script(OBSERVE_LONG_TASKS)
    page.goto(LONG)
    wait_ready(page)
    assert page.evaluate("document.body.dataset.job") == "deal"
    box = page.locator("[data-testid=puzzle-progress]")
    assert box.is_visible() and "Dealing a solitaire of 40 cards, hard" in box.inner_text()
    first = _progress(page)
    assert first["state"] == "running" and first["text"].startswith("Searching: ")
    page.wait_for_function(START_UP_DONE, timeout=60_000)
    since = float(page.evaluate("performance.now()"))
    assert page.evaluate("document.body.dataset.job") == "deal", "the deal ended too soon"
    first = _progress(page)
    # the progress moves while the page is idle between slices
    page.wait_for_function(
        "p => +document.querySelector('[data-testid=puzzle-progress]').dataset.percent > p",
        arg=first["percent"], timeout=60_000)
    later = _progress(page)
    assert later["percent"] > first["percent"] and later["bar"] == later["percent"]
    assert "deal " in later["text"] and "of at most 40" in later["text"]

    # Cancel has the keyboard focus: Enter presses it, between two slices
    assert page.evaluate("document.activeElement.dataset.testid") == "puzzle-cancel"
    t0 = time.perf_counter()
    page.keyboard.press("Enter")
    box.wait_for(state="detached", timeout=5_000)
    took = time.perf_counter() - t0
    stopped = float(page.evaluate("performance.now()"))
    assert took < 2.0, f"Cancel took {took:.2f} s to be handled"
    assert "Stopped" in page.inner_text("[data-testid=notice]")
    assert page.evaluate("document.body.dataset.job") == ""
    assert page.evaluate("document.body.dataset.mode") == "puzzles"

    limit = _task_limit()
    during = _long_tasks(page, since, stopped)
    assert all(d <= limit for _, d in during), f"main-thread tasks over {limit:.0f} ms: {during}"

    # nothing of the dropped work comes back, and the page is usable: the job's task has
    # ended (the controller marks the page idle once it has, body.dataset.busy)
    page.wait_for_function("() => document.body.dataset.busy === '0'")
    assert page.evaluate("document.body.dataset.mode") == "puzzles"
    assert page.locator("[data-testid=puzzle-progress]").count() == 0
    page.select_option("[data-testid=puzzle-n]", "6")
    page.click("[data-testid=new-solitaire]")
    page.wait_for_function("() => document.body.dataset.puzzle === 'solitaire'")
    assert len(hand(page)) == 6


def test_a_deal_from_the_chooser_ends_in_the_puzzle_and_escape_cancels(page: Any,
                                                                       wait_ready: Any) -> None:
    page.add_init_script(OBSERVE_LONG_TASKS)
    page.goto("index.html?mode=puzzles&seed=3")
    wait_ready(page)
    page.wait_for_function(START_UP_DONE, timeout=60_000)
    page.select_option("[data-testid=puzzle-n]", "20")
    page.select_option("[data-testid=puzzle-difficulty]", "hard")
    start = float(page.evaluate("performance.now()"))
    page.click("[data-testid=new-solitaire]")
    page.wait_for_selector("[data-testid=puzzle-progress][data-state=running]")
    page.wait_for_function("() => document.body.dataset.puzzle === 'solitaire'", timeout=90_000)
    end = float(page.evaluate("performance.now()"))
    assert len(hand(page)) == 20 and "20 generated cards" in page.inner_text(".puzzle-head")
    assert page.evaluate("document.activeElement.closest('[data-testid=hand]') !== null")
    limit = _task_limit()
    during = _long_tasks(page, start, end)
    assert all(d <= limit for _, d in during), f"main-thread tasks over {limit:.0f} ms: {during}"

    cards = sorted(hand(page))
    page.click("[data-testid=puzzle-new]")  # another one like it: a new deal, cancelled
    page.wait_for_selector("[data-testid=puzzle-progress][data-state=running]")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=puzzle-progress]", state="detached")
    assert "Stopped" in page.inner_text("[data-testid=notice]")
    page.click("[data-testid=puzzle-resume]")  # the puzzle before is still there
    page.wait_for_function("() => document.body.dataset.puzzle === 'solitaire'")
    assert sorted(hand(page)) == cards


NINE = "+".join(f"R{i}" for i in range(9))


@pytest.mark.parametrize("query, said, dealt", [
    # refused: the chooser instead (30 kB: the development server refuses addresses over 64 kB;
    # 100 kB values: test_puzzle_jobs_unit.py)
    ("mode=solitaire&cards=R1+" + "X" * 30_000, ("cards='R1 XXX", "…"), 0),
    ("mode=duel&hand=12", ("hand=12", "1 to 8 cards in each hand"), 0),
    (f"mode=duel&rule=uno&p1={NINE}&p2=G1", ("p1 has 9", "uno rule holds 1 to 8"), 0),
    # replaced by the default: said, and the puzzle is dealt
    ("mode=solitaire&n=" + "9" * 5_000 + "&difficulty=extreme&seed=2",
     ("n='99999", "…", "difficulty='extreme'"), 12),
], ids=["cards", "hand", "p1", "n-difficulty"])
def test_bad_puzzle_values_are_said_with_a_short_excerpt(page: Any, wait_ready: Any, query: str,
                                                         said: tuple[str, ...], dealt: int) -> None:
    page.goto("index.html?" + query)
    wait_ready(page)
    if dealt:
        page.wait_for_function("() => document.body.dataset.puzzle === 'solitaire'",
                               timeout=60_000)
        assert len(hand(page)) == dealt
    else:
        assert page.locator("[data-testid=puzzle-chooser]").is_visible()
    notice = page.inner_text("[data-testid=notice]")
    assert all(part in notice for part in said) and len(notice) < 600, notice
