"""The table in a browser under ``penalty_draw = one-by-one``: the draw pile and the status
line count the penalty cards still owed, in English and in Finnish."""

from __future__ import annotations

from typing import Any

import pytest

from uno_web.core.position import Position, position_to_query

pytestmark = pytest.mark.browser


def test_the_draw_pile_counts_the_penalty_cards_left(page: Any, wait_ready: Any) -> None:
    pos = Position(overrides={"penalty_draw": "one-by-one"}, hands=["R3 G7 B5", "Y1 Y2"],
                   top="R+2", draw="Y9 B1 G2 R8", owed=2, names=["You", "Ben"])
    page.goto(f"index.html?{position_to_query(pos)}&delay=5000")
    wait_ready(page)
    pile = page.locator("[data-testid=draw-pile] .pile-label")
    assert pile.inner_text() == "Draw a penalty card (2 left)"
    assert page.inner_text("[data-testid=status]") == "Your turn: draw a penalty card (2 left)."
    page.click("[data-testid=draw-pile]")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=draw-pile] .pile-label').textContent"
        " === 'Draw a penalty card (1 left)'")
    page.goto(f"index.html?{position_to_query(pos)}&delay=5000&lang=fi")
    wait_ready(page)
    assert pile.inner_text() == "Nosta rangaistuskortti (2 jäljellä)"
    assert page.inner_text("[data-testid=status]") == "Sinun vuorosi: nosta rangaistuskortti (2 jäljellä)."
