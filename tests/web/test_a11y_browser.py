"""Accessibility as a test: axe-core in every state of the site, and touch targets on a phone.

axe-core (:mod:`uno_web.site.axe`: ``npm pack`` from the npm registry, checked against a pinned
sha512, cached in ``build/axe/``) is injected into each page with ``add_script_tag`` — the site
never serves it.  ``axe.run`` checks the WCAG 2.0/2.1/2.2 A and AA rules and the best-practice
rules (``landmark-one-main``, ``region``, ``page-has-heading-one`` …); a violation of impact
*critical* or *serious* fails the test with the rule, the impact, the target selectors and an
excerpt of the HTML.  Milder violations are printed (``pytest -s``) but do not fail.
``color-contrast`` (4.5:1, 3:1 for large text) must be among the rules that ran.

On a 390x844 phone, every visible control of the start screen, the table and the puzzle screens
must offer a touch target of at least 44x44 CSS px (WCAG 2.5.5; a checkbox counts with its label);
links inside a sentence are exempt.  axe runs again at that size (the layout, and so the contrast,
changes).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from uno_web.puzzles.lessons import LESSONS, lesson_query
from uno_web.web.session import Session, TableSettings

from table_helpers import (
    READY, find_seed, open_table, plain_playable, start_game, unplayable, wait_idle, you_start,
)

pytestmark = pytest.mark.browser

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# These best-practice rules must run (not only those the tags select by chance).
REQUIRED_RULES = ("color-contrast", "landmark-one-main", "region", "page-has-heading-one")
FAILING_IMPACTS = ("critical", "serious")
PHONE = {"width": 390, "height": 844}
MIN_TARGET = 44
LESSON = {lesson.slug: lesson for lesson in LESSONS}
SOLITAIRE = "R1 R2 G2 G5 B5"
DUEL_P1, DUEL_P2 = "Y6 G6 G7 G8 B9", "R5 R6 G1 G3 B9"
PUZZLE_QUERIES = {
    "puzzle chooser": {"mode": "puzzles"},
    "solitaire": {"mode": "solitaire", "cards": SOLITAIRE},
    "duel": {"mode": "duel", "p1": DUEL_P1, "p2": DUEL_P2},
}

# Let the page come to rest: wait (up to 5 s) for the running CSS animations and transitions that
# end (a fading overlay measured half-way would give a contrast that nobody sees for long).
SETTLE = """async () => {
  const ending = document.getAnimations().filter(a => a.playState !== 'finished'
    && Number.isFinite(a.effect?.getComputedTiming().endTime));
  const all = Promise.all(ending.map(a => a.finished.catch(() => null)));
  await Promise.race([all, new Promise(ok => setTimeout(ok, 5000))]);
  return ending.length;
}"""

AXE_RUN = """async ([tags, required]) => {
  const rules = Object.fromEntries(required.map(r => [r, {enabled: true}]));
  const run = axe.run(document, {runOnly: {type: 'tag', values: tags}, rules,
                                 resultTypes: ['violations'], frameWaitTime: 5000});
  const late = new Promise((_, fail) => setTimeout(() => fail(new Error('axe.run took over 90 s')), 90000));
  const r = await Promise.race([run, late]);
  const ran = [...r.violations, ...r.passes, ...r.incomplete, ...r.inapplicable].map(x => x.id);
  return {ran, violations: r.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.map(t => Array.isArray(t) ? t.join(' >>> ') : t),
                              html: n.html, summary: n.failureSummary || ''}))}))};
}"""


# ---------------------------------------------------------------------------------------------
# axe


@pytest.fixture(scope="session")
def axe_script() -> str:
    """axe.min.js, fetched and checked once per session (once per machine: build/axe/)."""
    from uno_web.site.axe import axe_source
    from uno_web.site.vendor import BuildError

    try:
        return axe_source()
    except BuildError as exc:
        pytest.fail(f"could not fetch axe-core from the npm registry: {exc}", pytrace=False)


def _inject(page: Any, axe_script: str) -> None:
    """axe into the page and into every frame that has loaded a document (axe.run then checks
    them too).  A lazy iframe not loaded yet has no document to check (and injecting into its
    empty frame never returns); axe reports it under ``frame-tested`` as incomplete."""
    for frame in page.frames:
        if frame.is_detached() or frame.url in ("", "about:blank"):
            continue
        if frame.evaluate("typeof window.axe") == "undefined":
            # evaluated through the DevTools protocol, which the page's Content-Security-Policy
            # does not govern (an inline <script> tag would be refused, as it should be)
            frame.evaluate(axe_script + "\n;true")


def _describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} element(s))")
        for node in v["nodes"][:8]:
            html = " ".join(node["html"].split())
            html = html if len(html) <= 200 else html[:197] + "..."
            lines.append(f"    {', '.join(node['target'])}\n        {html}")
            first = next((s.strip() for s in node["summary"].splitlines()[1:] if s.strip()), "")
            if first:
                lines.append(f"        -> {first}")
        if len(v["nodes"]) > 8:
            lines.append(f"    … and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


def check_axe(page: Any, axe_script: str, state: str) -> None:
    """Run axe on the page once it is at rest; fail on any critical or serious violation."""
    for _ in range(3):  # an animation that ends may start another (a flight, then a landing)
        if not page.evaluate(SETTLE):
            break
    _inject(page, axe_script)
    result = page.evaluate(AXE_RUN, [AXE_TAGS, list(REQUIRED_RULES)])
    missing = [r for r in REQUIRED_RULES if r not in result["ran"]]
    assert not missing, f"{state}: axe did not run {missing}"
    bad = [v for v in result["violations"] if v["impact"] in FAILING_IMPACTS]
    mild = [v for v in result["violations"] if v["impact"] not in FAILING_IMPACTS]
    if mild:
        print(f"\n{state}: milder axe violations (not failing):\n{_describe(mild)}")
    assert not bad, f"{state}: {len(bad)} critical/serious axe violation(s):\n{_describe(bad)}"


# ---------------------------------------------------------------------------------------------
# page states


def _position(page: Any, wait_ready: Any, **params: str) -> None:
    """The full table from a position; the bots hold still unless ``bots`` says otherwise."""
    params.setdefault("bots", "still")
    page.goto("index.html?" + urlencode(params))
    wait_ready(page)
    page.wait_for_selector("[data-testid=hand] [data-card]")


def _mid_game(page: Any, wait_ready: Any) -> None:
    seed = find_seed(lambda s: you_start(s) and len(plain_playable(s)) > 0 and len(unplayable(s)) > 1,
                     TableSettings(players=3, levels=["easy", "normal"]))
    open_table(page, wait_ready, seed=seed, speed="instant")
    start_game(page, players=3, levels=("easy", "normal"), scoring=None)
    page.locator("[data-testid=hand] [data-playable=true]").first.click()
    wait_idle(page)
    # a refused click: the rejection note by your cards and a refused entry in the validator
    refused = page.locator("[data-testid=hand] [data-playable=false]")
    if refused.count():
        refused.first.click()
        page.wait_for_selector("[data-testid=rejection]")


def test_start_screen(page: Any, wait_ready: Any, axe_script: str) -> None:
    open_table(page, wait_ready, seed=3, speed="instant")
    assert page.evaluate("document.body.dataset.mode") == "start"
    page.click("details.toggles > summary")  # every rule toggle shown
    check_axe(page, axe_script, "start screen")


def test_table_mid_game(page: Any, wait_ready: Any, axe_script: str) -> None:
    _mid_game(page, wait_ready)
    check_axe(page, axe_script, "table mid-game")


def test_colour_picker_open(page: Any, wait_ready: Any, axe_script: str) -> None:
    _position(page, wait_ready, hands="W R1 G2,B1 B2 B3", top="R9")
    page.locator("[data-testid=hand] [data-card='W']").click()
    page.wait_for_selector("[data-testid=color-picker] [data-color]")
    check_axe(page, axe_script, "colour picker open")


def test_challenge_decision(page: Any, wait_ready: Any, axe_script: str) -> None:
    _position(page, wait_ready, hands="R1 G5 B7,Y3 Y4 R8", top="W+4", color="B", phase="penalty",
              pending="4", plus4_by="1", plus4_bluff="1")
    page.wait_for_selector("[data-testid=challenge]")
    check_axe(page, axe_script, "challenge decision")


@pytest.mark.parametrize("end", ["round-over", "game-over"])
def test_round_and_game_end(page: Any, wait_ready: Any, axe_script: str, end: str) -> None:
    extra = {"rule.scoring": "single-round"} if end == "game-over" else {}
    _position(page, wait_ready, hands="R5,B1 B2 G7", top="R9", **extra)
    page.locator("[data-testid=hand] [data-card='R5']").click()
    page.wait_for_selector(f"[data-testid={end}]")
    assert page.evaluate("document.body.dataset.phase") == end
    check_axe(page, axe_script, end.replace("-", " "))


def test_replay(page: Any, wait_ready: Any, axe_script: str, tmp_path: Path) -> None:
    s = Session(TableSettings(players=3, levels=["easy", "normal"],
                              overrides={"scoring": "single-round"}), seed=9)
    for _ in range(3):
        s.run_bots()
        s.attempt(s.human_moves()[0])
    path = tmp_path / "game.json"
    path.write_text(s.log_json())
    open_table(page, wait_ready, speed="instant")
    page.set_input_files("[data-testid=import-log]", str(path))
    page.locator("[data-testid=replay-bar]").wait_for()
    for _ in range(3):
        page.click("[data-testid=replay-next]")
    check_axe(page, axe_script, "replay")


def test_puzzle_chooser(page: Any, wait_ready: Any, axe_script: str) -> None:
    page.goto("index.html?" + urlencode(PUZZLE_QUERIES["puzzle chooser"]))
    wait_ready(page)
    page.wait_for_selector("[data-testid=puzzle-chooser]")
    check_axe(page, axe_script, "puzzle chooser")


def test_solitaire(page: Any, wait_ready: Any, axe_script: str) -> None:
    page.goto("index.html?" + urlencode(PUZZLE_QUERIES["solitaire"]))
    wait_ready(page)
    page.locator("[data-testid=hand] [data-card='R1']").click()
    page.locator("[data-testid=hand] [data-card='G5']").click()  # refused: E_NO_MATCH
    page.wait_for_selector("[data-testid=rejection]")
    page.click("[data-testid=puzzle-check]")
    page.wait_for_selector("[data-testid=solver-answer]")
    check_axe(page, axe_script, "solitaire")


def test_duel(page: Any, wait_ready: Any, axe_script: str) -> None:
    page.goto("index.html?" + urlencode(PUZZLE_QUERIES["duel"]))
    wait_ready(page)
    page.wait_for_selector("[data-testid=duel-winner]")
    page.locator("[data-testid=hand] [data-card='G6']").click()
    page.wait_for_function("() => document.body.dataset.turn === '1' && document.body.dataset.busy !== '1'"
                           " || document.body.dataset.puzzleState !== 'play'")
    check_axe(page, axe_script, "duel")


def test_embed_placeholder(page: Any, axe_script: str) -> None:
    page.goto("index.html?start=click&" + lesson_query(LESSON["uno-catch"]))
    page.wait_for_selector("[data-testid=embed-placeholder]")
    check_axe(page, axe_script, "embed placeholder")


def test_loaded_embed(page: Any, axe_script: str) -> None:
    page.goto("index.html?start=click&" + lesson_query(LESSON["uno-catch"]))
    page.click("[data-testid=load-embed]")
    page.wait_for_function(READY, timeout=120_000)
    check_axe(page, axe_script, "loaded embed")


def _tutorial(page: Any) -> None:
    page.goto("static/tutorial.html")
    page.wait_for_load_state("load")
    # the embeds near the view show their placeholders (axe checks them inside their frames)
    page.wait_for_function("() => [...document.querySelectorAll('iframe')].some(f => "
                           "f.contentDocument && f.contentDocument.querySelector('[data-testid=embed-placeholder]'))")


def test_tutorial_page(page: Any, axe_script: str) -> None:
    _tutorial(page)
    check_axe(page, axe_script, "tutorial page")


# ---------------------------------------------------------------------------------------------
# a phone


TARGETS_JS = """(min) => {
  const sel = 'button, a[href], [role=button], input, select, textarea, summary, label.btn';
  const visible = e => {
    const st = getComputedStyle(e), r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none'
      && !e.closest('[hidden], [aria-hidden=true]');
  };
  // a link inside a sentence: its block has text of its own beside the link (WCAG 2.5.5 "inline")
  const inline = e => {
    if (e.tagName !== 'A') return false;
    const p = e.parentElement;
    return [...p.childNodes].some(n => n !== e && n.nodeType === 3 && n.textContent.trim());
  };
  // a checkbox or radio is hit through its label too: the larger of the two counts
  const rect = e => {
    let r = e.getBoundingClientRect(), w = r.width, h = r.height;
    for (const l of (e.labels || [])) {
      const lr = l.getBoundingClientRect();
      if (lr.width * lr.height > w * h) { w = lr.width; h = lr.height; }
    }
    return [w, h];
  };
  const small = [];
  for (const e of document.querySelectorAll(sel)) {
    if (!visible(e) || inline(e)) continue;
    if (e.tagName === 'INPUT' && e.type === 'hidden') continue;
    const [w, h] = rect(e);
    if (w + 0.5 < min || h + 0.5 < min) {
      const id = e.dataset.testid ? `[data-testid=${e.dataset.testid}]`
        : e.id ? '#' + e.id : e.tagName.toLowerCase() + (e.className ? '.' + [...e.classList].join('.') : '');
      small.push(`${id} ${Math.round(w)}x${Math.round(h)}: ${e.outerHTML.replace(/\\s+/g, ' ').slice(0, 140)}`);
    }
  }
  return small;
}"""


PHONE_STATES = ["start screen", "table mid-game", "puzzle chooser", "solitaire", "duel",
                "tutorial page"]


def _phone_state(page: Any, wait_ready: Any, state: str) -> None:
    page.set_viewport_size(PHONE)
    if state == "start screen":
        open_table(page, wait_ready, seed=3, speed="instant")
        page.click("details.toggles > summary")
    elif state == "table mid-game":
        _mid_game(page, wait_ready)
    elif state == "tutorial page":
        _tutorial(page)
    else:
        page.goto("index.html?" + urlencode(PUZZLE_QUERIES[state]))
        wait_ready(page)


@pytest.mark.parametrize("state", PHONE_STATES)
def test_phone_touch_targets(page: Any, wait_ready: Any, state: str) -> None:
    _phone_state(page, wait_ready, state)
    small = page.evaluate(TARGETS_JS, MIN_TARGET)
    assert not small, (f"{state} on a {PHONE['width']}x{PHONE['height']} phone: {len(small)} touch "
                       f"target(s) under {MIN_TARGET}x{MIN_TARGET} CSS px:\n  " + "\n  ".join(small))


@pytest.mark.parametrize("state", PHONE_STATES)
def test_phone_axe(page: Any, wait_ready: Any, axe_script: str, state: str) -> None:
    """The whole rule set again at phone size (the layout, and so the contrast, changes)."""
    _phone_state(page, wait_ready, state)
    check_axe(page, axe_script, f"{state} (phone)")


# ---------------------------------------------------------------------------------------------
# play with friends on this device (desktop and phone)

FRIENDS_STATES = ["friends setup", "friends privacy screen", "friends person's screen",
                  "friends bots' turn"]


def _friends_state(page: Any, wait_ready: Any, state: str) -> None:
    from table_helpers import FRIENDS_SETTLED, fix_deal, setup_friends

    bots_turn = state == "friends bots' turn"
    seed = 3
    if bots_turn:  # the bot (the third seat) plays first, after a minute: the table meanwhile
        from uno_web.core import new_game

        settings = TableSettings(players=3, levels=("easy", "easy"), people=("Ann", "Ben", ""))
        seed = next(k for k in range(1, 500)
                    if new_game(settings.rules(), settings.seat_names(), k).turn == 2)
    fix_deal(page, seed)
    page.goto("index.html?" + urlencode({"delay": "60000"} if bots_turn else {"speed": "instant"}))
    wait_ready(page)
    if state == "friends setup":
        page.click("[data-testid=start-friends]")
        page.select_option("[data-testid=friends-players]", "4")
        page.select_option("[data-testid=friends-kind-2]", "hard")
        page.wait_for_selector("[data-testid=friends-bot-2]")
        page.click("[data-testid=friends-screen] details.toggles > summary")
        return
    setup_friends(page, ["Ann", "Ben", "easy"], settle=not bots_turn)
    if bots_turn:
        page.wait_for_selector("[data-testid=pp-public]")
        return
    if state == "friends privacy screen":
        page.wait_for_selector("[data-testid=privacy-screen]")
        return
    page.click("[data-testid=pp-ready]")
    page.wait_for_selector("[data-testid=hand] [data-card]")
    page.wait_for_function(FRIENDS_SETTLED, polling=20)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("state", FRIENDS_STATES)
def test_friends_axe(page: Any, wait_ready: Any, axe_script: str, state: str, phone: bool) -> None:
    if phone:
        page.set_viewport_size(PHONE)
    _friends_state(page, wait_ready, state)
    check_axe(page, axe_script, state + (" (phone)" if phone else ""))


@pytest.mark.parametrize("state", FRIENDS_STATES)
def test_friends_phone_touch_targets(page: Any, wait_ready: Any, state: str) -> None:
    page.set_viewport_size(PHONE)
    _friends_state(page, wait_ready, state)
    small = page.evaluate(TARGETS_JS, MIN_TARGET)
    assert not small, (f"{state} on a phone: {len(small)} touch target(s) under "
                       f"{MIN_TARGET}x{MIN_TARGET} CSS px:\n  " + "\n  ".join(small))

