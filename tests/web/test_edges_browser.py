"""The edges of the page an attacker or a careless user reaches: saved data that was written by
hand, rolled back or spoilt; position links and editor inputs that do not fit; a replay that
names the wrong round or freezes the page on the largest legal log. Each test is one of the
outside audit's reproducers, driven through the real page (conftest's guard fails on any
console error, Python traceback or outside request)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from uno_web.core import Phase
from uno_web.web.session import Session, TableSettings
from uno_web.web.view import DEFAULT_SPEED

from table_helpers import find_seed, open_table, start_game, wait_idle, wait_saved, you_start

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
TABLE = "uno_web.table.v1:/"
PREFS = "uno_web.prefs.v1:/"
#: the audit's plain save: a hand of wilds dealt from a chosen seed, restored without a word
PLAIN_SAVE = json.dumps({"format": "uno-web-table", "version": 2, "settings": {
    "players": 2, "name": "You", "levels": ["easy"], "preset": "official", "overrides": {}},
    "seed": 1266, "moves": []})


def _notice(page: Any) -> str:
    notice = page.locator("[data-testid=notice]")
    return notice.inner_text() if notice.count() else ""


def _reload(page: Any, wait_ready: Any, query: str = "") -> None:
    page.goto("index.html" + query)
    wait_ready(page)


# --- saved data ----------------------------------------------------------------------------


def test_a_plain_save_is_refused_with_a_notice_and_never_restored(page: Any, wait_ready: Any) -> None:
    _reload(page, wait_ready)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [TABLE, PLAIN_SAVE])
    _reload(page, wait_ready)
    text = _notice(page)
    assert "could not be restored and was discarded" in text and "not sealed" in text, text
    assert page.evaluate("document.body.dataset.mode") == "start"
    assert page.locator("[data-testid=hand] [data-card]").count() == 0
    assert page.evaluate(f"localStorage.getItem('{TABLE}')") is None  # never read again
    # in Finnish too; changed rules and bot levels in a plain save are refused the same way
    forged = json.loads(PLAIN_SAVE)
    forged["settings"].update(levels=["hard"], overrides={"uno_penalty": 8})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [TABLE, json.dumps(forged)])
    _reload(page, wait_ready, "?lang=fi")
    text = _notice(page)
    assert "Tallennettua peliäsi ei voitu palauttaa" in text and "sinetöinyt" in text, text
    assert page.evaluate("document.body.dataset.mode") == "start"


def test_a_rolled_back_save_is_refused_with_a_notice(page: Any, wait_ready: Any) -> None:
    seed = find_seed(you_start)
    open_table(page, wait_ready, seed=seed, speed="instant")
    start_game(page)
    wait_idle(page)
    page.click("[data-testid=draw-pile]")  # you draw a card: the game is saved
    wait_idle(page)
    wait_saved(page)
    before = page.evaluate(f"localStorage.getItem('{TABLE}')")
    assert before
    hand = page.locator("[data-testid=hand] [data-card]").count()
    # draw once more (or keep the drawn card), then put the earlier save back
    if page.locator("[data-testid=keep]").count():
        page.click("[data-testid=keep]")
    else:
        page.click("[data-testid=draw-pile]")
    wait_idle(page)
    page.wait_for_function("s => localStorage.getItem(s[0]) !== s[1] && "
                           "document.body.dataset.saved === document.body.dataset.saving",
                           arg=[TABLE, before])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [TABLE, before])
    _reload(page, wait_ready)
    text = _notice(page)
    assert "could not be restored and was discarded" in text and "earlier copy" in text, text
    assert page.evaluate("document.body.dataset.mode") == "start", f"resumed with {hand} cards"
    assert page.evaluate(f"localStorage.getItem('{TABLE}')") is None


def test_bad_preferences_are_dropped_with_a_notice(page: Any, wait_ready: Any) -> None:
    _reload(page, wait_ready)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PREFS, '{"speed":'])
    _reload(page, wait_ready)
    text = _notice(page)
    assert "preferences could not be read and were discarded" in text and "JSON" in text, text
    # a bad field is dropped, the good ones kept (the language, which the page used at once)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [PREFS, '{"speed":"warp","lang":"fi","sound":"yes"}'])
    _reload(page, wait_ready)
    text = _notice(page)
    assert "valinnoistasi ei voitu lukea" in text and "'warp'" in text and "sound" in text, text
    assert page.evaluate("document.documentElement.lang") == "fi"
    assert json.loads(page.evaluate(f"localStorage.getItem('{PREFS}')")) == {
        "speed": DEFAULT_SPEED, "sound": False, "lang": "fi"}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PREFS, '{"lang":"xx"}'])
    _reload(page, wait_ready)
    assert "lang 'xx' is not one of en, fi" in _notice(page)


# --- position links and the editor ---------------------------------------------------------

EDITOR = "index.html?mode=editor&hands=R7+G5+W%2CB1+B2+Y3&top=R9"


@pytest.mark.parametrize("tail, word", [("&scores=5", "scores"), ("&names=Ann", "names"),
                                        ("&names=Ann&lang=fi", "names")])
def test_editor_links_with_short_lists_give_a_notice(page: Any, wait_ready: Any, tail: str,
                                                     word: str) -> None:
    page.goto(EDITOR + tail)
    wait_ready(page)
    text = _notice(page)
    assert word in text and ("cannot be shown" in text or "ei voi näyttää" in text), text
    assert "Traceback" not in page.locator("body").inner_text()
    assert page.evaluate("document.body.dataset.mode") == "editor"
    assert page.locator("[data-testid=ed-status]").is_visible()


def test_editor_inputs_never_crash_and_out_of_range_values_say_why(page: Any,
                                                                   wait_ready: Any) -> None:
    page.goto("index.html?mode=editor")
    wait_ready(page)
    page.select_option("[data-testid=ed-phase]", "penalty")
    page.wait_for_selector("[data-testid=ed-pending]")
    page.fill("[data-testid=ed-pending]", "999")
    page.select_option("[data-testid=ed-seats]", "10")
    page.wait_for_selector("[data-testid=ed-seat-9]")
    error = page.locator("[data-testid=ed-pending-error]")
    error.wait_for()
    assert "from 1 to 60" in error.inner_text() and "999" in error.inner_text()
    pending = page.locator("[data-testid=ed-pending]")
    assert pending.get_attribute("aria-invalid") == "true" and pending.input_value() == "999"
    assert "went wrong" not in _notice(page)
    # a score out of range stays in its field, marked, with the reason
    page.fill("[data-testid=ed-score-3]", "99999999")
    page.locator("[data-testid=ed-name-3]").focus()  # leaving the field posts it
    page.locator("[data-testid=ed-score-3-error]").wait_for()
    assert "from 0 to 10,000,000" in page.inner_text("[data-testid=ed-score-3-error]")
    assert page.locator("[data-testid=ed-score-3]").input_value() == "99999999"
    assert "scores=" not in page.evaluate("location.search")  # the link never carries it
    page.fill("[data-testid=ed-score-3]", "12")
    page.locator("[data-testid=ed-name-3]").focus()
    page.wait_for_function("() => !document.querySelector('[data-testid=ed-score-3-error]')")
    assert "went wrong" not in _notice(page)


# --- the replay ----------------------------------------------------------------------------


def _log_dealing_round_2_too_early(tmp_path: Path) -> Path:
    """A game to round 2, its first round cut after three actions: round 2 is dealt while
    round 1 is still being played."""
    s = Session(TableSettings(players=2, levels=["easy"], overrides={"target_score": 500}), seed=4)
    for _ in range(4000):
        s.run_bots()
        if s.state.round >= 2:
            break
        if s.state.phase == Phase.ROUND_OVER:
            s.next_round()
        else:
            s.attempt(s.human_moves()[0])
    data = json.loads(s.log_json())
    assert len(data["rounds"]) == 2 and len(data["rounds"][0]["actions"]) > 3
    data["rounds"][0]["actions"] = data["rounds"][0]["actions"][:3]
    path = tmp_path / "early-deal.json"
    path.write_text(json.dumps(data))
    return path


def test_replay_names_the_round_validate_names(page: Any, wait_ready: Any, tmp_path: Path) -> None:
    path = _log_dealing_round_2_too_early(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "uno_web", "validate", str(path)],
                          capture_output=True, text=True, cwd=REPO, timeout=120)
    where = json.loads(proc.stdout)["failure"]["where"]
    assert where == "the deal of round 2"
    open_table(page, wait_ready, speed="instant")
    page.set_input_files("[data-testid=import-log]", str(path))
    page.locator("[data-testid=replay-bar]").wait_for()
    page.click("[data-testid=replay-last]")
    problem = page.locator("[data-testid=replay-problem]").inner_text()
    assert f"{where} is refused" in problem and "round 1 is refused" not in problem, problem


#: records, from when it is installed, the longest time between two runs of a 10 ms timer
#: (a page busy in one long task runs none) and the percentages the progress bar showed
PROBE = """() => {
  const probe = window.probe = {gap: 0, percents: [], start: performance.now(), end: 0};
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    probe.gap = Math.max(probe.gap, now - last);
    last = now;
    const bar = document.querySelector('[data-testid=replay-progress]');
    if (bar && !probe.percents.includes(bar.dataset.percent)) probe.percents.push(bar.dataset.percent);
    if (document.body.dataset.mode === 'replay') { probe.end = now; return; }
    setTimeout(tick, 10);
  };
  setTimeout(tick, 10);
}"""


def test_the_largest_legal_log_replays_without_freezing_the_page(page: Any, wait_ready: Any,
                                                                 tmp_path: Path) -> None:
    path = tmp_path / "largest.json"
    with path.open("w") as out:
        subprocess.run([sys.executable, "-m", "uno_web", "record", "--players", "4", "--rules",
                        '{"target_score":1000000}', "--seed", "5", "--max-actions", "49450"],
                       stdout=out, check=True, cwd=REPO, timeout=600)
    rounds = json.loads(path.read_text())["rounds"]
    actions = sum(len(r["actions"]) for r in rounds)
    assert actions > 45_000  # the log's actions; record's count has the deals too
    open_table(page, wait_ready, speed="instant")
    page.evaluate(PROBE)
    page.set_input_files("[data-testid=import-log]", str(path))
    page.wait_for_function("() => window.probe.end > 0", timeout=600_000, polling=200)
    probe = page.evaluate("window.probe")
    took = probe["end"] - probe["start"]
    # progress was shown and moved; no stretch of the load kept the page from running a timer
    # for a quarter of the load (read in one go, the whole load is one such stretch)
    assert len(probe["percents"]) >= 3, probe
    assert probe["gap"] < took / 4, (probe, took)
    step = page.locator("[data-testid=replay-step]")
    assert step.get_attribute("data-len") == str(actions + len(rounds) - 1)
