"""Embeds in headless Chromium: lazy start, lessons, the tutorial page, share links.

An embed (``index.html?embed=1&…``) shows a static placeholder and asks for PyScript / Pyodide
only when it becomes visible or is clicked; these tests record every request to check it.
Every test runs under the guard of conftest.py (same-origin only, no console error).
"""

from __future__ import annotations

from typing import Any

import pytest

from uno_web.core.cards import card_str
from uno_web.core.position import build_state, position_from_query
from uno_web.puzzles.lessons import LESSONS, lesson_query

from table_helpers import (
    READY, hand, is_python_request, seat0_entries, try_move, wait_idle,
)

pytestmark = pytest.mark.browser

LESSON = {lesson.slug: lesson for lesson in LESSONS}


def _requests_by_frame(page: Any) -> list[tuple[str, str]]:
    seen: list[tuple[str, str]] = []
    page.on("request", lambda r: seen.append((r.frame.name, r.url)))
    return seen


def _python(seen: list[tuple[str, str]], frame: str | None = None) -> list[str]:
    return [u for f, u in seen if is_python_request(u) and (frame is None or f == frame)]


_WAITS_FOR_VISIBLE = """name => {
    const f = document.querySelector(`iframe[name='${name}']`);
    const body = f && f.contentDocument && f.contentDocument.body;
    return !!body && body.dataset.pyWait === "visible";
}"""


def _check_lesson(where: Any, slug: str) -> None:
    """The position shown is the lesson's, and each of its tries gets the promised verdict."""
    lesson = LESSON[slug]
    state = build_state(lesson.position)
    shown = sorted(where.eval_on_selector_all("[data-testid=hand] [data-card]",
                                              "els => els.map(e => e.dataset.card)"))
    assert shown == sorted(card_str(c) for c in state.hands[0])
    assert where.get_attribute("[data-testid=discard] [data-card]", "data-card") == card_str(
        state.discard[-1])
    colour = "RYGB"[state.color]
    assert where.get_attribute("[data-testid=current-color]", "data-color") == colour
    if lesson.position.goal:
        assert where.inner_text("[data-testid=goal]") == lesson.position.goal
    for notation, code in lesson.tries:
        entry = try_move(where, notation)
        assert entry["code"] == code, (slug, notation, entry)
        if entry["ok"] == "true":  # back to the starting position for the next try
            where.click("[data-testid=embed-reset]")
            where.wait_for_function(
                "() => !document.querySelector(\"[data-testid=validator-entry][data-seat='0']\")")
            where.wait_for_function("() => document.body.dataset.version === '0'")


def test_tutorial_embeds_load_one_by_one_when_scrolled_into_view(page: Any) -> None:
    """The tutorial page: nothing of Python before an embed is visible; each of the first three
    starts when scrolled to (the first loads Python, the others join it), and works (the
    lesson's moves get their verdicts)."""
    seen = _requests_by_frame(page)
    page.set_viewport_size({"width": 1000, "height": 500})
    page.goto("static/tutorial.html")
    page.wait_for_load_state("load")
    # the first embed is loaded (lazy, but near) and its observer has said "not visible": had
    # it been going to start Python, it would have by now
    page.wait_for_function(_WAITS_FOR_VISIBLE, arg=f"lesson-{LESSONS[0].slug}", timeout=60_000)
    assert page.locator("iframe[data-lesson]").count() == 5
    assert _python(seen) == [], "the tutorial page asked for Python before any embed was visible"
    slugs = [lesson.slug for lesson in LESSONS]
    for i, slug in enumerate(slugs[:3]):
        name = f"lesson-{slug}"
        page.locator(f"iframe[name='{name}']").scroll_into_view_if_needed()
        frame = page.frame(name=name)
        assert frame is not None
        frame.wait_for_function(READY, timeout=120_000)
        assert frame.evaluate("document.body.dataset.pyStart") == "visible"
        if i == 0:
            assert _python(seen, name), f"{name} loaded no Python"
        else:  # the later embeds join the first one's Python (docs/embedding.md)
            assert frame.evaluate("document.body.dataset.pyShared") == "1"
            assert frame.evaluate("document.body.dataset.shared") == "1"
            assert _python(seen, name) == [], f"{name} loaded a Python of its own"
        # the embeds further down have not started
        for later in slugs[i + 1:]:
            assert _python(seen, f"lesson-{later}") == [], f"lesson-{later} started too early"
        _check_lesson(frame, slug)
    assert _python(seen, f"lesson-{slugs[4]}") == []


def test_click_to_start_embed_and_the_uno_catch_lesson(page: Any) -> None:
    """``start=click``: visible, yet nothing loads until the button is pressed."""
    seen = _requests_by_frame(page)
    lesson = LESSON["uno-catch"]
    page.goto("index.html?start=click&" + lesson_query(lesson))
    ph = page.locator("[data-testid=embed-placeholder]")
    assert ph.is_visible()
    assert page.inner_text("[data-testid=placeholder-goal]") == lesson.position.goal
    assert page.locator("[data-testid=placeholder-preview] .ph-card").count() == 4  # top + 3
    page.wait_for_function("() => document.body.dataset.pyWait === 'click'")  # set up, waiting
    assert _python(seen) == []
    assert page.evaluate("document.body.dataset.pyStart") is None
    page.click("[data-testid=load-embed]")
    page.wait_for_function(READY, timeout=120_000)
    assert page.evaluate("document.body.dataset.pyStart") == "click"
    assert page.evaluate("document.body.dataset.embed") == "1"
    # minimal chrome: no start screen, no top bar tools, no log; the open link drops embed=1
    assert page.locator("[data-testid=start-screen]").count() == 0
    assert page.locator("[data-testid=new-game]").count() == 0
    assert page.locator("[data-testid=log-panel]").is_hidden()
    href = page.get_attribute("[data-testid=open-link]", "href") or ""
    assert "embed=" not in href and "lesson=uno-catch" in href and "start=" not in href
    _check_lesson(page, "uno-catch")
    # an embed never touches the saved game of the site
    assert page.evaluate("localStorage.length") == 0


def test_stacking_lesson_embed(page: Any) -> None:
    page.goto("index.html?" + lesson_query(LESSON["stacking"]))
    page.wait_for_function(READY, timeout=120_000)
    assert page.get_attribute("[data-testid=pending]", "data-count") == "2"
    _check_lesson(page, "stacking")


def test_share_link_round_trip(page: Any, wait_ready: Any) -> None:
    """Share -> the link and the iframe snippet; opening the link shows the same position."""
    # a game from a position is shared (a dealt game's hands stay hidden: Share is off there)
    page.goto("index.html?speed=instant&hands=R7+G5+B5+Y1+G2%2CB1+B2+Y3+G9+R2&top=R9")
    wait_ready(page)
    page.locator("[data-testid=hand] [data-playable=true]").first.click()
    wait_idle(page)
    before = {
        "hand": sorted(hand(page)),
        "top": page.get_attribute("[data-testid=discard] [data-card]", "data-card"),
        "color": page.get_attribute("[data-testid=current-color]", "data-color"),
        "turn": page.get_attribute("[data-testid=turn]", "data-seat"),
        "direction": page.get_attribute("[data-testid=direction]", "data-direction"),
        "count": page.get_attribute("[data-testid=opponent]", "data-count"),
    }
    page.click("[data-testid=share]")
    page.fill("[data-testid=share-goal]", "Which card keeps your options open?")
    page.locator("[data-testid=share-goal]").press("Tab")  # change event: the link is rebuilt
    page.wait_for_function("() => document.querySelector('[data-testid=share-link]')"
                           ".value.includes('goal=')")
    link = page.input_value("[data-testid=share-link]")
    snippet = page.input_value("[data-testid=embed-snippet]")
    assert link.startswith(page.url.split("?")[0] + "?") and "hands=" in link
    assert snippet.startswith("<iframe src=") and "embed=1&amp;" in snippet
    pos = position_from_query(link.split("?", 1)[1])
    assert pos.goal == "Which card keeps your options open?"
    page.goto(link)
    wait_ready(page)
    assert page.evaluate("document.body.dataset.mode") == "table"
    after = {
        "hand": sorted(hand(page)),
        "top": page.get_attribute("[data-testid=discard] [data-card]", "data-card"),
        "color": page.get_attribute("[data-testid=current-color]", "data-color"),
        "turn": page.get_attribute("[data-testid=turn]", "data-seat"),
        "direction": page.get_attribute("[data-testid=direction]", "data-direction"),
        "count": page.get_attribute("[data-testid=opponent]", "data-count"),
    }
    assert after == before
    assert page.inner_text("[data-testid=goal]") == "Which card keeps your options open?"
    assert seat0_entries(page) == 0
