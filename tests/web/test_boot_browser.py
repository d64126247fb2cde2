"""Boot (issue 14): the start screen works before Python, Deal waits for it, pydantic is not on
the way to ready, and the embeds of one page share one Python.

Every test here also fails on a Content-Security-Policy violation (conftest's guard)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from table_helpers import fix_deal, play_round_out, wait_idle

pytestmark = pytest.mark.browser

CORE = "**/static/vendor/pyscript/core.js"


def _hold_python(page: Any) -> list[Any]:
    """Hold the request for PyScript's core.js until the test lets it go: Python cannot start
    meanwhile, so the page is exactly what a person sees while it loads."""
    held: list[Any] = []
    page.route(CORE, lambda route: held.append(route))
    return held


def test_start_screen_is_usable_before_python_and_deal_waits_for_it(page: Any, wait_ready: Any) -> None:
    fix_deal(page, 5)
    held = _hold_python(page)
    page.goto("index.html?speed=instant", wait_until="domcontentloaded")
    page.wait_for_selector("[data-testid=start-screen]")
    assert page.evaluate("document.body.dataset.ready") is None
    bar = page.locator("[data-testid=boot-progress]")
    assert bar.is_visible() and bar.get_attribute("role") == "progressbar"
    # the form works in plain HTML: more players show more opponents, a preset sets its rules
    assert page.locator(".level-field:visible").count() == 1
    page.select_option("[data-testid=players]", "3")
    assert page.locator(".level-field:visible").count() == 2
    page.select_option("[data-testid=level-2]", "hard")
    page.fill("[data-testid=player-name]", "Kim")
    assert not page.is_checked("[data-testid=rule-jump_in]")
    page.check("[data-testid=preset-house-party]")
    assert page.is_checked("[data-testid=rule-jump_in]")  # the preset's rules, before Python
    page.click("[data-testid=start-game]")
    status = page.locator("[data-testid=prestart-status]")
    assert "as soon as the table is ready" in status.inner_text()
    assert page.get_attribute("[data-testid=start-game]", "aria-busy") == "true"
    assert held, "PyScript was requested at once"
    held[0].continue_()
    wait_ready(page)
    page.wait_for_selector("[data-testid=hand] [data-card]")
    assert page.evaluate("document.body.dataset.mode") == "table"
    assert page.locator("[data-testid=opponent]").count() == 2
    stored = json.loads(page.evaluate("localStorage.getItem('uno_web.settings.v1:/')"))
    assert stored["players"] == 3 and stored["levels"][1] == "hard"
    assert stored["preset"] == "house-party" and stored["name"] == "Kim"
    assert page.evaluate("document.body.dataset.pydanticAtReady") == "0"


def test_remembered_settings_fill_the_start_screen_before_python(page: Any, wait_ready: Any) -> None:
    page.goto("index.html")
    wait_ready(page)
    page.evaluate("""localStorage.setItem('uno_web.settings.v1:/', JSON.stringify({players: 4,
        name: 'Ann', levels: ['normal', 'hard', 'easy'], preset: 'duo-default', overrides: {}}))""")
    held = _hold_python(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("[data-testid=start-screen]")
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.input_value("[data-testid=players]") == "4"
    assert page.input_value("[data-testid=player-name]") == "Ann"
    assert page.input_value("[data-testid=level-2]") == "hard"
    assert page.is_checked("[data-testid=preset-duo-default]")
    assert page.is_checked("[data-testid=rule-stack_draw_two_on_draw_two]")
    assert page.locator(".level-field:visible").count() == 3
    held[0].continue_()
    wait_ready(page)
    # Python draws the same screen: nothing the person sees changes
    assert page.input_value("[data-testid=level-2]") == "hard"
    assert page.locator(".level-field:visible").count() == 3


def test_pydantic_is_never_fetched_and_logs_still_work(page: Any, guard: Any, wait_ready: Any,
                                                     tmp_path: Any) -> None:
    """The table needs no pydantic: not at ready, not to export a log, not to replay one."""
    fix_deal(page, 7)
    page.goto("index.html?speed=instant")
    wait_ready(page)
    assert page.locator("body").get_attribute("data-pydantic-at-ready") == "0"
    page.click("[data-testid=start-game]")
    play_round_out(page)
    with page.expect_download() as info:
        page.click("[data-testid=export-log]")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    assert json.loads(path.read_text())["format"] == "uno-web-log"
    page.set_input_files("[data-testid=import-log]", str(path))
    page.wait_for_selector("[data-testid=replay-bar]")
    assert not [u for u in guard.requests if "pydantic" in u], "pydantic was fetched"


def test_a_saved_game_opens_on_the_loading_screen_not_the_start_screen(page: Any, wait_ready: Any) -> None:
    fix_deal(page, 3)
    page.goto("index.html?speed=instant")
    wait_ready(page)
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=hand] [data-card]")
    wait_idle(page)
    page.wait_for_function("() => (localStorage.getItem('uno_web.table.v1:/') || '').startsWith('sealed2:')")
    held = _hold_python(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("#loading", state="visible")
    assert not page.locator("[data-testid=start-screen]").is_visible()
    held[0].continue_()
    wait_ready(page)
    assert page.evaluate("document.body.dataset.mode") == "table"


def test_the_tutorial_page_keeps_its_policy(page: Any, wait_ready: Any) -> None:
    page.goto("static/tutorial.html")
    page.wait_for_selector("iframe[data-lesson]")
    csp = page.get_attribute("meta[http-equiv=Content-Security-Policy]", "content") or ""
    assert "object-src 'none'" in csp and "base-uri 'none'" in csp and "'unsafe-inline'" not in csp.split("style-src-attr")[0]
    assert page.locator("script:not([src])").count() == 0  # no inline script


def test_five_embeds_share_one_python_and_each_answers_a_move(page: Any, site_url: str) -> None:
    page.goto("static/tutorial.html")
    frames = page.locator("iframe[data-lesson]")
    assert frames.count() == 5
    for i in range(5):
        frames.nth(i).scroll_into_view_if_needed()
        handle = frames.nth(i).element_handle()
        frame = handle.content_frame()
        frame.wait_for_function("() => document.body && document.body.dataset.ready === '1'",
                                timeout=120_000, polling=200)
    hosts = 0
    for i in range(5):
        frame = frames.nth(i).element_handle().content_frame()
        shared = frame.evaluate("document.body.dataset.shared")
        hosts += shared != "1"
        # a move in each: the validator answers it
        before = frame.locator("[data-testid=validator-entry]").count()
        frame.locator("[data-testid=hand] [data-card]").first.click()
        frame.wait_for_function(
            f"() => document.querySelectorAll('[data-testid=validator-entry]').length > {before}"
            " || !!document.querySelector('[data-testid=color-picker]')", timeout=30_000)
    assert hosts == 1, "every embed but one should run on the first embed's Python"
    requests = page.evaluate(
        "performance.getEntriesByType('resource').map(e => e.name)")
    frames_wasm = sum(
        frames.nth(i).element_handle().content_frame().evaluate(
            "performance.getEntriesByType('resource').filter(e => e.name.endsWith('.wasm')).length")
        for i in range(5))
    assert frames_wasm == 1, f"Pyodide was loaded {frames_wasm} times"
    assert not [u for u in requests if u.endswith(".wasm")]


def _painted_text(page: Any, selector: str) -> str:
    return str(page.eval_on_selector(selector, "el => el.innerText")).strip()


def test_a_finnish_page_is_finnish_before_python_and_switches_back(page: Any, wait_ready: Any) -> None:
    """?lang=fi: the start screen, the progress, the help and the panels are Finnish at first
    paint (static/early.js, static/page.js, the build's Finnish template), as Python then
    draws them; the language switch in the top bar brings index.html's own text back to English."""
    held = _hold_python(page)
    page.goto("index.html?lang=fi", wait_until="domcontentloaded")
    page.wait_for_selector("[data-testid=start-screen]")
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.evaluate("document.documentElement.lang") == "fi"
    assert page.evaluate("document.documentElement.style.visibility") == ""  # shown again
    assert _painted_text(page, "[data-testid=start-screen] h2") == "Uusi peli"
    assert _painted_text(page, "[data-testid=new-game]") == "Uusi peli"
    assert page.input_value("[data-testid=lang]") == "fi"
    assert _painted_text(page, "#boot-progress-label").startswith("Käynnistetään…")
    assert page.get_attribute("[data-testid=boot-progress]", "aria-label") == "Peliä ladataan"
    assert _painted_text(page, "#validator-title") == "Tarkastaja"
    assert page.get_attribute("[data-testid=scores-panel]", "aria-label") == "pisteet"
    assert page.eval_on_selector("#help-title", "el => el.textContent") == "Näin pelaat"
    assert page.eval_on_selector("#help p", "el => el.textContent").startswith("Pääse eroon korteistasi.")
    # the form still works before Python, in Finnish
    page.select_option("[data-testid=players]", "3")
    assert page.locator(".level-field:visible").count() == 2
    page.click("[data-testid=start-game]")
    assert _painted_text(page, "[data-testid=prestart-status]") == "Kortit jaetaan heti, kun pöytä on valmis."
    held[0].continue_()
    wait_ready(page)
    page.wait_for_selector("[data-testid=hand] [data-card]")
    assert page.eval_on_selector("#boot-status", "el => el.textContent") == "Python on valmis"
    assert _painted_text(page, "#validator-title") == "Tarkastaja"
    assert page.locator("[data-testid=opponent]").count() == 2
    # the switch: the table redraws its regions, index.html's own text follows <html lang>
    page.select_option("[data-testid=lang]", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert _painted_text(page, "#validator-title") == "Validator"
    assert page.eval_on_selector("#help-title", "el => el.textContent") == "How to play"
    assert page.get_attribute("[data-testid=scores-panel]", "aria-label") == "scores"
    assert "<b>current colour</b>" in page.eval_on_selector("#help p", "el => el.innerHTML")
    page.select_option("[data-testid=lang]", "fi")
    page.wait_for_function("document.documentElement.lang === 'fi'")
    assert _painted_text(page, "#validator-title") == "Tarkastaja"


def test_a_finnish_browser_gets_finnish_loading_and_embed_placeholders(page: Any, wait_ready: Any) -> None:
    """No lang= in the address: the browser's language decides, as it does for the table."""
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'language', {get: () => 'fi-FI'})")
    held = _hold_python(page)
    page.goto("index.html?mode=puzzles", wait_until="domcontentloaded")  # the loading screen
    page.wait_for_selector("#loading", state="visible")
    assert _painted_text(page, "#boot-status") == "Ladataan Pythonia…"
    assert _painted_text(page, "#boot-progress-label").startswith("Käynnistetään…")
    held[0].continue_()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fi"
    # an embed's placeholder, before it is asked to start
    page.goto("index.html?embed=1&start=click&hands=R1%20G2,B3&top=R5", wait_until="domcontentloaded")
    page.wait_for_selector("[data-testid=embed-placeholder]", state="visible")
    assert _painted_text(page, "[data-testid=load-embed]") == "Lataa interaktiivinen tilanne"
    assert _painted_text(page, "[data-testid=placeholder-goal]") == "UNO-tilanne: kokeile siirtoa."
    assert "kätesi" in _painted_text(page, "[data-testid=placeholder-preview]")
    # an English address wins over the browser
    page.goto("index.html?embed=1&start=click&lang=en&hands=R1,B3", wait_until="domcontentloaded")
    page.wait_for_selector("[data-testid=embed-placeholder]", state="visible")
    assert _painted_text(page, "[data-testid=load-embed]") == "Load the interactive position"


# when html.slow-boot came and went, and the loading screen's cards' running animations then
SLOW_WATCH = """
window.__slow = {};
new MutationObserver(() => {
  const on = document.documentElement.classList.contains('slow-boot');
  if (on && !('on' in window.__slow)) {
    window.__slow.on = performance.now();
    window.__slow.animations = [...document.querySelectorAll('.deck span')].map(s => s.getAnimations().length);
  }
  if (!on && 'on' in window.__slow && !('off' in window.__slow)) window.__slow.off = performance.now();
}).observe(document, {attributes: true, attributeFilter: ['class'], subtree: true});  // (no <html> yet)
"""
BAR = "() => Number(document.querySelector('[data-testid=boot-progress]').getAttribute('aria-valuenow'))"


def test_motion_only_once_a_start_is_slow(page: Any, wait_ready: Any) -> None:
    """The loading screen's cards bob and the bar creeps between stages only once the start has
    taken a second (static/page.js, SLOW_MS): a quick start paints no frame for motion."""
    page.add_init_script(SLOW_WATCH)
    held = _hold_python(page)
    page.goto("index.html?mode=puzzles", wait_until="domcontentloaded")  # the loading screen
    page.wait_for_function("'on' in window.__slow", timeout=10_000)
    slow = page.evaluate("window.__slow")
    started = page.evaluate("performance.getEntriesByName('uno:py-start')[0].startTime")
    assert slow["on"] - started >= 990, (slow, started)  # a second after the start, not before
    assert slow["animations"] == [1, 1, 1, 1], slow  # each card bobs from then on
    before = page.evaluate(BAR)
    page.wait_for_timeout(700)
    assert page.evaluate(BAR) > before  # the bar creeps though no stage came
    held[0].continue_()
    wait_ready(page)
    assert "off" in page.evaluate("window.__slow")  # ready: no more motion
    assert page.evaluate("document.querySelector('.deck span').getAnimations().length") == 0


def test_pyscript_runs_only_once_the_page_is_parsed(page: Any, site_url: str, wait_ready: Any) -> None:
    """static/early.js starts PyScript from <head>, but PyScript reads its config from the
    <script type="py" config> at the end of <body> when its module runs: a core.js that ran
    before the parser got there took PyScript's default, Pyodide from a CDN, which the CSP
    refuses, and the page never started.  Here the parser is held for 3 s on a script placed
    right after early.js while PyScript's files come at once: the page still starts, from this
    origin (the guard fails the test on the CSP's refusal, a console error)."""
    import time

    def slow(route: Any) -> None:
        time.sleep(3)  # the parser waits on this classic script meanwhile
        route.fulfill(status=200, content_type="text/javascript", body="window.__heldParser = true;")

    def index(route: Any) -> None:
        response = route.fetch()
        html = response.text()
        early = '<script src="./static/early.js"></script>'
        assert html.count(early) == 1
        route.fulfill(response=response, body=html.replace(early, early + '<script src="./static/__held.js"></script>'))

    page.route("**/static/__held.js", slow)
    page.route("**/index.html*", index)
    page.goto("index.html?hands=R3+G4%2CY7&top=Y2&bots=still", wait_until="commit")
    wait_ready(page)
    assert page.evaluate("window.__heldParser") is True
    assert page.evaluate("document.body.dataset.python")
