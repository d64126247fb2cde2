"""The position editor's pointer and keyboard forms and its phase fields, the Finnish puzzle
screens and the course on a phone, in Chromium (issue 18).

* A card dragged from the deck onto a hand lands there; the keyboard does the same with Enter
  on a zone's button and on a deck card (both are buttons).
* The phase fields (a pending penalty and its size, the Wild Draw Four to challenge and its
  bluff, the current colour, a starting Wild) write the right link, and the link opens the
  table in that phase (the challenge offered, the colour picker shown).
* The editor offers 44 px touch targets on a phone and no sideways scrolling.
* The puzzle chooser, Solitaire and Duel in Finnish show no English word; a refused card is
  explained in Finnish.

Screenshots go to docs/screenshots when UNO_SCREENSHOTS=1."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from table_helpers import author_page
from test_a11y_browser import axe_script, check_axe  # noqa: F401  (axe_script: a fixture)

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}
MIN_TARGET = 44
# every visible control smaller than MIN_TARGET (a checkbox counts with its label)
SMALL_TARGETS_JS = """(min) => [...document.querySelectorAll(
    '#app button, #app a, #app select, #app input, #app textarea, #app summary, #app [role=button]')]
  .filter(e => e.offsetParent !== null && e.type !== 'hidden')
  .map(e => [e, (e.type === 'checkbox' || e.type === 'file') ? (e.closest('label') || e) : e])
  .map(([e, t]) => { const r = t.getBoundingClientRect();
                     return [e.dataset.testid || e.name || e.textContent.trim().slice(0, 20),
                             Math.round(r.width), Math.round(r.height)]; })
  .filter(([n, w, h]) => w > 0 && (w < min || h < min))"""
# English words a Finnish puzzle screen must not show (card notation and names aside)
_ENGLISH = re.compile(r"\b(the|your|turn|card|cards|play|played|colour|you|and|matches|solve|"
                      r"solvable|solution|undo|start|again|puzzle|hand|left|red|green|blue|"
                      r"yellow|computer|wins?|deal|duel|cancel)\b", re.I)


def _shot(page: Any, name: str) -> None:
    if os.environ.get("UNO_SCREENSHOTS") == "1":
        page.screenshot(path=str(SHOTS / name), full_page=False)


def _query(page: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.input_value("[data-testid=ed-link]")).query)


def _wait_link(page: Any, fragment: str) -> None:
    page.wait_for_function(
        "(f) => (document.querySelector('[data-testid=ed-link]')?.value || '').includes(f)",
        arg=fragment)


def _cards(page: Any, zone: str) -> list[str]:
    return page.eval_on_selector_all(f"[data-testid=ed-zone-{zone}] [data-card]",
                                     "els => els.map(e => e.dataset.card)")


def _empty(page: Any) -> None:
    while page.locator("[data-testid=ed-placed]").count():
        page.locator("[data-testid=ed-placed]").first.click()


def _key_add(page: Any, zone: str, *cards: str) -> None:
    """The keyboard form: Enter on the zone's button, then Enter on each deck card."""
    page.focus(f"[data-testid=ed-target-{zone}]")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"[data-testid=ed-target-{zone}][aria-pressed=true]")
    for card in cards:
        before = len(_cards(page, zone))
        page.focus(f'[data-testid=ed-deck-card][data-card="{card}"]')
        page.keyboard.press("Enter")
        page.wait_for_function(
            "([z, n]) => document.querySelectorAll(`[data-testid=ed-zone-${z}] [data-card]`).length > n",
            arg=[zone, before if zone != "top" else 0])


def test_drag_keyboard_and_the_phase_fields_make_the_right_link(page: Any, wait_ready: Any) -> None:
    page.goto("index.html?mode=editor")
    wait_ready(page)
    page.wait_for_selector("[data-testid=editor]")
    _empty(page)
    # the pointer form: drag a deck card onto the second hand (the target stays on hand 0)
    page.drag_and_drop('[data-testid=ed-deck-card][data-card="Y7"]',
                       "[data-testid=ed-zone-hand-1] .ed-cards")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=ed-zone-hand-1] [data-card]').length === 1")
    assert _cards(page, "hand-1") == ["Y7"] and _cards(page, "hand-0") == []
    page.drag_and_drop('[data-testid=ed-deck-card][data-card="Y8"]',
                       "[data-testid=ed-zone-hand-1] .ed-cards")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=ed-zone-hand-1] [data-card]').length === 2")
    # the keyboard form
    _key_add(page, "hand-0", "R3", "G4", "B5")
    _key_add(page, "top", "W+4")
    assert _cards(page, "hand-0") == ["R3", "G4", "B5"] and _cards(page, "top") == ["W+4"]
    # phase fields: a Wild Draw Four on you, 4 cards to draw, a bluff by seat 1, blue named
    page.select_option("[data-testid=ed-phase]", "penalty")
    page.wait_for_selector("[data-testid=ed-pending]")
    page.fill("[data-testid=ed-pending]", "4")
    page.press("[data-testid=ed-pending]", "Tab")
    page.select_option("[data-testid=ed-plus4_by]", "1")
    page.wait_for_selector("[data-testid=ed-plus4_bluff]")
    page.check("[data-testid=ed-plus4_bluff]")
    page.select_option("[data-testid=ed-color]", "B")
    page.wait_for_selector("[data-testid=ed-status][data-valid='1']")
    _wait_link(page, "plus4_bluff=1")
    q = _query(page)
    assert q["hands"] == ["R3 G4 B5,Y7 Y8"] and q["top"] == ["W+4"] and q["color"] == ["B"]
    assert q["phase"] == ["penalty"] and q["pending"] == ["4"]
    assert q["plus4_by"] == ["1"] and q["plus4_bluff"] == ["1"]
    snippet = page.input_value("[data-testid=ed-snippet]")
    assert snippet.startswith("<iframe") and "embed=1" in snippet and "plus4_bluff=1" in snippet
    link = page.input_value("[data-testid=ed-link]")
    page.goto(link)
    wait_ready(page)
    assert page.get_attribute("body", "data-phase") == "penalty"
    page.wait_for_selector("[data-testid=challenge]")
    assert sorted(page.eval_on_selector_all("[data-testid=hand] [data-card]",
                                            "els => els.map(e => e.dataset.card)")) == ["B5", "G4", "R3"]
    # back in the editor from the table: a starting Wild whose colour is still to choose
    page.click("[data-testid=edit-position]")
    page.wait_for_selector("[data-testid=editor]")
    assert page.get_attribute("[data-testid=ed-plus4_bluff]", "checked") is not None
    page.select_option("[data-testid=ed-plus4_by]", "-1")
    page.wait_for_selector("[data-testid=ed-plus4_bluff]", state="detached")
    page.click("[data-testid=ed-zone-top] [data-testid=ed-placed]")
    _key_add(page, "top", "W")
    page.select_option("[data-testid=ed-phase]", "choose-color")
    _wait_link(page, "phase=choose-color")
    q = _query(page)
    assert q["top"] == ["W"] and "pending" not in q and "plus4_by" not in q
    page.goto(page.input_value("[data-testid=ed-link]"))
    wait_ready(page)
    page.wait_for_selector("[data-testid=color-picker]")
    assert page.get_attribute("body", "data-phase") == "choose-color"


def test_the_editor_on_a_phone(page: Any, wait_ready: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto("index.html?mode=editor&hands=R7+G5+W%2CB1+B2+Y3&top=R9&phase=penalty&pending=2"
              "&goal=Take%20or%20stack")
    wait_ready(page)
    page.wait_for_selector("[data-testid=editor]")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    small = page.evaluate(SMALL_TARGETS_JS, MIN_TARGET)
    assert not [s for s in small if s[0] != "import-log"], small  # the top bar is not the editor's
    # the deck stays on screen (at the bottom) while a hand far down the page is filled
    page.click("[data-testid=ed-target-hand-1]")
    page.locator("[data-testid=ed-seat-1]").scroll_into_view_if_needed()
    deck = page.locator("[data-testid=ed-deck]").bounding_box()
    assert deck is not None and deck["y"] < PHONE["height"] - 60
    page.click('[data-testid=ed-deck-card][data-card="Y9"]')
    page.wait_for_function("() => [...document.querySelectorAll("
                           "'[data-testid=ed-zone-hand-1] [data-card]')].some(e => e.dataset.card === 'Y9')")
    _shot(page, "editor-phone.png")
    page.goto("index.html?mode=editor&lang=fi&hands=R7+G5+W%2CB1+B2+Y3&top=R9")
    wait_ready(page)
    page.click("[data-testid=ed-target-hand-1]")
    page.locator("[data-testid=ed-seat-1]").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert "Kortit menevät: Botti 1:n käsi" in page.inner_text("[data-testid=ed-target-name]")
    _shot(page, "editor-phone-fi.png")


def _no_english(page: Any, where: str) -> None:
    text = page.inner_text("#app").replace("The complexity of UNO", "")  # the paper's title
    words = sorted({w for w in _ENGLISH.findall(text)})
    assert not words, f"English left on the Finnish {where}: {words}"


def test_the_puzzle_screens_in_finnish(page: Any, wait_ready: Any) -> None:
    page.goto("index.html?mode=puzzles&lang=fi")
    wait_ready(page)
    page.wait_for_selector("[data-testid=puzzle-chooser]")
    assert page.evaluate("document.documentElement.lang") == "fi"
    _no_english(page, "puzzle chooser")
    page.fill("[data-testid=puzzle-cards]", "R1 R2 G2 G5 B5")
    page.click("[data-testid=solitaire-cards]")
    page.wait_for_selector("[data-testid=puzzle-state][data-state=play]", state="attached")
    page.click("[data-testid=hand] [data-card='B5']")
    page.click("[data-testid=hand] [data-card='R1']")  # does not match blue 5
    page.wait_for_selector("[data-testid=rejection][data-code=E_NO_MATCH]")
    assert "Punainen 1 ei sovi" in page.inner_text("[data-testid=rejection]")
    page.click("[data-testid=puzzle-check]")
    page.wait_for_selector("[data-testid=solver-answer]")
    assert page.inner_text("[data-testid=solver-answer]").startswith("Kyllä")
    _no_english(page, "solitaire")
    page.set_viewport_size(PHONE)
    _shot(page, "solitaire-fi-phone.png")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("index.html?mode=duel&p1=R1+G2+B3&p2=G1+B2+Y3&lang=fi")
    wait_ready(page)
    page.wait_for_selector("[data-testid=duel-analysis]")
    page.click("[data-testid=hand] [data-card='B3']")
    page.wait_for_function("() => document.querySelector('#app').innerText"
                           ".includes('Tietokone pelasi kortin')")  # the computer answered
    _no_english(page, "duel")
    _shot(page, "duel-fi-desktop.png")


def test_the_rules_on_the_start_screen_in_finnish(page: Any, wait_ready: Any) -> None:
    page.goto("index.html?lang=fi")
    wait_ready(page)
    page.click(".toggles summary")
    field = page.locator("[data-field=wild_draw_four]")
    assert "Milloin villin nosta neljän saa pelata" in field.inner_text()
    assert page.locator("[data-testid=rule-wild_draw_four] option[value=anytime]").inner_text() == \
        "milloin vain"
    assert "milloin vain" in page.inner_text("#rule-wild_draw_four-help code >> nth=2")
    rules = page.inner_text("[data-testid=start-screen]")
    words = sorted(set(_ENGLISH.findall(rules)) - {"UNO"})
    assert not words, f"English left in the Finnish rules: {words}"
    page.select_option("[data-testid=rule-wild_draw_four]", "anytime")  # still the same value
    page.wait_for_selector("[data-field=wild_draw_four] .changed")
    assert "muutettu" in page.inner_text("[data-field=wild_draw_four] label")
    field.scroll_into_view_if_needed()
    _shot(page, "rules-fi-desktop.png")


def test_the_course_on_a_phone(page: Any, guard: Any) -> None:
    page.set_viewport_size(PHONE)
    for name, path in (("course-phone.png", "static/course.html"),
                       ("course-fi-phone.png", "static/course-fi.html")):
        page.goto(path)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.locator("iframe[data-lesson='match-colour']").scroll_into_view_if_needed()
        frame = page.frame(name="lesson-match-colour")
        assert frame is not None
        frame.wait_for_selector("body[data-ready='1']", timeout=120_000)
        page.evaluate("document.querySelector(\"iframe[data-lesson='match-colour']\")"
                      ".scrollIntoView({block: 'end'})")
        frame.click("[data-testid=hand] [data-card='B5']")  # the tempting wrong move
        frame.wait_for_selector("[data-testid=rejection][data-code=E_NO_MATCH]")
        _shot(page, name)
        # lessons near the screen load on their own: let them finish before the next page, or
        # leaving would abort them (and the guard counts an aborted request as a fault)
        guard.settle()


def test_the_editor_a_course_lesson_and_a_finnish_table_in_iframes(page: Any) -> None:
    """What docs/embedding.md tells an author to paste: the editor (the full page), a course
    lesson and a Finnish table (embeds), side by side in one page."""
    from uno_web.puzzles.course import LESSONS, lesson_query

    lesson = next(les for les in LESSONS if les.slug == "rule-jump-in")
    frames = {
        "editor": "../index.html?mode=editor&lang=fi&hands=R7+G5%2CB1+B2&top=R9",
        "lesson": "../index.html?" + lesson_query(lesson, "fi"),
        "table": "../index.html?embed=1&lang=fi&bots=still&hands=R1+G5+B7%2CY3+Y4+R8&top=R9",
    }
    # the author's own page, on the site's origin (as when the docs sit beside the site); it
    # has no frames of its own, so nothing is left loading when the three are put in
    author_page(page, frames, lang="fi", title="Opas", width=800, height=700, inline=False)
    for name in frames:  # an embed starts when it is seen
        page.locator(f"iframe[name={name}]").scroll_into_view_if_needed()
        frame = page.frame(name=name)
        assert frame is not None
        frame.wait_for_selector("body[data-ready='1']", timeout=180_000)
    editor = page.frame(name="editor")
    assert editor is not None
    editor.click("[data-testid=ed-target-hand-1]")
    editor.click('[data-testid=ed-deck-card][data-card="Y5"]')
    editor.wait_for_function("() => document.querySelector('[data-testid=ed-link]')?.value"
                             ".includes('B1+B2+Y5')")
    assert editor.inner_text("[data-testid=ed-status]") == "Kelvollinen tilanne."
    table = page.frame(name="table")
    assert table is not None
    table.click("[data-testid=hand] [data-card='G5']")
    table.wait_for_selector("[data-testid=rejection]")
    assert "Vihreä 5 ei sovi" in table.inner_text("[data-testid=rejection]")
    les = page.frame(name="lesson")
    assert les is not None
    good, code = lesson.good
    les.click(f"[data-testid=hand] [data-card='{good.split(':')[1]}']")
    les.wait_for_selector(f"[data-testid=validator-entry][data-code={code}]")
    assert les.evaluate("document.documentElement.lang") == "fi"


@pytest.mark.parametrize("where", ["desktop", "phone"])
def test_axe_on_the_editor_and_the_finnish_pages(page: Any, wait_ready: Any, axe_script: str,
                                                 where: str) -> None:
    """axe-core (as tests/web/test_a11y_browser.py runs it): no critical or serious fault on
    the editor (English; Finnish with a penalty and a challenge), the Finnish puzzle chooser
    and the Finnish course page."""
    if where == "phone":
        page.set_viewport_size(PHONE)
    page.goto("index.html?mode=editor")
    wait_ready(page)
    check_axe(page, axe_script, f"editor ({where})")
    page.goto("index.html?mode=editor&lang=fi&hands=R1+G5%2CY3+Y4&top=W%2B4&color=B"
              "&phase=penalty&pending=4&plus4_by=1&plus4_bluff=1")
    wait_ready(page)
    page.click(".toggles summary")
    check_axe(page, axe_script, f"editor in Finnish ({where})")
    page.goto("index.html?mode=puzzles&lang=fi")
    wait_ready(page)
    check_axe(page, axe_script, f"puzzle chooser in Finnish ({where})")
    page.goto("static/course-fi.html")
    check_axe(page, axe_script, f"course in Finnish ({where})")
