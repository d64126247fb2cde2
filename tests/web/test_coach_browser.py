"""A player's first minutes and the coach, in headless Chromium: Quick game from the first
paint, settings kept over a reload, the colour picker by keyboard (arrows move between the
colours, Enter picks one, no refusal note while it is open, the hand in view at 1280×900), the
hint (button and key) and the round review, the statistics page, no internal level on a
course screen; axe stays clean in the new states."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

from table_helpers import open_table, play_round_out, start_game, wait_idle
from test_a11y_browser import axe_script, check_axe  # noqa: F401  (a fixture)

pytestmark = pytest.mark.browser

SKIP_ON_ADA = {"hands": "RS G3 B4 Y6,R1,B5 B6 G7", "top": "R2", "bots": "still",
               "names": "You,Ada,Ben", "speed": "instant"}


def _position(page: Any, wait_ready: Any, **params: str) -> None:
    page.goto("index.html?" + urlencode(params))
    wait_ready(page)
    page.wait_for_selector("[data-testid=hand] [data-card]")


def test_quick_game_from_the_first_paint(page: Any) -> None:
    """One click on the prerendered start screen, before Python is ready, deals you against
    three bots with the official rules."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("index.html?speed=instant")
    quick = page.locator("[data-testid=quick-game]")
    quick.wait_for(state="visible")
    box = quick.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 900  # above the fold
    quick.click()
    page.wait_for_selector("[data-testid=hand] [data-card]", timeout=120_000)
    assert page.evaluate("document.body.dataset.mode") == "table"
    assert page.locator("[data-testid=opponent]").count() == 3
    assert "official" in page.inner_text("[data-testid=scores]")


def test_quick_game_above_the_fold_on_a_phone(page: Any, wait_ready: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, wait_ready, speed="instant")
    box = page.locator("[data-testid=quick-game]").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844


def test_a_setting_changed_is_kept_over_a_reload(page: Any, wait_ready: Any) -> None:
    open_table(page, wait_ready, speed="instant")
    page.select_option("[data-testid=players]", "5")
    page.select_option("[data-testid=level-2]", "hard")
    page.wait_for_function("() => (localStorage.getItem('uno_web.settings.v1:/') || '')"
                           ".includes('\"players\":5')")
    page.reload()
    wait_ready(page)
    assert page.locator("[data-testid=players]").input_value() == "5"
    assert page.locator("[data-testid=level-2]").input_value() == "hard"


def test_colour_picker_by_keyboard(page: Any, wait_ready: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    _position(page, wait_ready, hands="W G5 R1 B2 Y7,Y3 Y4,R2 G6,B7 B8", top="B9",
              bots="still", speed="instant")
    page.locator("[data-testid=hand] [data-card=G5]").click()  # refused: a note
    page.wait_for_selector("[data-testid=rejection]")
    page.locator("[data-testid=hand] [data-card=W]").click()
    page.wait_for_selector("[data-testid=color-picker] [data-color]")
    assert page.locator("[data-testid=rejection]").count() == 0
    # the hand stays in view with the picker open
    box = page.locator("[data-testid=hand] [data-card]").first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 900, box
    first = page.evaluate("document.activeElement.dataset.color")
    assert first == "R"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.color") == "G"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.color") == "Y"
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.version === '1'")
    assert page.locator("[data-testid=color-picker]").count() == 0
    assert page.locator("[data-testid=hand] [data-card=W]").count() == 0  # the Wild was played
    assert page.locator("[data-testid=hand] [data-card]").count() == 4
    assert "yellow" in page.inner_text("[data-testid=current-color]").lower()


def test_hint_by_button_and_key(page: Any, wait_ready: Any, axe_script: str) -> None:  # noqa: F811
    _position(page, wait_ready, **SKIP_ON_ADA, coach="1")
    page.keyboard.press("h")
    page.wait_for_selector("[data-testid=hint-text][data-state=done]")
    text = page.inner_text("[data-testid=hint-text]")
    assert "Play red Skip: Ada has one card left" in text
    card = page.get_attribute("[data-testid=hint-text]", "data-card")
    assert card == "RS"
    assert page.get_attribute(f"[data-testid=hand] [data-card={card}]", "data-playable") == "true"
    assert float(page.evaluate("document.body.dataset.hintMs")) > 0
    check_axe(page, axe_script, "a hint")


def test_hint_off_in_a_position_without_the_flag(page: Any, wait_ready: Any) -> None:
    _position(page, wait_ready, **SKIP_ON_ADA)
    assert page.locator("[data-testid=hint]").count() == 0
    page.keyboard.press("h")
    page.wait_for_timeout(300)  # a hint would show within a bot move's budget
    assert page.locator("[data-testid=hint-text]").count() == 0


def test_hint_in_finnish(page: Any, wait_ready: Any) -> None:
    _position(page, wait_ready, **SKIP_ON_ADA, coach="1", lang="fi")
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-text][data-state=done]")
    text = page.inner_text("[data-testid=hint-text]")
    assert "Pelaa punainen ohitus: Adalla on enää yksi kortti" in text
    assert "Play" not in text and "Hint" not in text


def test_round_review_and_statistics(page: Any, wait_ready: Any, axe_script: str) -> None:  # noqa: F811
    open_table(page, wait_ready, seed=8, speed="instant")
    start_game(page, players=2, levels=("normal",), scoring="single-round")
    play_round_out(page)
    wait_idle(page)
    page.click("[data-testid=review]")
    page.wait_for_selector("[data-testid=review-panel][data-state=done]", timeout=120_000)
    panel = page.inner_text("[data-testid=review-panel]")
    assert "Review of this round" in panel
    marks = page.locator("[data-testid=review-mark]").count()
    clean = page.locator("[data-testid=review-clean]").count()
    assert (marks > 0) != (clean > 0)
    check_axe(page, axe_script, "round review")
    # the game (one round) is counted once in the statistics, under this site's path
    page.click("[data-testid=stats-link]")
    page.wait_for_selector("[data-testid=stats-page]")
    assert page.inner_text("[data-testid=stats-games]") == "1"
    won = page.evaluate("document.querySelector('[data-testid=stats-wins]').textContent")
    assert won in ("0", "1")
    stored = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('uno_web.stats'))")
    assert stored == ["uno_web.stats.v1:/"]
    check_axe(page, axe_script, "statistics")
    page.reload()
    wait_ready(page)
    page.click("[data-testid=stats-link]")
    assert page.inner_text("[data-testid=stats-games]") == "1"  # a reload counts nothing again
    page.click("[data-testid=stats-clear]")
    page.wait_for_function("document.querySelector('[data-testid=stats-games]').textContent === '0'")
    stored = page.evaluate("JSON.parse(localStorage.getItem('uno_web.stats.v1:/'))")
    assert stored["games"] == 0 and stored["by_level"] == {}
    page.reload()  # the finished game on screen is not counted again after the clear
    wait_ready(page)
    page.click("[data-testid=stats-link]")
    assert page.inner_text("[data-testid=stats-games]") == "0"


def test_no_internal_level_on_a_course_screen(page: Any, wait_ready: Any) -> None:
    from uno_web.puzzles.course import LESSONS, lesson_query

    for lesson in LESSONS[:3]:
        page.goto("index.html?" + lesson_query(lesson, "en"))
        wait_ready(page)
        page.wait_for_selector("[data-testid=hand] [data-card]")
        assert "still" not in page.inner_text("[data-testid=opponent]").lower()


@pytest.mark.parametrize("width", [420, 800])
def test_editor_iframe_code_shows_the_whole_hand(page: Any, wait_ready: Any, width: int) -> None:
    """The editor's <iframe> code, pasted into a page of this width: the hand inside the frame."""
    import html as html_mod

    from uno_web.web.editor import EDITOR_EMBED_HEIGHT

    page.goto("index.html?mode=editor&hands=R1+G5+B7+Y2+W+R8+GS%2CY3+Y4+R8+B2+B3+G1+G2&top=R9")
    wait_ready(page)
    snippet = html_mod.unescape(page.input_value("[data-testid=ed-snippet]"))
    assert f'height="{EDITOR_EMBED_HEIGHT}"' in snippet
    page.set_viewport_size({"width": width, "height": 1000})
    page.set_content(f"<!doctype html><body style='margin:0'>{snippet}</body>")
    frame = page.frame_locator("iframe")
    frame.locator("[data-testid=hand] [data-card]").first.wait_for(timeout=120_000)
    inner = page.frames[1]
    box = inner.evaluate("(() => { const r = document.querySelector('[data-testid=hand]')"
                         ".getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; })()")
    assert box[0] >= 0 and box[1] <= box[2], box
    assert page.locator("iframe").bounding_box()["width"] <= 800


def test_editor_iframe_code_in_finnish(page: Any, wait_ready: Any) -> None:
    page.goto("index.html?mode=editor&lang=fi&hands=R1+G5%2CY3+Y4&top=R9")
    wait_ready(page)
    snippet = page.input_value("[data-testid=ed-snippet]")
    assert 'title="UNO-tilanne"' in snippet and "lang=fi" in snippet
