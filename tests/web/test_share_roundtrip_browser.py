"""Share gives a link the page opens: a position reached in play, shared and opened again, is
the same position (not a link refused with a reason).

Under house-party every play opens the jump-in window, a Wild Draw Four's too; the link of that
moment once carried ``jump_window=1`` on a wild top card, which the page refused.
"""

from __future__ import annotations

from typing import Any

import pytest

from uno_web.core.position import build_state, position_from_query

from table_helpers import hand, try_move

pytestmark = pytest.mark.browser

REPRODUCER = "index.html?preset=house-party&hands=W%2B4+R1+R2%2CG1+G2+G3&top=R9&bots=still"


def _table(page: Any) -> dict[str, Any]:
    return {
        "hand": sorted(hand(page)),
        "top": page.get_attribute("[data-testid=discard] [data-card]", "data-card"),
        "color": page.get_attribute("[data-testid=current-color]", "data-color"),
        "pending": page.get_attribute("[data-testid=pending]", "data-count"),
        "turn": page.get_attribute("[data-testid=turn]", "data-seat"),
        "count": page.get_attribute("[data-testid=opponent][data-seat='1']", "data-count"),
    }


def test_a_wild_draw_four_under_house_party_is_shared_and_opens(page: Any,
                                                                wait_ready: Any) -> None:
    page.goto(REPRODUCER)
    wait_ready(page)
    assert page.evaluate("document.body.dataset.mode") == "table"
    entry = try_move(page, "P0:W+4=G")
    assert entry["code"].startswith("OK_"), entry
    page.wait_for_function("() => document.querySelector('[data-testid=pending]')"
                           " && document.querySelector('[data-testid=pending]').dataset.count === '4'")
    before = _table(page)
    assert before["top"] == "W+4" and before["color"] == "G" and before["turn"] == "1"

    page.click("[data-testid=share]")
    page.wait_for_function("() => document.querySelector('[data-testid=share-link]')"
                           " && document.querySelector('[data-testid=share-link]').value.includes('hands=')")
    link = page.input_value("[data-testid=share-link]")
    query = link.split("?", 1)[1]
    # the link describes the moment: the jump-in window is open on the wild top card
    pos = position_from_query(query)
    assert pos.jump_window and pos.top == "W+4" and pos.phase == "penalty"
    build_state(pos)  # the core accepts it

    # the link as shared, and the page option that keeps the bots still (as in the reproducer),
    # so that the table is compared before the bot answers the Wild Draw Four
    page.goto(link + "&bots=still")
    wait_ready(page)
    assert page.evaluate("document.body.dataset.mode") == "table"
    assert page.locator("[data-testid=notice]").count() == 0, \
        page.inner_text("[data-testid=notice]")
    assert page.locator("[data-testid=position-bar]").is_visible()
    assert _table(page) == before
