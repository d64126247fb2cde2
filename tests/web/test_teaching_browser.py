"""The position editor, the Finnish table (issue 18), in Chromium.

Builds a position by clicks only, shares it, opens the link and sees the same position; opens
an existing embed link in the editor; switches the table to Finnish (no English left in the
visible text) and gets a refused move explained in Finnish.  Screenshots go to
docs/screenshots when UNO_SCREENSHOTS=1."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _shot(page: Any, name: str) -> None:
    if os.environ.get("UNO_SCREENSHOTS") == "1":
        page.screenshot(path=str(SHOTS / name), full_page=False)


def _add(page: Any, card: str) -> None:
    page.locator(f'[data-testid=ed-deck-card][data-card="{card}"]').first.click()


def test_build_a_position_by_clicks_share_and_open_it(page: Any, wait_ready: Any) -> None:
    page.goto("index.html?mode=editor")
    wait_ready(page)
    page.wait_for_selector("[data-testid=editor]")
    # empty the starting position: click every placed card
    while page.locator("[data-testid=ed-placed]").count():
        page.locator("[data-testid=ed-placed]").first.click()
    assert page.get_attribute("[data-testid=ed-status]", "data-valid") == "0"
    page.click("[data-testid=ed-target-hand-0]")
    for card in ("R3", "G4", "W+4"):
        _add(page, card)
    page.click("[data-testid=ed-target-hand-1]")
    for card in ("Y7", "Y8"):
        _add(page, card)
    assert page.get_attribute("[data-testid=ed-status]", "data-valid") == "0"  # no top card
    assert "top card" in page.inner_text("[data-testid=ed-status]")
    page.click("[data-testid=ed-target-top]")
    _add(page, "R9")
    page.wait_for_selector("[data-testid=ed-status][data-valid='1']")
    left = page.text_content('[data-testid=ed-deck-card][data-card="R9"] .sr-only')
    assert left and left.endswith("1 left")
    page.select_option("[data-testid=ed-turn]", "1")
    page.wait_for_function("() => document.querySelector('[data-testid=ed-link]')?.value.includes('turn=1')")
    _shot(page, "editor-desktop.png")
    link = page.input_value("[data-testid=ed-link]")
    assert "hands=R3+G4+W%2B4%2CY7+Y8" in link and "top=R9" in link
    assert "embed=1" in page.input_value("[data-testid=ed-snippet]")
    # the bots hold still: seat 1 is a bot on turn, and on a loaded machine it could move
    # before the turn is read (the link itself is for a table where the bots play)
    page.goto(link + "&bots=still")
    wait_ready(page)
    hand = page.eval_on_selector_all("[data-testid=hand] [data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(hand) == ["G4", "R3", "W+4"]
    assert page.get_attribute("body", "data-turn") == "1"
    assert page.locator("[data-testid=discard] [data-card='R9'], [data-card='R9']").count() >= 1


def test_an_embed_link_opens_in_the_editor(page: Any, wait_ready: Any) -> None:
    embed = "index.html?embed=1&lesson=uno-catch&hands=R3+G4+B5%2CY7&top=Y2&uncalled=1"
    page.goto("index.html?mode=editor")
    wait_ready(page)
    page.fill("[data-testid=ed-open-link]", "https://example.org/uno/" + embed)
    page.press("[data-testid=ed-open-link]", "Enter")
    page.wait_for_selector("[data-testid=ed-uncalled-1]:checked")
    cards = page.eval_on_selector_all("[data-testid=ed-zone-hand-0] [data-card]",
                                      "els => els.map(e => e.dataset.card)")
    assert cards == ["R3", "G4", "B5"]
    assert page.get_attribute("[data-testid=ed-status]", "data-valid") == "1"
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, "editor-phone.png")


_ENGLISH = re.compile(r"\b(the|your|turn|card|cards|draw|play|played|pile|colour|you|and|"
                      r"matches|score|round|game|rules|share|new)\b", re.I)


def test_finnish_table_and_a_refused_move(page: Any, wait_ready: Any) -> None:
    page.goto("index.html?hands=R1+G5+B7%2CY3+Y4+R8&top=R9&bots=still&names=You%2CAda")
    wait_ready(page)
    page.select_option("[data-testid=lang]", "fi")
    page.wait_for_function("() => document.documentElement.lang === 'fi'")
    page.click("[data-testid=hand] [data-card='G5']")
    page.wait_for_selector("[data-testid=validator-entry] >> text=E_NO_MATCH")
    text = page.inner_text("#app")
    assert "Vihreä 5 ei sovi nykyiseen väriin" in text
    words = [w for w in _ENGLISH.findall(text) if w.lower() not in ("ada",)]
    assert not words, f"English left on the Finnish table: {sorted(set(words))}"
    _shot(page, "table-finnish-desktop.png")
    page.reload()  # remembered
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fi"
    page.select_option("[data-testid=lang]", "en")


def test_lang_in_the_address_and_the_course_embeds(page: Any, wait_ready: Any) -> None:
    page.goto("static/course.html")
    assert page.locator("iframe[data-lesson]").count() >= 40
    frame_el = page.locator("iframe[data-lesson='match-colour']")
    frame_el.scroll_into_view_if_needed()
    frame = page.frame(name="lesson-match-colour")
    assert frame is not None
    frame.wait_for_selector("body[data-ready='1']", timeout=120_000)
    frame.click("[data-testid=hand] [data-card='B5']")
    frame.wait_for_selector("text=E_NO_MATCH")
    frame.click("[data-testid=hand] [data-card='R3']")
    frame.wait_for_selector("text=OK_PLAY")
    _shot(page, "course-desktop.png")
